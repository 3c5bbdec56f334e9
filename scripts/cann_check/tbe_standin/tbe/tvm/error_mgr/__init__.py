"""STAND-IN: the error manager raises what it is given."""

TBE_DEFAULT_PYTHON_ERROR_CODE = "EB0500"


def raise_tbe_python_err(code, msg):
    raise RuntimeError(f"{code}: {msg}")
