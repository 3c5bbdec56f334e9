"""The torch front (CPU tensors) as a careless user calls it: the NumPy front's valid calls (``_recipes``) as
tensors, with one thing bent - inputs in the layouts the torch fuzz draws (strided, transposed, expanded, offset,
requiring grad), a state that is not contiguous, an input sharing the state's storage, a tensor of a dtype the
operator does not take, something that is not a tensor, an argument out of range. Besides TypeError / ValueError /
AclnnError, the dispatcher's RuntimeError naming the argument is a clean refusal (torch's own convention)."""

import numpy as np
import torch

import ascendops.torch as at
from ascendops import AclnnError
from ascendops.torch._convert import from_numpy, to_numpy
from _judge import Case
from _layouts import torch_layouts
from _recipes import GDN_NAMES, SWIGLU_NAMES, draw
from front_numpy import BAD_VALUES, _dense, _names

LAYOUTS = torch_layouts()
CLEAN = (TypeError, ValueError, AclnnError, RuntimeError)
FOREIGN = (torch.complex64, torch.float64, torch.int16, torch.bool, torch.uint8, torch.float16)
NOT_TENSORS = {"ndarray": lambda a: a, "list": lambda a: a.tolist(), "None": lambda a: None, "str": lambda a: "1"}


def _torch_dtype(dtype):
    """A dtype argument as torch spells it (a torch dtype stays as it is)."""
    return dtype if isinstance(dtype, torch.dtype) else from_numpy(np.zeros(0, dtype)).dtype


def _numpy(result):
    if isinstance(result, torch.Tensor):
        return to_numpy(result.detach())
    if isinstance(result, tuple) and hasattr(result, "_fields"):
        return type(result)(*(_numpy(r) for r in result))
    return [_numpy(r) for r in result]


CALLS = {
    "cast": lambda t, k: at.cast(
        t["x"],
        _torch_dtype(k["dtype"]) if not isinstance(k["dtype"], (str, int, float, type(None))) else k["dtype"],
        soc=k["soc"],
        core_num=k.get("core_num", 0),
    ),
    "split": lambda t, k: at.split(
        t["x"], k["split_size_or_sections"], k["dim"], soc=k["soc"], core_num=k.get("core_num", 0)
    ),
    "embedding_dense_grad": lambda t, k: at.embedding_dense_grad(
        t["grad"],
        t["indices"],
        k["num_weights"],
        k["padding_idx"],
        k["scale_grad_by_freq"],
        soc=k["soc"],
        core_num=k.get("core_num", 0),
    ),
    "fused_gdn_decode": lambda t, k: (
        at.fused_gdn_decode(*(t[n] for n in GDN_NAMES), scale=k["scale"], soc=k["soc"], core_num=k.get("core_num", 0)),
        t["state"],
    ),
    "fused_swiglu_grad": lambda t, k: at.fused_swiglu_grad(
        *(t[n] for n in SWIGLU_NAMES), soc=k["soc"], core_num=k.get("core_num", 0)
    ),
}


def _host(value):
    """What the golden reads: a tensor's values as NumPy (a dtype NumPy lacks: the tensor, no golden)."""
    try:
        return _dense(to_numpy(value.detach()))
    except (TypeError, AttributeError):
        return value


def _case(d, kind, tensors, args, expect, names, watched, inplace=()):
    dense = {n: _host(t) for n, t in tensors.items()}
    return Case(
        f"{d.op}: {kind}",
        lambda: _numpy(CALLS[d.op](tensors, args)),
        expect,
        names + tuple(f"'{n}'" for n in names),
        (lambda: d.golden(dense, args)) if expect != "reject" else None,
        d.matches,
        list(watched),
        list(inplace),
        CLEAN,
    )


def _tensors(d):
    return {n: from_numpy(np.ascontiguousarray(a)) for n, a in d.arrays.items()}


def _layout(d, rng):
    tensors = _tensors(d)
    g = torch.Generator().manual_seed(int(rng.integers(0, 2**16)))
    names = sorted(LAYOUTS)
    laid = {n: LAYOUTS[str(rng.choice(names))](t, g) for n, t in tensors.items() if n != d.inplace}
    tensors.update(laid)
    inplace = [tensors[d.inplace]] if d.inplace else []
    return _case(d, "inputs laid out", tensors, d.args, "accept", (), list(laid.values()), inplace)


def _state(d, rng):
    tensors = _tensors(d)
    layout = str(rng.choice(sorted(LAYOUTS)))
    state = LAYOUTS[layout](tensors["state"], torch.Generator().manual_seed(int(rng.integers(0, 2**16))))
    tensors["state"] = state
    expect = "accept" if state.is_contiguous() and not state.requires_grad else "either"
    expect = "reject" if not state.is_contiguous() else expect
    return _case(d, f"state {layout}", tensors, d.args, expect, ("state",), [], [state])


def _alias(d, rng):
    tensors = _tensors(d)
    state = tensors["state"]
    candidates = [n for n in ("a", "b", "dt_bias") if tensors[n].dtype == state.dtype]
    if not candidates:
        return _layout(d, rng)
    name = str(rng.choice(candidates))
    n = tensors[name].numel()
    start = int(rng.integers(0, state.numel() - n + 1))
    tensors[name] = state.view(-1)[start : start + n].view(tensors[name].shape)
    return _case(d, f"{name} aliases state", tensors, d.args, "accept", (), [], [state])


def _foreign(d, rng):
    tensors = _tensors(d)
    name = str(rng.choice(sorted(tensors)))
    dtype = FOREIGN[int(rng.integers(0, len(FOREIGN)))]
    tensors[name] = tensors[name].to(torch.float32).to(dtype)
    expect = "reject" if dtype == torch.complex64 else "either"
    inplace = [tensors[d.inplace]] if d.inplace and name != d.inplace else []
    return _case(d, f"{name} {dtype}", tensors, d.args, expect, _names(name), [tensors[name]], inplace)


def _not_a_tensor(d, rng):
    tensors = _tensors(d)
    name = str(rng.choice(sorted(tensors)))
    kind = str(rng.choice(sorted(NOT_TENSORS)))
    tensors[name] = NOT_TENSORS[kind](d.arrays[name])
    return _case(d, f"{name} as {kind}", tensors, d.args, "reject", _names(name), [])


def _bad_value(d, rng):
    tensors = _tensors(d)
    params = [p for p in BAD_VALUES if p in d.args or p == "core_num"]
    param = str(rng.choice(params))
    value = BAD_VALUES[param][int(rng.integers(0, len(BAD_VALUES[param])))]
    if param == "dtype" and rng.random() < 0.5:
        value = [torch.complex64, torch.float64, torch.int16, torch.uint64][int(rng.integers(0, 4))]
    args = {**d.args, param: value}
    inplace = [tensors[d.inplace]] if d.inplace else []
    watched = [t for n, t in tensors.items() if n != d.inplace]
    return _case(d, f"{param}={value!r}", tensors, args, "either", _names(param), watched, inplace)


KINDS = {
    "layout": _layout,
    "state": _state,
    "alias": _alias,
    "foreign dtype": _foreign,
    "not a tensor": _not_a_tensor,
    "bad value": _bad_value,
}


def case(seed: int, index: int) -> Case:
    rng = np.random.default_rng([seed, index, 2])
    d = draw(rng)
    kinds = [k for k in KINDS if k not in ("state", "alias") or d.inplace]
    return KINDS[str(rng.choice(kinds))](d, rng)
