"""STAND-IN (scripts/cann_check) for CANN's opbuild binary (<toolkit>/toolkit/tools/opbuild/op_build), run as
msopgen's cmake/func.cmake runs it: `op_build <libascend_all_ops.so> <out dir>`, after func.cmake linked that library
from the OpDef sources against the registration library (in the check's toolkit view: the stand-in libregister.so,
op_def_standin.cpp). It loads the library, whose OP_ADD registrations run at load, and writes the op info
(aic-<soc>-ops-info.ini). The real opbuild also generates op_proto.cc/.h and the aclnn sources (aclnn_*.cpp/.h):
nothing stands in for them; the project's CMake only needs them to exist, so each is written as an empty
placeholder that says so.

What the library needs from the toolkit's other libraries (libexe_graph, libtiling_api, libplatform: the tiling and
shape functions' calls, vtables of the matmul tiling classes) is never run while registering; each such symbol is
defined as a trap (a function that names itself and aborts, an empty object) in a library built here, so that the
load succeeds and any use of one stops at once.

Usage: op_build.py [--open-set] <libascend_all_ops.so> <out dir>   (--open-set: the op info as the open-source
opbuild of CANN 8.3+ writes it)"""

import ctypes
import re
import subprocess
import sys
import tempfile
from pathlib import Path


# What the real opbuild generates beside the op info and the template's op_host build names (op_proto.cc/.h, the
# aclnn sources it globs).
PLACEHOLDERS = ("op_proto.cc", "op_proto.h", "aclnn_opbuild_standin_placeholder.cpp")


def undefined_symbols(lib):
    """Unversioned, strong undefined dynamic symbols of <lib>: what the toolkit's libraries would define."""
    out = subprocess.run(["nm", "-D", "--undefined-only", lib], stdout=subprocess.PIPE, text=True, check=True).stdout
    return sorted({m.group(1) for m in re.finditer(r"^\s+U (\S+)$", out, re.M) if "@" not in m.group(1)})


def defined_symbols(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], stdout=subprocess.PIPE, text=True, check=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def trap_library(symbols, path):
    """A shared library defining each symbol: vtables and type info (_ZTV, _ZTI, _ZTS) as empty objects, everything
    else as a function that names itself on stderr and aborts."""
    lines = [
        "#include <stdio.h>",
        "#include <stdlib.h>",
        "static void hit(const char* s) {",
        '    fprintf(stderr, "opbuild stand-in: the operator library called %s, which no stand-in provides\\n", s);',
        "    abort();",
        "}",
    ]
    for i, s in enumerate(symbols):
        if s.startswith(("_ZTV", "_ZTI", "_ZTS")):
            lines.append(f"char ascendops_trap_{i}[64];")
        else:
            lines.append(f'void ascendops_trap_{i}(void) {{ hit("{s}"); }}')
        lines.append(f'__asm__(".globl {s}\\n.set {s}, ascendops_trap_{i}");')
    subprocess.run(
        ["cc", "-shared", "-fPIC", "-x", "c", "-", "-o", str(path)],
        input="\n".join(lines) + "\n",
        text=True,
        check=True,
    )


def main():
    args = [a for a in sys.argv[1:] if a != "--open-set"]
    if len(args) != 2:
        print(__doc__.splitlines()[-2], file=sys.stderr)
        return 2
    lib, out_dir = args
    # The libraries the operator library was linked against, as the loader resolves them (LD_LIBRARY_PATH: the
    # view's lib64, as set_env.sh puts an install's lib64 there).
    deps = dict(
        re.findall(r"^\s*(\S+) => (/\S+)", subprocess.run(["ldd", lib], stdout=subprocess.PIPE, text=True).stdout, re.M)
    )
    register = deps.get("libregister.so")
    if register is None:
        print(f"opbuild stand-in: {lib} does not resolve libregister.so", file=sys.stderr)
        return 1
    provided = set().union(
        *(defined_symbols(deps[n]) for n in ("libregister.so", "libexe_graph.so", "libtiling_api.so") if n in deps)
    )
    with tempfile.TemporaryDirectory() as tmp:
        traps = Path(tmp) / "libascendops_standin_traps.so"
        missing = [s for s in undefined_symbols(lib) if s not in provided and not hasattr(ctypes.CDLL(None), s)]
        if missing:
            trap_library(missing, traps)
            ctypes.CDLL(str(traps), mode=ctypes.RTLD_GLOBAL)
        ctypes.CDLL(register, mode=ctypes.RTLD_GLOBAL)
        ops = ctypes.CDLL(lib, mode=ctypes.RTLD_GLOBAL)
        write = ops.ascendops_standin_write_op_info
        write.argtypes = [ctypes.c_char_p, ctypes.c_int]
        status = write(out_dir.encode(), 1 if "--open-set" in sys.argv else 0)
    for name in PLACEHOLDERS:
        (Path(out_dir) / name).write_text(
            f"// opbuild stand-in: empty placeholder; the real opbuild generates {name}\n"
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
