#!/usr/bin/env bash
# The tests: setup, then pytest from the repo root with the strict configuration of pyproject.toml.
# Extra arguments go to pytest (e.g. tests/ut -k split). Collecting no test is a failure. Without a test path
# (the whole suite, e.g. `bash scripts/test.sh -q`) scripts/lint.sh runs first; a lint failure fails the run.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
status=0
paths=0
for arg in "$@"; do [[ -e $arg ]] && paths=1; done
if [[ $paths -eq 0 ]]; then bash scripts/lint.sh || status=$?; fi  # the whole suite: lint first
python -m pytest -q "$@" || status=$?
if [[ $status -eq 5 ]]; then
    echo "test.sh: no tests were collected: counted as a failure" >&2
    exit 1
fi
exit "$status"
