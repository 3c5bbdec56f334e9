"""STAND-IN: the build configuration of an opc binary compile with its defaults (README.md)."""

from .buildcfg_mapping import enable_vector_core, op_debug_config, status_check

DEFAULTS = {
    "enable_op_prebuild": False,  # a compile, not a prebuild pass
    "enable_deterministic_mode": 0,
    "enable_super_kernel": False,
    "kernel_meta_parent_dir": ".",  # opc_standin.py runs in the kernel's working folder
    "tir.op_debug_config": "",
    op_debug_config: "",
    enable_vector_core: False,
    status_check: False,
}


def get_current_build_config(key):
    if key not in DEFAULTS:
        raise KeyError(f"tbe stand-in: no default for build config {key!r} (scripts/cann_check/tbe_standin)")
    return DEFAULTS[key]


def get_default_build_config():
    return dict(DEFAULTS)
