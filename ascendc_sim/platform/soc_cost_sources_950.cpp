#include "ascendc_sim/platform/soc_cost_sources_950.h"

namespace ascendc_sim {
inline namespace platform {

namespace {
constexpr Evidence P = Evidence::kPlatformConfig, D = Evidence::kDerived, A = Evidence::kAssumed;
// cann-open platform_config (hicann/runtime, VERSIONS.txt): the row's variant. The AIVs are its Vector Cores
// (core_type_list=CubeCore,VectorCore; cube_vector_combine=split): their rates are [VectorCoreMemoryRates].
#define PR_INI "Ascend950PR_9599.ini "
}  // namespace

const CostParamSource950 k950CostSources[22] = {
    {&SocCostParams::freqMHz, P, PR_INI "[VectorCoreSpec] vec_freq=1800 ([AICoreSpec] cube_freq=1800)"},
    {&SocCostParams::gmToUbBytesPerCycle, P, PR_INI "[VectorCoreMemoryRates] ddr_read_rate=16"},
    {&SocCostParams::ubToGmBytesPerCycle, P, PR_INI "[VectorCoreMemoryRates] ub_to_ddr_rate=40"},
    {&SocCostParams::vecCyclesPerRepeat, P, PR_INI "[VectorCoreSpec] vec_calc_size=128, vector_reg_width=256"},
    {&SocCostParams::vecIssueCycles, A, "as A2; no 950 measurement published"},
    {&SocCostParams::scalarGmAccessCycles, A, "as A2"},
    {&SocCostParams::barrierCycles, A, "as A2"},
    {&SocCostParams::memBandwidthGBps, D, "72 AIV x ddr_read_rate 16 B x 1.8 GHz; no published device figure"},
    {&SocCostParams::launchOverheadUs, A, "as A2"},
    {&SocCostParams::copyLatencyCycles, A, "as A2"},
    {&SocCostParams::unalignedGmFactor, A, "as A2 (the 512-byte burst rule is documented for 2201)"},
    {&SocCostParams::scalarUbAccessCycles, A, "as A2"},
    {&SocCostParams::memAchievableGBps, A, "nominal x the A2 achievable/nominal ratio (1490 / 1800)"},
    {&SocCostParams::l2Bytes, P, PR_INI "[SoCInfo] l2_size=134217728"},
    {&SocCostParams::ubBankGroups, P, PR_INI "[AICoreSpec] / [VectorCoreSpec] ubbank_group_num=8"},
    {&SocCostParams::ubBankGroupSpanBytes, P, PR_INI "ubbank_group_num=8 x ubbank_size=4096"},
    {&SocCostParams::memCopyOverheadBytes, A, "as A2"},
    {&SocCostParams::l2ReadBytesPerCycle, P, PR_INI "[VectorCoreMemoryRates] l2_read_rate=100"},
    {&SocCostParams::copyIssueCycles, A, "as A2"},
    {&SocCostParams::launchPerBlockUs, A, "as A2"},
    {&SocCostParams::rereadCostShare, A, "as A2"},
    {&SocCostParams::sameAddrCostShare, A, "as A2"},
};

#undef PR_INI

}  // namespace platform
}  // namespace ascendc_sim
