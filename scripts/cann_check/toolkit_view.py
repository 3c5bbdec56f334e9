"""An install-shaped toolkit root over a header set, in the check's scratch folder, for running a flow's own build
scripts (flow_template.py). An installed toolkit has include/ and lib64/ at its root (links into <arch>-linux/), the
tiling headers under include/ and its binaries in lib64/, toolkit/tools/opbuild/, compiler/ccec_compiler/bin/ and
on PATH (opc). The view links the set's real files and puts STAND-INS, each named as one, where a binary would be:
  lib64/libregister.so                 opbuild_standin/op_def_standin.cpp, built against the set's op_def.h
  lib64/libexe_graph.so, libtiling_api.so   empty: opbuild's link names them, the op info needs nothing of them
  toolkit/tools/opbuild/op_build       opbuild_standin/op_build.py (the op info only)
  compiler/ccec_compiler/bin/bisheng, ccec   ccec_standin.py (clang on the device path; no code generated)
  bin/opc                              opc_standin.py (the set's op compiler driver, tbe/tikcpp, run in Python)
Everything else a build links (libnnopbase, librt2_registry, libascendcl, ...) is absent, so a build stops there."""

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _link(target, link):
    link.parent.mkdir(parents=True, exist_ok=True)
    if not link.exists() and not link.is_symlink():
        os.symlink(target, link)


def _forward(target, header):
    """A header that includes <target> by its real path (its own relative includes keep working)."""
    header.parent.mkdir(parents=True, exist_ok=True)
    header.write_text(f'#include "{target}"\n')


def _script(path, lines):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + "\n".join(lines) + "\n")
    path.chmod(0o755)


def _run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"toolkit view: {' '.join(map(str, cmd))} failed:\n{p.stdout[-2000:]}")


def make_view(snapshot, view, open_set=False):
    """The install-shaped root <view> over the toolkit snapshot <snapshot> (an <arch>-linux layout). Returns <view>."""
    snapshot, view = Path(snapshot), Path(view)
    arch = next(d for d in sorted(snapshot.glob("*-linux")) if (d / "include").is_dir())
    high = arch / "ascendc/include/highlevel_api"
    for name in ("tools", "python"):
        if (snapshot / name).exists():
            _link(snapshot / name, view / name)
    _link(arch, view / arch.name)
    # include/: the install's links (<arch>-linux/include, and the high-level API's tiling headers under tiling/ and
    # kernel_tiling/; tiling/tiling_api.h is the documented host include of their tilings, lib/tiling_api.h).
    for entry in (arch / "include").iterdir():
        _link(entry, view / "include" / entry.name)
    for entry in (high / "tiling").iterdir():
        _link(entry, view / "include/tiling" / entry.name)
    _forward(high / "lib/tiling_api.h", view / "include/tiling/tiling_api.h")
    _link(high / "kernel_tiling", view / "include/kernel_tiling")

    lib64 = view / "lib64"
    lib64.mkdir(parents=True, exist_ok=True)
    _run(
        [
            "g++",
            "-std=c++17",
            "-fPIC",
            "-shared",
            "-D_GLIBCXX_USE_CXX11_ABI=0",
            "-I",
            str(view / "include"),
            str(HERE / "opbuild_standin/op_def_standin.cpp"),
            "-o",
            str(lib64 / "libregister.so"),
        ]
    )
    empty = lib64 / "empty.c"
    empty.write_text("// stand-in: an empty library (toolkit_view.py)\n")
    for name in ("libexe_graph.so", "libtiling_api.so"):
        _run(["cc", "-shared", "-fPIC", str(empty), "-o", str(lib64 / name)])
    open_flag = " --open-set" if open_set else ""
    _script(
        view / "toolkit/tools/opbuild/op_build",
        [f'LD_LIBRARY_PATH="{lib64}" exec "{sys.executable}" "{HERE}/opbuild_standin/op_build.py"{open_flag} "$@"'],
    )
    for tool in ("bisheng", "ccec"):
        _script(view / "compiler/ccec_compiler/bin" / tool, [f'exec "{sys.executable}" "{HERE}/ccec_standin.py" "$@"'])
    (view / "compiler/tikcpp").mkdir(parents=True, exist_ok=True)
    _script(view / "bin/opc", [f'exec "{sys.executable}" "{HERE}/opc_standin.py" "$@"'])
    return view
