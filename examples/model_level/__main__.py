"""``python -m examples.model_level [--short] [--wrong]``: the three model-level checks and their table.

Exit status 1 when a correct variant is outside its bound or a wrong variant inside it."""

import argparse
import sys
import time

import torch

import ascendops.torch as at

from . import clip, gdn_decode, swiglu_ffn
from ._common import DEVICE, as_expected, format_table


def rows(short, wrong):
    """Every Row: ours for each model; with ``wrong``, each deliberately wrong variant too."""
    steps = lambda module: module.SHORT_STEPS if short else module.FULL_STEPS
    pick = lambda variants: [v for v in variants if v == "ours" or (wrong and v.startswith("wrong"))]
    return [
        *(row for freq in (False, True) for row in clip.check(steps(clip), freq, pick(clip.EMBEDDINGS))),
        *swiglu_ffn.check(steps(swiglu_ffn), pick(swiglu_ffn.FFNS)),
        *gdn_decode.check(steps(gdn_decode), pick(gdn_decode.VARIANTS)),
    ]


def warm_up():
    """The process's first call of a torch.library op imports torch's compiler stack (4.4 s on this machine): paid
    here, so that the seconds column times the model runs alone."""
    at.cast(torch.zeros(8), torch.float16, **DEVICE)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m examples.model_level", description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="the suite's short runs")
    parser.add_argument("--wrong", action="store_true", help="also run the deliberately wrong variants")
    parser.add_argument(
        "--core-num", type=int, default=DEVICE["core_num"], help="cores our kernels run on (0: all of the SoC's)"
    )
    args = parser.parse_args(argv)
    DEVICE["core_num"] = args.core_num
    warm_up()
    start = time.perf_counter()
    table = rows(args.short, args.wrong)
    print(format_table(table))
    print(f"total {time.perf_counter() - start:.1f} s (seconds column: our run of each model alone)")
    return 0 if as_expected(table) else 1


if __name__ == "__main__":
    sys.exit(main())
