#!/usr/bin/env bash
# The NPU opp package, built by the flow of the CANN toolkit that ASCEND_HOME_PATH names (cmake/cann_toolkit.cmake):
#   CANN 8.0 / 8.1  msopgen's project template from the toolkit (cmake/template_project.cmake generates the project,
#                   then the template's own steps: cmake --preset=default, --target binary, --target package)
#   CANN 8.3+       the asc-config flow (cmake/npu.cmake: find_package(ASC), --target binary then package)
# Never run on the machines of this project (no toolkit binaries, no NPU); scripts/check_cann.sh runs the template
# flow as far as the header snapshots allow (docs/cann.md).
#
# Usage (after `source <toolkit>/set_env.sh`, which sets ASCEND_HOME_PATH): bash scripts/build.sh [options]
#   --soc=<SoCs>          comma-separated SoCs as npu-smi names them (Ascend310P3, Ascend910B2, Ascend910_9391, ...)
#                         or their families (ascend310p, ascend910b, ascend910_93); default: all three families
#   --ops=<operators>     comma-separated operator folders (cast, split, ...); default: all
#   -j <N>                parallel build jobs (default: nproc)
#   --install-path=<dir>  install the package into <dir> with its own installer (the .run's --install-path)
#   --help                this text
# Gives build/npu/custom_opp_<os>_<arch>.run. Bad input or a toolkit without what its flow needs: one line naming what
# is missing and what still works, exit 2.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

fail() {  # one line: what is wrong, what still works
    echo "build.sh: $1; what still works: the CPU path (bash scripts/test.sh, bash scripts/demo.sh)${2:-}" >&2
    exit 2
}

usage() { sed -n '/^# Usage/,/^# is missing/p' "$0" | sed 's/^# \{0,1\}//'; }

socs="" ops="" jobs="$(nproc)" install_path=""
while (($# > 0)); do
    case "$1" in
        --help | -h) usage; exit 0 ;;
        --soc=* | --ops=* | --install-path=*) opt="${1%%=*}"; val="${1#*=}" ;;
        --soc | --ops | --install-path | -j)
            (($# > 1)) || fail "$1 needs a value (bash scripts/build.sh --help)"
            opt="$1"; val="$2"; shift ;;
        -j*) opt=-j; val="${1#-j}" ;;
        -*) fail "unknown option $1 (bash scripts/build.sh --help)" ;;
        *) opt=--soc; val="${socs:+${socs},}$1" ;;  # SoCs as plain arguments, as before --soc existed
    esac
    case "${opt}" in
        --soc) socs="${val}" ;;
        --ops) ops="${val}" ;;
        --install-path) install_path="${val}" ;;
        -j) [[ "${val}" =~ ^[1-9][0-9]*$ ]] || fail "-j needs a positive number, not '${val}'"; jobs="${val}" ;;
    esac
    shift
done

# The package's compute units: the SoC families of the SoCs given.
units=()
for name in ${socs//,/ }; do
    case "${name,,}" in
        ascend310p*) u=ascend310p ;;
        ascend910_93*) u=ascend910_93 ;;
        ascend910b*) u=ascend910b ;;
        *) fail "unsupported SoC '${name}' (expected Ascend310P*, Ascend910B*, Ascend910_93* or their families)" ;;
    esac
    [[ " ${units[*]} " == *" ${u} "* ]] || units+=("${u}")
done
((${#units[@]} > 0)) || units=(ascend310p ascend910b ascend910_93)
# The operators: the registry's (python/ascendops/registry.json), as cmake/opp_sources.cmake's ASCENDOPS_OPP_OPS.
all_ops="$(python3 -c 'import json, sys; print(" ".join(o["name"] for o in json.load(sys.stdin)["operators"]))' \
    < python/ascendops/registry.json)"
op_list=()
for op in ${ops//,/ }; do
    [[ " ${all_ops} " == *" ${op} "* ]] || fail "unknown operator '${op}' (the package has: ${all_ops// /, })"
    [[ " ${op_list[*]} " == *" ${op} "* ]] || op_list+=("${op}")
done
((${#op_list[@]} > 0)) || read -r -a op_list <<< "${all_ops}"
missing=()
for tool in cmake python3 g++ make; do
    command -v "${tool}" > /dev/null || missing+=("${tool}")
done
((${#missing[@]} == 0)) || fail "missing tools: ${missing[*]}"
[[ -n "${ASCEND_HOME_PATH:-}" ]] ||
    fail "no CANN toolkit: ASCEND_HOME_PATH is unset (source <toolkit>/set_env.sh, e.g. /usr/local/Ascend/ascend-toolkit/set_env.sh)"
declare -A probe
while IFS='=' read -r key value; do probe["${key}"]="${value}"; done \
    < <(cmake -DASCEND_HOME_PATH="${ASCEND_HOME_PATH}" -P cmake/probe_toolkit.cmake)
[[ "${probe[FLOW]}" != none ]] || fail "${probe[FOUND]}"
if [[ -n "${probe[FLOW_MISSING]}" ]]; then
    fail "${probe[VERSION]} at ${ASCEND_HOME_PATH} (${probe[FLOW]} flow) lacks ${probe[FLOW_MISSING]//;/, }" \
        ", and the header check (bash scripts/check_cann.sh ${ASCEND_HOME_PATH})"
fi

if [[ -n "${install_path}" ]]; then
    mkdir -p "${install_path}" 2>/dev/null || fail "cannot create --install-path ${install_path}"
    install_path="$(cd "${install_path}" && pwd)"  # the installer takes an absolute path
fi

units_list="$(IFS=';'; echo "${units[*]}")"
ops_list="$(IFS=';'; echo "${op_list[*]}")"
echo "build.sh: ${probe[FOUND]}: the opp package of ${op_list[*]} for ${units[*]} (-j ${jobs})"
export CMAKE_BUILD_PARALLEL_LEVEL="${jobs}"  # the inner builds of either flow
mkdir -p build/npu
rm -f build/npu/custom_opp_*.run
if [[ "${probe[FLOW]}" == template ]]; then
    project=build/npu/project
    cmake -DASCEND_HOME_PATH="${ASCEND_HOME_PATH}" -DPROJECT_DIR="$(pwd)/${project}" -DSOCS="${units_list}" \
        -DOPS="${ops_list}" -P cmake/template_project.cmake
    (cd "${project}" && cmake --preset=default)  # the template's build.sh, with our -j
    cmake --build "${project}/build_out" --target binary -j "${jobs}"
    cmake --build "${project}/build_out" --target package -j "${jobs}"
    cp "${project}"/build_out/custom_opp_*.run build/npu/
else
    # No Python modules here: the package configure needs neither pybind11 nor Python headers.
    cmake -S . -B build/npu -DCMAKE_BUILD_TYPE=Release -DASCENDOPS_PYTHON=OFF -DASCENDOPS_NPU_SOCS="${units_list}" \
        -DASCENDOPS_NPU_OPS="${ops_list}"
    cmake --build build/npu --target ascendops_opp  # `binary` then `package` in the generated project (npu.cmake)
fi
package="$(ls build/npu/custom_opp_*.run)"
echo "build.sh: opp package: ${package}"
if [[ -n "${install_path}" ]]; then
    bash "${package}" --install-path="${install_path}"
    echo "build.sh: installed: source ${install_path}/vendors/ascendops/bin/set_env.bash"
else
    echo "build.sh: install: ${package} --install-path=<dir>; source <dir>/vendors/ascendops/bin/set_env.bash"
fi
