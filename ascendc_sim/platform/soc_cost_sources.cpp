#include "ascendc_sim/platform/soc_cost_sources.h"

namespace ascendc_sim {
inline namespace platform {

namespace {
constexpr Evidence P = Evidence::kPlatformConfig, V = Evidence::kVerified, D = Evidence::kDerived,
                   A = Evidence::kAssumed;
// The published A2 measurements: asc-devkit examples/01_simd_cpp_api/05_best_practices/00_vector_compute/
// add_high_performance/README.md (msprof, half Add of two 8192 x 8192 inputs, cases 0-6).
#define ADD_README "asc-devkit add_high_performance README"
// asc-devkit examples/01_simd_cpp_api/05_best_practices/04_memory_access/data_copy/README.md (msprof, read-only copies
// of a 12288 x 12288 half matrix on 48 AIV, scenarios 1-8).
#define COPY_README "asc-devkit data_copy README"
// CANN 8.1.RC1 platform configs (data/platform_config): the A2 / A3 rows' variant (Ascend910_9391.ini has the same
// values) and the 310P row's.
#define B1_INI "Ascend910B1.ini "
#define P3_INI "Ascend310P3.ini "
}  // namespace

const CostParamSource kCostParamSources[25] = {
    {&SocCostParams::freqMHz, "freq_mhz", "MHz", P,
     B1_INI "[AICoreSpec] cube_freq=1850, the Add README's clock (Ascend910B2.ini: 1800)", P,
     P3_INI "[AICoreSpec] cube_freq=1060 (Vector Cores: [VectorCoreSpec] vec_freq=1000)"},
    {&SocCostParams::gmToUbBytesPerCycle, "gm_to_ub", "B/cycle/core", P,
     B1_INI "[AICoreMemoryRates] ddr_read_rate=32; " ADD_README " case 1: 8 KB in 350 cycles - 88 latency = 31", P,
     P3_INI "[AICoreMemoryRates] ddr_read_rate=17 (Vector Cores: [VectorCoreMemoryRates] ddr_read_rate=9)"},
    {&SocCostParams::ubToGmBytesPerCycle, "ub_to_gm", "B/cycle/core", P,
     B1_INI "[AICoreMemoryRates] ub_to_ddr_rate=64 (" ADD_README " case 1 writes 8 KB in 295 cycles: 28 B/cycle)", P,
     P3_INI "[AICoreMemoryRates] ub_to_ddr_rate=17 (Vector Cores: [VectorCoreMemoryRates] ub_to_ddr_rate=9)"},
    {&SocCostParams::vecCyclesPerRepeat, "vec_repeat", "cycles", P,
     B1_INI "[AICoreSpec] vec_calc_size=128 (half per cycle: a 256-byte repeat per cycle); " ADD_README
            " case 6 measures 1.0 cycle per conflict-free repeat",
     P, P3_INI "[AICoreSpec] vec_calc_size=128"},
    {&SocCostParams::vecIssueCycles, "vec_issue", "cycles", D,
     ADD_README " cases 1-3: vec time = 22 cycles per instruction + 2.0 per (conflicting) repeat", A, "as A2"},
    {&SocCostParams::scalarGmAccessCycles, "scalar_gm", "cycles", A, "a cache-missing load; no public figure", A,
     "as A2"},
    {&SocCostParams::barrierCycles, "barrier", "cycles", A, "SyncAll round trip; no public figure", A, "as A2"},
    {&SocCostParams::memBandwidthGBps, "mem_nominal", "GB/s", V,
     "CANN guides 1.6 TB/s (the Add README says ~1.8); nominal roofline", V,
     "204.8 GB/s LPDDR4X (Atlas 300I Duo 408 GB/s over two chips)"},
    {&SocCostParams::launchOverheadUs, "launch", "us", D,
     ADD_README " case 1 (1 AIV): Task Duration - aiv_time = 0.46 us (the launch term of one block)", A, "as A2"},
    {&SocCostParams::copyLatencyCycles, "copy_latency", "cycles", D,
     ADD_README " case 1 (1 AIV, x and y read back to back, then Add): 780 cycles per tile = 2 x (issue + 256) + "
                "latency + vec",
     A, "as A2"},
    {&SocCostParams::unalignedGmFactor, "unaligned_gm", "x rate", V,
     "best practice 搬运优化: 32-byte- vs 512-byte-aligned GM, worst case ~70% bandwidth (A2), on the first and last "
     "burst of each row; " COPY_README " scenario 4 (rows of 2046 B) checks it",
     A, "not documented for 310P: no penalty"},
    {&SocCostParams::scalarUbAccessCycles, "scalar_ub", "cycles", D,
     ADD_README " case 0: 34 cycles per element for 2 GetValue + 1 SetValue", A, "as A2"},
    {&SocCostParams::memAchievableGBps, "mem_achievable", "GB/s", D,
     COPY_README " scenario 3 (64 x 2 KB per copy): 302 MB in aiv_mte2_time 202.66 us = 1.49 TB/s (1.40 by Task "
                 "Duration)",
     A, "nominal x the A2 achievable/nominal ratio (0.89)"},
    {&SocCostParams::l2Bytes, "l2", "bytes", P, B1_INI "[SoCInfo] l2_size=201326592; writes hit L2 (Add case 5)", P,
     P3_INI "[SoCInfo] l2_size=16777216; writes hit L2 as on A2 (assumed)"},
    {&SocCostParams::ubBankGroups, "ub_bank_groups", "groups", P,
     B1_INI "[AICoreSpec] ubbank_group_num=16; 避免bank冲突（NPU架构版本2201）.md: the conflict rules", A,
     P3_INI "gives 16 groups of 4 KB banks; conflict rules documented for 2201 only: not modeled"},
    {&SocCostParams::ubBankGroupSpanBytes, "ub_bank_span", "bytes", P,
     B1_INI "ubbank_group_num=16 x ubbank_size=4096 (2201 page: 0x10000 is bank 16, a group's next bank)", A,
     "not modeled"},
    {&SocCostParams::memCopyOverheadBytes, "copy_overhead", "bytes", D,
     COPY_README " scenarios 1-2: 128 B copies bound by their cores, so at most ~257 B; 8 KB copies of 128 B rows "
                 "233.54 us",
     A, "as A2"},
    {&SocCostParams::l2ReadBytesPerCycle, "l2_read", "B/cycle/core", P,
     B1_INI "[AICoreMemoryRates] l2_read_rate=110; a core's own writes of the launch hit L2", P,
     P3_INI "[AICoreMemoryRates] l2_read_rate=114 (Vector Cores: l2_read_rate=57)"},
    {&SocCostParams::copyIssueCycles, "copy_issue", "cycles", D,
     COPY_README " scenario 1: 49152 back-to-back 128 B copies per AIV in aiv_mte2_time 548.16 us = 20.6 cycles each "
                 "= issue + 128 B at the core's share of the bandwidth",
     A, "as A2"},
    {&SocCostParams::launchPerBlockUs, "launch_per_block", "us", D,
     "Task Duration - mean core time at 48 AIV: " ADD_README " cases 2-6, " COPY_README " scenarios 1-6 (6.4-12 us)", A,
     "as A2"},
    {&SocCostParams::rereadCostShare, "reread_cost", "x bytes", D,
     COPY_README " scenario 8: 48 AIV each read the same 6 MB, staggered, L2 off: 328.88 us", A, "as A2"},
    {&SocCostParams::sameAddrCostShare, "same_addr_cost", "x bytes", D,
     COPY_README " scenario 7: the same in the same order: 539.42 us", A, "as A2"},
    {&SocCostParams::aicCopyCycles, "aic_copy", "cycles", D,
     COPY_README " GM->L1 scenario 1: 64 x 64 half ND2NZ copies, 1536 per AIC of 24 in aic_mte2_time 283.51 us = "
                 "bytes / 32 + 85.5 cycles each",
     A, "as A2"},
    {&SocCostParams::aicUnalignedFactor, "aic_unaligned", "x rate", D,
     COPY_README " GM->L1 scenario 3 (12287 columns) against 2: 422.52 vs 214.52 us of aic_mte2_time, ~0.52 of the "
                 "rate on the first and last burst of each row",
     A, "not documented for 310P: no penalty"},
    {&SocCostParams::aicLaunchPerBlockUs, "aic_launch_per_block", "us", D,
     "Task Duration - mean core time at 24 AIC: " COPY_README " GM->L1 scenarios 1-3 (9.6-10.8 us); MIX launches "
     "(per AIC:AIV group) assumed alike",
     A, "as A2 (310P has no AIC-only or MIX launch)"},
};

#undef ADD_README
#undef COPY_README
#undef B1_INI
#undef P3_INI

const char* EvidenceName(Evidence e) {
    static constexpr const char* kNames[] = {"platform config", "verified", "derived", "assumed"};
    return kNames[static_cast<int>(e)];
}

}  // namespace platform
}  // namespace ascendc_sim
