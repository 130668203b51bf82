"""The GM console for MetaScape: rules engine, save files and a Textual app."""

__version__ = "0.1.0"
