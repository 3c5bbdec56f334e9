#include "ascendc_sim/platform/soc.h"

#include <algorithm>
#include <string>

#include "ascendc_sim/platform/soc_l2.h"
#include "ascendc_sim/platform/soc_vector_core.h"

namespace ascendc_sim {
inline namespace platform {

// Cost rows: every rate and size CANN's platform configs give (cann-8.1.RC1 data/platform_config/<variant>.ini) is
// taken from the variant a row models: ascend910b Ascend910B1.ini (the clock of the part the published Add
// measurements ran on; Ascend910B2.ini differs only in cube_freq 1800), ascend910_93 Ascend910_9391.ini (the same
// values), ascend310p Ascend310P3.ini ([AICoreSpec] cube_freq, ub_size; [AICoreMemoryRates] ddr_read_rate,
// ub_to_ddr_rate, l2_read_rate; [SoCInfo] l2_size; ubbank_*). Every other value and every source:
// soc_cost_sources.cpp (`ascendops soc --cost`).
// Kernel rules. UB: TOTAL_VEC_LOCAL_SIZE / TMP_UB_OFFSET (impl/basic_api/utils/kernel_utils_constants.h: 248 KB for
// __CCE_AICORE__ <= 200, 184 KB for 220), the 8 KB scratch above it and, on 2201, the 256 B a MIX kernel leaves to the
// framework at the top of UB (guide 架构规格/NPU架构版本2201.md: usable 192 KB - 256 B - 8 KB by default;
// NPU架构版本200x.md: UB keeps 8 KB for the framework). System workspace: RESERVED_WORKSPACE
// (impl/basic_api/dav_m200 and dav_c220 kernel_operator_common_impl.h: 2 MB and 16 MB). Overflow: Atlas inference
// cards support only saturation mode (runtime API reference, aclrtFloatOverflowMode: hiascend.com/document/detail/
// zh/CANNCommunityEdition/latest/API/runtimeapi/aclcppdevg_03_1389.html; SetCtrlSpr(ISASI).md). Kernel
// types: 310P (v200) AICORE and MIX_VECTOR_CORE (VECTORCORE and MIX_AICORE are reserved, "not supported");
// A2/A3 (v220) the AIV/AIC and MIX_AIx types (Kernel-Tiling/设置Kernel类型.md).
constexpr uint16_t kV200KernelTypes = KernelTypeBit(KernelType::kAiCore) | KernelTypeBit(KernelType::kMixVectorCore);
constexpr uint16_t kV220KernelTypes = KernelTypeBit(KernelType::kAivOnly) | KernelTypeBit(KernelType::kAicOnly) |
                                      KernelTypeBit(KernelType::kMixAiv1_0) | KernelTypeBit(KernelType::kMixAic1_0) |
                                      KernelTypeBit(KernelType::kMixAic1_1) | KernelTypeBit(KernelType::kMixAic1_2);
constexpr SocKernelRules kV200Rules{248 * 1024,      8 * 1024, 0, 2ull * 1024 * 1024, /*saturationOnly=*/true,
                                    kV200KernelTypes};
constexpr SocKernelRules kV220Rules{184 * 1024,      8 * 1024, 256, 16ull * 1024 * 1024, /*saturationOnly=*/false,
                                    kV220KernelTypes};

// ascend950 (dav-3510): TOTAL_VEC_LOCAL_SIZE = TOTAL_UB_SIZE = TMP_UB_OFFSET = 248 KB of a 256 KB UB (asc-devkit
// impl/basic_api/utils/kernel_utils_constants.h:165-167; dav_3510/kfc/kfc_comm_client_gm.h:75 "ub total 256kb,
// TOTAL_UB_SIZE: 248kb"; Ascend950PR_9599.ini ub_size=253952 is the 248 KB), TPipe hands out below TMP_UB_OFFSET
// (dav_3510/kernel_tpipe_impl_c310.h:873), so no MIX reserve reaches its buffers; RESERVED_WORKSPACE 16 MB
// (kernel_utils_constants.h:281); support_inf_nan=1 (Inf/NaN mode); the v220 kernel types (config/ascend950.py:
// support_mix, enable_kernel_type_mix_n); Exp/Ln/Div/Sqrt/Rsqrt/Reciprocal default to the flush-to-zero intrinsic
// (DEFAULT_*_CONFIG = INTRINSIC, include/basic_api/reg_compute/kernel_reg_compute_utils.h:40-135, taken with
// PRECISION_1ULP_FTZ_TRUE in dav_3510/kernel_operator_vec_unary_impl.h:280).
constexpr SocKernelRules k3510Rules{248 * 1024,
                                    8 * 1024,
                                    0,
                                    16ull * 1024 * 1024,
                                    /*saturationOnly=*/false,
                                    kV220KernelTypes,
                                    /*tpipeBytes=*/248 * 1024,
                                    /*transcendentalFtz=*/true};

// Every cost value's source and label: soc_cost_sources.cpp (`ascendops soc --cost`). Ascend910B1.ini: cube_freq 1850,
// ddr_read_rate 32, ub_to_ddr_rate 64, l2_size 201326592, ubbank_group_num 16 x ubbank_size 4096, l2_read_rate 110.
constexpr SocCostParams kA2Cost{/*freqMHz=*/1850.0,
                                /*gmToUb=*/32.0,
                                /*ubToGm=*/64.0,
                                /*vecCyclesPerRepeat=*/1.0,
                                /*vecIssue=*/22.0,
                                /*scalarGm=*/200.0,
                                /*barrier=*/2000.0,
                                /*memBandwidthGBps=*/1800.0,
                                /*launchUs=*/0.465,
                                /*copyLatency=*/156.0,
                                /*unalignedGm=*/0.7,
                                /*scalarUb=*/11.0,
                                /*memAchievableGBps=*/1490.0,
                                /*l2Bytes=*/192.0 * 1024 * 1024,
                                /*ubBankGroups=*/16.0,
                                /*ubBankGroupSpan=*/65536.0,
                                /*memCopyOverheadBytes=*/11.4,
                                /*l2Read=*/110.0,
                                /*copyIssue=*/13.0,
                                /*launchPerBlockUs=*/0.168,
                                /*rereadCostShare=*/0.50,
                                /*sameAddrCostShare=*/1.04,
                                /*aicCopyCycles=*/85.5,
                                /*aicUnalignedFactor=*/0.524,
                                /*aicLaunchPerBlockUs=*/0.426};
// Ascend310P3.ini [VectorCoreSpec] vec_freq 1000, [VectorCoreMemoryRates] ddr_read_rate 9, ub_to_ddr_rate 9,
// l2_read_rate 57: a Vector Core of a MIX_VECTOR_CORE launch; the AI core's row otherwise.
constexpr SocCostParams kV200VectorCoreCost{/*freqMHz=*/1000.0,
                                            /*gmToUb=*/9.0,
                                            /*ubToGm=*/9.0,
                                            /*vecCyclesPerRepeat=*/1.0,
                                            /*vecIssue=*/22.0,
                                            /*scalarGm=*/200.0,
                                            /*barrier=*/2000.0,
                                            /*memBandwidthGBps=*/204.8,
                                            /*launchUs=*/0.465,
                                            /*copyLatency=*/156.0,
                                            /*unalignedGm=*/1.0,
                                            /*scalarUb=*/11.0,
                                            /*memAchievableGBps=*/183.0,
                                            /*l2Bytes=*/16.0 * 1024 * 1024,
                                            /*ubBankGroups=*/0.0,
                                            /*ubBankGroupSpan=*/0.0,
                                            /*memCopyOverheadBytes=*/11.4,
                                            /*l2Read=*/57.0,
                                            /*copyIssue=*/13.0,
                                            /*launchPerBlockUs=*/0.168,
                                            /*rereadCostShare=*/0.50,
                                            /*sameAddrCostShare=*/1.04,
                                            /*aicCopyCycles=*/85.5,
                                            /*aicUnalignedFactor=*/1.0,
                                            /*aicLaunchPerBlockUs=*/0.426};

// dav-c220 DataCopyPad: 8.1.RC1 impl/dav_c220/kernel_operator_data_copy_impl.h (copy_*_align_b8/b16/b32) and
// Ascend910B2.ini Intrinsic_data_move_pad. Vector shifts: impl/dav_c220/kernel_operator_vec_binary_scalar_impl.h
// (ShiftLeft/ShiftRight: int16, uint16, int32, uint32) and the ini's Intrinsic_vshl / Intrinsic_vshr; they agree.
// ascend950 (Ascend950PR_9599.ini, the largest 950PR bin): [SoCInfo] vector_core_cnt 72 / cube_core_cnt 36,
// hardware_sync_betweencore=1; Intrinsic_data_move_pad, Intrinsic_vshl / Intrinsic_vshr in its intrinsic map.
// Cost: [VectorCoreSpec] vec_freq 1800, [VectorCoreMemoryRates] ddr_read_rate 16, ub_to_ddr_rate 40, l2_read_rate
// 100 (the AIV's, as the kernels run there), [SoCInfo] l2_size 134217728, [AICoreSpec] ubbank_group_num 8 x
// ubbank_size 4096; device bandwidth derived (72 x 16 B x 1.8 GHz), achievable at A2's measured share (assumed),
// the rest as the A2 row (assumed); labels in soc_cost_sources.cpp.
constexpr SocCostParams k950Cost{/*freqMHz=*/1800.0,
                                 /*gmToUb=*/16.0,
                                 /*ubToGm=*/40.0,
                                 /*vecCyclesPerRepeat=*/1.0,
                                 /*vecIssue=*/22.0,
                                 /*scalarGm=*/200.0,
                                 /*barrier=*/2000.0,
                                 /*memBandwidthGBps=*/2073.6,
                                 /*launchUs=*/0.465,
                                 /*copyLatency=*/156.0,
                                 /*unalignedGm=*/0.7,
                                 /*scalarUb=*/11.0,
                                 /*memAchievableGBps=*/1716.0,
                                 /*l2Bytes=*/128.0 * 1024 * 1024,
                                 /*ubBankGroups=*/8.0,
                                 /*ubBankGroupSpan=*/32768.0,
                                 /*memCopyOverheadBytes=*/11.4,
                                 /*l2Read=*/100.0,
                                 /*copyIssue=*/13.0,
                                 /*launchPerBlockUs=*/0.168,
                                 /*rereadCostShare=*/0.50,
                                 /*sameAddrCostShare=*/1.04,
                                 /*aicCopyCycles=*/85.5,
                                 /*aicUnalignedFactor=*/0.524,
                                 /*aicLaunchPerBlockUs=*/0.426};

const SocInfo kSocTable[4] = {
    {SocVersion::kAscend310P,
     "ascend310p",
     "Atlas 300V Pro / 300I Pro (Ascend 310P3)",
     Arch::kDavM200,
     8,
     8,
     256 * 1024,
     /*hasDataCopyPad=*/false,
     /*hasVectorShift=*/false,
     /*hasSyncAll=*/false,
     {/*freqMHz=*/1060.0,
      /*gmToUb=*/17.0,
      /*ubToGm=*/17.0,
      /*vecCyclesPerRepeat=*/1.0,
      /*vecIssue=*/22.0,
      /*scalarGm=*/200.0,
      /*barrier=*/2000.0,
      /*memBandwidthGBps=*/204.8,
      /*launchUs=*/0.465,
      /*copyLatency=*/156.0,
      /*unalignedGm=*/1.0,
      /*scalarUb=*/11.0,
      /*memAchievableGBps=*/183.0,
      /*l2Bytes=*/16.0 * 1024 * 1024,
      /*ubBankGroups=*/0.0,
      /*ubBankGroupSpan=*/0.0,
      /*memCopyOverheadBytes=*/11.4,
      /*l2Read=*/114.0,
      /*copyIssue=*/13.0,
      /*launchPerBlockUs=*/0.168,
      /*rereadCostShare=*/0.50,
      /*sameAddrCostShare=*/1.04,
      /*aicCopyCycles=*/85.5,
      /*aicUnalignedFactor=*/1.0,
      /*aicLaunchPerBlockUs=*/0.426},
     kV200Rules},
    {SocVersion::kAscend910B, "ascend910b", "Atlas A2 (Ascend 910B2)", Arch::kDavC220, 48, 24, 192 * 1024,
     /*hasDataCopyPad=*/true,
     /*hasVectorShift=*/true,
     /*hasSyncAll=*/true, kA2Cost, kV220Rules},
    {SocVersion::kAscend910_93, "ascend910_93", "Atlas A3 (Ascend 910_93)", Arch::kDavC220, 48, 24, 192 * 1024,
     /*hasDataCopyPad=*/true,
     /*hasVectorShift=*/true,
     /*hasSyncAll=*/true, kA2Cost, kV220Rules},
    {SocVersion::kAscend950, "ascend950", "Ascend 950PR (Ascend950PR_9599)", Arch::kDav3510, 72, 36, 256 * 1024,
     /*hasDataCopyPad=*/true,
     /*hasVectorShift=*/true,
     /*hasSyncAll=*/true, k950Cost, k3510Rules},
};

// Core counts: CANN 8.1.RC1 platform configs, [SoCInfo] ai_core_cnt / cube_core_cnt / vector_core_cnt:
// Ascend910B1.ini and Ascend910B2.ini 24 / 24 / 48, Ascend910B3.ini and Ascend910B4.ini 20 / 20 / 40,
// Ascend910_9391.ini (A3, per die) 24 / 24 / 48; Ascend310P3.ini ai_core_cnt=8 vector_core_cnt=7, Ascend310P1.ini
// ai_core_cnt=10 vector_core_cnt=8 (310P: the AI core is cube and vector in one; the Vector Cores are the last column).
// Ascend 950 (cann-open platform_config/Ascend950*.ini, [SoCInfo] vector_core_cnt / cube_core_cnt / memory_size):
// the 950PR configs and one 950DT config per core count (its other configs differ in memory and rates only); the
// first variant of a core count gives the device memory the twin allocates against.
const SocVariant kSocVariants[20] = {
    {"Ascend310P1", SocVersion::kAscend310P, 10, 10, 8},
    {"Ascend310P3", SocVersion::kAscend310P, 8, 8, 7},
    {"Ascend910B1", SocVersion::kAscend910B, 48, 24, 0},
    {"Ascend910B2", SocVersion::kAscend910B, 48, 24, 0},
    {"Ascend910B3", SocVersion::kAscend910B, 40, 20, 0},
    {"Ascend910B4", SocVersion::kAscend910B, 40, 20, 0},
    {"Ascend910_9391", SocVersion::kAscend910_93, 48, 24, 0},
    {"Ascend950PR_9599", SocVersion::kAscend950, 72, 36, 0, 137438953472},
    {"Ascend950PR_9589", SocVersion::kAscend950, 64, 32, 0, 137438953472},
    {"Ascend950PR_958b", SocVersion::kAscend950, 64, 32, 0, 120259084288},
    {"Ascend950PR_9579", SocVersion::kAscend950, 56, 28, 0, 137438953472},
    {"Ascend950PR_957b", SocVersion::kAscend950, 56, 28, 0, 120259084288},
    {"Ascend950PR_957bx", SocVersion::kAscend950, 56, 28, 0, 120259084288},
    {"Ascend950PR_957c", SocVersion::kAscend950, 56, 28, 0, 90194313216},
    {"Ascend950PR_957d", SocVersion::kAscend950, 56, 28, 0, 103079215104},
    {"Ascend950PR_950z", SocVersion::kAscend950, 8, 4, 0, 25769803776},
    {"Ascend950DT_9591", SocVersion::kAscend950, 72, 36, 0, 154618822656},
    {"Ascend950DT_9581", SocVersion::kAscend950, 64, 32, 0, 154618822656},
    {"Ascend950DT_9571", SocVersion::kAscend950, 56, 28, 0, 154618822656},
    {"Ascend950DT_950x", SocVersion::kAscend950, 16, 8, 0, 25769803776},
};

uint64_t VariantMemoryBytes(SocVersion soc, uint32_t coreNum) {
    for (const auto& v : kSocVariants) {
        if (v.soc == soc && v.vectorKernelCoreNum == coreNum) return v.memoryBytes;
    }
    return 0;
}

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

// A2 / A3, derived: asc-devkit examples/01_simd_cpp_api/05_best_practices/04_memory_access/data_copy/README.md
// scenario 6, 906 MB of L2 hits on 48 AIV in aiv_time 354.56 us less the 202.66 us its 302 MB of misses stream in
// (the README itself estimates the L2 peak at ~5.2 TB/s); bench/_calib_fit.py. 310P: no published figure.
// ascend950: no published figure.
double L2PeakGBps(SocVersion soc) {
    return soc == SocVersion::kAscend310P || soc == SocVersion::kAscend950 ? 0.0 : 5960.0;
}

const SocCostParams& VectorCoreCost(const SocInfo& soc) {
    return soc.version == SocVersion::kAscend310P ? kV200VectorCoreCost : soc.cost;
}

std::optional<SocVersion> ParseSoc(std::string_view name) {
    for (const auto& info : kSocTable) {
        if (name == info.name) return info.version;
    }
    return std::nullopt;
}

}  // namespace platform
}  // namespace ascendc_sim
