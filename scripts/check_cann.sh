#!/usr/bin/env bash
# Compiles every kernel instance and NPU-only host unit of the opp package against CANN's own headers, and runs the
# package build of each flow as far as the header set allows, without CANN's binaries or a card (docs/cann.md). Usage:
#   bash scripts/check_cann.sh [<toolkit root>] [--open <asc-devkit+metadef+opbase+ge dir>] [--quick] [-j N] [-v]
#                              [--flow-only | --no-flow | --host-only]
# The toolkit root defaults to $ASCEND_HOME_PATH. Needs clang++ >= 17 (CLANG=...) and g++. Exit 1 on a failure;
# a root that is no header set, or no clang: one line, exit 2.
set -euo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/cann_check/check.py" "$@"
