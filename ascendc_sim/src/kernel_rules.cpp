#include "sim/kernel_rules.h"

#include <cstring>
#include <iterator>

#include "sim/device_memory.h"

namespace ascendc_sim {
namespace {

using ascendc_sim::KernelType;

constexpr const char* kKernelTypeNames[] = {
    "KERNEL_TYPE_AIV_ONLY",    "KERNEL_TYPE_AIC_ONLY",       "KERNEL_TYPE_MIX_AIV_1_0", "KERNEL_TYPE_MIX_AIC_1_0",
    "KERNEL_TYPE_MIX_AIC_1_1", "KERNEL_TYPE_MIX_AIC_1_2",    "KERNEL_TYPE_AICORE",      "KERNEL_TYPE_VECTORCORE",
    "KERNEL_TYPE_MIX_AICORE",  "KERNEL_TYPE_MIX_VECTOR_CORE"};
static_assert(std::size(kKernelTypeNames) == static_cast<size_t>(KernelType::kCount));

constexpr uint8_t kScratchPattern =
    0x5A;  // what a scratch-using API leaves behind (any value the kernel did not write)

bool IsMix(int type) {
    switch (static_cast<KernelType>(type)) {
        case KernelType::kMixAiv1_0:
        case KernelType::kMixAic1_0:
        case KernelType::kMixAic1_1:
        case KernelType::kMixAic1_2:
        case KernelType::kMixAiCore:
        case KernelType::kMixVectorCore:
            return true;
        default:
            return false;
    }
}

// The workspace argument: the second-to-last kernel parameter (inputs, outputs, workspace, tiling).
uint64_t WorkspaceBytes(const LaunchShared& l) {
    const uint8_t* ws = l.args.size() < 2 ? nullptr : l.args[l.args.size() - 2];
    if (ws == nullptr) return 0;
    std::optional<DeviceAllocation> a = FindAllocation(ws, 0);
    return a ? a->base + a->bytes - ws : 0;
}

}  // namespace

void DeclareKernelType(const char* api, int type) {
    CoreContext& c = Core();
    Poll(c);
    const ascendc_sim::SocInfo& soc = Soc(c);
    if (type < 0 || type >= static_cast<int>(KernelType::kCount) || (soc.rules.kernelTypeMask & (1u << type)) == 0) {
        const char* name = type >= 0 && type < static_cast<int>(KernelType::kCount) ? kKernelTypeNames[type] : "?";
        Fail(api, Str(name, " is not a kernel type ", soc.name,
                      " documents (Kernel-Tiling/设置Kernel类型.md: ascend310p AICORE / MIX_VECTOR_CORE, A2/A3 "
                      "AIV_ONLY / AIC_ONLY / MIX_AIV_1_0 / MIX_AIC_1_x)"));
    }
    // A pure vector (or cube) kernel forced to a MIX type needs a non-zero workspace (设置Kernel类型.md).
    if (IsMix(type) && WorkspaceBytes(*c.launch) == 0) {
        Fail(api, Str(kKernelTypeNames[type], " needs a non-zero workspace (the launch passes none)"));
    }
    c.kernelType = type;
}

// The runtime starts Vector Cores from the binary's kernel type; the twin's caller states it (LaunchConfig), so the
// type in force at the kernel's end (a per-key KERNEL_TASK_TYPE overrides the default) must agree with it.
void CheckKernelTypeAtEnd(CoreContext& c) {
    const bool mixVector = c.kernelType == static_cast<int>(KernelType::kMixVectorCore);
    if (mixVector != c.launch->cfg.vectorCores) {
        Fail("KERNEL_TASK_TYPE_DEFAULT", Str(c.kernelType < 0 ? "no kernel type" : kKernelTypeNames[c.kernelType],
                                             " in a launch ", c.launch->cfg.vectorCores ? "with" : "without",
                                             " Vector Cores (LaunchConfig::vectorCores must say "
                                             "whether the kernel is KERNEL_TYPE_MIX_VECTOR_CORE)"));
    }
}

void RequireCrossCoreSync(const char* api, bool hardware) {
    CoreContext& c = Core();
    const LaunchShared& l = *c.launch;
    // AI Cores and Vector Cores run as separate tasks: no inter-core sync (如何在矢量编程时启用Vector-Core.md).
    if (l.cfg.vectorCores) {
        Fail(api,
             "inter-core sync (IBSet/IBWait/SyncAll) is not supported under KERNEL_TYPE_MIX_VECTOR_CORE: AI Cores "
             "and Vector Cores run as separate tasks");
    }
    // Blocks beyond the physical cores run in later rounds: a barrier waiting for them never completes (SyncAll.md).
    if (l.cfg.blockDim > PhysicalCoreNum(l.cfg)) {
        Fail(api, Str("blockDim ", l.cfg.blockDim, " exceeds the ", PhysicalCoreNum(l.cfg), " cores of ", Soc(c).name,
                      ": blocks run in rounds and a cross-core barrier never completes"));
    }
    // Hardware SyncAll needs a MIX kernel type; under AIV_ONLY the hardware does not schedule it (SyncAll.md).
    if (hardware && !IsMix(c.kernelType)) {
        Fail(api, Str("hardware SyncAll() needs a MIX kernel type (KERNEL_TYPE_MIX_AIV_1_0 ...); the kernel declared ",
                      c.kernelType < 0 ? "none" : kKernelTypeNames[c.kernelType]));
    }
}

void ClobberUbScratch(CoreContext& c, uint64_t bytes) {
    const uint64_t at = Soc(c).rules.ubUsableBytes;
    if (at + bytes <= c.ubBytes) std::memset(c.ub + at, kScratchPattern, bytes);
}

}  // namespace ascendc_sim
