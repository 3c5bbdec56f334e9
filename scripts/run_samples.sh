#!/usr/bin/env bash
# Builds and runs asc-devkit's Ascend C samples (examples/01_simd_cpp_api) against the CPU twin and prints a table.
#
#   scripts/run_samples.sh <asc-devkit checkout> [name-filter] [--soc SOC] [--keep DIR]
#
# Each sample is its own .asc source (kernel and host main) plus scripts/gen_data.py and verify_result.py. It is
# compiled unchanged as C++ against ascendc_sim: the only rewrite is the `kernel<<<blocks, l2ctrl, stream>>>(args)`
# launch (ccec syntax) into the twin's launch call (sim/kernel_call.h); stand-ins are allowed only for generated
# tiling headers (none are needed by the vector samples). Then gen_data.py, the binary and verify_result.py run in
# a scratch directory, as the sample's README runs them from its build directory. The SoC is ascend910b (the
# samples target dav-2201) unless --soc says otherwise.
set -euo pipefail

usage() { echo "usage: $0 <asc-devkit checkout> [name-filter] [--soc SOC] [--keep DIR]" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
checkout="$1"
shift
filter=""
soc="ascend910b"
keep=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --soc) soc="${2:?--soc needs a value}"; shift 2 ;;
        --keep) keep="${2:?--keep needs a directory}"; shift 2 ;;
        -*) usage ;;
        *) filter="$1"; shift ;;
    esac
done
if [[ -d "$checkout/.git" || -f "$checkout/HEAD" ]] && [[ ! -d "$checkout/examples" ]]; then
    # A bare mirror (git directory without a work tree): export the examples once.
    export_dir="$(mktemp -d)"
    git --git-dir="$checkout" archive HEAD examples | tar -x -C "$export_dir"
    checkout="$export_dir"
fi
samples_root="$checkout/examples/01_simd_cpp_api"
[[ -d "$samples_root" ]] || { echo "run_samples: no examples/01_simd_cpp_api under $checkout" >&2; exit 2; }

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$repo/build/twin-samples"
echo "run_samples: building the twin library in $build" >&2
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DASCENDOPS_PYTHON=OFF >/dev/null
cmake --build "$build" --target ascendc_sim ascendops_host -j "${CMAKE_BUILD_PARALLEL_LEVEL:-2}" >/dev/null

work="${keep:-$(mktemp -d)}"
mkdir -p "$work"
python_bin="$(command -v python3)"
# numpy for gen_data / verify_result: the worktree's .venv when it has it
if [[ -x "$repo/.venv/bin/python" ]] && "$repo/.venv/bin/python" -c "import numpy" 2>/dev/null; then
    python_bin="$repo/.venv/bin/python"
fi

"$python_bin" - "$samples_root" "$filter" "$soc" "$work" "$repo" "$build" <<'PY'
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

samples_root, name_filter, soc, work, repo, build = sys.argv[1:]
samples_root, work, repo, build = Path(samples_root), Path(work), Path(repo), Path(build)

# `kernel<...><<<blocks, l2ctrl, stream>>>(` -> `::ascendc_sim::KernelCall(kernel<...>, "kernel<...>", blocks,
# l2ctrl, stream)(`: the launch ccec lowers to a runtime call.
LAUNCH = re.compile(r"([A-Za-z_][\w:]*(?:\s*<[^;(){}]*?>)?)\s*<<<(.*?)>>>\s*\(", re.S)


def rewrite(text):
    return LAUNCH.sub(lambda m: f'::ascendc_sim::KernelCall({m.group(1)}, "{m.group(1)}", {m.group(2)})(', text)


def first_error(text):
    for line in text.splitlines():
        if "error" in line.lower() or "[ERROR]" in line:
            return line.strip()[:160]
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip()[:160] if lines else ""


