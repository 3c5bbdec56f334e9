"""Model-level checks on the CPU twin: three small models whose backward (or decode step) is one of our kernels,
each compared with torch's own path against a bound measured from run-to-run noise (``_common``).

- ``clip``: a CLIP-like contrastive model; word-embedding backward = EmbeddingDenseGrad (padding_idx, and
  scale_grad_by_freq).
- ``swiglu_ffn``: a LLaMA-style SwiGLU FFN block trained in BF16; FFN backward = FusedSwigluGrad.
- ``gdn_decode``: a gated-delta-net decode loop; each step = FusedGdnDecode, against a float64 recurrence.

Run all three and print the table: ``python -m examples.model_level`` from the repository root (``--short`` for
the suite's step counts, ``--wrong`` to add the deliberately wrong variants). Needs ``pip install '.[torch]'``.
"""
