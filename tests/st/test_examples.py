"""The C API example examples/fused_gdn_decode (seed 004's sample shape) against the NumPy golden.

Every build compiles it against the CPU twin (examples/CMakeLists.txt): beside the developer build (<build>/examples)
and into the installed package (ascendops/examples); this test runs the binary and checks its printed out and
updated state slot with the golden on the same inputs.
"""

import subprocess
from pathlib import Path

import numpy as np

import ascendops
from ascendops.golden.fused_gdn_decode import fused_gdn_decode as golden

_PACKAGE = Path(ascendops.__file__).resolve().parent
# pip build: installed into the package; developer build: <build>/examples beside <build>/pkg/ascendops.
BINARY = next(
    (
        p
        for p in (
            _PACKAGE / "examples" / "example_fused_gdn_decode",
            _PACKAGE.parents[1] / "examples" / "example_fused_gdn_decode",
        )
        if p.exists()
    ),
    _PACKAGE / "examples" / "example_fused_gdn_decode",
)
RTOL, ATOL = 1e-2, 5e-2  # the spec's tolerance (tests/st/test_fused_gdn_decode.py)


def example_inputs():
    """The arrays main.cpp builds: B=1, H=1, Hv=2, K=64, V=8, 2 slots, indices {1}."""
    mixed = (((np.arange(144) * 7) % 23 - 11) / 64).astype(np.float16).reshape(1, 144)
    a = np.array([[0.5, -0.25]], np.float16)
    b = np.array([[0.75, -1.5]], np.float16)
    a_log = np.array([-0.5, 0.25], np.float32)
    dt_bias = np.array([0.125, -0.375], np.float16)
    state = ((np.arange(2 * 2 * 8 * 64) * 5 % 19 - 9) / 128).astype(np.float32).reshape(2, 2, 8, 64)
    return mixed, a, b, a_log, dt_bias, state, np.array([1], np.int32)


def parse(stdout):
    lines = dict(line.split(":", 1) for line in stdout.strip().splitlines())
    return {key: value.split() for key, value in lines.items()}


def test_fused_gdn_decode_example_matches_the_golden():
    result = subprocess.run([str(BINARY)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    printed = parse(result.stdout)
    out = np.array(printed["out"], np.float32).reshape(1, 1, 2, 8)
    slot1 = np.array(printed["state_slot1"], np.float32).reshape(2, 8, 64)
    expected_out, expected_state = golden(*example_inputs(), scale=0.125, softplus_threshold=20.0)
    # Scaled tolerance as in test_fused_gdn_decode.py: these values sit well below the spec's atol.
    np.testing.assert_allclose(out, expected_out, rtol=RTOL, atol=ATOL * float(np.abs(expected_out).max()))
    np.testing.assert_allclose(slot1, expected_state[1], rtol=RTOL, atol=ATOL * float(np.abs(expected_state[1]).max()))
    assert printed["state_slot0_unchanged"] == ["yes"]
    assert not np.array_equal(slot1, example_inputs()[5][1])  # the slot was really updated
