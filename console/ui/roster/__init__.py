"""The roster pane: player characters and NPC templates."""
