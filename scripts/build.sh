#!/usr/bin/env bash
# The NPU opp package with the CANN 8.x toolkit, by CANN's documented custom-operator flow (asc-devkit
# docs/zh/guide/编程指南/高级编程/Aclnn算子工程化开发/编译与部署/基本流程.md). Never run on the CPU-only machines of
# this project (no toolkit, no NPU).
#
# Usage (after `source <toolkit>/set_env.sh`, which sets ASCEND_HOME_PATH):
#   bash scripts/build.sh [SOC ...]   SoCs as npu-smi reports them (Ascend310P3, Ascend910B2, Ascend910_9391, ...) or
#                                     their families (ascend310p, ascend910b, ascend910_93); default: all three
# Gives build/npu/custom_opp_<os>_<arch>.run: op_proto, op_tiling, the kernel binaries of every family given and the
# aclnn library (op_api/lib/libcust_opapi.so + op_api/include/aclnn_*.h). Install it with
#   build/npu/custom_opp_*.run --install-path=<dir> && source <dir>/vendors/ascendops/bin/set_env.bash
# (README, "Running on an Atlas machine").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Prerequisites, all named in one line when any is missing.
missing=()
if [[ -z "${ASCEND_HOME_PATH:-}" || ! -d "${ASCEND_HOME_PATH}" ]]; then
    missing+=("the CANN toolkit (ASCEND_HOME_PATH unset or not a directory: source <toolkit>/set_env.sh)")
else
    found=""
    for dir in lib64/cmake "$(uname -m)-linux/lib64/cmake" compiler/tikcpp/ascendc_kernel_cmake; do
        [[ -f "${ASCEND_HOME_PATH}/${dir}/asc-config.cmake" ]] && found=1
    done
    [[ -n "${found}" ]] || missing+=("asc-config.cmake under ${ASCEND_HOME_PATH} (a CANN 8.x toolkit with the operator-project CMake functions)")
fi
for tool in cmake python3 g++ make; do
    command -v "${tool}" > /dev/null || missing+=("${tool}")
done
if (( ${#missing[@]} > 0 )); then
    echo "build.sh: missing: $(IFS=';'; echo "${missing[*]}" | sed 's/;/; /g'). Without the toolkit use the CPU path: bash scripts/test.sh" >&2
    exit 2
fi

# The package's compute units: the SoC families of the SoCs given.
units=()
for v in "${@:-ascend310p ascend910b ascend910_93}"; do
    for name in ${v}; do
        case "${name,,}" in
            ascend310p*) u=ascend310p ;;
            ascend910_93*) u=ascend910_93 ;;
            ascend910b*) u=ascend910b ;;
            *) echo "build.sh: unsupported SoC '${name}' (expected Ascend310P*, Ascend910B*, Ascend910_93*)" >&2; exit 2 ;;
        esac
        [[ " ${units[*]} " == *" ${u} "* ]] || units+=("${u}")
    done
done
units_list="$(IFS=';'; echo "${units[*]}")"

# No Python modules here: the package configure needs neither pybind11 nor Python headers.
cmake -S . -B build/npu -DCMAKE_BUILD_TYPE=Release -DASCENDOPS_PYTHON=OFF -DASCENDOPS_NPU_SOCS="${units_list}"
cmake --build build/npu --target ascendops_opp  # `binary` then `package` in the generated project (cmake/npu.cmake)
echo "build.sh: opp package for ${units[*]}: $(ls build/npu/custom_opp_*.run)"
echo "build.sh: install: build/npu/custom_opp_*.run --install-path=<dir>; source <dir>/vendors/ascendops/bin/set_env.bash"
