"""STAND-IN: names only (README.md)."""


def get_error_message(args):
    return str(args)
