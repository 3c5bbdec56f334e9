"""STAND-IN: the package re-exports get_soc_spec (README.md)."""

from .platform_info import get_soc_spec  # noqa: F401
