"""Exceptions of ascendops.

``AclnnError`` is what a rejected or failed aclnn call raises: the compiled module turns every non-zero
aclnnStatus into it (python/bindings/tensor_bridge.cpp, ``CheckAclnn``), with the message from
``aclGetRecentErrMsg()``. ``BackendUnavailableError`` is raised before any call reaches aclnn;
``MissingDependencyError`` when an optional package a feature needs is missing.
"""

__all__ = ["AclnnError", "BackendUnavailableError", "MissingDependencyError", "ACLNN_CODES"]

# aclnn status codes (ascendc_sim/platform/status.h) and their CANN names.
ACLNN_CODES = {
    161001: "ACLNN_ERR_PARAM_NULLPTR",
    161002: "ACLNN_ERR_PARAM_INVALID",
    361001: "ACLNN_ERR_RUNTIME_ERROR",
    561002: "ACLNN_ERR_INNER_TILING_ERROR",
}


class AclnnError(RuntimeError):
    """A non-zero aclnnStatus: ``.code`` (int) and ``.message`` (the one-line reason)."""

    NULL_POINTER = 161001
    INVALID_PARAM = 161002
    RUNTIME_ERROR = 361001
    TILING_ERROR = 561002

    def __init__(self, code, message):
        self.code = int(code)
        self.message = str(message)
        super().__init__(self.code, self.message)

    @property
    def code_name(self):
        return ACLNN_CODES.get(self.code, "unknown aclnn status")

    def __str__(self):
        return f"aclnn error {self.code} ({self.code_name}): {self.message}"

    def __reduce__(self):
        return type(self), (self.code, self.message)


class BackendUnavailableError(RuntimeError):
    """The requested backend exists but cannot run on this machine or build."""


class MissingDependencyError(RuntimeError):
    """An optional Python package a feature needs is not installed (matplotlib for ``bench small --chart``)."""
