"""The public Python API keeps its promises: type hints on every public function (and py.typed), one default SoC
for every operator, the named tuple of fused_swiglu_grad, fused_gdn_decode_'s in-place name, and a CLI with one
option syntax and one tiling printout for every operator."""

import importlib
import inspect
import pathlib

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import _C, cli
from ascendops.ops import OPERATORS

# The public modules whose public functions carry type hints (every name in their __all__ that is a function).
TYPED_MODULES = [
    "ascendops",
    "ascendops.tiling",
    "ascendops.socs",
    "ascendops.demo",
    "ascendops.cli",
    "ascendops._args",
    *(f"ascendops.ops.{op}" for op in OPERATORS),
]


def public_functions():
    for name in TYPED_MODULES:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", []):
            value = getattr(module, attr)
            if inspect.isfunction(value):
                yield pytest.param(value, id=f"{name}.{attr}")


@pytest.mark.parametrize("function", list(public_functions()))
def test_public_functions_are_annotated(function):
    signature = inspect.signature(function)
    missing = [p.name for p in signature.parameters.values() if p.annotation is inspect.Parameter.empty]
    assert not missing and signature.return_annotation is not inspect.Signature.empty, missing


def test_the_package_says_it_is_typed():
    assert (pathlib.Path(ascendops.__file__).parent / "py.typed").is_file()


def test_one_default_soc_for_every_operator():
    assert ascendops.DEFAULT_SOC == "ascend910b"
    for name, module in OPERATORS.items():
        assert "soc" in inspect.signature(module.tiling).parameters, name
        assert inspect.signature(module.tiling).parameters["soc"].default is None, name
        user = getattr(ascendops, name if name != "split" else "split")
        assert inspect.signature(user).parameters["soc"].default is None, name
    ascendops.cast(np.zeros(4096, np.float32), np.float16)
    assert (
        _C.last_launch_report()["block_dim"]
        == ascendops.tiling.cast((4096,), "float32", "float16", soc="ascend910b")["block_dim"]
    )


def _swiglu_inputs(m=32, k=16, n=24):
    rng = np.random.default_rng(3)
    draw = lambda *shape: rng.standard_normal(shape).astype(ml_dtypes.bfloat16)  # noqa: E731
    return draw(m, n), draw(m, n), draw(m, n), draw(m, k), draw(k, n), draw(k, n)


def test_fused_swiglu_grad_returns_a_named_tuple():
    result = ascendops.fused_swiglu_grad(*_swiglu_inputs())
    assert isinstance(result, ascendops.FusedSwigluGradResult) and isinstance(result, tuple)
    assert result._fields == ("dx", "dw_g", "dw_fc", "db_g", "db_fc")
    assert result.dx is result[0] is result["dx"] and result.dx.shape == (32, 16)
    assert [name for name, _ in result.items()] == list(result._fields)
    dx, dw_g, dw_fc, db_g, db_fc = result
    assert (dw_g.shape, db_fc.shape) == ((16, 24), (1, 24))


def test_fused_gdn_decode_has_its_in_place_name():
    from ascendops.ops.fused_gdn_decode import make_inputs

    assert ascendops.fused_gdn_decode_ is ascendops.fused_gdn_decode
    inputs = make_inputs(2, 1, 2, 64, 8, dtype=ml_dtypes.bfloat16, state_dtype=np.float32)
    state = inputs[5]
    before = state.copy()
    ascendops.fused_gdn_decode_(*inputs)
    assert not np.array_equal(state, before)


@pytest.mark.parametrize(
    "alias, name",
    [
        ("bf16", "bfloat16"),
        ("fp16", "float16"),
        ("half", "float16"),
        ("fp32", "float32"),
        ("float", "float32"),
        ("FP32", "float32"),
    ],
)
def test_dtype_aliases(capsys, alias, name):
    assert cli.main(["tiling", "cast", "--shape", "1024", "--src", alias, "--dst", "int8"]) == 0
    expected = ascendops.tiling.cast((1024,), name, "int8")
    out = capsys.readouterr().out
    assert f"tiling_key: {expected['tiling_key']}" in out


OP_ARGS = {
    "cast": ["--shape", "1024,1000", "--src", "fp32", "--dst", "fp16"],
    "embedding_dense_grad": ["--shape", "4096,128", "--num-weights", "1000"],
    "fused_gdn_decode": [],
    "fused_swiglu_grad": ["--shape", "256,64,128"],
    "split": ["--shape", "8,1000", "--split", "300,0,700", "--dim", "-1"],
}


def _groups(lines, kernels):
    """{kernel: field names} of a tiling printout: one group (kernel None) or one per kernel (``b:`` and the lines
    indented under it); a nested table (a field whose value is a dict) counts as one field."""
    groups, kernel, indent = {}, None, 0
    for line in lines:
        if line[:-1] in kernels and line.endswith(":"):
            kernel, indent = line[:-1], 2
        elif len(line) - len(line.lstrip()) == indent:
            groups.setdefault(kernel, []).append(line.split(":")[0].strip())
    return groups


@pytest.mark.parametrize("op", list(OPERATORS))
def test_one_tiling_printout_for_every_operator(capsys, op):
    assert cli.main(["tiling", op, *OP_ARGS[op], "--soc", "ascend910b", "--soc", "ascend910_93"]) == 0
    blocks = capsys.readouterr().out.split("\n\n")
    assert len(blocks) == 2
    for block, soc in zip(blocks, ("ascend910b", "ascend910_93")):
        lines = block.splitlines()
        assert lines[:2] == [f"op: {op}", f"soc: {soc}"]
        groups = _groups(lines[2:], ("b", "w", "x") if op == "fused_swiglu_grad" else ())
        assert list(groups) == (["b", "w", "x"] if op == "fused_swiglu_grad" else [None])
        for names in groups.values():
            head = [n for n in cli.TILING_HEAD if n in names]
            assert head[:3] == ["key", "tiling_key", "block_dim"] and names[: len(head)] == head, names


def test_split_quick_labels_say_what_ran(capsys):
    assert cli.main(["bench", "split", "--quick", "--soc", "ascend910b"]) == 0
    out = capsys.readouterr().out
    assert "4MB float16 rows of 4096 B -> 8 pieces of 512 B" in out and "64MB" not in out


def test_bench_rows_say_the_soc_they_ran_on(capsys):
    assert (
        cli.main(["bench", "cast", "--n", "4096", "--pairs", "fp32:fp16", "--soc", "ascend310p", "--soc", "ascend910b"])
        == 0
    )
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:4]]
    assert [r[0] for r in rows] == ["ascend310p", "ascend910b"] and all(r[1] == "float32->float16" for r in rows)


def test_soc_prints_both_core_counts(capsys):
    assert cli.main(["soc"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["name", "product", "vector_kernel_cores", "mix_vector_cores"]
    row = next(line.split() for line in lines if line.startswith("ascend310p "))
    assert "8" in row and "7" in row


def _parsers():
    from ascendops import bench

    yield "ascendops", cli.build_parser()
    for target in bench.targets():
        yield f"bench {target}", cli.build_parser(bench.load(target))


@pytest.mark.parametrize("name, parser", list(_parsers()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_option_has_help(name, parser):
    import argparse

    def walk(p):
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    yield from walk(sub)
            elif action.option_strings:
                yield p.prog, action

    missing = [f"{prog} {a.option_strings[0]}" for prog, a in walk(parser) if not a.help]
    assert missing == []
