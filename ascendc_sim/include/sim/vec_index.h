// CreateVecIndex, count form (CreateVecIndex.md): dst[i] = firstValue + i for the first `count` elements.
#pragma once
#include <cstdint>

#include "sim/context.h"
#include "sim/qualifiers.h"
#include "sim/tensor.h"
#include "sim/types.h"
#include "sim/vector_core.h"

namespace ascendc_sim {

// CreateVecIndex.md 数据类型 (A2/A3; Atlas inference AI Core: Ascend310P3.ini Intrinsic_vci float16, float32, int16,
// int32): int16_t, half, int32_t, float. Both SoCs have it (8.1.RC1 impl/dav_c220 and dav_m200 createvecindex).
template <typename T>
inline constexpr bool kVecIndexTypes = kOneOf<T, int16_t, half, int32_t, float>;

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
__aicore__ inline void CreateVecIndex(LocalTensor<T> dst, const ascendc_sim::ScalarOf<T>& firstValue, uint32_t count,
                                      ascendc_sim::CallSite = {}) {
    constexpr const char* kApi = "CreateVecIndex";
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::RequireType<T>(kApi, ascendc_sim::kVecIndexTypes<T>);
    if (count == 0) return;  // CreateVecIndex.md 约束说明: a NOP on A2/A3, dst untouched
    // 8.1.RC1 dav_c220 / dav_m200 impl: the first DataBlock is written whole (scalar stores), so dst must hold it.
    constexpr uint32_t kBlk = 32 / sizeof(T);
    constexpr uint32_t kRep = 256 / sizeof(T);
    dst.Operand(kApi, "dst", count < kBlk ? kBlk : count);
    T* d = dst.Operand(kApi, "dst", count);
    // The impl's order: the first block from float(firstValue) + i, then each later block (first repeat) or repeat
    // as the one before plus its width, added in T's arithmetic (Adds).
    for (uint32_t i = 0; i < count && i < kBlk; ++i) {
        d[i] = ascendc_sim::FromCompute<T>(static_cast<float>(firstValue) + static_cast<float>(i));
    }
    for (uint32_t i = kBlk; i < count && i < kRep; ++i) {
        d[i] = ascendc_sim::FromCompute<T>(
            ascendc_sim::WrapAdd(ascendc_sim::ToCompute(d[i - kBlk]), ascendc_sim::ToCompute(static_cast<T>(kBlk))));
    }
    for (uint32_t i = kRep; i < count; ++i) {
        d[i] = ascendc_sim::FromCompute<T>(
            ascendc_sim::WrapAdd(ascendc_sim::ToCompute(d[i - kRep]), ascendc_sim::ToCompute(static_cast<T>(kRep))));
    }
    ascendc_sim::DefineBytes(c, ascendc_sim::DefSpace::kUb, ascendc_sim::CountOperand(dst, count).fp);
    ascendc_sim::CountVector(c, ascendc_sim::VecClass::kSimple, count, sizeof(T));
}

}  // namespace AscendC
