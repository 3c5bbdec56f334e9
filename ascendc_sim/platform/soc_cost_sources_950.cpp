#include "ascendc_sim/platform/soc_cost_sources_950.h"

namespace ascendc_sim {
inline namespace platform {

namespace {
// Names of their own: the unity build of the CPU-debug library compiles soc_cost_sources.cpp beside this file.
constexpr Evidence k950P = Evidence::kPlatformConfig, k950D = Evidence::kDerived, k950A = Evidence::kAssumed;
// cann-open platform_config (hicann/runtime, VERSIONS.txt): the row's variant. The AIVs are its Vector Cores
// (core_type_list=CubeCore,VectorCore; cube_vector_combine=split): their rates are [VectorCoreMemoryRates].
#define PR_INI "Ascend950PR_9599.ini "
}  // namespace

const CostParamSource950 k950CostSources[25] = {
    {&SocCostParams::freqMHz, k950P, PR_INI "[VectorCoreSpec] vec_freq=1800 ([AICoreSpec] cube_freq=1800)"},
    {&SocCostParams::gmToUbBytesPerCycle, k950P, PR_INI "[VectorCoreMemoryRates] ddr_read_rate=16"},
    {&SocCostParams::ubToGmBytesPerCycle, k950P, PR_INI "[VectorCoreMemoryRates] ub_to_ddr_rate=40"},
    {&SocCostParams::vecCyclesPerRepeat, k950P, PR_INI "[VectorCoreSpec] vec_calc_size=128, vector_reg_width=256"},
    {&SocCostParams::vecIssueCycles, k950A, "as A2; no 950 measurement published"},
    {&SocCostParams::scalarGmAccessCycles, k950A, "as A2"},
    {&SocCostParams::barrierCycles, k950A, "as A2"},
    {&SocCostParams::memBandwidthGBps, k950D, "72 AIV x ddr_read_rate 16 B x 1.8 GHz; no published device figure"},
    {&SocCostParams::launchOverheadUs, k950A, "as A2"},
    {&SocCostParams::copyLatencyCycles, k950A, "as A2"},
    {&SocCostParams::unalignedGmFactor, k950A, "as A2 (the 512-byte burst rule is documented for 2201)"},
    {&SocCostParams::scalarUbAccessCycles, k950A, "as A2"},
    {&SocCostParams::memAchievableGBps, k950A, "nominal x the A2 achievable/nominal ratio (1490 / 1800)"},
    {&SocCostParams::l2Bytes, k950P, PR_INI "[SoCInfo] l2_size=134217728"},
    {&SocCostParams::ubBankGroups, k950P, PR_INI "[AICoreSpec] / [VectorCoreSpec] ubbank_group_num=8"},
    {&SocCostParams::ubBankGroupSpanBytes, k950P, PR_INI "ubbank_group_num=8 x ubbank_size=4096"},
    {&SocCostParams::memCopyOverheadBytes, k950A, "as A2"},
    {&SocCostParams::l2ReadBytesPerCycle, k950P, PR_INI "[VectorCoreMemoryRates] l2_read_rate=100"},
    {&SocCostParams::copyIssueCycles, k950A, "as A2"},
    {&SocCostParams::launchPerBlockUs, k950A, "as A2"},
    {&SocCostParams::rereadCostShare, k950A, "as A2"},
    {&SocCostParams::sameAddrCostShare, k950A, "as A2"},
    {&SocCostParams::aicCopyCycles, k950A, "as A2"},
    {&SocCostParams::aicUnalignedFactor, k950A, "as A2 (the 512-byte burst rule is documented for 2201)"},
    {&SocCostParams::aicLaunchPerBlockUs, k950A, "as A2"},
};

#undef PR_INI

}  // namespace platform
}  // namespace ascendc_sim
