#!/usr/bin/env bash
# Compiles every kernel instance and NPU-only host unit of the opp package against CANN's own headers, without ccec
# or a card (docs/cann.md). Usage:
#   bash scripts/check_cann.sh [<toolkit root>] [--open <asc-devkit+metadef+opbase dir>] [--quick] [-j N] [-v]
# The toolkit root defaults to $ASCEND_HOME_PATH. Needs clang++ >= 17 (CLANG=...) and g++. Exit 1 on a failure.
set -euo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/cann_check/check.py" "$@"
