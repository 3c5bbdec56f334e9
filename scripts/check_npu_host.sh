#!/usr/bin/env bash
# Compile-checks the NPU-only host units against CANN's real ACL runtime headers, without CANN: the torch-npu wheel
# for this Python ships them (torch_npu/include/third_party/acl/inc: acl/acl.h, acl_rt.h, ...). The wheel goes to a
# temporary folder (never into the repository) and is deleted on exit. Every unit is compiled with g++ -fsyntax-only;
# units whose headers the wheel does not ship are listed as not checked, with the missing header.
#
# Usage: bash scripts/check_npu_host.sh [unit ...]   (units: some of the list below, default all of it)
#   PYTHON=<python>           the Python whose torch-npu wheel and pybind11 are used (default: python3)
#   TORCH_NPU_WHEEL=<file>    use this wheel instead of downloading one
#   ASCENDOPS_EXTRA_INCLUDES  more include directories (e.g. hicann/opbase include/nnopbase for aclnn/*.h): units
#                             needing them are then checked too
# Exit status: 0 when every checkable unit compiles, 1 when one does not, 2 when the headers cannot be obtained.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
py="${PYTHON:-python3}"

scratch="$(mktemp -d)"
trap 'rm -rf "${scratch}"' EXIT
wheel="${TORCH_NPU_WHEEL:-}"
if [[ -z "${wheel}" ]]; then
    if ! "${py}" -m pip download --no-deps --quiet torch-npu -d "${scratch}/wheel" > "${scratch}/pip.log" 2>&1; then
        echo "check_npu_host.sh: cannot download the torch-npu wheel for ${py}: $(tail -1 "${scratch}/pip.log")" >&2
        exit 2
    fi
    wheel="$(ls "${scratch}"/wheel/torch_npu-*.whl)"
fi
"${py}" -m zipfile -e "${wheel}" "${scratch}/x" > /dev/null 2>&1 || { echo "check_npu_host.sh: cannot unpack ${wheel}" >&2; exit 2; }
acl_inc="${scratch}/x/torch_npu/include/third_party/acl/inc"
[[ -f "${acl_inc}/acl/acl.h" ]] || { echo "check_npu_host.sh: ${wheel} has no acl/acl.h" >&2; exit 2; }
echo "check_npu_host.sh: ACL headers of $(basename "${wheel}")"

py_includes="$("${py}" -m pybind11 --includes 2> /dev/null || true)"
includes=(-Iop_api -I.)
for dir in ${ASCENDOPS_EXTRA_INCLUDES:-}; do includes+=(-I"${dir}"); done  # before the wheel's: they win
includes+=(-I"${acl_inc}")

# Every host unit that is compiled with CANN's headers for the NPU. The op_host units are built
# into the opp package with ASCENDOPS_WITH_CANN (cmake/npu.cmake), which selects CANN's types where a header offers
# both (FusedSwigluGrad's TCubeTiling) and enables matmul_tiling_cann.cpp, so they are checked with it too.
# _C_npu's sources are the bindings _C has too, built as cmake/npu_module.cmake does (cmake/bindings_sources.cmake).
IFS=';' read -r -a npu_module <<< "$(cmake -P cmake/bindings_sources.cmake | sed -n 's/^NPU=//p')"
npu_module=("${npu_module[@]#"${PWD}/"}")
mkdir -p "${scratch}/inc"
for unit in python/bindings/bind_*.cpp; do
    name="${unit##*/bind_}"
    echo "ASCENDOPS_BINDING(${name%.cpp})"
done > "${scratch}/inc/bindings.inc"
units=("${npu_module[@]}"
       examples/fused_gdn_decode/main.cpp
       op_host/*/*_def.cpp op_host/*/*_infershape.cpp op_host/*/*_tiling_context.cpp
       op_host/common/matmul_tiling_cann.cpp)
if (( $# > 0 )); then  # a subset of the list, each a member of it
    for unit in "$@"; do
        [[ " ${units[*]} " == *" ${unit} "* ]] || { echo "check_npu_host.sh: ${unit} is not an NPU-only host unit" >&2; exit 2; }
    done
    units=("$@")
fi
checked=0 failed=0 unchecked=0
for unit in "${units[@]}"; do
    flags=(-std=c++17 -fsyntax-only -Wall "${includes[@]}")
    [[ "${unit}" == op_host/* ]] && flags+=(-DASCENDOPS_WITH_CANN)
    [[ "${unit}" == python/bindings/* ]] &&
        flags+=(-DASCENDOPS_NPU -DASCENDOPS_MODULE=_C_npu -Ipython/bindings -I"${scratch}/inc")
    if grep -q pybind11 "${unit}" || grep -q pybind11 "${unit%.cpp}.h" 2> /dev/null; then
        if [[ -z "${py_includes}" ]]; then
            echo "NOT CHECKED ${unit}: pybind11 is not installed for ${py}"; unchecked=$((unchecked + 1)); continue
        fi
        read -r -a extra <<< "${py_includes}"
        flags+=("${extra[@]}")
    fi
    if "${CXX:-g++}" "${flags[@]}" "${unit}" 2> "${scratch}/err.txt"; then
        echo "OK          ${unit}"; checked=$((checked + 1))
    elif header="$(grep -m1 -oE "fatal error: [^:]+: No such file" "${scratch}/err.txt")"; then
        header="${header#fatal error: }"
        echo "NOT CHECKED ${unit}: needs ${header%: No such file}, which the torch-npu wheel does not ship"
        unchecked=$((unchecked + 1))
    else
        echo "FAILED      ${unit}:"; grep -m5 'error' "${scratch}/err.txt"; failed=$((failed + 1))
    fi
done
echo "check_npu_host.sh: ${checked} compiled, ${failed} failed, ${unchecked} not checked (headers missing)"
(( failed == 0 ))
