#!/usr/bin/env bash
# NPU build with the CANN 8.x toolkit. Never run on the CPU-only machines of this project (no toolkit, no NPU).
#
# What it builds (cmake/npu.cmake, configured only when CMake finds the toolkit through ASCEND_HOME_PATH):
#   build/npu/<soc>/libascendops_api_npu.so   the aclnn API launching the kernels compiled for one exact SoC
#                                             (ascendc_library + the generated aclrtlaunch_<kernel> stubs);
#   build/npu/custom_opp_<os>_<arch>.run      the custom opp package (target ascendops_opp) for every SoC given.
#
# Usage (after `source <toolkit>/set_env.sh`, which sets ASCEND_HOME_PATH):
#   bash scripts/build.sh [SOC_VERSION ...]   exact SoCs as npu-smi reports them; default: Ascend310P3 Ascend910B2
# Then install the package: build/npu/custom_opp_*.run --install-path=<dir> (see README, "The NPU path").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ -z "${ASCEND_HOME_PATH:-}" || ! -d "${ASCEND_HOME_PATH}" ]]; then
    echo "build.sh: the CANN toolkit is not installed (ASCEND_HOME_PATH unset or missing)." >&2
    echo "build.sh: the NPU build needs it; without it use the CPU path: bash scripts/test.sh, bash scripts/demo.sh" >&2
    exit 2
fi

soc_versions=("${@:-Ascend310P3 Ascend910B2}")
read -r -a soc_versions <<< "${soc_versions[*]}"
# The opp package's compute units: the SoC families of the exact SoCs (ascend310p, ascend910b, ascend910_93).
units=()
for v in "${soc_versions[@]}"; do
    case "${v,,}" in
        ascend310p*) u=ascend310p ;;
        ascend910b*) u=ascend910b ;;
        ascend910_93*) u=ascend910_93 ;;
        *) echo "build.sh: unsupported SoC '${v}' (expected Ascend310P*, Ascend910B*, Ascend910_93*)" >&2; exit 2 ;;
    esac
    [[ " ${units[*]} " == *" ${u} "* ]] || units+=("${u}")
done
units_list="$(IFS=';'; echo "${units[*]}")"

# Kernel-launch + aclnn library: one configure per exact SoC (ascendc_library compiles for one SOC_VERSION).
for v in "${soc_versions[@]}"; do
    cmake -S . -B "build/npu/${v}" -DCMAKE_BUILD_TYPE=Release -DASCENDOPS_NPU_SOC_VERSION="${v}" \
          -DASCENDOPS_NPU_SOCS="${units_list}"
    cmake --build "build/npu/${v}" --target ascendops_api_npu -j"$(nproc)"
done

# The opp package, for all the families at once.
first="build/npu/${soc_versions[0]}"
cmake --build "${first}" --target ascendops_opp
cp "${first}"/custom_opp_*.run build/npu/
echo "build.sh: aclnn libraries: $(ls build/npu/*/libascendops_api_npu.so | tr '\n' ' ')"
echo "build.sh: opp package: $(ls build/npu/custom_opp_*.run)"
