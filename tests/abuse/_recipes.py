"""Valid calls of each operator, drawn small so thousands run in minutes: the arrays (dense, native), the other
arguments, the golden of the call and the comparison the operator's tests use. The fronts break them."""

from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional

import ml_dtypes
import numpy as np

import ascendops
from ascendops import golden as g
from ascendops.golden import cast as golden_cast
from ascendops.golden import embedding_dense_grad as golden_edg
from ascendops.golden import fused_gdn_decode as golden_gdn
from ascendops.golden import fused_swiglu_grad as golden_swiglu
from ascendops.golden import split as golden_split
from ascendops.ops import cast as cast_op
from ascendops.ops import fused_swiglu_grad as swiglu_op
from ascendops.ops import split as split_op
from ascendops.ops.embedding_dense_grad import TOLERANCE as EDG_TOLERANCE
from ascendops.ops.fused_gdn_decode import make_inputs

SOCS = ("ascend310p", "ascend910b", "ascend910_93")
GDN_SOCS = ("ascend910b", "ascend910_93")
GDN_ATOL, GDN_RTOL = 5e-2, 1e-2  # the operator's demo cases' tolerances (its test tolerance)
SPLIT_DTYPES = ("float16", "float32", "int8", "int32", "int64", "bfloat16", "bool")


@dataclass
class Draw:
    """One valid call: ``arrays`` in parameter order, ``args`` the rest; ``inplace`` names the array updated in place;
    ``golden(arrays, args)`` computes the expected result from dense copies; ``matches(result, expected)``."""

    op: str
    arrays: Dict[str, np.ndarray]
    args: Dict[str, Any]
    golden: Callable[[Dict[str, np.ndarray], Dict[str, Any]], Any]
    matches: Callable[[Any, Any], bool]
    inplace: Optional[str] = None


def _shape(rng, rank_max=3, dim_max=40):
    return tuple(int(d) for d in rng.integers(1, dim_max, int(rng.integers(1, rank_max + 1))))


# The dtype aliases as docs/cli.md states them (ACL's FLOAT is float32), written here apart from the package's table.
_DOC_ALIASES = {"fp16": "float16", "half": "float16", "fp32": "float32", "float": "float32", "bf16": ml_dtypes.bfloat16}


def _cast(rng) -> Draw:
    soc = str(rng.choice(SOCS))
    src, dst = cast_op.delivered_pairs(soc)[int(rng.integers(0, len(cast_op.delivered_pairs(soc))))]
    shape = _shape(rng)
    x = cast_op.sample(src, int(np.prod(shape)), int(rng.integers(0, 2**16))).reshape(shape)
    dtype = ml_dtypes.bfloat16 if dst == "bfloat16" else np.dtype(dst)
    return Draw(
        "cast",
        {"x": x},
        {"dtype": dtype, "soc": soc},
        lambda a, k: golden_cast.cast(a["x"], _DOC_ALIASES.get(k["dtype"], k["dtype"]), k["soc"]),
        lambda r, e: r.shape == e.shape and r.dtype == e.dtype and g.bit_mismatches(r, e) == 0,
    )


def _split_sections(rng, length):
    if rng.random() < 0.5:
        return int(rng.integers(1, length + 2))
    cuts = np.sort(rng.integers(0, length + 1, int(rng.integers(0, 4))))
    return [int(s) for s in np.diff(np.concatenate([[0], cuts, [length]]))]


def _split(rng) -> Draw:
    shape = _shape(rng)
    dim = int(rng.integers(-len(shape), len(shape)))
    x = split_op.sample(shape, str(rng.choice(SPLIT_DTYPES)), int(rng.integers(0, 2**16)))
    return Draw(
        "split",
        {"x": x},
        {"split_size_or_sections": _split_sections(rng, shape[dim]), "dim": dim, "soc": str(rng.choice(SOCS))},
        lambda a, k: golden_split.split(a["x"], k["split_size_or_sections"], k["dim"]),
        lambda r, e: len(r) == len(e) and all(p.shape == q.shape and p.tobytes() == q.tobytes() for p, q in zip(r, e)),
    )


