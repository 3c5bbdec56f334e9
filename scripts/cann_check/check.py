"""Compiles every kernel instance and NPU-only host unit of the opp package against CANN's own headers.

Modes per header set: `device` (clang -fsyntax-only on the headers' non-CPU branches, per core type, after the op
compiler's pre-ccec steps), `cpu` (CANN's CPU-debug mode: g++ -DASCENDC_CPU_DEBUG=1 with tikicpulib's stubs and
include list, per SoC family), `host` (g++ -fsyntax-only with the toolkit's host headers), `flow` (the package build
of the set's flow, flow_template.py / flow_open.py). Prints, per set and mode, the compiled / failed counts and each
failure's first error, and each flow step; exits 1 on a failure, 2 on bad input. See docs/cann.md.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import header_sets  # noqa: E402
import opc  # noqa: E402
import units  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent  # the tree checked (--repo)


class Result:
    def __init__(self, mode, name, ok, error="", blocked=False):
        self.mode, self.name, self.ok, self.error = mode, name, ok, error
        self.blocked = blocked  # failed inside the header set's own headers, nothing of ours in the diagnostics


def blocked_in_headers(out):
    """True when a compile failed without any diagnostic naming a file of the checked tree (no error, note or
    'required from' line): the header set's own headers do not get through the stand-in for ccec."""
    repo = str(REPO) + "/"
    located = [line for line in out.splitlines() if re.match(r"^\S+:\d+:\d+: ", line)]
    return bool(located) and not any(line.startswith(repo) and "/scripts/cann_check/" not in line for line in located)


def first_error(text):
    for line in text.splitlines():
        if re.search(r"\berror\b", line):
            return line.replace(str(REPO) + "/", "").strip()
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[0].strip() if lines else "failed without a message"


