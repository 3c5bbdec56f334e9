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
[[ -x "$repo/.venv/bin/python" ]] && python_bin="$repo/.venv/bin/python"  # numpy for gen_data / verify_result

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


libs = [str(build / "libascendc_sim.a"), str(build / "libascendops_host.a")]
# The architecture ccec would target for the SoC (dav-2201 for A2/A3, dav-2002 for 310P), and the defines CANN's
# CPU-debug build sets for it (tools/tikicpulib/lib/cmake: __CCE_KT_TEST__, ASCENDC_CPU_DEBUG, the arch).
NPU_ARCH = {"ascend910b": 2201, "ascend910_93": 2201, "ascend310p": 2002}.get(soc, 2201)
ARCH_DEFINES = (["-D__CCE_AICORE__=200", "-D__DAV_M200__"] if NPU_ARCH == 2002
                else ["-D__CCE_AICORE__=220", "-D__DAV_C220__"])


def scenarios(sample):
    """The SCENARIO_NUM values a sample's CMakeLists.txt accepts for dav-2201 ([None]: it has none)."""
    cmake = sample / "CMakeLists.txt"
    text = cmake.read_text(errors="replace") if cmake.exists() else ""
    if "SCENARIO_NUM" not in text:
        return [None]
    m = re.search(r"set\(VALID_SCENARIOS\s+([^)]*)\)", text)
    if m:
        found = m.group(1).split()
    else:
        r = re.search(r'SCENARIO_NUM MATCHES "\^\[(\d)-(\d)\]\$"', text)
        d = re.search(r'set\(SCENARIO_NUM "?(\d+)', text)
        found = [str(v) for v in range(int(r.group(1)), int(r.group(2)) + 1)] if r else [d.group(1) if d else "0"]
    only3510 = set(re.findall(r'SCENARIO_NUM STREQUAL "(\d+)" AND NOT CMAKE_ASC_ARCHITECTURES STREQUAL "dav-3510"',
                              text))
    return [v for v in found if v not in only3510]


def scenario_args(script, scenario):
    """`-scenarioNum=N` when the sample's script takes it."""
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
        args = scenario_args(out / "scripts" / "gen_data.py", scenario)
        code, text = run([sys.executable, "../scripts/gen_data.py", *args], out / "build", 300, env)
        if code != 0:
            return ("yes", "no", "-", "gen_data.py: " + first_error(text))
    code, text = run([str(exe)], out / "build", 300, env)
    if code != 0 or "[ERROR]" in text:
        return ("yes", "no", "-", first_error(text))
    verify = out / "scripts" / "verify_result.py"
    if verify.exists() and (out / "build" / "output" / "golden.bin").exists():
        vcode, vtext = run([sys.executable, "../scripts/verify_result.py", *scenario_args(verify, scenario),
                            "output/output.bin", "output/golden.bin"], out / "build", 300)
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
    for scenario in scenarios(sample):
        label = rel if scenario is None else f"{rel} [{scenario}]"
        rows.append((label, *run_one(src, sample, label, scenario)))

width = max([len(r[0]) for r in rows] + [6])
print(f"{'sample':<{width}}  build  run  match  reason")
for r in rows:
    print(f"{r[0]:<{width}}  {r[1]:<5}  {r[2]:<3}  {r[3]:<5}  {r[4]}")
passed = sum(1 for r in rows if r[3] == "yes")
print(f"\n{passed} of {len(rows)} samples build, run and match their golden on {soc}")
PY
