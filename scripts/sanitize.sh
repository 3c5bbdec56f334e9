#!/usr/bin/env bash
# Sanitizer run: builds the package with ASCENDOPS_SANITIZE=<kind> in build/san-<kind> (commas become dashes) and
# runs the test suite against it with the sanitizer runtime preloaded (python itself is not instrumented).
#   scripts/sanitize.sh address,undefined [pytest args]   # ASan + UBSan: any report fails the run
#   scripts/sanitize.sh thread [pytest args]              # TSan: data races in the twin and the bindings
# The Cast kernel instances are not instrumented (CMakeLists.txt: ASCENDOPS_SANITIZE_CAST_INSTANCES).
# Default pytest args: the whole suite (tests). PYTHON picks the interpreter (needs numpy, ml_dtypes, pytest,
# hypothesis, pybind11); JOBS the build parallelism. Reports go to build/san-<kind>/reports/.
set -euo pipefail
kind=${1:?usage: scripts/sanitize.sh address,undefined|thread [pytest args]}
shift
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$root/build/san-${kind//,/-}
python=${PYTHON:-python3}
reports=$build/reports
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
ASCENDOPS_SANITIZE=$kind cmake -S "$root" -B "$build" -DPython_EXECUTABLE="$(command -v "$python")" "${launcher[@]}" \
    >/dev/null
cmake --build "$build" -j"${JOBS:-2}"
rm -rf "$reports" && mkdir -p "$reports"
case $kind in
    *address*) preload=$(g++ -print-file-name=libasan.so)
               export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:log_path=$reports/asan" ;;
    thread) preload=$(g++ -print-file-name=libtsan.so)
            export TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:log_path=$reports/tsan"
            TSAN_OPTIONS+=":suppressions=$root/scripts/tsan.supp" ;;  # races tests provoke on purpose
    *) echo "sanitize.sh: unknown kind '$kind' (address,undefined or thread)" >&2; exit 2 ;;
esac
if [[ $kind == *undefined* ]]; then
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=0:log_path=$reports/ubsan"
fi
# libstdc++ joins the preload: python does not link it, and the runtime's __cxa_throw interceptor must find the real
# one at start-up (else "CHECK failed ... real___cxa_throw" on the first C++ throw; google/sanitizers#934).
preload="$preload $(g++ -print-file-name=libstdc++.so)"
[[ $# -gt 0 ]] || set -- tests
status=0
LD_PRELOAD=$preload PYTHONPATH=$build/pkg "$python" -m pytest -q -p no:cacheprovider "$@" || status=$?
found=$(find "$reports" -type f | sort)
if [[ -n $found ]]; then
    echo "sanitize.sh: sanitizer reports in $reports:" >&2
    for f in $found; do grep -m3 -E "ERROR|WARNING|runtime error" "$f" >&2 || true; done
    exit 1
fi
echo "sanitize.sh: $kind: no sanitizer report (pytest exit $status)"
exit "$status"
