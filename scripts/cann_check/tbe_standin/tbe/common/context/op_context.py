"""STAND-IN: names only (README.md)."""
