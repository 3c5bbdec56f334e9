"""STAND-IN: names only (README.md)."""

LOG_INSTANCE = None
