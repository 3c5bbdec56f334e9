"""STAND-IN: build configuration keys (README.md)."""

op_debug_config = "op_debug_config"
enable_vector_core = "enable_vector_core"
status_check = "status_check"
