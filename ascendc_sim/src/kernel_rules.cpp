#include "sim/kernel_rules.h"

#include <algorithm>
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

// CANN compiles a kernel per core architecture (--cce-aicore-arch=dav-<arch>, asc-devkit tools/build/
// asc_op_compile_base/asc_op_compiler/ascendc_compile_v220.py:81) and the opp package holds one binary per SoC:
// another architecture's instance does not run (its instruction set and UB differ).
void CheckBuiltArch(const char* api, uint32_t builtNpuArch) {
    CoreContext& c = Core();
    const ArchInfo& arch = GetArchInfo(Soc(c).arch);
    if (builtNpuArch == 0 || builtNpuArch == arch.npuArch) return;
    const char* built = "an unknown architecture";
    for (const ArchInfo& a : kArchTable) built = a.npuArch == builtNpuArch ? a.name : built;
    Fail(api,
         Str("the kernel was compiled for __NPU_ARCH__ ", builtNpuArch, " (", built, ") and launched on ", Soc(c).name,
             " (", arch.name, ", __NPU_ARCH__ ", arch.npuArch,
             "): CANN builds one kernel binary per core architecture (--cce-aicore-arch, ascendc_compile_v220.py)"));
}

bool IsMixKernel(const CoreContext& c) { return c.launch->cfg.aivPerAic != 0 || IsMix(c.kernelType); }

// Guide 架构规格/NPU架构版本2201.md: in a MIX kernel the framework keeps the top 256 B of UB (unless the kernel is
// built with --cce-disable-asc-reserved-ubuf, which the twin does not model).
void CheckUbFrame(CoreContext& c, const char* api, uint64_t b, uint64_t bytes) {
    const uint64_t reserved = Soc(c).rules.mixReservedUbBytes;
    if (reserved == 0 || b + bytes <= c.ubBytes - reserved || !IsMixKernel(c)) return;
    Fail(api, Str("touches UB [0x", std::hex, b, ", 0x", b + bytes, std::dec, "), inside the top ", reserved,
                  " bytes of UB the framework keeps in a MIX kernel on ", Soc(c).name,
                  " (guide NPU架构版本2201.md); keep a MIX kernel's buffers below UB ", c.ubBytes - reserved));
}

// kernel_tpipe_impl.h (CPU debug, InitBuffer): ASCENDC_ASSERT(curPoolAddr <= bufferInitLen.at(pool)), bufferInitLen
// UB 192 KB on dav_c220, 256 KB on dav_m200 (impl/utils/kernel_utils_mode.h): TPipe may hand out the whole UB; on
// dav_3510 only below TMP_UB_OFFSET (asc-devkit dav_3510/kernel_tpipe_impl_c310.h:873, SocKernelRules::tpipeBytes).
void CheckPipeCapacity(CoreContext& c, const char* api, uint64_t total, uint32_t num, uint32_t len, uint64_t rounded) {
    const uint64_t limit = Soc(c).rules.tpipeBytes != 0 ? Soc(c).rules.tpipeBytes : c.ubBytes;
    if (total > limit) {
        Fail(api, Str(num, " x ", len, " bytes (", rounded, " rounded to 32 B) brings the TPipe total to ", total,
                      " bytes, beyond the ", limit, " bytes of UB TPipe may hand out on ", Soc(c).name,
                      Soc(c).rules.tpipeBytes != 0 ? " (kernel_tpipe_impl_c310.h: delta < TMP_UB_OFFSET)"
                                                   : " (kernel_tpipe_impl.h: curPoolAddr <= bufferInitLen)",
                      "; make the tiles smaller"));
    }
    const SocKernelRules& r = Soc(c).rules;
    const uint64_t mixReserved = IsMixKernel(c) ? r.mixReservedUbBytes : 0;
    const uint64_t guide = c.ubBytes - r.ubScratchBytes - mixReserved;
    if (total > guide) {
        AddNote(c, Str(api, ": the TPipe total of ", total, " bytes passes the ", guide,
                       " bytes the guide calls usable on ", Soc(c).name, " (UB minus the ", r.ubScratchBytes,
                       "-byte TMP_UB_OFFSET scratch",
                       mixReserved != 0 ? Str(" and the ", mixReserved, " bytes a MIX kernel leaves the framework")
                                        : std::string(),
                       "): fine unless a scratch-using API runs over live data there, which the twin reports"));
    }
}

void AddNote(CoreContext& c, const std::string& note) {
    LaunchShared& l = *c.launch;
    std::lock_guard<std::mutex> lock(l.errorMu);
    if (std::find(l.notes.begin(), l.notes.end(), note) == l.notes.end()) l.notes.push_back(note);
}

}  // namespace ascendc_sim
