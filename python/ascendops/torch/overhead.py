"""Per-call host overhead of the torch front over the NumPy API: ``python -m ascendops.torch.overhead``.

The same Cast (1024 float32 -> float16) is called through ``ascendops.cast`` on a NumPy array and through
``torch.ops.ascendops.cast`` on a tensor over the same memory. A twin launch costs milliseconds and varies with the
machine's load, which hides a difference of microseconds; so the front's own cost (dispatcher, torch <-> NumPy
views, argument handling) is also measured with the NumPy API replaced by a stub returning a ready array, once
called directly and once through the torch op. Host wall time of this machine (medians), never a device time.
"""

import statistics
import time
from unittest import mock

import numpy as np
import torch

import ascendops
from . import _specs

__all__ = ["measure"]


def _median_us(call, repeats):
    call()  # warm-up
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1e6


def measure(n=1024, repeats=201, stub_repeats=20001, soc="ascend910b"):
    """Medians in us: ``numpy_us`` / ``torch_us`` (twin launches), ``stub_numpy_us`` / ``stub_torch_us`` (the NumPy
    API stubbed) and ``overhead_us`` (stub_torch_us - stub_numpy_us: what the torch front adds per call)."""
    x = np.linspace(-1, 1, n, dtype=np.float32)
    t = torch.from_numpy(x)
    ready = x.astype(np.float16)
    stub = lambda array, dtype, **device: ready  # noqa: E731
    calls = {
        "numpy": lambda: ascendops.cast(x, np.float16, soc=soc),
        "torch": lambda: torch.ops.ascendops.cast(t, torch.float16, soc=soc),
    }
    result = {f"{k}_us": _median_us(call, repeats) for k, call in calls.items()}
    with mock.patch.object(_specs, "numpy_cast", stub):
        result["stub_numpy_us"] = _median_us(lambda: stub(x, np.float16, soc=soc), stub_repeats)
        result["stub_torch_us"] = _median_us(calls["torch"], stub_repeats)
    result["overhead_us"] = result["stub_torch_us"] - result["stub_numpy_us"]
    return result


if __name__ == "__main__":
    r = measure()
    print(
        f"cast 1024 float32 -> float16, host wall time, medians: NumPy API {r['numpy_us']:.0f} us, "
        f"torch.ops.ascendops {r['torch_us']:.0f} us (twin launch included); the torch front's own cost "
        f"{r['overhead_us']:.1f} us per call ({r['stub_torch_us']:.1f} us through the op vs "
        f"{r['stub_numpy_us']:.1f} us direct, NumPy API stubbed)"
    )
