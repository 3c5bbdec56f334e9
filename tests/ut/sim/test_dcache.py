"""The per-core data cache of scalar GM accesses (sim/dcache.h): each rule has a kernel that breaks it (message
asserted) and the same kernel with the DataCacheCleanAndInvalid (or layout) it lacks (kernels/dcache_kernels.cpp)."""

import numpy as np
import pytest

(
    TWO_CORES_ONE_LINE,
    DMA_READS_DIRTY,
    DMA_WRITES_DIRTY,
    STALE_OWN_LOAD,
    STALE_CROSS_CORE,
    DCCI_DST_FORM,
    UNALIGNED_CLEAN,
    FLAG_HANDOFF,
    BYPASS_READS_DIRTY,
    BYPASS_HANDOFF,
) = range(1, 11)

LINE0 = r"the 64-byte GM line \[0, 64\) of device allocation #\d+"
CORE = r"kernel 'simtest_dcache' core \d/\d \(\w+\): "
LAUNCH = r"kernel 'simtest_dcache': "


def _y(**values):
    y = np.zeros(64, dtype=np.float16)
    for k, v in values.items():
        y[int(k[1:])] = v
    return y


# (scenario, socs, cores, message of the breaking kernel, y of the obeying kernel)
RULES = [
    (
        TWO_CORES_ONE_LINE,
        ["ascend910b", "ascend310p"],
        2,
        LAUNCH + r"data-cache race: cores 0 and 1 hold dirty bytes of " + LINE0 + r" between the same barriers",
        _y(i0=1, i32=2),
    ),
    (
        DMA_READS_DIRTY,
        ["ascend910b", "ascend310p"],
        1,
        CORE + r"DataCopy: reads " + LINE0 + r" whose scalar stores this core still holds in its data cache",
        _y(i0=3, i32=3),
    ),
    (
        DMA_WRITES_DIRTY,
        ["ascend910b", "ascend310p"],
        1,
        CORE + r"DataCopy: writes " + LINE0 + r" whose scalar stores this core still holds dirty",
        np.full(64, 2, np.float16),
    ),
    (
        STALE_OWN_LOAD,
        ["ascend910b", "ascend310p"],
        1,
        CORE + r"GlobalTensor::GetValue: loads from " + LINE0 + r" cached before this core's DataCopy rewrote it",
        np.full(64, 5, np.float16),
    ),
    (
        STALE_CROSS_CORE,
        ["ascend910b", "ascend310p"],
        2,
        LAUNCH
        + r"stale data cache: core 1 loads from "
        + LINE0
        + r" cached before core 0 DMA-wrote it behind a barrier",
        np.full(64, 7, np.float16),
    ),
    (
        DCCI_DST_FORM,
        ["ascend310p"],
        1,
        CORE + r"DataCacheCleanAndInvalid: the dcciDst form is not available on ascend310p",
        _y(i0=1),
    ),
    (
        UNALIGNED_CLEAN,
        ["ascend910b", "ascend310p"],
        1,
        CORE + r"DataCopy: reads " + LINE0 + r" whose scalar stores",
        _y(i0=3, i31=4, i32=3, i63=4),
    ),
    (
        FLAG_HANDOFF,
        ["ascend910b", "ascend310p"],
        2,
        LAUNCH
        + r"cross-core GM read-after-write race: core 0 reads bytes \[64, 128\) of device allocation #\d+ "
        + r"\(DataCopy at .*dcache_kernels\.cpp:\d+\) that core 1 writes",
        np.full(64, 9, np.float16),
    ),
    (
        BYPASS_READS_DIRTY,
        ["ascend910b", "ascend310p"],
        1,
        CORE + r"ReadGmByPassDCache: reads " + LINE0 + r" whose scalar stores this core still holds in its data cache",
        _y(i0=3, i32=3),
    ),
]
BREAK = [(r[0], soc, r[2], r[3]) for r in RULES for soc in r[1]]
OBEY = [(r[0], soc, r[2], r[4]) for r in RULES for soc in r[1]]


@pytest.mark.parametrize("scenario,soc,cores,message", BREAK, ids=[f"{c[0]}-{c[1]}" for c in BREAK])
def test_cache_rule_is_enforced(simtest, scenario, soc, cores, message):
    with pytest.raises(RuntimeError, match=message):
        simtest.run_dcache(scenario, obey=False, soc=soc, block_dim=cores)


@pytest.mark.parametrize("scenario,soc,cores,want", OBEY, ids=[f"{c[0]}-{c[1]}" for c in OBEY])
def test_kernel_with_the_clean_runs(simtest, scenario, soc, cores, want):
    np.testing.assert_array_equal(simtest.run_dcache(scenario, obey=True, soc=soc, block_dim=cores), want)


def test_dcci_dst_form_is_legal_on_a2(simtest):
    np.testing.assert_array_equal(simtest.run_dcache(DCCI_DST_FORM, obey=False, soc="ascend910b"), _y(i0=1))


def test_bypass_flag_hands_data_to_another_core(simtest):
    # ReadGmByPassDCache / WriteGmByPassDCache go to GM at once: core 1 polls core 0's flag, then reads its data.
    want = _y(i0=5, i33=5)
    want.view(np.uint16)[1] = 1
    np.testing.assert_array_equal(simtest.run_dcache(BYPASS_HANDOFF, obey=True, block_dim=2), want)
