// The SoC table: one definition of every hardware fact the tiling, the CPU twin and the cost model use.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "ascendc_sim/platform/status.h"

namespace ascendc_sim {
inline namespace platform {

enum class SocVersion : uint8_t { kAscend310P = 0, kAscend910B = 1, kAscend910_93 = 2, kAscend950 = 3 };

// The core architecture a SoC's kernels are compiled for: CANN's dav-<arch> (--cce-aicore-arch; the kernel headers'
// basic_api/impl/dav_m200 and dav_c220 folders, selected by __CCE_AICORE__ == 200 / 220, e.g. 8.1.RC1
// highlevel_api/impl/activation/softmax/softmax_grad_base_impl.h:20). dav-3510 (Ascend 950, ccec dav-c310-vec /
// -cube) is selected by __NPU_ARCH__ == 3510 alone (asc-devkit impl/basic_api/utils/kernel_utils_constants.h:164),
// with __DAV_C310__ beside it (asc-devkit tools/build/.../ascendc_compile_v220.py:82); its headers test no
// __CCE_AICORE__.
enum class Arch : uint8_t { kDavM200 = 0, kDavC220 = 1, kDav3510 = 2, kCount };

struct ArchInfo {
    const char* name;  // "dav-m200": the kernel instances of the twin are named by what follows "dav-"
    uint32_t aicore;   // __CCE_AICORE__ (0: the arch's headers select by __NPU_ARCH__ only)
    uint32_t npuArch;  // __NPU_ARCH__ (asc-devkit: 2002 dav-m200, 2201 dav-c220, 3510 dav-3510)
};
inline constexpr ArchInfo kArchTable[static_cast<int>(Arch::kCount)] = {
    {"dav-m200", 200, 2002}, {"dav-c220", 220, 2201}, {"dav-3510", 0, 3510}};
inline constexpr const ArchInfo& GetArchInfo(Arch arch) { return kArchTable[static_cast<int>(arch)]; }

// Cost-model rates, per core unless stated. Sources are in soc.cpp next to each value.
struct SocCostParams {
    double freqMHz;               // AI core clock
    double gmToUbBytesPerCycle;   // MTE2
    double ubToGmBytesPerCycle;   // MTE3
    double vecCyclesPerRepeat;    // one 256-byte vector repeat, simple op
    double vecIssueCycles;        // fixed cost of one vector instruction
    double scalarGmAccessCycles;  // one GetValue/SetValue on GM (cache-missing scalar load/store)
    double barrierCycles;         // one cross-core barrier round trip
    double memBandwidthGBps;      // device memory bandwidth shared by all cores (nominal)
    double launchOverheadUs;      // launch term of one block (Task Duration - core time)
    double copyLatencyCycles;     // a copy's data arrive this long after its pipe time (overlaps back-to-back copies)
    double unalignedGmFactor;     // copy rate factor when the GM address is 32- but not 512-byte aligned
    double scalarUbAccessCycles;  // one GetValue/SetValue on UB
    double memAchievableGBps;     // device memory bandwidth a streaming kernel reaches (the achievable roofline)
    double l2Bytes;               // L2 cache that absorbs writes (0: not modeled)
    double ubBankGroups;          // UB bank groups of 32-byte rows (0: bank conflicts not modeled)
    double ubBankGroupSpanBytes;  // bytes after which the next bank of a group starts (16 groups x 4 KB)
    double memCopyOverheadBytes;  // device-memory cost of each GM row of a copy beyond its bytes
    double l2ReadBytesPerCycle;   // GM->UB per core for bytes L2 holds (0: no L2 modeled)
    double copyIssueCycles;       // cycles a copy holds its MTE pipe beyond its bytes (back-to-back copies)
    double launchPerBlockUs;      // launch term growth per block (Task Duration - mean core time)
    double rereadCostShare;       // device-memory cost of a byte other cores read in the launch, L2 bypassed
    double sameAddrCostShare;     // extra device-memory cost of a byte other cores read at the same time
    double aicCopyCycles;         // cycles a GM->L1 copy holds the AIC's MTE2 beyond its bytes
    double aicUnalignedFactor;    // GM->L1 rate factor of a row touching one more 512-byte burst than it needs
    double aicLaunchPerBlockUs;   // launch term growth per AIC of an AIC-only or MIX launch (per AIV: above)
};

// What the runtime and the kernel toolchain impose on a kernel of this SoC (sources in soc.cpp).
struct SocKernelRules {
    uint64_t ubUsableBytes;       // TOTAL_VEC_LOCAL_SIZE = TMP_UB_OFFSET: the tilings' UB budget; the scratch above it
    uint64_t ubScratchBytes;      // the scratch at TMP_UB_OFFSET some APIs use (TPipe may still hand it out)
    uint64_t mixReservedUbBytes;  // MIX kernels: what the framework keeps at the top of UB (0: none)
    uint64_t systemWorkspaceBytes;   // RESERVED_WORKSPACE: the runtime's part in front of the user workspace
    bool saturationOnly;             // float overflow mode: half/bf16 results saturate (no Inf/NaN mode)
    uint16_t kernelTypeMask;         // bit t: KernelType t may be declared (KERNEL_TASK_TYPE_DEFAULT)
    uint64_t tpipeBytes = 0;         // the most UB TPipe hands out (0: the whole UB)
    bool transcendentalFtz = false;  // Exp/Ln/Div/Sqrt/Rsqrt/Reciprocal flush float subnormals by default
};

// The documented KernelMetaType values, in their documented order (Kernel-Tiling/设置Kernel类型.md).
enum class KernelType : uint8_t {
    kAivOnly,
    kAicOnly,
    kMixAiv1_0,
    kMixAic1_0,
    kMixAic1_1,
    kMixAic1_2,
    kAiCore,
    kVectorCore,
    kMixAiCore,
    kMixVectorCore,
    kCount,
};

inline constexpr uint16_t KernelTypeBit(KernelType t) { return static_cast<uint16_t>(1u << static_cast<int>(t)); }

struct SocInfo {
    SocVersion version;
    const char* name;              // CANN SoC name, e.g. "ascend310p"
    const char* product;           // marketing name
    Arch arch;                     // core architecture of its kernels
    uint32_t vectorKernelCoreNum;  // cores a vector kernel launches on (AIV on A2/A3, AI cores on 310P)
    uint32_t cubeCoreNum;          // AIC on A2/A3; the AI cores (cube + vector in one) on 310P
    uint64_t ubBytes;
    bool hasDataCopyPad;
    bool hasVectorShift;  // vector ShiftLeft/ShiftRight
    bool hasSyncAll;      // hardware all-core barrier
    SocCostParams cost;
    SocKernelRules rules;
};

extern const SocInfo kSocTable[4];

const SocInfo& GetSocInfo(SocVersion soc);
std::optional<SocVersion> ParseSoc(std::string_view name);

// The Vector Cores of the variant of `soc` with `coreNum` vector-kernel cores (SocVariant::mixVectorCoreNum); 0 for a
// core count no variant has (a hypothetical part: the twin assumes no Vector Cores, docs/twin.md).
uint32_t VariantMixVectorCoreNum(SocVersion soc, uint32_t coreNum);

// The platform one tiling call sees: a SoC, possibly with a different core count (910B3 has 40 AIV, 310P1 10).
struct Platform {
    const SocInfo* soc;
    uint32_t coreNum;
    // 310P: the Vector Cores a KERNEL_TYPE_MIX_VECTOR_CORE launch adds beside the coreNum AI cores (the variant's;
    // on CANN PlatformAscendC::GetCoreNumVector); 0 elsewhere. Read it through MixVectorCoreNum.
    uint32_t mixVectorCoreNum;

    static Platform Of(SocVersion v, uint32_t coreNumOverride = 0) {
        const SocInfo& info = GetSocInfo(v);
        const uint32_t cores = coreNumOverride != 0 ? coreNumOverride : info.vectorKernelCoreNum;
        return {&info, cores, VariantMixVectorCoreNum(v, cores)};
    }
    uint64_t UbBytes() const { return soc->ubBytes; }
    // The UB a kernel's buffers are sized to: every host tiling sizes against this, never UbBytes(). TPipe may hand
    // out the whole UB (CANN's CPU debug does); the bytes above this are the scratch some APIs overwrite.
    uint64_t UbUsableBytes() const { return soc->rules.ubUsableBytes; }
    // Workspace the runtime keeps in front of an operator's own (GetUserWorkspace skips it); every workspace size a
    // tiling returns includes it (CANN host: GetLibApiWorkSpaceSize).
    uint64_t SystemWorkspaceBytes() const { return soc->rules.systemWorkspaceBytes; }
};

// A product variant of a SoC row, with the core counts of its CANN platform config (<variant>.ini, [SoCInfo]).
struct SocVariant {
    const char* name;              // CANN soc_version, e.g. "Ascend910B3"
    SocVersion soc;                // the row it belongs to
    uint32_t vectorKernelCoreNum;  // vector_core_cnt (AIV) on A2/A3; ai_core_cnt on 310P (vector kernels' cores)
    uint32_t cubeCoreNum;          // cube_core_cnt (AIC): a MIX kernel launches at most this many AIC:AIV groups
    // 310P: vector_core_cnt, the Vector Cores (vector + scalar unit only) that a KERNEL_TYPE_MIX_VECTOR_CORE kernel
    // starts beside the AI cores; 0 on A2/A3, whose vector_core_cnt is the AIV count above.
    uint32_t mixVectorCoreNum;
    uint64_t memoryBytes = 0;  // [SoCInfo] memory_size: device memory (0: the config gives none)
};

extern const SocVariant kSocVariants[20];

// The device memory of the first variant of `soc` with `coreNum` vector-kernel cores; 0 when no such variant gives
// one (the caller keeps its own figure).
uint64_t VariantMemoryBytes(SocVersion soc, uint32_t coreNum);

// The largest vector / cube core count of any variant of `soc`: the bound of core_num and of a MIX blockDim.
uint32_t MaxVectorKernelCoreNum(SocVersion soc);
uint32_t MaxCubeCoreNum(SocVersion soc);

// The Vector Cores a MIX_VECTOR_CORE launch on `p` may use beside its AI cores: the one count the tilings size
// blockDim with and the twin starts (the variant's by default, see Platform::mixVectorCoreNum).
inline uint32_t MixVectorCoreNum(const Platform& p) { return p.mixVectorCoreNum; }

// Platform::Of with core_num checked: 0 (the row's own count) or [1, MaxVectorKernelCoreNum(soc)]; 161002 otherwise.
Result<Platform> CheckedPlatform(SocVersion soc, int64_t coreNum);

}  // namespace platform
}  // namespace ascendc_sim
