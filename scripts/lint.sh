#!/usr/bin/env bash
# Lint: ruff's checks and its formatter over the Python tree (config: pyproject.toml [tool.ruff]) and a clang-format
# check (config: .clang-format) over the tracked C++ files. Both tools come with the package's test extra (ruff,
# clang-format from PyPI); .pre-commit-config.yaml runs the same pins. Run by scripts/test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

status=0
ruff check --quiet . || status=1
if ! unformatted=$(ruff format --check . 2>&1); then
    grep '^Would reformat' <<< "$unformatted" | sed 's/^Would reformat: /lint: not in ruff format layout (run ruff format): /' >&2
    status=1
fi

mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.hpp' '*.cc')
if ! clang-format --dry-run -Werror "${files[@]}" 2>/tmp/lint-clang-format.$$; then
    grep -o '^[^:]*:[0-9]*:[0-9]*: error' /tmp/lint-clang-format.$$ | cut -d: -f1 | sort -u |
        sed 's/^/lint: not in clang-format layout (run clang-format -i): /' >&2
    status=1
fi
rm -f /tmp/lint-clang-format.$$
[[ $status -eq 0 ]] && echo "lint: ruff, ruff format and clang-format (${#files[@]} C++ files) clean" >&2
exit "$status"
