"""STAND-IN for ccec / bisheng, as the op compiler driver (tbe/tikcpp, run by opc_standin.py) calls it. Each call is
recorded (its command line, what it compiles), then done by clang in place of ccec, on the device path:
  -E   preprocess (the op compiler's precompile: kernel types, tiling keys, tiling struct), output to -o; without
       --cce-aicore-arch (the tiling-key / struct table the driver evaluates) the preprocessor alone;
  -c   parse and check only (-fsyntax-only): ccec would generate the kernel object here, which nothing stands in for,
       so no object is written and the flow stops at the next tool that would read one (ld.lld).
The arch comes from --cce-aicore-arch, as ccec's predefined macros (check.py device_flags, opc.py CORE_DEFINES); the
rest of the command's -D / -I / -include / -std options are kept; ccec-only options (--cce-*, -mllvm <opt>, -x cce)
are dropped; the generated wrapper and tiling header spell the kernel attribute as ccec's `[aicore]`, which clang
has no spelling for: the stand-in compiles copies with it removed (the prelude's __aicore__ is empty too). What ccec
itself provides (its keywords, builtin types, the intrinsic declarations, its include folders)
comes from the check's prelude and scratch folder, per arch: the JSON file $ASCENDOPS_CCEC_STANDIN (written by
flow_template.py: {"clang": path, "flags": {core: [...]}}). Each call is recorded as one JSON file (the command line,
the arch, the tiling key, clang's result) in $ASCENDOPS_CCEC_RECORD, with copies of the compiled wrapper and tiling
header (the driver deletes its own).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# --cce-aicore-arch -> the core type names of opc.py.
ARCH_CORE = {
    "dav-c220-vec": "c220-vec",
    "dav-c220-cube": "c220-cube",
    "dav-m200": "m200",
    "dav-m200-vec": "m200-vec",
    "dav-c310-vec": "3510-vec",
    "dav-c310-cube": "3510-cube",
}
DROPPED_WITH_VALUE = {"-mllvm", "-x", "-o"}


def translate(argv):
    """(mode, arch, output, sources, kept options) of a ccec command line."""
    mode, arch, output, sources, kept = "link", None, None, [], []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-c", "-E"):
            mode = {"-c": "compile", "-E": "preprocess"}[a] if mode != "preprocess" else mode
        elif a.startswith("--cce-aicore-arch="):
            arch = a.split("=", 1)[1]
        elif a in DROPPED_WITH_VALUE:
            if a == "-o":
                output = argv[i + 1]
            i += 1
        elif a.startswith("--cce-") or a.startswith("-O") or a == "-g":
            pass
        elif a in ("-include", "-I", "-D", "-isystem"):
            kept += [a, argv[i + 1]]
            i += 1
        elif a.startswith(("-I", "-D", "-U", "-include", "-std=")):
            kept.append(a)
        elif not a.startswith("-"):
            sources.append(a)
        i += 1
    return mode, arch, output, sources, kept


def without_aicore_attribute(path, scratch):
    """<path>, or a copy of it without ccec's `[aicore]` attribute token when it has one."""
    text = Path(path).read_text()
    if "[aicore]" not in text:
        return path
    copy = scratch / Path(path).name
    copy.write_text(text.replace("[aicore]", ""))
    return str(copy)


def main():
    config = json.loads(Path(os.environ["ASCENDOPS_CCEC_STANDIN"]).read_text())
    argv = sys.argv[1:]
    mode, arch, output, sources, kept = translate(argv)
    record = Path(os.environ["ASCENDOPS_CCEC_RECORD"])
    stem = f"{time.monotonic_ns()}_{os.getpid()}"
    key = next((a.split("=")[1][:-2] for a in argv if a.startswith("-DTILING_KEY_VAR=")), None)
    entry = {"argv": argv, "mode": mode, "arch": arch, "key": key, "cwd": os.getcwd(), "sources": sources}
    rc, out = 0, ""
    if mode == "preprocess" and arch is None and len(sources) == 1:  # no kernel code: the preprocessor alone
        cmd = [config["clang"], "-x", "c++"] + kept + ["-E", sources[0], "-o", output]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        rc, out = p.returncode, p.stdout
        entry["clang"] = cmd
    elif mode in ("compile", "preprocess") and arch in ARCH_CORE and len(sources) == 1:
        core = ARCH_CORE[arch]
        scratch = Path(tempfile.mkdtemp(prefix="ccec_standin_", dir=record))
        translated = [
            without_aicore_attribute(o, scratch) if k and kept[k - 1] == "-include" else o for k, o in enumerate(kept)
        ]
        cmd = [config["clang"], "-x", "c++"] + config["flags"][core] + translated
        if mode == "preprocess":
            cmd += ["-E", without_aicore_attribute(sources[0], scratch), "-o", output]
        else:
            cmd += ["-fsyntax-only", without_aicore_attribute(sources[0], scratch)]
            keep = record / f"{stem}_{Path(sources[0]).name}"
            shutil.copy(sources[0], keep)
            entry["kept_source"] = str(keep)
            entry["tiling_header"] = next(
                (kept[k + 1] for k, o in enumerate(kept) if o == "-include" and kept[k + 1].endswith("_tiling_data.h")),
                None,
            )
            if entry["tiling_header"] and Path(entry["tiling_header"]).exists():
                shutil.copy(entry["tiling_header"], keep.with_suffix(".tiling_data.h"))
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        rc, out = p.returncode, p.stdout
        entry["clang"] = cmd
    else:
        rc, out = 1, f"ccec stand-in: not a single-source compile or preprocess for a known arch: {argv}"
    entry["rc"], entry["output"] = rc, out[-4000:]
    (record / f"{stem}.json").write_text(json.dumps(entry, indent=1))
    sys.stdout.write(out)
    return rc


if __name__ == "__main__":
    sys.exit(main())
