"""The model-level checks (examples/model_level), short: each model trained or decoded a few dozen steps with our
kernel stays within the bound measured from its reference path's run-to-run noise, and every deliberately wrong
variant lands outside it (the embedding gradient times 1.01 or its padding row not zeroed; the SwiGLU gradients
times 1.05 or SiLU' with a sign flipped; the GDN gate 1 % off): the bound is tight enough to catch a wrong
derivative."""

import importlib.util
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install '.[torch]' for the torch front)")

PACKAGE = Path(__file__).resolve().parents[2] / "examples" / "model_level"


def load_examples():
    """examples/model_level as the package ``model_level`` (the examples folder is not installed)."""
    if "model_level" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "model_level", PACKAGE / "__init__.py", submodule_search_locations=[str(PACKAGE)]
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules["model_level"] = module
        spec.loader.exec_module(module)
    return importlib.import_module("model_level.__main__")


def assert_verdicts(rows, wrong_variants):
    """Ours within the bound in every row; each wrong variant outside it in at least one row."""
    ours = [r for r in rows if "[wrong" not in r.model]
    assert ours and all(r.ok for r in ours), [(r.model, r.metric, r.difference, r.bound) for r in ours]
    for variant in wrong_variants:
        caught = [r for r in rows if f"[{variant}]" in r.model and not r.ok]
        assert caught, (variant, [(r.model, r.metric, r.difference, r.bound) for r in rows])
    for r in rows:
        assert 0 < r.noise < r.bound, (r.model, r.noise, r.bound)
    common = sys.modules[load_examples().format_table.__module__]
    assert common.as_expected(rows)


@pytest.mark.parametrize("freq", [False, True], ids=["padding_idx", "scale_grad_by_freq"])
def test_clip_like_embedding_backward(freq):
    clip = load_examples().clip
    variants = list(clip.EMBEDDINGS)[1:]
    assert_verdicts(clip.check(clip.SHORT_STEPS, freq, variants), variants[1:])


def test_llama_swiglu_ffn_in_bf16():
    ffn = load_examples().swiglu_ffn
    variants = list(ffn.FFNS)[1:]
    assert_verdicts(ffn.check(ffn.SHORT_STEPS, variants), variants[1:])


def test_gdn_decode_loop_against_float64():
    gdn = load_examples().gdn_decode
    rows = gdn.check(gdn.SHORT_STEPS, list(gdn.VARIANTS))
    assert_verdicts(rows, list(gdn.VARIANTS)[1:])
    wrong_state = next(r for r in rows if "[wrong" in r.model and "state" in r.metric)
    assert not wrong_state.ok  # the state, the loop's memory, is what catches a wrong gate


def test_the_float64_recurrence_leaves_the_null_slot_and_its_row_alone():
    gdn = load_examples().gdn_decode
    inputs = gdn.make_inputs(3)
    states, outs = gdn.recurrence(inputs)
    null_row = gdn.SLOTS.index(0)
    assert not outs[:, null_row].any()
    assert (states[:, 0] == inputs[3][0].double().numpy()).all()
    assert (states[-1, 1:] != inputs[3][1:].double().numpy()).all()


def test_the_table_lists_every_row_with_its_verdict():
    common = sys.modules[load_examples().format_table.__module__]
    rows = [
        common.Row("m", 3, "metric", 2e-7, 1e-7, 4e-7, 0.5),
        common.Row("m [wrong: x]", 3, "metric", 1e-3, 1e-7, 4e-7, 0.5),
    ]
    header, rule, *lines = common.format_table(rows).splitlines()
    assert [c.strip() for c in header.split("|")[1:-1]] == list(common.COLUMNS)
    assert [[c.strip() for c in line.split("|")[1:-1]] for line in lines] == [
        ["m", "3", "metric", "2e-07", "1e-07", "4e-07", "ok", "0.5"],
        ["m [wrong: x]", "3", "metric", "0.001", "1e-07", "4e-07", "FAIL", "0.5"],
    ]
