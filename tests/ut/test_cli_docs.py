"""docs/cli.md against the parser: every command, tiling operator and bench target is a row of the page's tables,
and each row names exactly the options its parser has (beyond --help, --soc and --core-num, which the page
describes once for every subcommand)."""

import argparse
import re
from pathlib import Path

import pytest

from ascendops import bench, cli

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text()
SHARED = {"--help", "--version", "--soc", "--core-num"}


def table(text, column=-1):
    """{first word of a row's first cell: the --options its cell ``column`` names, beyond SHARED} of the table rows
    in text (the options column; the command table spells them in its first)."""
    found = {}
    for line in text.splitlines():
        if line.startswith("| `"):
            cells = line.strip().strip("|").split(" | ")
            found[cells[0].strip(" `").split()[0]] = set(re.findall(r"--[a-z][a-z-]*", cells[column])) - SHARED
    return found


def section(title):
    return PAGE.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def children(parser):
    """{name: parser} of a parser's sub-commands."""
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return action.choices


def options(parser):
    return {s for a in parser._actions for s in a.option_strings if s.startswith("--")} - SHARED


def test_commands():
    commands = children(cli.build_parser())
    assert table(PAGE.split("\n## ", 1)[0], column=0) == {name: options(p) for name, p in commands.items()}


def test_tiling_operators():
    operators = children(children(cli.build_parser())["tiling"])
    assert table(section("Tiling operators")) == {name: options(p) for name, p in operators.items()}


@pytest.mark.parametrize("target", bench.targets())
def test_bench_targets(target):
    documented = table(section("Bench targets"))
    assert set(documented) == set(bench.targets())
    parser = children(children(cli.build_parser(bench.load(target)))["bench"])[target]
    assert documented[target] == options(parser)
