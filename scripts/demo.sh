#!/usr/bin/env bash
# The main job: every operator against its NumPy golden on the CPU twin (modeled times), after setup, which installs
# only what the demo runs (`pip install .`: no torch, no test module; scripts/_setup.sh).
# Extra arguments go to `python -m ascendops demo` (e.g. --op cast --soc ascend910b).
set -euo pipefail
ASCENDOPS_SETUP_FOR=demo
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
python -m ascendops soc
echo
python -m ascendops demo "$@"
