"""ascendops: Ascend C operators (host tiling, aclnn API, Python bindings) with a strict CPU twin.

The compiled module ``ascendops._C`` is private; this front is the public API. Every operator function takes
``soc=`` (the SoC the CPU twin plays; None: ``DEFAULT_SOC``, ascend910b, for every operator), ``core_num=`` and
``backend="sim"``; failures raise ``AclnnError`` with the aclnn code and message.
"""

from ._version import __version__
from ._errors import AclnnError, BackendUnavailableError
from ._backend import BACKENDS, DEFAULT_SOC
from .socs import socs
from . import tiling
from .ops import OPERATORS
from .registry import functions as _functions

# The operator functions, as the registry names them (``ascendops/registry.json``, "functions").
globals().update({name: getattr(OPERATORS[op], name) for op, name in _functions()})

__all__ = [
    "__version__",
    "AclnnError",
    "BackendUnavailableError",
    "BACKENDS",
    "DEFAULT_SOC",
    "OPERATORS",
    "socs",
    "tiling",
] + [name for _, name in _functions()]
