"""STAND-IN: the ccec tools and the base ccec command of an AI Core compile (README.md)."""

import os
import shutil

from tbe.common.platform.platform_info import get_soc_spec


class CCECInfo:
    @classmethod
    def get_exe(cls, name):
        """The tool of the ccec toolchain: beside bisheng on PATH."""
        bisheng = shutil.which("bisheng")
        return os.path.join(os.path.dirname(bisheng), name) if bisheng else name


def switching_compilation_mode():
    pass


def _build_aicore_compile_cmd(src_file, dst_file, name=""):
    # asc-devkit tools/build/asc_op_compile_base/common/ccec.py (_build_aicore_compile_cmd, get_init_cmd): the
    # compiler, -c, the optimisation level (-O2 without debug), the source, the arch of the current core type, AI Core
    # only, the output. Its -mllvm code-generation flags are left out: they change no preprocessing or parsing.
    return [
        CCECInfo.get_exe("ccec"),
        "-c",
        "-O2",
        src_file,
        "--cce-aicore-arch=%s" % get_soc_spec("Compiler_arch"),
        "--cce-aicore-only",
        "-o",
        dst_file,
    ]
