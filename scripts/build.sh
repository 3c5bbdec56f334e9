#!/usr/bin/env bash
# NPU opp package build (needs the CANN toolkit; never run on the CPU-only machines of this project).
#
# Steps, on a machine with CANN 8.x installed:
#   1. source "$ASCEND_HOME_PATH/../set_env.sh" (or the toolkit's set_env.sh) so ASCEND_HOME_PATH is set;
#   2. configure: CMake detects CANN (cmake/cann.cmake) and adds the NPU targets: op_kernel/<op>/<op>.cpp compiled
#      by the Ascend C compiler for each SoC in ASCENDOPS_NPU_SOCS, op_host/<op> def/infershape/tiling adapters;
#   3. build the target ascendops_opp: a custom opp .run package under build/npu/;
#   4. install it: build/npu/custom_opp_*.run --install-path=<dir>, then
#      export ASCEND_CUSTOM_OPP_PATH=<dir>/vendors/ascendops:$ASCEND_CUSTOM_OPP_PATH
#   5. run the tests with the NPU: bash scripts/test.sh (tests marked npu then run instead of being skipped).
#
# Usage: bash scripts/build.sh [soc ...]   (default: ascend310p ascend910b ascend910_93)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ -z "${ASCEND_HOME_PATH:-}" || ! -d "${ASCEND_HOME_PATH}" ]]; then
    echo "build.sh: the CANN toolkit is not installed (ASCEND_HOME_PATH unset or missing)." >&2
    echo "build.sh: the NPU opp package needs it; without it use the CPU path: bash scripts/test.sh, bash scripts/demo.sh" >&2
    exit 2
fi

socs="${*:-ascend310p ascend910b ascend910_93}"
cmake -S . -B build/npu -DCMAKE_BUILD_TYPE=Release -DASCENDOPS_NPU_SOCS="${socs// /;}"
if ! cmake --build build/npu --target help | grep -q ascendops_opp; then
    echo "build.sh: this checkout has no ascendops_opp target yet (the NPU path is a later issue)" >&2
    exit 2
fi
cmake --build build/npu --target ascendops_opp -j"$(nproc)"
echo "build.sh: opp package: $(ls build/npu/custom_opp_*.run)"
