"""The NumPy API as a careless user calls it: each case is a valid call (``_recipes``) with one thing broken or
bent - an input in another layout or byte order, the in-place state in one, an input aliasing the state, an array of
a foreign dtype kind, something that is not an array, an argument out of its range or of the wrong type, a shape
that does not fit."""

import numpy as np

from _judge import Case
from _layouts import Placed, READ_LAYOUTS
from _recipes import NUMPY_CALLS, draw

# Arrays of dtype kinds outside the package's table (always refused) and of table dtypes an operator may not take.
FOREIGN = {
    "structured": lambda a: np.zeros(a.shape, [("re", "f4"), ("im", "f4")]),
    "str": lambda a: np.asarray(a, np.float32).astype(str),
    "bytes": lambda a: np.zeros(a.shape, "S3"),
    "datetime": lambda a: np.zeros(a.shape, "datetime64[s]"),
    "object": lambda a: np.asarray(a, np.float32).astype(object),
    "complex": lambda a: np.asarray(a, np.float32).astype(np.complex64),
    "masked": lambda a: np.ma.masked_array(a, mask=np.zeros(a.shape, bool)),
}
OTHER_DTYPES = ("float64", "int16", "uint64", "bool", "uint8", "float16")
NOT_ARRAYS = {"None": None, "str": "1,2,3", "dict": {"a": 1}, "object": object(), "set": {1, 2}}
# Values users pass for the non-array arguments: each is taken or refused naming the argument.
BAD_VALUES = {
    "dtype": ["fp16", "bf16", "half", "float", "fp32", "fp64", "int4", "garbage", "", None, 3, 2.5, "Float16", np.int8],
    "split_size_or_sections": [0, -1, [], [0], [-1, 2], 1.5, "2", None, [1.5], True, 2**40],
    "dim": [5, -6, 1.5, None, "0", True, 2**63],
    "num_weights": [0, -1, 2**40, 1.5, True, "3", None],
    "padding_idx": [-5, 10**6, 1.5, None, "1"],
    "scale_grad_by_freq": ["yes", None, 2, 1.0],
    "scale": [float("nan"), float("inf"), "1", None, True],
    "soc": ["ascend999", "", 3, "ASCEND910B", "ascend910"],
    "core_num": [-1, 10**6, 1.5, "2", None, True, 2**63],
    "backend": ["gpu", "", 3, "SIM"],
}
# The aclnn spelling of a parameter where it is not the camelCase of the Python name (aclnn errors name those).
ALIASES = {
    "x": ("x", "self", "dtype pair"),
    "state": ("state", "stateRef"),
    "dtype": ("dtype", "out"),
    "split_size_or_sections": ("split_size_or_sections", "split_size", "splitSections"),
}


def _names(param):
    """The parameter's Python name, its aclnn name (camelCase, or ALIASES)."""
    camel = param.split("_")[0] + "".join(w.title() for w in param.split("_")[1:])
    return ALIASES.get(param, (param, camel))


def _dense(value):
    """A C-contiguous native copy of what the call receives (its values): the golden's input."""
    try:
        a = np.array(value, copy=True)
    except Exception:  # noqa: BLE001  (not array-like: no golden)
        return value
    return a.astype(a.dtype.newbyteorder("=")) if a.dtype.kind not in "OV" else a


def _case(d, kind, arrays, args, expect, names, watched, inplace=()):
    dense = {n: _dense(a) for n, a in arrays.items()}  # before the call: an aliased input is read before the write
    return Case(
        f"{d.op}: {kind}",
        lambda: NUMPY_CALLS[d.op](arrays, args),
        expect,
        names,
        (lambda: d.golden(dense, args)) if expect != "reject" else None,
        d.matches,
        list(watched),
        list(inplace),
    )


def _read_only_inputs(d, rng):
    placed = {n: Placed(a, str(rng.choice(READ_LAYOUTS)), int(rng.integers(0, 2**16))) for n, a in d.arrays.items()}
    placed = {n: p for n, p in placed.items() if n != d.inplace}
    arrays = {**d.arrays, **{n: p.view for n, p in placed.items()}}
    kinds = ",".join(sorted({p.name for p in placed.values()}))
    inplace = [d.arrays[d.inplace]] if d.inplace else []
    return _case(d, f"inputs {kinds}", arrays, d.args, "accept", (), [p.owner for p in placed.values()], inplace)


