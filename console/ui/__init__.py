"""The Textual app: screens, dialogs and pane widgets. The only package that imports Textual.

Widgets read and change the campaign through ``console.store`` and compute with
``console.rules``; no rule is implemented here.
"""
