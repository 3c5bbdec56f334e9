"""(a) A tiny CLIP-like contrastive model whose word-embedding backward is EmbeddingDenseGrad.

Data (made here, seeded): CONCEPTS concepts, each an "image" prototype (a feature vector) and a handful of words of
its own. A pair is the prototype plus noise and a caption of 4..CAPTION words, most drawn from the concept's words,
padded with PAD to CAPTION. Text tower: word embeddings (padding_idx PAD; the pad row starts at zero and only stays
there if its gradient is zeroed) averaged over all CAPTION positions, then a projection; image tower: a projection;
the loss is CLIP's symmetric cross-entropy over the batch's cosine similarities. Plain SGD, so a gradient off by a
factor moves the loss (Adam would divide it out).

The check trains the same model from the same start on the same data with the word-embedding backward from
torch (``torch.nn.functional.embedding``) and from our kernel (``ascendops.torch.embedding``) and compares the loss
curves. Noise runs: the torch path with the batch rows and the caption positions shuffled each step (the loss is
invariant; every sum over the batch and over positions, the embedding scatter-add included, changes order).
"""

import torch
import torch.nn.functional as F

import ascendops.torch as at

from ._common import (
    DEVICE,
    NOISE_RUNS,
    one_torch_thread,
    Row,
    max_curve_difference,
    measure_bound,
    scale_grad,
    sgd_step,
    timed,
)

__all__ = ["EMBEDDINGS", "FULL_STEPS", "SHORT_STEPS", "check", "train"]

VOCAB, DIM, EMBED, FEATURES = 96, 32, 24, 20
CONCEPTS, WORDS_PER_CONCEPT, CAPTION, BATCH = 16, 5, 12, 32
PAD = 0
LR, TEMPERATURE = 2.0, 0.1
FULL_STEPS, SHORT_STEPS = 200, 25


def make_batches(steps, seed=0):
    """``steps`` (images [BATCH, FEATURES], captions [BATCH, CAPTION] int64) pairs, deterministic for a seed."""
    gen = torch.Generator().manual_seed(seed)
    prototypes = torch.randn(CONCEPTS, FEATURES, generator=gen)
    batches = []
    for _ in range(steps):
        concepts = torch.randint(CONCEPTS, (BATCH,), generator=gen)
        images = prototypes[concepts] + 0.5 * torch.randn(BATCH, FEATURES, generator=gen)
        own = (
            1
            + concepts[:, None] * WORDS_PER_CONCEPT
            + torch.randint(WORDS_PER_CONCEPT, (BATCH, CAPTION), generator=gen)
        )
        other = torch.randint(1, VOCAB, (BATCH, CAPTION), generator=gen)
        words = torch.where(torch.rand(BATCH, CAPTION, generator=gen) < 0.7, own, other)
        lengths = torch.randint(4, CAPTION + 1, (BATCH, 1), generator=gen)
        captions = torch.where(torch.arange(CAPTION)[None, :] < lengths, words, PAD)
        batches.append((images, captions))
    return batches


def init_params(seed=1):
    gen = torch.Generator().manual_seed(seed)
    words = torch.randn(VOCAB, DIM, generator=gen) * 0.5
    words[PAD] = 0.0  # as torch.nn.Embedding(padding_idx=PAD) starts
    text = torch.randn(DIM, EMBED, generator=gen) / DIM**0.5
    image = torch.randn(FEATURES, EMBED, generator=gen) / FEATURES**0.5
    return [words, text, image]


def loss_of(params, images, captions, embed, freq):
    words, text, image = params
    tokens = embed(captions, words, freq)  # [BATCH, CAPTION, DIM]
    text_features = F.normalize(tokens.mean(1) @ text, dim=-1)  # pads count: their row must stay zero
    image_features = F.normalize(images @ image, dim=-1)
    logits = text_features @ image_features.T / TEMPERATURE
    labels = torch.arange(len(logits))
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2


def torch_embedding(captions, words, freq):
    return F.embedding(captions, words, padding_idx=PAD, scale_grad_by_freq=freq)


def our_embedding(captions, words, freq):
    return at.embedding(captions, words, padding_idx=PAD, scale_grad_by_freq=freq, **DEVICE)


def wrong_scaled_embedding(captions, words, freq):
    """Ours with the weight gradient times 1.01."""
    return our_embedding(captions, scale_grad(words, 1.01), freq)


def wrong_padding_embedding(captions, words, freq):
    """Ours without padding_idx: the pad row's gradient is not zeroed."""
    return at.embedding(captions, words, scale_grad_by_freq=freq, **DEVICE)


EMBEDDINGS = {
    "torch": torch_embedding,
    "ours": our_embedding,
    "wrong: grad x 1.01": wrong_scaled_embedding,
    "wrong: pad row not zeroed": wrong_padding_embedding,
}


def train(embed, steps, freq, order_seed=None):
    """The loss of each SGD step. ``order_seed``: shuffle the batch rows and caption positions each step."""
    params = [p.requires_grad_() for p in init_params()]
    shuffle = None if order_seed is None else torch.Generator().manual_seed(order_seed)
    losses = []
    for images, captions in make_batches(steps):
        if shuffle is not None:
            rows = torch.randperm(BATCH, generator=shuffle)
            images, captions = images[rows], captions[rows][:, torch.randperm(CAPTION, generator=shuffle)]
        losses.append(sgd_step(loss_of(params, images, captions, embed, freq), params, LR))
    return losses


@one_torch_thread()
def check(steps=FULL_STEPS, freq=False, variants=("ours",)):
    """One Row per variant: max |loss(variant) - loss(torch)| over the steps, against the bound from the noise
    runs (measured once for all variants)."""
    reference = train(torch_embedding, steps, freq)
    noise, bound = measure_bound(
        [max_curve_difference(train(torch_embedding, steps, freq, seed), reference) for seed in range(NOISE_RUNS)]
    )
    rows = []
    for variant in variants:
        losses, seconds = timed(train, EMBEDDINGS[variant], steps, freq)
        name = "CLIP-like, padding_idx" + (" + scale_grad_by_freq" if freq else "")
        name += "" if variant == "ours" else f" [{variant}]"
        difference = max_curve_difference(losses, reference)
        rows.append(Row(name, steps, "max |loss diff|", difference, noise, bound, seconds))
    return rows
