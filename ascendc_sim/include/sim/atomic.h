// SetAtomicAdd / SetAtomicNone: while set, UB->GM copies add into GM (under a lock: exact for integers, FP32 adds
// for float). The allowed dtypes are the SoC's.
#pragma once
#include <cstdint>
#include <mutex>
#include <type_traits>

#include "sim/context.h"
#include "sim/dtype_of.h"

namespace ascendc_sim {

std::mutex& AtomicMutex();
void CheckAtomicType(const char* api, ascendc_sim::DataType t);

template <typename T>
void AtomicAccumulate(CoreContext& c, const char* api, T* gm, const T* ub, uint64_t n) {
    if (DTypeOf<T>() != c.atomicType) {
        Fail(api, Str("atomic add set for ", ascendc_sim::DataTypeName(c.atomicType), " but the copy moves ",
                      DTypeName<T>()));
    }
    std::lock_guard<std::mutex> lock(AtomicMutex());
    for (uint64_t i = 0; i < n; ++i) {
        if constexpr (std::is_integral_v<T>) {
            using U = std::make_unsigned_t<T>;
            gm[i] = static_cast<T>(static_cast<U>(gm[i]) + static_cast<U>(ub[i]));
        } else {
            gm[i] = T(static_cast<float>(gm[i]) + static_cast<float>(ub[i]));
        }
    }
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
__aicore__ inline void SetAtomicAdd(ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::CheckAtomicType("SetAtomicAdd", ascendc_sim::DTypeOf<T>());
    c.atomicAdd = true;
    c.atomicType = ascendc_sim::DTypeOf<T>();
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
