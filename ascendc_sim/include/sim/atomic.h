// SetAtomicAdd / SetAtomicMax / SetAtomicMin / SetAtomicNone: while set, UB->GM copies add into GM, or keep the
// larger / smaller value (under a lock: exact for integers, FP32 adds for float). The allowed dtypes are the SoC's.
#pragma once
#include <cstdint>
#include <mutex>
#include <type_traits>

#include "sim/context.h"
#include "sim/dtype_of.h"

namespace ascendc_sim {

std::mutex& AtomicMutex();
void CheckAtomicType(const char* api, ascendc_sim::DataType t);
// SetAtomicMax(ISASI).md / SetAtomicMin(ISASI).md: Atlas A2/A3 only, int8, int16, half, bf16, int32, float.
void CheckAtomicMaxMinType(const char* api, ascendc_sim::DataType t);

template <typename T>
void AtomicAccumulate(CoreContext& c, const char* api, T* gm, const T* ub, uint64_t n) {
    static constexpr const char* kNames[] = {"add", "max", "min"};
    if (DTypeOf<T>() != c.atomicType) {
        Fail(api, Str("atomic ", kNames[static_cast<int>(c.atomicOp)], " set for ",
                      ascendc_sim::DataTypeName(c.atomicType), " but the copy moves ", DTypeName<T>()));
    }
    std::lock_guard<std::mutex> lock(AtomicMutex());
    for (uint64_t i = 0; i < n; ++i) {
        if (c.atomicOp == AtomicOp::kMax) {
            if (static_cast<float>(ub[i]) > static_cast<float>(gm[i])) gm[i] = ub[i];
        } else if (c.atomicOp == AtomicOp::kMin) {
            if (static_cast<float>(ub[i]) < static_cast<float>(gm[i])) gm[i] = ub[i];
        } else if constexpr (std::is_integral_v<T>) {
            using U = std::make_unsigned_t<T>;
            gm[i] = static_cast<T>(static_cast<U>(gm[i]) + static_cast<U>(ub[i]));
        } else {
            gm[i] = T(static_cast<float>(gm[i]) + static_cast<float>(ub[i]));
        }
    }
}

// Copies to GM apply `op` to `type` elements from now on.
inline void EnableDmaAtomic(AtomicOp op, ascendc_sim::DataType type) {
    CoreContext& c = Core();
    c.atomicAdd = true;
    c.atomicOp = op;
    c.atomicType = type;
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
__aicore__ inline void SetAtomicAdd(ascendc_sim::CallSite = {}) {
    ascendc_sim::CheckAtomicType("SetAtomicAdd", ascendc_sim::DTypeOf<T>());
    ascendc_sim::EnableDmaAtomic(ascendc_sim::AtomicOp::kAdd, ascendc_sim::DTypeOf<T>());
}

template <typename T>
__aicore__ inline void SetAtomicMax(ascendc_sim::CallSite = {}) {
    ascendc_sim::CheckAtomicMaxMinType("SetAtomicMax", ascendc_sim::DTypeOf<T>());
    ascendc_sim::EnableDmaAtomic(ascendc_sim::AtomicOp::kMax, ascendc_sim::DTypeOf<T>());
}

template <typename T>
__aicore__ inline void SetAtomicMin(ascendc_sim::CallSite = {}) {
    ascendc_sim::CheckAtomicMaxMinType("SetAtomicMin", ascendc_sim::DTypeOf<T>());
    ascendc_sim::EnableDmaAtomic(ascendc_sim::AtomicOp::kMin, ascendc_sim::DTypeOf<T>());
}

__aicore__ inline void SetAtomicNone(ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    c.atomicAdd = false;
}

// DisableDmaAtomic.md (asc-devkit's name for SetAtomicNone): copies to GM overwrite again.
__aicore__ inline void DisableDmaAtomic(ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    c.atomicAdd = false;
}

}  // namespace AscendC
