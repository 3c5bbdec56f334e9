#include "ascendc_sim/platform/soc_cost_sources.h"

namespace ascendc_sim {
inline namespace platform {

namespace {
constexpr Evidence V = Evidence::kVerified, D = Evidence::kDerived, A = Evidence::kAssumed;
// The published A2 measurements: asc-devkit examples/01_simd_cpp_api/05_best_practices/00_vector_compute/
// add_high_performance/README.md (msprof, half Add of two 8192 x 8192 inputs, cases 0-6).
#define ADD_README "asc-devkit add_high_performance README"
}  // namespace

const CostParamSource kCostParamSources[18] = {
    {&SocCostParams::freqMHz, "freq_mhz", "MHz", V, ADD_README ": 1.85 GHz; Ascend910B1 platform config cube_freq", A,
     "public TOPS figures imply ~1.07 GHz; 1000 chosen"},
    {&SocCostParams::gmToUbBytesPerCycle, "gm_to_ub", "B/cycle/core", V,
     "Ascend910B1 platform config (pypto A2A3.ini); case 1: 8 KB in 350 cycles - 88 latency = 31 B/cycle", A,
     "the A2 value; an ops-nn 310P tiling test lists 17"},
    {&SocCostParams::ubToGmBytesPerCycle, "ub_to_gm", "B/cycle/core", D,
     ADD_README " case 1: 8 KB written in 295 cycles - 88 latency = 40 B/cycle (config says 64)", A, "as gm_to_ub"},
    {&SocCostParams::vecCyclesPerRepeat, "vec_repeat", "cycles", V,
     ADD_README ": 128 half per cycle; case 6 measures 1.0 cycle per conflict-free repeat", A, "as A2"},
    {&SocCostParams::vecIssueCycles, "vec_issue", "cycles", D,
     ADD_README " cases 1-3: vec time = 22 cycles per instruction + 2.0 per (conflicting) repeat", A, "as A2"},
    {&SocCostParams::scalarGmAccessCycles, "scalar_gm", "cycles", A, "a cache-missing load; no public figure", A,
     "as A2"},
    {&SocCostParams::barrierCycles, "barrier", "cycles", A, "SyncAll round trip; no public figure", A, "as A2"},
    {&SocCostParams::memBandwidthGBps, "mem_nominal", "GB/s", V,
     "CANN guides 1.6 TB/s (the Add README says ~1.8); nominal roofline", V,
     "204.8 GB/s LPDDR4X (Atlas 300I Duo 408 GB/s over two chips)"},
    {&SocCostParams::launchOverheadUs, "launch", "us", D,
     ADD_README ": task duration - aiv_time = 2.5-9.4 us at 48 cores, 0.5 us at 1", A, "as A2"},
    {&SocCostParams::copyLatencyCycles, "copy_latency", "cycles", D,
     ADD_README " cases 1-2: an 8 KB read takes 350 cycles alone, 584 under 48-core load", A, "as A2"},
    {&SocCostParams::unalignedGmFactor, "unaligned_gm", "x rate", V,
     "best practice 搬运优化: 32-byte- vs 512-byte-aligned GM, worst case ~70% bandwidth (A2)", A,
     "not documented for 310P: no penalty"},
    {&SocCostParams::scalarUbAccessCycles, "scalar_ub", "cycles", D,
     ADD_README " case 0: 34 cycles per element for 2 GetValue + 1 SetValue", A, "as A2"},
    {&SocCostParams::memAchievableGBps, "mem_achievable", "GB/s", D,
     ADD_README " cases 3-5: 384 MB in 261 us, 256 MB of reads in 175 us: ~1.47 TB/s", A,
     "nominal x the A2 achievable/nominal ratio (0.92)"},
    {&SocCostParams::l2Bytes, "l2", "bytes", V, "Ascend910B1 platform config l2_size 192 MiB; writes hit L2 (case 5)",
     A, "not modeled"},
    {&SocCostParams::ubBankGroups, "ub_bank_groups", "groups", V,
     "避免bank冲突（NPU架构版本2201）.md: 48 banks of 128 x 32 B rows in 16 groups of 3", A,
     "no 310P bank layout documented: not modeled"},
    {&SocCostParams::ubBankGroupSpanBytes, "ub_bank_span", "bytes", V,
     "same page: 0x10000 is bank 16, 0x20020 bank 33 (a group's next bank 64 KB on)", A, "not modeled"},
    {&SocCostParams::memCopyOverheadBytes, "copy_overhead", "bytes", D,
     ADD_README " cases 2-3: the same bytes in 8 KB vs 32 KB copies, 306.58 vs 268.5 us", A, "as A2"},
    {&SocCostParams::l2ReadBytesPerCycle, "l2_read", "B/cycle/core", V,
     "Ascend910B1 platform config (pypto A2A3.ini) l2_read_rate 110; a core's own writes of the launch hit L2", A,
     "no L2 modeled"},
};

#undef ADD_README

const char* EvidenceName(Evidence e) {
    static constexpr const char* kNames[] = {"verified", "derived", "assumed"};
    return kNames[static_cast<int>(e)];
}

}  // namespace platform
}  // namespace ascendc_sim
