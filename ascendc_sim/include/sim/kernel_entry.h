// Kernel qualifiers, entry macros, tiling access and core identity (GetBlockIdx ...) off-hardware.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sim/context.h"
#include "sim/device_memory.h"
#include "sim/qualifiers.h"

namespace ascendc_sim {

// Copies the tiling struct from device memory, checking it lies inside one allocation.
template <typename T>
T ReadTiling(const uint8_t* tiling, const char* api) {
    static_assert(std::is_trivially_copyable_v<T>, "tiling data must be a plain struct");
    CoreContext& c = Core();
    Poll(c);
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

enum KernelMetaType : uint8_t {
    KERNEL_TYPE_AIV_ONLY,
    KERNEL_TYPE_AIC_ONLY,
    KERNEL_TYPE_MIX_AIV_1_0,
    KERNEL_TYPE_MIX_AIC_1_0,
    KERNEL_TYPE_MIX_AIC_1_1,
    KERNEL_TYPE_MIX_AIC_1_2,
};

// The user part of the launch's workspace: the runtime keeps the first kSystemWorkspaceBytes for itself.
__aicore__ inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) {
    return workspace == nullptr ? nullptr : workspace + ascendops::kSystemWorkspaceBytes;
}

__aicore__ inline int64_t GetBlockIdx() { return ascendc_sim::Core().blockIdx; }
__aicore__ inline int64_t GetBlockNum() { return ascendc_sim::Core().launch->cfg.blockDim; }
// MIX launches: the AIV's index inside its AIC:AIV group and the AIVs per AIC (0 and 1 elsewhere).
__aicore__ inline int64_t GetSubBlockIdx() { return ascendc_sim::Core().subBlockIdx; }
__aicore__ inline int64_t GetTaskRation() { return ascendc_sim::Core().taskRation; }

}  // namespace AscendC

using AscendC::KERNEL_TYPE_AIC_ONLY;
using AscendC::KERNEL_TYPE_AIV_ONLY;
using AscendC::KERNEL_TYPE_MIX_AIC_1_0;
using AscendC::KERNEL_TYPE_MIX_AIC_1_1;
using AscendC::KERNEL_TYPE_MIX_AIC_1_2;
using AscendC::KERNEL_TYPE_MIX_AIV_1_0;

// Per-thread on the twin: a MIX launch runs AIC and AIV threads (`if ASCEND_IS_AIV { ... }`).
#define ASCEND_IS_AIV (!::ascendc_sim::Core().isAic)
#define ASCEND_IS_AIC (::ascendc_sim::Core().isAic)

#define KERNEL_TASK_TYPE_DEFAULT(type) static_cast<void>(type)
#define REGISTER_TILING_DEFAULT(Type) using AscendcSimDefaultTiling = Type
#define GET_TILING_DATA(var, tiling) \
    AscendcSimDefaultTiling var = ::ascendc_sim::ReadTiling<AscendcSimDefaultTiling>(tiling, "GET_TILING_DATA")
#define GET_TILING_DATA_WITH_STRUCT(Type, var, tiling) \
    Type var = ::ascendc_sim::ReadTiling<Type>(tiling, "GET_TILING_DATA_WITH_STRUCT")
#define TILING_KEY_IS(key) (::ascendc_sim::CurrentTilingKey() == static_cast<uint64_t>(key))
