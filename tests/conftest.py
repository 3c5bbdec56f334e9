"""Shared pytest setup: tests marked ``npu`` run only where backend="npu" can run (an Ascend device, not merely the
toolkit); elsewhere they are skipped with the exact reason printed (ascendops._npu.unavailable_reason)."""

import pytest
from hypothesis import settings

# No example database in the work tree and no per-example deadline (the CPU twin's timing varies by machine).
settings.register_profile("ascendops", database=None, deadline=None)
settings.load_profile("ascendops")


def npu_unavailable_reason():
    from ascendops import _npu

    return _npu.unavailable_reason()


def pytest_report_header(config):
    reason = npu_unavailable_reason()
    where = "Ascend NPU + CPU twin" if reason is None else f"CPU twin only; npu tests skipped: {reason}"
    return f"ascendops backends: {where}"


def pytest_collection_modifyitems(config, items):
    reason = npu_unavailable_reason()
    if reason is None:
        return
    skip = pytest.mark.skip(reason=f"backend 'npu' is unavailable: {reason}")
    for item in items:
        if item.get_closest_marker("npu") is not None:  # the marker, not any keyword (a folder may be named npu)
            item.add_marker(skip)


@pytest.fixture
def cli_run(capsys):
    """Runs `ascendops argv...` in-process: (exit code, stdout, stderr); argparse exits count as exit codes."""
    from ascendops import cli

    def run(*argv):
        try:
            code = cli.main(list(argv))
        except SystemExit as e:
            code = e.code
        out, err = capsys.readouterr()
        return code, out, err

    return run
