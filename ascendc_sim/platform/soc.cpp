#include "ascendc_sim/platform/soc.h"

#include <algorithm>
#include <string>

namespace ascendc_sim {
inline namespace platform {

// 910B figures: CANN's platform config for Ascend910B1 (cube_freq 1850 MHz; ddr rate 32 B/cycle per core for
// GM->UB; ub_to_ddr 64 B/cycle; vec_calc_size 128). Memory bandwidth ~1.6 TB/s: public spec, unverified.
// 310P figures: public spec (204.8 GB/s LPDDR4X, 8 AI cores); clock 1000 MHz and per-core copy rates are
// assumptions scaled from the 910B config until hardware figures are available.
// Kernel rules. UB: TOTAL_VEC_LOCAL_SIZE / TMP_UB_OFFSET (impl/basic_api/utils/kernel_utils_constants.h: 248 KB for
// __CCE_AICORE__ <= 200, 184 KB for 220; guide 架构规格/NPU架构版本2201.md). System workspace: RESERVED_WORKSPACE
// (impl/basic_api/dav_m200 and dav_c220 kernel_operator_common_impl.h: 2 MB and 16 MB). Overflow: Atlas inference
// cards support only saturation mode (runtime API reference, aclrtFloatOverflowMode: hiascend.com/document/detail/
// zh/CANNCommunityEdition/latest/API/runtimeapi/aclcppdevg_03_1389.html; SetCtrlSpr(ISASI).md). Kernel
// types: 310P (v200) AICORE and MIX_VECTOR_CORE (VECTORCORE and MIX_AICORE are reserved, "not supported");
// A2/A3 (v220) the AIV/AIC and MIX_AIx types (Kernel-Tiling/设置Kernel类型.md).
constexpr uint16_t kV200KernelTypes = KernelTypeBit(KernelType::kAiCore) | KernelTypeBit(KernelType::kMixVectorCore);
constexpr uint16_t kV220KernelTypes = KernelTypeBit(KernelType::kAivOnly) | KernelTypeBit(KernelType::kAicOnly) |
                                      KernelTypeBit(KernelType::kMixAiv1_0) | KernelTypeBit(KernelType::kMixAic1_0) |
                                      KernelTypeBit(KernelType::kMixAic1_1) | KernelTypeBit(KernelType::kMixAic1_2);
constexpr SocKernelRules kV200Rules{248 * 1024, 2ull * 1024 * 1024, /*saturationOnly=*/true, kV200KernelTypes};
constexpr SocKernelRules kV220Rules{184 * 1024, 16ull * 1024 * 1024, /*saturationOnly=*/false, kV220KernelTypes};

// Every cost value's source and label: soc_cost_sources.cpp (`ascendops soc --cost`).
constexpr SocCostParams kA2Cost{1850.0, 32.0,    40.0,   1.0,  22.0, 200.0,  2000.0,
                                1800.0, 3.0,     88.0,   0.7,  11.0, 1610.0, 192.0 * 1024 * 1024,
                                16.0,   65536.0, 1628.0, 110.0};

const SocInfo kSocTable[3] = {
    {SocVersion::kAscend310P,
     "ascend310p",
     "Atlas 300V Pro / 300I Pro (Ascend 310P3)",
     8,
     8,
     256 * 1024,
     /*hasDataCopyPad=*/false,
     /*hasVectorShift=*/false,
     /*hasSyncAll=*/false,
     {/*freqMHz=*/1000.0, /*gmToUb=*/32.0, /*ubToGm=*/32.0, /*vecCyclesPerRepeat=*/1.0, /*vecIssue=*/22.0,
      /*scalarGm=*/200.0, /*barrier=*/2000.0, /*memBandwidthGBps=*/204.8, /*launchUs=*/3.0, /*copyLatency=*/88.0,
      /*unalignedGm=*/1.0, /*scalarUb=*/11.0, /*memAchievableGBps=*/183.0, /*l2Bytes=*/0.0, /*ubBankGroups=*/0.0,
      /*ubBankGroupSpan=*/0.0, /*memCopyOverheadBytes=*/1628.0, /*l2Read=*/0.0},
     kV200Rules},
    {SocVersion::kAscend910B, "ascend910b", "Atlas A2 (Ascend 910B2)", 48, 24, 192 * 1024,
     /*hasDataCopyPad=*/true,
     /*hasVectorShift=*/true,
     /*hasSyncAll=*/true, kA2Cost, kV220Rules},
    {SocVersion::kAscend910_93, "ascend910_93", "Atlas A3 (Ascend 910_93)", 48, 24, 192 * 1024,
     /*hasDataCopyPad=*/true,
     /*hasVectorShift=*/true,
     /*hasSyncAll=*/true, kA2Cost, kV220Rules},
};

// Core counts from CANN's platform configs ([SoCInfo] ai_core_cnt / cube_core_cnt / vector_core_cnt):
// Ascend310P1 ai_core_cnt=10, Ascend310P3 ai_core_cnt=8; Ascend910B1/B2 24 AIC / 48 AIV (torchair docs,
// limit_core_num.md); Ascend910B3/B4 ai_core_cnt=20 vector_core_cnt=40 (Ascend910B4.ini as quoted in public
// catlass tutorials); Ascend910_9391 (A3, per die) as the A2 B1. On 310P the AI core is cube and vector in one.
// 310P Vector Cores (last column): Ascend310P3.ini vector_core_cnt=7 (CANN platform config, as quoted in public CANN
// simulator notes); Ascend310P1 vector_core_cnt=8 as quoted by a public third-party hardware table "from
// Ascend310P1.ini" (ai_core_cnt=10 there too): unverified, docs/twin.md Assumptions.
const SocVariant kSocVariants[7] = {
    {"Ascend310P1", SocVersion::kAscend310P, 10, 10, 8},      {"Ascend310P3", SocVersion::kAscend310P, 8, 8, 7},
    {"Ascend910B1", SocVersion::kAscend910B, 48, 24, 0},      {"Ascend910B2", SocVersion::kAscend910B, 48, 24, 0},
    {"Ascend910B3", SocVersion::kAscend910B, 40, 20, 0},      {"Ascend910B4", SocVersion::kAscend910B, 40, 20, 0},
    {"Ascend910_9391", SocVersion::kAscend910_93, 48, 24, 0},
};

uint32_t VariantMixVectorCoreNum(SocVersion soc, uint32_t coreNum) {
    for (const auto& v : kSocVariants) {
        if (v.soc == soc && v.vectorKernelCoreNum == coreNum) return v.mixVectorCoreNum;
    }
    return 0;
}

uint32_t MaxVectorKernelCoreNum(SocVersion soc) {
    uint32_t most = 0;
    for (const auto& v : kSocVariants) most = v.soc == soc ? std::max(most, v.vectorKernelCoreNum) : most;
    return most;
}

uint32_t MaxCubeCoreNum(SocVersion soc) {
    uint32_t most = 0;
    for (const auto& v : kSocVariants) most = v.soc == soc ? std::max(most, v.cubeCoreNum) : most;
    return most;
}

Result<Platform> CheckedPlatform(SocVersion soc, int64_t coreNum) {
    const uint32_t most = MaxVectorKernelCoreNum(soc);
    if (coreNum < 0 || coreNum > most) {
        return InvalidParam("core_num " + std::to_string(coreNum) + " must be in [0, " + std::to_string(most) +
                            "] on " + GetSocInfo(soc).name + " (0: the SoC's own count; " + std::to_string(most) +
                            " is its largest variant's)");
    }
    return Platform::Of(soc, static_cast<uint32_t>(coreNum));
}

const SocInfo& GetSocInfo(SocVersion soc) { return kSocTable[static_cast<int>(soc)]; }

std::optional<SocVersion> ParseSoc(std::string_view name) {
    for (const auto& info : kSocTable) {
        if (name == info.name) return info.version;
    }
    return std::nullopt;
}

}  // namespace platform
}  // namespace ascendc_sim
