// Kernel qualifiers, entry macros, tiling access and core identity (GetBlockIdx ...) off-hardware.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sim/built_arch.h"
#include "sim/context.h"
#include "sim/device_memory.h"
#include "sim/gm_definedness.h"
#include "sim/kernel_rules.h"
#include "sim/qualifiers.h"

namespace ascendc_sim {

// Copies the tiling struct from device memory, checking it lies inside one allocation and that the kernel was
// compiled for the launch's architecture (builtNpuArch: ASCENDC_SIM_BUILT_NPU_ARCH of the kernel's build).
template <typename T>
T ReadTiling(const uint8_t* tiling, const char* api, uint32_t builtNpuArch) {
    static_assert(std::is_trivially_copyable_v<T>, "tiling data must be a plain struct");
    CoreContext& c = Core();
    Poll(c);
    CheckBuiltArch(api, builtNpuArch);
    if (tiling == nullptr) Fail(api, "tiling pointer is null");
    if (!FindAllocation(tiling, sizeof(T))) {
        Fail(api, Str("tiling struct of ", sizeof(T), " bytes at ", static_cast<const void*>(tiling),
                      " is not inside one device allocation"));
    }
    T out;
    std::memcpy(&out, tiling, sizeof(T));
    return out;
}

inline uint64_t CurrentTilingKey() { return Core().launch->cfg.tilingKey; }

}  // namespace ascendc_sim

namespace AscendC {

// The documented values (Kernel-Tiling/设置Kernel类型.md), one definition with the SoC table's KernelType.
enum KernelMetaType : uint8_t {
    KERNEL_TYPE_AIV_ONLY = static_cast<uint8_t>(ascendc_sim::KernelType::kAivOnly),
    KERNEL_TYPE_AIC_ONLY = static_cast<uint8_t>(ascendc_sim::KernelType::kAicOnly),
    KERNEL_TYPE_MIX_AIV_1_0 = static_cast<uint8_t>(ascendc_sim::KernelType::kMixAiv1_0),
    KERNEL_TYPE_MIX_AIC_1_0 = static_cast<uint8_t>(ascendc_sim::KernelType::kMixAic1_0),
    KERNEL_TYPE_MIX_AIC_1_1 = static_cast<uint8_t>(ascendc_sim::KernelType::kMixAic1_1),
    KERNEL_TYPE_MIX_AIC_1_2 = static_cast<uint8_t>(ascendc_sim::KernelType::kMixAic1_2),
    KERNEL_TYPE_AICORE = static_cast<uint8_t>(ascendc_sim::KernelType::kAiCore),
    KERNEL_TYPE_VECTORCORE = static_cast<uint8_t>(ascendc_sim::KernelType::kVectorCore),
    KERNEL_TYPE_MIX_AICORE = static_cast<uint8_t>(ascendc_sim::KernelType::kMixAiCore),
    KERNEL_TYPE_MIX_VECTOR_CORE = static_cast<uint8_t>(ascendc_sim::KernelType::kMixVectorCore),
};

// The user part of the launch's workspace: the runtime keeps the SoC's RESERVED_WORKSPACE in front
// (impl/basic_api dav_m200 / dav_c220 kernel_operator_common_impl.h: 2 MB on 310P, 16 MB on A2/A3).
__aicore__ inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) {
    if (workspace == nullptr) return nullptr;
    ascendc_sim::RegisterWorkspace(*ascendc_sim::Core().launch, workspace);  // it may hold undefined bytes
    return workspace + ascendc_sim::Soc(ascendc_sim::Core()).rules.systemWorkspaceBytes;
}

__aicore__ inline int64_t GetBlockIdx() { return ascendc_sim::Core().blockIdx; }
__aicore__ inline int64_t GetBlockNum() { return ascendc_sim::Core().launch->cfg.blockDim; }
// MIX launches: the AIV's index inside its AIC:AIV group and the AIVs per AIC (0 and 1 elsewhere).
__aicore__ inline int64_t GetSubBlockIdx() { return ascendc_sim::Core().subBlockIdx; }
__aicore__ inline int64_t GetTaskRation() { return ascendc_sim::Core().taskRation; }

}  // namespace AscendC

using AscendC::KERNEL_TYPE_AIC_ONLY;
using AscendC::KERNEL_TYPE_AICORE;
using AscendC::KERNEL_TYPE_AIV_ONLY;
using AscendC::KERNEL_TYPE_MIX_AIC_1_0;
using AscendC::KERNEL_TYPE_MIX_AIC_1_1;
using AscendC::KERNEL_TYPE_MIX_AIC_1_2;
using AscendC::KERNEL_TYPE_MIX_AICORE;
using AscendC::KERNEL_TYPE_MIX_AIV_1_0;
using AscendC::KERNEL_TYPE_MIX_VECTOR_CORE;
using AscendC::KERNEL_TYPE_VECTORCORE;

// Per-thread on the twin: a MIX launch runs AIC and AIV threads (`if ASCEND_IS_AIV { ... }`).
#define ASCEND_IS_AIV (!::ascendc_sim::Core().isAic)
#define ASCEND_IS_AIC (::ascendc_sim::Core().isAic)

#define KERNEL_TASK_TYPE_DEFAULT(type) ::ascendc_sim::DeclareKernelType("KERNEL_TASK_TYPE_DEFAULT", (type))
// Per-key type (custom-operator projects): overrides the default for that key (设置Kernel类型.md).
#define KERNEL_TASK_TYPE(key, type) \
    (TILING_KEY_IS(key) ? ::ascendc_sim::DeclareKernelType("KERNEL_TASK_TYPE", (type)) : static_cast<void>(0))
#define REGISTER_TILING_DEFAULT(Type) using AscendcSimDefaultTiling = Type
#define GET_TILING_DATA(var, tiling) \
    AscendcSimDefaultTiling var =    \
        ::ascendc_sim::ReadTiling<AscendcSimDefaultTiling>(tiling, "GET_TILING_DATA", ASCENDC_SIM_BUILT_NPU_ARCH)
#define GET_TILING_DATA_WITH_STRUCT(Type, var, tiling) \
    Type var = ::ascendc_sim::ReadTiling<Type>(tiling, "GET_TILING_DATA_WITH_STRUCT", ASCENDC_SIM_BUILT_NPU_ARCH)
// A plain comparison with the launch's key, as CANN defines it; the key precompiler reads each key as a numeric
// literal (or a macro expanding to one): the ULL suffix pasted on makes anything else (an enum class, a variable,
// a cast expression) fail to compile here as it fails there.
#define TILING_KEY_IS(key) ASCENDC_SIM_TILING_KEY_IS_(key)
#define ASCENDC_SIM_TILING_KEY_IS_(key) (::ascendc_sim::CurrentTilingKey() == key##ULL)
