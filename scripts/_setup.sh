# Shared setup of demo.sh, test.sh and fuzz.sh (sourced, not run): enter the repo root, use the active virtual
# environment or create/use .venv there, and pip install the package for what the caller runs. The caller sets
# ASCENDOPS_SETUP_FOR first (default: test):
#   demo  `pip install .`: the operators, the CLI and the twin (numpy, ml_dtypes); no torch, no test module
#   test  also the test extras (pytest, hypothesis, matplotlib, the linters), torch and ascendops._C_test
# An environment installed for the tests serves the demo too. Quiet; errors are shown.
set -euo pipefail

ASCENDOPS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ASCENDOPS_ROOT"

# What each setup installs: pip extras, the test module (CMake option), what the build compiles, and the CPU time
# of its first build (measured from a clean clone, gcc 12: the demo's 352 objects ~10 CPU-minutes of compiles, the
# tests' 364 ~20 % more; rounded up for the links, the wheel and the packages pip installs).
declare -A setup_extras=([demo]="" [test]="[test,torch]")
# The torch the tests run: the extra declares a range (pyproject.toml), this build is the one tested here.
declare -A setup_pins=([demo]="" [test]="torch==2.13.0")
declare -A setup_test_module=([demo]=OFF [test]=ON)
declare -A setup_builds=(
    [demo]="the twin, op_api, every kernel instance and the modules _C and _sim_bench; no torch, no test module"
    [test]="the twin, op_api, every kernel instance, the modules _C, _sim_bench and _C_test, the test extras and torch"
)
declare -A setup_cpu_minutes=([demo]=12 [test]=16)

setup_for="${ASCENDOPS_SETUP_FOR:-test}"
[[ -v "setup_extras[${setup_for}]" ]] || {
    echo "setup: ASCENDOPS_SETUP_FOR must be demo or test, not '${setup_for}'" >&2
    exit 2
}

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
cmake_dir=""
if command -v cmake >/dev/null; then
    probe="$(cmake -DASCEND_HOME_PATH="${ASCEND_HOME_PATH:-}" -P cmake/probe_toolkit.cmake)"
    toolkit_summary="$(sed -n 's/^SUMMARY=//p' <<< "$probe")"
    # The build finds cmake itself, not a wrapper script before it on PATH (a pyenv shim): scikit-build-core gives
    # `cmake --version` 5 s, which a wrapper on a loaded machine can exceed.
    cmake_dir="$(dirname "$(sed -n 's/^CMAKE=//p' <<< "$probe")")"
fi
echo "setup: ${toolkit_summary}" >&2

# Skip the (minutes-long) reinstall when this environment already holds a build of exactly these sources with this
# toolkit finding, made for this setup or for the tests (which install everything the demo needs). The stamp file
# holds "<source hash> <setup>".
stamp_file="${VIRTUAL_ENV}/.ascendops-source-stamp"
stamp=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    stamp="$( (git ls-files -z --cached --others --exclude-standard | xargs -0 sha1sum 2>/dev/null
        echo "${toolkit_summary}") | sha1sum | cut -d' ' -f1)"
fi
read -r installed_stamp installed_for 2>/dev/null < "$stamp_file" || true
# An environment set up for the tests stays so: rebuilding it for the demo would only drop the test module.
[[ "${installed_for:-}" == test ]] && setup_for=test
if [[ -n "$stamp" && "${installed_stamp:-}" == "$stamp" && "${installed_for:-}" == "$setup_for" ]] &&
    python -c "import ascendops" >/dev/null 2>&1; then
    echo "setup: ascendops is already installed from these sources in ${VIRTUAL_ENV} (for the ${setup_for})" >&2
else
    # The CMake build directory is kept under build/ so later runs rebuild only what changed; a compiler cache, where
    # one is installed, also serves fresh clones and other build directories.
    export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
    build_cache="no compiler cache (install ccache to keep compiles across fresh build directories)"
    for launcher in ccache sccache; do
        [[ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ]] || break  # the caller's choice
        if command -v "$launcher" >/dev/null; then
            # Read by CMake >= 3.17 when it configures a build dir. No CCACHE_BASEDIR: it would make __FILE__
            # relative, and the twin's rejections name the kernel source by __FILE__ (hits need the same clone path).
            export CMAKE_CXX_COMPILER_LAUNCHER="$launcher"
        fi
    done
    [[ -n "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ]] && build_cache="compiler cache: ${CMAKE_CXX_COMPILER_LAUNCHER}"
    if compgen -G "build/pip-*/build.ninja" >/dev/null || compgen -G "build/pip-*/Makefile" >/dev/null; then
        how_long="rebuilding what changed since the last install in build/"
    else
        minutes="${setup_cpu_minutes[$setup_for]}"
        how_long="first build: about ${minutes} CPU-minutes, ~$(((minutes + CMAKE_BUILD_PARALLEL_LEVEL - 1) /
            CMAKE_BUILD_PARALLEL_LEVEL)) min with ${CMAKE_BUILD_PARALLEL_LEVEL} jobs on idle cores"
    fi
    echo "setup: installing ascendops for the ${setup_for} into ${VIRTUAL_ENV}: ${setup_builds[$setup_for]}" >&2
    echo "setup: ${how_long}; ${build_cache}" >&2
    rm -f "$stamp_file"
    python_bin="$(command -v python)"
    PATH="${cmake_dir:+${cmake_dir}:}${PATH}" "$python_bin" -m pip install --quiet --disable-pip-version-check \
        --config-settings=build-dir="build/pip-{wheel_tag}" \
        --config-settings=cmake.define.ASCENDOPS_TEST_EXTENSION="${setup_test_module[$setup_for]}" \
        ".${setup_extras[$setup_for]}" ${setup_pins[$setup_for]:+"${setup_pins[$setup_for]}"}
    if [[ -n "$stamp" ]]; then echo "$stamp $setup_for" > "$stamp_file"; fi
fi
