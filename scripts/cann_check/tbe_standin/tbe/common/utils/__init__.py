"""STAND-IN: the package re-exports para_check (README.md)."""

from . import para_check  # noqa: F401
