"""Fixtures of the CPU-twin tests: the twin's own kernels under one name, those ``ascendops bench`` runs
(ascendops._sim_bench) and the test-only ones (ascendops._C_test.simtest)."""

import types

import pytest

from ascendops import _C_test, _sim_bench


@pytest.fixture(scope="session")
def simtest():
    modules = (_sim_bench, _C_test.simtest)
    return types.SimpleNamespace(**{n: getattr(m, n) for m in modules for n in dir(m) if not n.startswith("_")})