def _edg(rng) -> Draw:
    n, dim, num_weights = int(rng.integers(1, 60)), int(rng.integers(1, 40)), int(rng.integers(1, 30))
    grad = rng.standard_normal((n, dim)).astype(np.float32)
    indices = rng.integers(-2, num_weights + 2, n).astype(str(rng.choice(["int32", "int64"])))
    return Draw(
        "embedding_dense_grad",
        {"grad": grad, "indices": indices},
        {
            "num_weights": num_weights,
            "padding_idx": int(rng.integers(-1, num_weights)),
            "scale_grad_by_freq": bool(rng.integers(0, 2)),
            "soc": str(rng.choice(SOCS)),
        },
        lambda a, k: golden_edg.embedding_dense_grad(
            a["grad"], a["indices"], k["num_weights"], k["padding_idx"], k["scale_grad_by_freq"]
        ),
        lambda r, e: r.shape == e.shape and g.mismatches(r, e, EDG_TOLERANCE, EDG_TOLERANCE) == 0,
    )


GDN_NAMES = ("mixed_qkv", "a", "b", "a_log", "dt_bias", "state", "ssm_state_indices")


def _gdn_golden(a, k):
    return golden_gdn.fused_gdn_decode(*(a[n] for n in GDN_NAMES), scale=k["scale"])


def _gdn_matches(result, expected_and_state):
    """result: (out, state after the call); expected: (out, new state) of the golden."""
    (out, state), (e_out, e_state) = result, expected_and_state
    close = lambda x, y: x.shape == y.shape and g.mismatches(x, y, GDN_ATOL, GDN_RTOL) == 0  # noqa: E731
    return close(out.astype(np.float32), e_out) and close(np.asarray(state).astype(np.float32), e_state)


def _gdn(rng) -> Draw:
    h = int(rng.integers(1, 3))
    b, hv, v = int(rng.integers(1, 4)), h * int(rng.integers(1, 3)), int(rng.choice([8, 16]))
    dtype = str(rng.choice(["float16", "bfloat16"]))
    state_dtype = str(rng.choice(["float32", dtype]))
    indices = rng.integers(-1, b + 2, b)  # slots <= 0 or >= BlockNum leave rows zero; repeats update in order
    arrays = make_inputs(b, h, hv, 64, v, dtype=dtype, state_dtype=state_dtype, indices=indices)
    return Draw(
        "fused_gdn_decode",
        dict(zip(GDN_NAMES, arrays)),
        {"scale": float(rng.choice([1.0, 0.125])), "soc": str(rng.choice(GDN_SOCS))},
        _gdn_golden,
        _gdn_matches,
        inplace="state",
    )


SWIGLU_NAMES = ("dy", "g", "fc", "x", "w_g", "w_fc")


def _swiglu_matches(result, expected):
    try:
        for name in swiglu_op.OUTPUTS:
            golden_swiglu.assert_close(np.asarray(getattr(result, name)), expected[name], name)
    except AssertionError:
        return False
    return True


def _swiglu(rng) -> Draw:
    m, k, n = (int(d) for d in rng.integers(1, 48, 3))
    arrays = swiglu_op.sample_all(m, k, n, int(rng.integers(0, 2**16)))
    return Draw(
        "fused_swiglu_grad",
        dict(zip(SWIGLU_NAMES, arrays)),
        {"soc": str(rng.choice(GDN_SOCS))},
        lambda a, kw: golden_swiglu.fused_swiglu_grad(*(a[name] for name in SWIGLU_NAMES)),
        _swiglu_matches,
    )


# Operator -> (draw, weight): the cheap operators drawn more often.
RECIPES = {
    "cast": (_cast, 4),
    "split": (_split, 3),
    "embedding_dense_grad": (_edg, 3),
    "fused_gdn_decode": (_gdn, 3),
    "fused_swiglu_grad": (_swiglu, 1),
}


def draw(rng) -> Draw:
    names = sorted(RECIPES)
    weights = np.array([RECIPES[n][1] for n in names], np.float64)
    return RECIPES[str(rng.choice(names, p=weights / weights.sum()))][0](rng)


NUMPY_CALLS = {
    "cast": lambda a, k: ascendops.cast(a["x"], **k),
    "split": lambda a, k: ascendops.split(a["x"], **k),
    "embedding_dense_grad": lambda a, k: ascendops.embedding_dense_grad(a["grad"], a["indices"], **k),
    "fused_gdn_decode": lambda a, k: (ascendops.fused_gdn_decode(*(a[n] for n in GDN_NAMES), **k), a["state"]),
    "fused_swiglu_grad": lambda a, k: ascendops.fused_swiglu_grad(*(a[n] for n in SWIGLU_NAMES), **k),
}
