"""STAND-IN: names only (README.md)."""


def cann_kb_search(*args, **kwargs):
    return None
