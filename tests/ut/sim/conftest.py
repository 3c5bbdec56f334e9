"""Fixtures of the CPU-twin tests: the compiled test-kernel module ascendops._C.simtest."""
import pytest

from ascendops import _C


@pytest.fixture(scope="session")
def simtest():
    return _C.simtest
