"""README.md and docs/ say what the code does: every ```python block runs as written, every `ascendops ...` line of a
```bash block exits 0, every relative link resolves, and the text speaks of the code as it is (no issue numbers, no
contract outside the repository)."""

import pathlib
import re
import shlex
import subprocess

import pytest

from ascendops import cli
from ascendops.registry import OPERATOR_NAMES

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
README_MAX_LINES = 200

# A contract cited outside the repository: the shared specs and design notes the code was first written from
# (spelled in two parts so that this file does not cite them itself).
OUTSIDE = re.compile("shared" + r"/spec|\bdesign" + r"\.md")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def blocks(kind):
    found = []
    for page in DOCS:
        for n, (lang, body) in enumerate(m.groups() for m in FENCE.finditer(page.read_text())):
            if lang == kind:
                found.append(pytest.param(body, id=f"{page.relative_to(ROOT)}#{n}"))
    return found


@pytest.mark.parametrize("code", blocks("python"))
def test_python_block_runs_as_written(code):
    if re.search(r"^import torch|^import ascendops\.torch", code, re.M):
        pytest.importorskip("torch", reason="the block uses the PyTorch front: pip install '.[torch]'")
    exec(compile(code, "<doc block>", "exec"), {"__name__": "__doc_block__"})


def _commands():
    lines = [line.split("#")[0].strip() for p in blocks("bash") for line in p.values[0].splitlines()]
    return [pytest.param(line, id=line) for line in lines if line.startswith("ascendops ")]


@pytest.mark.parametrize("command", _commands())
def test_command_lines_exit_0(capsys, command):
    assert cli.main(shlex.split(command)[1:]) == 0, capsys.readouterr().err


def test_every_python_block_is_found():
    assert len(blocks("python")) >= 5 + len(list((ROOT / "docs" / "ops").glob("*.md")))


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(page):
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text()):
        path = (page.parent / target).resolve()
        assert path.exists(), f"{page.name} links to {target}, which does not exist"


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_text_speaks_of_the_code_as_it_is(page):
    text = page.read_text()
    assert not re.search(r"\bissue \d+|\bissues? #\d+", text, re.I), f"{page.name} cites an issue number"
    assert not OUTSIDE.search(text), f"{page.name} cites a path outside the repository"


def test_readme_is_a_front_door():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= README_MAX_LINES
    for link in (f"docs/ops/{name}.md" for name in OPERATOR_NAMES):
        assert any(link in line for line in lines), link


def test_no_source_file_cites_a_contract_outside_the_repository():
    files = subprocess.run(
        ["git", "ls-files", "*.py", "*.cpp", "*.h", "*.sh", "*.cmake", "*.txt"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    citing = [f for f in files if OUTSIDE.search((ROOT / f).read_text(errors="replace"))]
    assert citing == []
