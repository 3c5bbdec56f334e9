"""STAND-IN: the tiling runtime's names. Static-shape tiling runs the operator's tiling library, which a binary
(dynamic-shape) compile never calls."""

_ASCEND_OPP_PATH_ENV = "ASCEND_OPP_PATH"
_ASCEND_OPP_PATH_DEFAULT = "/usr/local/Ascend/opp"
_BUILTIN_TILING_PATH = "op_impl/built-in/ai_core/tiling/op_tiling/liboptiling.so"
_CUSTOM_TILING_PATH_DEFAULT = "op_impl/ai_core/tbe/op_tiling/liboptiling.so"
so_arch_path2 = "op_impl/ai_core/tbe/op_tiling/lib/linux/liboptiling.so"


def do_op_tiling(*args, **kwargs):
    raise NotImplementedError("tbe stand-in: do_op_tiling needs the toolkit's tiling runtime (static shapes only)")
