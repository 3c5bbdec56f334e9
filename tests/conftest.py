"""Shared pytest setup: tests marked ``npu`` are skipped, with the reason printed, when there is no NPU."""

import os

import pytest
from hypothesis import settings

# No example database in the work tree and no per-example deadline (the CPU twin's timing varies by machine).
settings.register_profile("ascendops", database=None, deadline=None)
settings.load_profile("ascendops")

NO_NPU_REASON = "no Ascend NPU / CANN toolkit on this machine (ASCEND_HOME_PATH unset)"


def npu_available():
    return bool(os.environ.get("ASCEND_HOME_PATH")) and os.path.isdir(os.environ["ASCEND_HOME_PATH"])


def pytest_report_header(config):
    where = "Ascend NPU + CPU twin" if npu_available() else f"CPU twin only; npu tests skipped: {NO_NPU_REASON}"
    return f"ascendops backends: {where}"


def pytest_collection_modifyitems(config, items):
    if npu_available():
        return
    skip = pytest.mark.skip(reason=NO_NPU_REASON)
    for item in items:
        if "npu" in item.keywords:
            item.add_marker(skip)
