// Machinery shared by the vector instructions: operand checks once per call, dtype support, repeat counting.
#pragma once
#include <cstdint>
#include <type_traits>

#include "sim/context.h"
#include "sim/definedness.h"
#include "sim/dtype_of.h"
#include "sim/tensor.h"
#include "sim/timing.h"

namespace ascendc_sim {

template <typename T>
struct Identity {
    using type = T;
};
// A scalar parameter that takes T from the tensors, so `Adds(halfDst, halfSrc, 2.0f, n)` converts the scalar.
template <typename T>
using ScalarOf = typename Identity<T>::type;

template <typename T, typename... Ts>
inline constexpr bool kOneOf = (std::is_same_v<T, Ts> || ...);

// Dtype sets of the Ascend C docs (Atlas A2/A3 and Atlas inference AI Core agree for these).
template <typename T>
inline constexpr bool kArithTypes = kOneOf<T, half, float, int16_t, int32_t>;
template <typename T>
inline constexpr bool kFloatTypes = kOneOf<T, half, float>;
template <typename T>
inline constexpr bool kReluTypes = kOneOf<T, half, float, int32_t>;
template <typename T>
inline constexpr bool kBitTypes = kOneOf<T, int16_t, uint16_t>;
template <typename T>
inline constexpr bool kShiftTypes = kOneOf<T, int16_t, uint16_t, int32_t, uint32_t>;
template <typename T>
inline constexpr bool kFillTypes = kOneOf<T, half, ascendc_sim::Bf16, float, int16_t, uint16_t, int32_t, uint32_t>;

// Fails naming the instruction and dtype when the instruction does not exist for T.
template <typename T>
void RequireType(const char* api, bool supported) {
    if (!supported) Fail(api, Str("dtype ", DTypeName<T>(), " is not supported by this instruction"));
}

inline void RequireCount(const char* api, int64_t count) {
    if (count < 0) Fail(api, Str("count ", count, " is negative"));
}

// The UB footprint of an operand: `count` elements from the tensor's start (count form), or `repeats` repeats of
// `lanes` elements with strides in 32-byte blocks (repeat form); `whole`: any undefined byte taints the result.
template <typename T>
FlowOperand CountOperand(const AscendC::LocalTensor<T>& t, uint64_t count, bool whole = false) {
    return {Footprint::Contiguous(t.UbOffset(), count, sizeof(T) * 8), DefSpace::kUb, whole};
}
template <typename T>
FlowOperand RepeatOperand(const AscendC::LocalTensor<T>& t, uint64_t lanes, uint64_t repeats, uint64_t blkStride,
                          uint64_t repStride) {
    return {Footprint::Repeats(t.UbOffset(), sizeof(T), lanes, repeats, blkStride, repStride)};
}

inline void CountVector(CoreContext& c, VecClass k, uint64_t count, uint64_t elemBytes) {
    c.cost.vecRepeats[static_cast<int>(k)] += (count * elemBytes + 255) / 256;
    ++c.cost.vecInstrs;
    ChargeVector(c, k, (count * elemBytes + 255) / 256);
}

template <typename C>
inline C WrapAdd(C a, C b) {
    if constexpr (std::is_integral_v<C>) {
        return static_cast<C>(static_cast<std::make_unsigned_t<C>>(a) + static_cast<std::make_unsigned_t<C>>(b));
    } else {
        return a + b;
    }
}
template <typename C>
inline C WrapSub(C a, C b) {
    if constexpr (std::is_integral_v<C>) {
        return static_cast<C>(static_cast<std::make_unsigned_t<C>>(a) - static_cast<std::make_unsigned_t<C>>(b));
    } else {
        return a - b;
    }
}
template <typename C>
inline C WrapMul(C a, C b) {
    if constexpr (std::is_integral_v<C>) {
        return static_cast<C>(static_cast<std::make_unsigned_t<C>>(a) * static_cast<std::make_unsigned_t<C>>(b));
    } else {
        return a * b;
    }
}

// dst[i] = f(src[i]) in the compute type of T.
template <typename T, typename F>
void UnaryLoop(const char* api, VecClass k, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               int64_t count, F f) {
    CoreContext& c = Core();
    Poll(c);
    RequireCount(api, count);
    T* d = dst.Operand(api, "dst", count);
    const T* s = src.Operand(api, "src", count);
    for (int64_t i = 0; i < count; ++i) d[i] = FromCompute<T>(f(ToCompute(s[i])));
    Propagate(c, api, Flow::kElementwise, {CountOperand(dst, count)}, {CountOperand(src, count)});
    CountVector(c, k, count, sizeof(T));
}

// dst[i] = f(src0[i], src1[i]).
template <typename T, typename F>
void BinaryLoop(const char* api, VecClass k, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                const AscendC::LocalTensor<T>& src1, int64_t count, F f) {
    CoreContext& c = Core();
    Poll(c);
    RequireCount(api, count);
    T* d = dst.Operand(api, "dst", count);
    const T* a = src0.Operand(api, "src0", count);
    const T* b = src1.Operand(api, "src1", count);
    for (int64_t i = 0; i < count; ++i) d[i] = FromCompute<T>(f(ToCompute(a[i]), ToCompute(b[i])));
    Propagate(c, api, Flow::kElementwise, {CountOperand(dst, count)},
              {CountOperand(src0, count), CountOperand(src1, count)});
    CountVector(c, k, count, sizeof(T));
}

}  // namespace ascendc_sim