def run(cmd, cwd, timeout, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, f"timeout after {timeout} s"


libs = [str(build / "ascendc_sim" / "libascendc_sim.a"), str(build / "libascendops_host.a")]  # the twin is a subdirectory
# The architecture ccec would target for the SoC (dav-2201 for A2/A3, dav-2002 for 310P), and the defines CANN's
# CPU-debug build sets for it (tools/tikicpulib/lib/cmake: __CCE_KT_TEST__, ASCENDC_CPU_DEBUG, the arch).
NPU_ARCH = {"ascend910b": 2201, "ascend910_93": 2201, "ascend310p": 2002}.get(soc, 2201)
ARCH_DEFINES = (["-D__CCE_AICORE__=200", "-D__DAV_M200__"] if NPU_ARCH == 2002
                else ["-D__CCE_AICORE__=220", "-D__DAV_C220__"])


def scenarios(sample):
    """The SCENARIO_NUM values a sample's CMakeLists.txt accepts for the SoC's architecture ([None]: it has none;
    []: the sample names only other architectures)."""
    cmake = sample / "CMakeLists.txt"
    text = cmake.read_text(errors="replace") if cmake.exists() else ""
    arch = re.search(r'set\(CMAKE_ASC_ARCHITECTURES\s+"([^"]*)"\s+CACHE\s+STRING\s+"([^"]*)"', text)
    if arch and f"dav-{NPU_ARCH}" not in arch.group(1) + arch.group(2):
        return []
    if "SCENARIO_NUM" not in text:
        return [None]
    found = None
    m = re.search(r"set\(VALID_SCENARIOS\s+([^)]*)\)", text)
    r = re.search(r'SCENARIO_NUM MATCHES "\^\[(\d)-(\d)\]\$"', text)
    # the validity check `if(NOT SCENARIO_NUM EQUAL 1 AND NOT SCENARIO_NUM EQUAL 2 ...)`
    check = re.search(r"if\((NOT SCENARIO_NUM EQUAL \d+(?:\s+AND\s+NOT SCENARIO_NUM EQUAL \d+)*)\)", text)
    # the cache variable's description: "Scene number (1-3)", "(1,2,3)", "场景id: 1, 2"
    desc = re.search(r'set\(SCENARIO_NUM\s+"?\d+"?\s+CACHE\s+STRING\s+"[^"]*?(\d+(?:\s*[-,~]\s*\d+)+)\)?"', text)
    if m:
        found = m.group(1).split()
    elif r:
        found = [str(v) for v in range(int(r.group(1)), int(r.group(2)) + 1)]
    elif check:
        found = re.findall(r"EQUAL (\d+)", check.group(1))
    elif desc:
        parts = [p.strip() for p in desc.group(1).replace("~", "-").split(",")]
        found = []
        for part in parts:
            lo, _, hi = part.partition("-")
            found += [str(v) for v in range(int(lo), int(hi or lo) + 1)]
    else:
        d = re.search(r'set\(SCENARIO_NUM "?(\d+)', text)
        found = [d.group(1) if d else "0"]
    # scenarios the CMakeLists keeps to dav-3510: refused for another arch, or switching the arch to it
    only3510 = set(re.findall(r'SCENARIO_NUM (?:STREQUAL|EQUAL) "?(\d+)"? AND NOT CMAKE_ASC_ARCHITECTURES STREQUAL '
                              r'"dav-3510"', text))
    for cond in re.findall(r'if\(([^)]*SCENARIO_NUM[^)]*)\)\s*set\(CMAKE_ASC_ARCHITECTURES\s+"dav-3510"', text):
        only3510 |= set(re.findall(r'SCENARIO_NUM (?:STREQUAL|EQUAL) "?(\d+)"?', cond))
    return [v for v in found if v not in only3510]


# `python3 ../scripts/<script>.py <args>` as the sample's README runs it (the first such line).
README_RUN = re.compile(r"python3\s+\.\./scripts/(gen_data|verify_result)\.py([^\n;#&|]*)")


def readme_args(sample, script, scenario):
    """The arguments the README passes to scripts/<script>.py, with $SCENARIO_NUM filled in (None: no such line)."""
    readme = sample / "README.md"
    text = readme.read_text(errors="replace") if readme.exists() else ""
    for m in README_RUN.finditer(text):
        if m.group(1) == script:
            value = "" if scenario is None else scenario
            return [re.sub(r"\$\{?SCENARIO(?:_NUM)?\}?", value, a) for a in m.group(2).split()
                    if not a.startswith("-DCMAKE")]  # a cmake option pasted after gen_data.py is not its argument
    return None


def scenario_args(sample, script, scenario):
    """The README's arguments, else `-scenarioNum=N` when the sample's script takes it."""
    args = readme_args(sample, script.stem, scenario)
    if args is not None:
        return args
    if scenario is None or not script.exists() or "scenarioNum" not in script.read_text(errors="replace"):
        return []
    return [f"-scenarioNum={scenario}"]


def run_one(src, sample, label, scenario):
    out = work / label.replace("/", "__")
    shutil.rmtree(out, ignore_errors=True)
    (out / "build").mkdir(parents=True)
    if (sample / "scripts").is_dir():
        shutil.copytree(sample / "scripts", out / "scripts")
    cpp = out / (src.stem + ".cpp")
    cpp.write_text(rewrite(src.read_text(encoding="utf-8", errors="replace")))
    exe = out / "build" / "demo"
    defines = ["-D__CCE_KT_TEST__=1", "-DASCENDC_CPU_DEBUG=1", *ARCH_DEFINES, f"-D__NPU_ARCH__={NPU_ARCH}",
               f"-DNPU_ARCH={NPU_ARCH}"]
    if scenario is not None:
        defines += [f"-DSCENARIO_NUM={scenario}", f"-DSCENARIO={scenario}"]
    cmd = ["g++", "-std=c++17", "-O1", "-w", *defines, f"-I{sample}",
           f"-I{repo / 'ascendc_sim/include'}", f"-I{repo}", "-include", "sim/kernel_call.h", str(cpp), "-o", str(exe),
           *libs, "-lpthread"]
    code, text = run(cmd, out, 600)
    if code != 0:
        return ("no", "-", "-", first_error(text))
    env = {**os.environ, "ASCENDC_SIM_SOC": soc}
    if (out / "scripts" / "gen_data.py").exists():
        args = scenario_args(sample, out / "scripts" / "gen_data.py", scenario)
        code, text = run([sys.executable, "../scripts/gen_data.py", *args], out / "build", 300, env)
        if code != 0:
            return ("yes", "no", "-", "gen_data.py: " + first_error(text))
    code, text = run([str(exe)], out / "build", 300, env)
    if code != 0 or "[ERROR]" in text:
        return ("yes", "no", "-", first_error(text))
    verify = out / "scripts" / "verify_result.py"
    vargs = readme_args(sample, "verify_result", scenario)
    if vargs is None:
        vargs = [*scenario_args(sample, verify, scenario), "output/output.bin", "output/golden.bin"]
    if verify.exists() and any((out / "build" / a).is_file() and "golden" in a for a in vargs):
        vcode, vtext = run([sys.executable, "../scripts/verify_result.py", *vargs], out / "build", 300)
        ok = vcode == 0 and "fail" not in vtext.lower()
        return ("yes", "yes", "yes" if ok else "no", "" if ok else first_error(vtext))
    ok = "fail" not in text.lower()
    return ("yes", "yes", "yes" if ok else "no", "" if ok else first_error(text))


rows = []
for src in sorted(samples_root.rglob("*.asc")):
    sample = src.parent
    rel = str(sample.relative_to(samples_root))
    if name_filter and name_filter not in rel:
        continue
    for scenario in scenarios(sample):  # none: a sample of another architecture
        label = rel if scenario is None else f"{rel} [{scenario}]"
        rows.append((label, *run_one(src, sample, label, scenario)))

width = max([len(r[0]) for r in rows] + [6])
print(f"{'sample':<{width}}  build  run  match  reason")
for r in rows:
    print(f"{r[0]:<{width}}  {r[1]:<5}  {r[2]:<3}  {r[3]:<5}  {r[4]}")
passed = sum(1 for r in rows if r[3] == "yes")
print(f"\n{passed} of {len(rows)} samples build, run and match their golden on {soc}")
PY
