#!/usr/bin/env bash
# The long fuzz run: the hypothesis fuzz tests (tests/ut/test_fuzz_*.py: per operator, the NumPy API's array layouts,
# the command line; tests/torch/test_fuzz_*.py: the torch front's layouts) with many more examples than the suite's
# fast profile. ASCENDOPS_FUZZ_EXAMPLES (default here 2000) is the example count of each fuzz test;
# extra arguments go to pytest. Uses the active environment like scripts/test.sh.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
export ASCENDOPS_FUZZ_EXAMPLES=${ASCENDOPS_FUZZ_EXAMPLES:-2000}
python -m pytest -q -p no:cacheprovider tests/ut/test_fuzz_*.py tests/torch/test_fuzz_*.py --hypothesis-show-statistics "$@"
