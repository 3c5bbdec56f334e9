#!/usr/bin/env bash
# Builds and runs asc-devkit's Ascend C samples (examples/01_simd_cpp_api) against the CPU twin and prints a table.
#
#   scripts/run_samples.sh <asc-devkit checkout> [name-filter] [--soc SOC] [--keep DIR] [-j N] [--list FILE]
#
# Each sample is its own .asc source (kernel and host main) plus scripts/gen_data.py and verify_result.py. It is
# compiled unchanged as C++ against ascendc_sim: the only rewrite is the `kernel<<<blocks, l2ctrl, stream>>>(args)`
# launch (ccec syntax) into the twin's launch call (sim/kernel_call.h); the sample's own directory is on the include
# path, as its CMake build has it (its data_utils.h). Then gen_data.py, the binary and verify_result.py run in a
# scratch directory, as the sample's README runs them from its build directory (scripts/run_samples.py). The SoC is
# ascend910b (the samples target dav-2201) unless --soc says otherwise; -j runs N samples at once (default 2);
# --list runs only the listed runs and fails unless each matches (tests/samples/ci_ascend910b.txt: the CI subset).
set -euo pipefail

usage() { echo "usage: $0 <asc-devkit checkout> [name-filter] [--soc SOC] [--keep DIR] [-j N] [--list FILE]" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
checkout="$1"
shift
args=()
keep=""
jobs=2
while [[ $# -gt 0 ]]; do
    case "$1" in
        --soc) args+=(--soc "${2:?--soc needs a value}"); shift 2 ;;
        --keep) keep="${2:?--keep needs a directory}"; shift 2 ;;
        -j) jobs="${2:?-j needs a count}"; shift 2 ;;
        --list) args+=(--list "$(realpath "${2:?--list needs a file}")"); shift 2 ;;
        -*) usage ;;
        *) args+=(--filter "$1"); shift ;;
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
exec "$python_bin" "$repo/scripts/run_samples.py" "$samples_root" "$work" "$repo" "$build" --jobs "$jobs" "${args[@]}"
