#!/usr/bin/env bash
# Compile-checks the native torch_npu extension (python/ascendops/torch/npu_ext/csrc) without torch_npu, CANN or a
# card: every translation unit with g++ -fsyntax-only against torch-npu's own headers (torch_npu/include of the
# PyPI wheel, the only part of it used, with the ACL runtime headers it ships), this Python's torch headers, a CANN
# toolkit's host headers (aclnn/: aclCreateTensor, aclnnStatus; searched after the wheel, whose headers declare ACL
# runtime types CANN 8.1.RC1's acl/ lacks, e.g. aclrtMemcpyBatchAttr) and the repository's op_api headers. The wheel is downloaded once and its include folder cached in ${ASCENDOPS_CACHE:-~/.cache/ascendops}.
#
# Usage: bash scripts/check_torch_npu.sh [<CANN toolkit root>] [-j N]   (root default: ../shared/cann-8.1.RC1)
#   PYTHON=<python>         the Python whose torch is checked against (default: .venv/bin/python, else python3)
#   TORCH_NPU_VERSION=<v>   the torch-npu release (default: torch's major.minor.0, the torch_npu line built for it)
#   TORCH_NPU_WHEEL=<file>  use this wheel instead of downloading one
# Exit status: 0 when every unit compiles, 1 when one does not, 2 when a header set cannot be obtained.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
toolkit=../shared/cann-8.1.RC1 jobs=2
while (( $# > 0 )); do
    case "$1" in
        -j) jobs="$2"; shift 2 ;;
        -j*) jobs="${1#-j}"; shift ;;
        *) toolkit="$1"; shift ;;
    esac
done
py="${PYTHON:-}"
[[ -z "${py}" && -x .venv/bin/python ]] && py=.venv/bin/python
py="${py:-python3}"
start=${SECONDS}

cann_inc="$(ls -d "${toolkit}"/*-linux/include 2> /dev/null | head -1)"
[[ -z "${cann_inc}" && -d "${toolkit}/include/aclnn" ]] && cann_inc="${toolkit}/include"
[[ -f "${cann_inc}/aclnn/aclnn_base.h" ]] || { echo "check_torch_npu.sh: ${toolkit} has no <arch>-linux/include/aclnn/aclnn_base.h: not a CANN toolkit" >&2; exit 2; }

read -r torch_inc torch_version py_inc < <("${py}" -c "import sysconfig, torch, torch.utils.cpp_extension as e; \
print(e.include_paths()[0], torch.__version__.split('+')[0], sysconfig.get_paths()['include'])" 2> /dev/null)
[[ -n "${torch_inc:-}" ]] || { echo "check_torch_npu.sh: torch does not import in ${py}" >&2; exit 2; }
version="${TORCH_NPU_VERSION:-$(cut -d. -f1,2 <<< "${torch_version}").0}"
cache="${ASCENDOPS_CACHE:-${HOME}/.cache/ascendops}/torch_npu-${version}"
npu_inc="${cache}/torch_npu/include"
if [[ ! -f "${npu_inc}/torch_npu/csrc/framework/OpCommand.h" ]]; then
    scratch="$(mktemp -d)"
    trap 'rm -rf "${scratch}"' EXIT
    wheel="${TORCH_NPU_WHEEL:-}"
    if [[ -z "${wheel}" ]]; then
        if ! "${py}" -m pip download --no-deps --quiet "torch-npu==${version}" -d "${scratch}" > "${scratch}/pip.log" 2>&1; then
            echo "check_torch_npu.sh: cannot download torch-npu ${version}: $(tail -1 "${scratch}/pip.log")" >&2
            exit 2
        fi
        wheel="$(ls "${scratch}"/torch_npu-*.whl)"
    fi
    mkdir -p "${cache}"
    "${py}" -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); \
z.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith('torch_npu/include/')])" "${wheel}" "${cache}" \
        || { echo "check_torch_npu.sh: cannot unpack ${wheel}" >&2; exit 2; }
fi
echo "check_torch_npu.sh: torch ${torch_version}, torch-npu ${version} headers, CANN host headers of ${cann_inc}"

# torch 2.13's headers need C++20 (c10/core/AutogradState.h: bit-field initialisers). Our code warning-free
# (-Werror); the third-party headers as system headers, whose own warnings are not ours.
flags=(-std=c++20 -fsyntax-only -Wall -Wextra -Werror -isystem "${npu_inc}" -isystem "${cann_inc}"
       -isystem "${torch_inc}" -isystem "${torch_inc}/torch/csrc/api/include" -isystem "${py_inc}" -Iop_api -I.)
units=(python/ascendops/torch/npu_ext/csrc/*.cpp)
out="$(mktemp -d)"
check() {  # one unit: its log in ${out}, named after it
    local log="${out}/$(basename "$1").log"
    if "${CXX:-g++}" "${flags[@]}" "$1" > "${log}" 2>&1; then echo "OK     $1"; else echo "FAILED $1"; fi
}
export -f check
export out
results="$(printf '%s\n' "${units[@]}" | CXX="${CXX:-g++}" xargs -P "${jobs}" -I{} bash -c "$(declare -p flags); check {}")"
sort <<< "${results}"
failed=$(grep -c '^FAILED' <<< "${results}")
for unit in $(grep '^FAILED' <<< "${results}" | cut -c8-); do grep -m5 error "${out}/$(basename "${unit}").log"; done
rm -rf "${out}"
echo "check_torch_npu.sh: ${#units[@]} units, $(( ${#units[@]} - failed )) compiled, ${failed} failed ($(( SECONDS - start )) s)"
(( failed == 0 ))
