# Shared setup of demo.sh and test.sh (sourced, not run): enter the repo root, use the active virtual
# environment or create/use .venv there, and pip install the package with its test extras
# (numpy, ml_dtypes, pytest, hypothesis) and the torch extra (torch==2.13.0). Quiet; errors are shown.
set -euo pipefail

ASCENDOPS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ASCENDOPS_ROOT"

if [[ -z "${VIRTUAL_ENV:-}" ]]; then
    if [[ ! -x .venv/bin/python ]]; then
        base_python="$(command -v python3 || command -v python)"
        echo "setup: creating .venv with $base_python" >&2
        if ! "$base_python" -m venv .venv 2>/dev/null; then
            # Some distributions ship Python without ensurepip: fall back to virtualenv from PyPI.
            rm -rf .venv
            "$base_python" -m pip install --quiet --user virtualenv
            "$base_python" -m virtualenv --quiet .venv
        fi
    fi
    # shellcheck disable=SC1091
    source .venv/bin/activate
fi

# One line: the CANN toolkit ASCEND_HOME_PATH names, if any, and what the build makes of it (cmake/cann_toolkit.cmake;
# any toolkit, or none, builds the CPU path).
toolkit_summary="building the CPU path (cmake not on PATH: the package's CMake configure names the toolkit)"
if command -v cmake >/dev/null; then
    toolkit_summary="$(cmake -DASCEND_HOME_PATH="${ASCEND_HOME_PATH:-}" -P cmake/probe_toolkit.cmake |
        sed -n 's/^SUMMARY=//p')"
fi
echo "setup: ${toolkit_summary}" >&2

# Skip the (minutes-long) reinstall when this environment already holds a build of exactly these sources with this
# toolkit finding.
stamp_file="${VIRTUAL_ENV}/.ascendops-source-stamp"
stamp=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    stamp="$( (git ls-files -z --cached --others --exclude-standard | xargs -0 sha1sum 2>/dev/null
        echo "${toolkit_summary}") | sha1sum | cut -d' ' -f1)"
fi
if [[ -n "$stamp" && -f "$stamp_file" && "$(cat "$stamp_file")" == "$stamp" ]] &&
    python -c "import ascendops" >/dev/null 2>&1; then
    echo "setup: ascendops is already installed from these sources in ${VIRTUAL_ENV}" >&2
else
    echo "setup: installing ascendops into ${VIRTUAL_ENV} (CMake build of the CPU path; first run takes minutes)" >&2
    # The CMake build directory is kept under build/ so later runs rebuild incrementally.
    export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
    rm -f "$stamp_file"
    python -m pip install --quiet --disable-pip-version-check \
        --config-settings=build-dir="build/pip-{wheel_tag}" \
        --config-settings=cmake.define.ASCENDOPS_TEST_EXTENSION=ON ".[test,torch]"  # ascendops._C_test too
    if [[ -n "$stamp" ]]; then echo "$stamp" > "$stamp_file"; fi
fi
