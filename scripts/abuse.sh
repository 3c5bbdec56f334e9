#!/usr/bin/env bash
# The abuse run: a careless user's calls to the NumPy API, the torch front, the command line and the C API on the
# twin, with a table of outcomes (tests/abuse/run_abuse.py; docs/testing.md). Not part of the suite: a few minutes
# at the default counts. Extra arguments go to run_abuse.py (--scale, --seed, --fronts, --show).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
python tests/abuse/run_abuse.py "$@"