def _state_layout(d, rng):
    p = Placed(d.arrays["state"], str(rng.choice(READ_LAYOUTS)), int(rng.integers(0, 2**16)), bool(rng.random() < 0.2))
    v = p.view
    takes = v.flags.c_contiguous and v.flags.writeable and v.dtype.isnative
    arrays = {**d.arrays, "state": v}
    expect = "accept" if takes else "reject"
    return _case(d, f"state {p.name}", arrays, d.args, expect, ("state",), [], [p.owner])


def _alias(d, rng):
    """An input read from the state's own memory (the same dtype): read before the state is written."""
    state = d.arrays["state"]
    flat = state.reshape(-1)
    candidates = [n for n in ("a", "b", "dt_bias") if d.arrays[n].dtype == state.dtype]
    if not candidates:
        return _read_only_inputs(d, rng)
    name = str(rng.choice(candidates))
    size = d.arrays[name].size
    start = int(rng.integers(0, flat.size - size + 1))
    view = flat[start : start + size].reshape(d.arrays[name].shape)
    return _case(d, f"{name} aliases state", {**d.arrays, name: view}, d.args, "accept", (), [], [state])


def _foreign(d, rng):
    name = str(rng.choice(sorted(d.arrays)))
    kind = str(rng.choice(sorted(FOREIGN) + list(OTHER_DTYPES)))
    a = d.arrays[name]
    with np.errstate(all="ignore"):
        value = FOREIGN[kind](a) if kind in FOREIGN else np.asarray(a, np.float32).astype(kind)
    expect = "reject" if kind in FOREIGN else "either"
    watched = [value] if isinstance(value, np.ndarray) and value.dtype != object else []
    return _case(d, f"{name} {kind}", {**d.arrays, name: value}, d.args, expect, _names(name), watched)


def _not_an_array(d, rng):
    name = str(rng.choice(sorted(d.arrays)))
    kind = str(rng.choice(sorted(NOT_ARRAYS) + ["list"]))
    value = d.arrays[name].tolist() if kind == "list" else NOT_ARRAYS[kind]
    expect = "reject" if kind != "list" or name == d.inplace else "either"
    return _case(d, f"{name} as {kind}", {**d.arrays, name: value}, d.args, expect, _names(name), [])


def _bad_value(d, rng):
    params = [p for p in BAD_VALUES if p in d.args or p in ("core_num", "backend")]
    param = str(rng.choice(params))
    values = BAD_VALUES[param]
    value = values[int(rng.integers(0, len(values)))]
    if param == "soc" and d.op == "fused_gdn_decode" and rng.random() < 0.5:
        value = "ascend310p"  # a SoC the operator does not run on
    args = {**d.args, param: value}
    inplace = [d.arrays[d.inplace]] if d.inplace else []
    return _case(d, f"{param}={value!r}", d.arrays, args, "either", _names(param), list(d.arrays.values()), inplace)


def _bad_shape(d, rng):
    """One input with a dim dropped, added, shrunk to 0 or grown by one."""
    name = str(rng.choice(sorted(d.arrays)))
    a = d.arrays[name]
    how = str(rng.choice(["drop", "add", "zero", "grow"]))
    if how == "drop" and a.ndim > 0:
        value = a.reshape(a.shape[:-2] + (-1,)) if a.ndim > 1 else a[0]
    elif how == "add":
        value = a[None]
    elif how == "zero" and a.ndim > 0:
        value = a[..., :0]
    else:
        value = np.concatenate([a, a[..., :1]], axis=-1) if a.ndim > 0 else a[None]
    names = tuple(n for a in d.arrays for n in _names(a)) + ("self", "out", "shape", "rank", "dim")
    inplace = [d.arrays[d.inplace]] if d.inplace and name != d.inplace else []
    watched = [v for n, v in d.arrays.items() if n != d.inplace] + [value]
    return _case(d, f"{name} {how}", {**d.arrays, name: value}, d.args, "either", names, watched, inplace)


KINDS = {
    "layout": _read_only_inputs,
    "state": _state_layout,
    "alias": _alias,
    "foreign dtype": _foreign,
    "not an array": _not_an_array,
    "bad value": _bad_value,
    "bad shape": _bad_shape,
}


def case(seed: int, index: int) -> Case:
    rng = np.random.default_rng([seed, index])
    d = draw(rng)
    kinds = [k for k in KINDS if k not in ("state", "alias") or d.inplace]
    return KINDS[str(rng.choice(kinds))](d, rng)