def run(cmd, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


# Parameter types ccec accepts where stub_fun.h (whose address spaces are empty on the CPU, and which drops const)
# names another: (declaration, its parameter, another), each declaration repeated with the other parameter.
MORE_FORMS = [
    # CANN's kernel_reg.h DcciUBImpl: dcci(static_cast<__ubuf__ void*>(dst), ..)
    (r"void dcci\(", "(__gm__ ", "(__ubuf__ "),
    # stub_fun.h types the destination of the L1 -> L0B load as L0A; CANN's dav_c220 kernel_operator_mm_impl.h
    # (LoadData2DL12L0BCal) passes its __cb__ destination.
    (r"void load_cbuf_to_cb\(", "(__ca__ ", "(__cb__ "),
    # The op compiler's generated tiling header (tbe/tikcpp get_op_tiling.py, InitTilingData) copies the tiling from
    # its const __gm__ argument.
    (r"void copy_gm_to_ubuf\(", "__gm__ void* src", "const __gm__ void* src"),
]


# Functions ccec defines itself (__clang_cce_aicore_functions.h, included by the compiler, not by any source) that
# the op compiler's generated code calls: the generated tiling header copies the tiling with copy_data_align64
# (tbe/tikcpp get_op_tiling.py); the wrapper of a MIX kernel preloads the instruction cache (compile_op.py).
CCEC_FUNCTIONS = ["copy_data_align64", "icache_preload"]


class Scratch:
    """Everything generated from the toolkit's files lives here (never in the repository)."""

    def __init__(self, hs, path):
        self.dir = Path(path)
        self.hs = hs
        for bf16 in (True, False):
            d = self.dir / ("dev_bf16" if bf16 else "dev_nobf16")
            d.mkdir(parents=True, exist_ok=True)
            (d / "intrinsics.h").write_text(self._intrinsics(bf16))
        for cmd, header in hs.generated:
            out = self.dir / "links" / header
            out.parent.mkdir(parents=True, exist_ok=True)
            rc, log = run([c.replace("{out}", str(out)) for c in cmd])
            if rc != 0:
                print(f"check_cann: generating {header} failed: {first_error(log)}")
        links = self.dir / "links"
        for rel, target in hs.layout_links.items():
            if target and Path(target).is_dir():
                (links / rel).parent.mkdir(parents=True, exist_ok=True)
                if not (links / rel).exists():
                    os.symlink(target, links / rel)
            elif target and Path(target).exists():  # a forwarding header: the target's own includes stay relative
                (links / rel).parent.mkdir(parents=True, exist_ok=True)
                (links / rel).write_text(f'#include "{target}"\n')

    def _intrinsics(self, bf16):
        """stub_fun.h's declarations without its CPU includes; bf16 ones only where ccec has bfloat16_t."""
        if not self.hs.stub_fun:
            return "#error no stub_fun.h: pass --toolkit for the intrinsic declarations\n"
        out = [
            "// Generated at check time from the toolkit's stub_def.h / stub_fun.h (intrinsic declarations).",
            "#pragma once",
        ]
        stub_def = self.hs.stub_fun.parent / "stub_def.h"
        vector_types = (
            re.findall(r"^using vector_\w+ = [^;]*;", stub_def.read_text(), re.M) if stub_def.exists() else []
        )
        for line in vector_types + self.hs.stub_fun.read_text().splitlines():
            if line.startswith("#include"):
                continue
            if not bf16 and re.search(r"\b(vector_)?bf16\b|bfloat16_t", line):
                continue
            # By-value half scalars: stub_fun.h's CPU half is a class, so CANN's calls with an int literal pick
            # the integer overload there; with a builtin half that is ambiguous. Keep the CPU stubs' resolution.
            line = re.sub(r"\bhalf (\w+)(?=[,)])", r"ascendops_check_half_arg \1", line)
            out.append(line)
            out += [line.replace(old, new) for fn, old, new in MORE_FORMS if re.match(fn, line) and old in line]
        return "\n".join(out + self._ccec_functions()) + "\n"

    def _ccec_functions(self):
        """Declarations of CCEC_FUNCTIONS, from the compiler's own __clang_cce_aicore_functions.h definitions."""
        header = self.hs.ccec_include / "__clang_cce_aicore_functions.h" if self.hs.ccec_include else None
        if not header or not header.exists():
            return []
        text = header.read_text()
        out = []
        for name in CCEC_FUNCTIONS:
            pattern = r"CCE_INTRINSIC\[aicore\]\s+(?:inline\s+)?(\w+)\s+" + name + r"\(([^)]*)\)\s*\{"
            for ret, params in re.findall(pattern, text):
                out.append(f"{ret} {name}({' '.join(params.split())});")
        return out

    def unit_dir(self, name):
        d = self.dir / "units" / name
        d.mkdir(parents=True, exist_ok=True)
        return d


def device_flags(hs, scratch, core, tiling_dir=None):
    bf16 = core.startswith(("c220", "3510"))
    # Warnings off, except a call of what CANN marks deprecated: on the device path that is how 8.1.RC1 marks an API
    # unsupported on the arch (e.g. DataCopyPad on dav-m200).
    flags = [
        "-std=c++17",
        "-fsyntax-only",
        "-Wno-everything",
        "-Werror=deprecated-declarations",
        "-ferror-limit=3",
        "-Wno-missing-template-arg-list-after-template-kw",  # ccec 15 accepts what clang 19 rejects here
        "-DASCENDOPS_WITH_CANN",
    ] + [f"-D{d}" for d in opc.CORE_DEFINES[core]]
    if hs.npu_arch:
        flags += [f"-D{d}" for d in opc.NPU_ARCH_DEFINES[core]]
    flags += ["-include", str(HERE / "prelude.h")]
    if tiling_dir:
        flags += ["-I", str(tiling_dir)]
    flags += [
        "-I",
        str(scratch.dir / ("dev_bf16" if bf16 else "dev_nobf16")),
        "-I",
        str(scratch.dir / "links"),
        "-I",
        str(REPO),
    ]
    flags += sum((["-I", str(p)] for p in hs.device_includes), [])
    if hs.ccec_include:
        flags += ["-idirafter", str(hs.ccec_include)]
    return flags


def cpu_flags(hs, scratch, family, tiling_dir):
    flags = ["-std=c++17", "-fsyntax-only", "-w", "-fmax-errors=3", "-DASCENDOPS_WITH_CANN"]
    flags += [f"-D{d}" for d in opc.CPU_DEFINES[family] + opc.CPU_COMMON]
    flags += ["-I", str(tiling_dir), "-I", str(scratch.dir / "links"), "-I", str(REPO)]
    flags += sum((["-I", str(p)] for p in hs.cpu_includes), [])
    return flags


def dtype_defines(inst, cmap):
    return [f"-DDTYPE_{k}={cmap[v]}" for k, v in inst.dtypes.items()] + [
        f"-DORIG_DTYPE_{k}={v}" for k, v in inst.dtypes.items()
    ]


def precompile(hs, scratch, inst, cmap, valid_types, key_res, clang):
    """The op compiler's pre-ccec steps for a kernel source on a SoC family: (Result, cores, tiling struct)."""
    d = scratch.unit_dir(f"opc_{Path(inst.source).stem}_{inst.family}")
    (d / "tiling_data.h").write_text("")  # the precompile runs before the tiling header exists
    flags = [f for f in device_flags(hs, scratch, opc.PRIMARY_CORE[inst.family], d) if f != "-fsyntax-only"]
    rc, out = run(
        [clang]
        + flags
        + ["-E", "-D__CHECK_FEATURE_AT_PRECOMPILE"]
        + dtype_defines(inst, cmap)
        + [str(REPO / inst.source)]
    )
    keys, default, per_key, struct, problems = opc.read_precompiled(out, *key_res)
    if rc != 0:
        problems.append("preprocessing failed: " + first_error(out))
    cores, type_problems = opc.cores_of(inst.family, default, per_key, valid_types)
    problems += type_problems
    label = f"{Path(inst.source).stem}@{inst.family} (keys {','.join(keys) or '-'}; {default}; {struct})"
    return Result("opc", label, not problems, "; ".join(problems)), cores, struct, keys


def check_instance(hs, scratch, inst, cmap, pre, with_cpu, clang):
    """The device compile per core type, then the CPU-debug compile, through the op compiler's generated files."""
    results = []
    _, cores, struct, _ = pre
    d = scratch.unit_dir(inst.name)
    (d / "tiling_data.h").write_text(opc.tiling_header(struct or "ascendops_check_no_tiling_struct"))
    (d / "wrapper.cpp").write_text(opc.wrapper(str(REPO / inst.source), struct or "int"))
    tiling_inc = ["-include", str(d / "tiling_data.h")]
    for c in cores:
        cmd = (
            [clang]
            + device_flags(hs, scratch, c, d)
            + dtype_defines(inst, cmap)
            + tiling_inc
            + [str(d / "wrapper.cpp")]
        )
        rc, out = run(cmd)
        results.append(
            Result(
                "device",
                f"{inst.name}@{c}",
                rc == 0,
                "" if rc == 0 else first_error(out),
                blocked=rc != 0 and blocked_in_headers(out),
            )
        )
    if with_cpu and hs.cpu_includes:
        cmd = (
            ["g++"]
            + cpu_flags(hs, scratch, inst.family, d)
            + dtype_defines(inst, cmap)
            + tiling_inc
            + [str(d / "wrapper.cpp")]
        )
        rc, out = run(cmd)
        results.append(Result("cpu", inst.name, rc == 0, "" if rc == 0 else first_error(out)))
    return results


def python_includes():
    try:
        import pybind11  # noqa: F401

        out = subprocess.run([sys.executable, "-m", "pybind11", "--includes"], stdout=subprocess.PIPE, text=True)
        return out.stdout.split()
    except ImportError:
        return None


def bindings_inc(scratch):
    """A folder with the bindings.inc CMakeLists.txt generates for module.cpp (ASCENDOPS_BINDING(<x>) per
    bind_<x>.cpp)."""
    folder = scratch.dir / "bindings_inc"
    folder.mkdir(exist_ok=True)
    names = sorted(p.stem[len("bind_") :] for p in (REPO / "python/bindings").glob("bind_*.cpp"))
    tmp = folder / f"bindings.inc.{threading.get_ident()}"  # host units are checked in parallel: replace whole
    tmp.write_text("".join(f"ASCENDOPS_BINDING({n})\n" for n in names))
    os.replace(tmp, folder / "bindings.inc")
    return folder


def check_host(hs, scratch, unit, py_inc):
    flags = [
        "-std=c++17",
        "-fsyntax-only",
        "-w",
        "-fmax-errors=3",
        "-I",
        str(REPO),
        "-I",
        str(REPO / "op_api"),
    ]
    flags += sum((["-I", str(p)] for p in hs.host_includes + [scratch.dir / "links/host", scratch.dir / "links"]), [])
    if unit.startswith("python/bindings/"):  # as cmake/npu_module.cmake builds ascendops._C_npu
        flags += ["-DASCENDOPS_NPU", "-DASCENDOPS_MODULE=_C_npu", "-I", str(REPO / "python/bindings")]
        flags += ["-I", str(bindings_inc(scratch))]
    else:
        flags.append("-DASCENDOPS_WITH_CANN")
    if unit.startswith("op_api/"):
        flags.append("-DASCENDOPS_NPU")  # as npu.cmake builds libascendops_opapi.so
    text = (REPO / unit).read_text()
    header = REPO / unit.replace(".cpp", ".h")
    if "pybind11" in text or (header.exists() and "pybind11" in header.read_text()):
        if py_inc is None:  # a missing tool, not a failure of the unit
            why = f"needs pybind11, which is not installed for {sys.executable} (pip install pybind11)"
            return Result("host", unit, False, why, blocked=True)
        flags += py_inc
    rc, out = run(["g++"] + flags + [str(REPO / unit)])
    # A header the set itself includes but does not ship: nothing of ours can be checked past it.
    missing = re.search(r"^(\S+):\d+:\d+: fatal error: (\S+): No such file", out, re.M)
    blocked = rc != 0 and missing is not None and not missing.group(1).startswith(str(REPO) + "/")
    return Result("host", unit, rc == 0, "" if rc == 0 else first_error(out), blocked=blocked)


def cpu_subset(instances):
    """One instance per kernel source and SoC family (the CI budget)."""
    seen, out = set(), []
    for i in instances:
        if (i.source, i.family) not in seen:
            seen.add((i.source, i.family))
            out.append(i.name)
    return set(out)


def check_set(hs, args, clang):
    scratch_root = tempfile.mkdtemp(prefix=f"cann_check_{hs.label}_")
    try:
        scratch = Scratch(hs, scratch_root)
        if not hs.types_h:
            raise SystemExit(f"check_cann: {hs.root} has no graph/types.h")
        all_instances = units.kernel_instances(REPO, hs.types_h)
        if not hs.npu_arch:  # a header set before dav-3510 (8.x) has no 950 build
            all_instances = [i for i in all_instances if i.family not in opc.NPU_ARCH_ONLY_FAMILIES]
        instances = all_instances
        if args.only:
            instances = [i for i in instances if re.search(args.only, i.name)]
        if args.host_only or args.flow_only:
            instances = []
        run_flow = hs.flow is not None and not args.no_flow and not args.host_only and not args.only
        cmap = header_sets.dtype_map(hs)
        valid = header_sets.kernel_types(hs)
        key_res = opc.key_regexes(hs)
        cpu_names = cpu_subset(instances) if args.quick else {i.name for i in instances}
        results = []
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            firsts = {}
            for i in instances + (all_instances if run_flow else []):
                firsts.setdefault((i.source, i.family), i)
            pre = {k: pool.submit(precompile, hs, scratch, i, cmap, valid, key_res, clang) for k, i in firsts.items()}
            pre = {k: f.result() for k, f in pre.items()}
            results += [p[0] for p in pre.values() if not args.flow_only]
            futs = [
                pool.submit(check_instance, hs, scratch, i, cmap, pre[(i.source, i.family)], i.name in cpu_names, clang)
                for i in instances
            ]
            if not args.only and not args.flow_only:
                py_inc = python_includes()
                futs += [
                    pool.submit(lambda u: [check_host(hs, scratch, u, py_inc)], u)
                    for u in units.host_units(REPO)
                    if not args.only_host_unit or re.search(args.only_host_unit, u)
                ]
            for f in futs:
                results += f.result()
        if run_flow:
            results += hs.flow.run(
                hs, REPO, scratch_root, pre, ccec_standin_config(hs, scratch, clang), args.jobs, args.quick
            )
        return results
    finally:
        if args.keep:
            print(f"check_cann: scratch kept at {scratch_root}")
        else:
            shutil.rmtree(scratch_root, ignore_errors=True)


def ccec_standin_config(hs, scratch, clang):
    """The ccec stand-in's configuration (ccec_standin.py): clang and, per core type, what ccec provides itself (its
    predefined macros, keywords, builtin types and intrinsics, the header set's kernel include folders). Without
    the repository root and ASCENDOPS_WITH_CANN, which the flow's own command lines must carry."""
    flags = {}
    for core in opc.CORE_DEFINES:
        f = device_flags(hs, scratch, core)
        at = f.index(str(REPO))
        flags[core] = [x for x in f[: at - 1] + f[at + 1 :] if x not in ("-fsyntax-only", "-DASCENDOPS_WITH_CANN")]
    path = scratch.dir / "ccec_standin.json"
    path.write_text(json.dumps({"clang": clang, "flags": flags}))
    return path


def report(label, results, verbose):
    failed_any = False
    for r in (r for r in results if r.mode == "flow"):  # the flow's steps, in order, each with what it ran
        failed_any |= not r.ok
        print(f"[{label}] flow  : {r.name:9s} {'ok' if r.ok else 'FAILED'}: {r.note}")
        if not r.ok:
            print(f"    FAILED {r.name}: {r.error}")
    for mode in ("opc", "device", "cpu", "host"):
        rs = [r for r in results if r.mode == mode]
        if not rs:
            continue
        bad = [r for r in rs if not r.ok and not r.blocked]
        blocked = [r for r in rs if not r.ok and r.blocked]
        failed_any |= bool(bad)
        extra = f", {len(blocked)} not checked (the set's own headers stop first)" if blocked else ""
        if blocked and mode == "host":
            extra = f", {len(blocked)} not checked (a header or tool they need is not here)"
        compiled = len(rs) - len(bad) - len(blocked)
        print(f"[{label}] {mode:6s}: {compiled} of {len(rs)} compiled, {len(bad)} failed{extra}")
        for r in bad:
            print(f"    FAILED {r.name}: {r.error}")
        for r in blocked:
            print(f"    NOT CHECKED {r.name}: {r.error}")
        if verbose:
            for r in rs:
                if r.ok:
                    print(f"    ok     {r.name}")
    return failed_any


def main():
    ap = argparse.ArgumentParser(prog="check_cann.sh", description=__doc__.splitlines()[0])
    ap.add_argument(
        "toolkit",
        nargs="?",
        default=os.environ.get("ASCEND_HOME_PATH"),
        help="an installed CANN toolkit root (default $ASCEND_HOME_PATH)",
    )
    ap.add_argument("--open", dest="open_root", help="the open-source header set (asc-devkit, metadef, opbase)")
    ap.add_argument(
        "--open-only",
        action="store_true",
        help="check the open set only (the toolkit still supplies ccec's intrinsics and acl/)",
    )
    ap.add_argument("--quick", action="store_true", help="CPU-debug mode for one instance per kernel source and SoC")
    ap.add_argument("--only", help="only kernel instances whose name matches this regex (no host units)")
    ap.add_argument("--host-only", action="store_true", help="only the host units")
    ap.add_argument("--only-host-unit", help="with --host-only: only host units matching this regex")
    ap.add_argument("--no-flow", action="store_true", help="skip the package build flow (flow_template.py)")
    ap.add_argument("--flow-only", action="store_true", help="only the package build flow")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--repo", help="check this source tree instead of the one the script is in")
    args = ap.parse_args()
    if args.repo:
        global REPO
        REPO = Path(args.repo).resolve()
    if not args.toolkit and not args.open_root:
        ap.exit(2, "check_cann: give a toolkit root (or set ASCEND_HOME_PATH) and/or --open <dir>\n")
    sets = []
    try:
        tk = header_sets.toolkit(args.toolkit) if args.toolkit else None
        if tk and not (args.open_only and args.open_root):
            sets.append(tk)
        if args.open_root:
            sets.append(header_sets.open_sources(args.open_root, tk))
    except header_sets.BadInput as e:  # one line, nothing checked; the CPU path does not need either set
        print(
            f"check_cann: {e}; nothing was checked (the CPU path needs neither: bash scripts/test.sh)", file=sys.stderr
        )
        sys.exit(2)
    clang = shutil.which(os.environ.get("CLANG", "clang++-19")) or shutil.which("clang++")
    if not clang:
        ap.exit(2, "check_cann: clang++ (>= 17) is needed for the device path (Debian: apt-get install clang-19)\n")
    failed = False
    for hs in sets:
        results = check_set(hs, args, clang)
        failed |= report(hs.label, results, args.verbose)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
