// Compare (bit-mask result), CompareScalar and Select, count form.
#pragma once
#include <cstdint>

#include "sim/definedness.h"
#include "sim/kernel_rules.h"
#include "sim/vector_core.h"

namespace AscendC {

enum class CMPMODE : uint8_t { LT, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };

}  // namespace AscendC

namespace ascendc_sim {

template <typename C>
inline bool CompareValues(C a, C b, AscendC::CMPMODE m) {
    switch (m) {
        case AscendC::CMPMODE::LT:
            return a < b;
        case AscendC::CMPMODE::GT:
            return a > b;
        case AscendC::CMPMODE::EQ:
            return a == b;
        case AscendC::CMPMODE::LE:
            return a <= b;
        case AscendC::CMPMODE::GE:
            return a >= b;
        case AscendC::CMPMODE::NE:
            return a != b;
    }
    return false;
}

// Compare writes one bit per element (LSB first) and only whole 256-byte repeats take part.
template <typename T, typename U, typename GetB>
void CompareLoop(const char* api, const AscendC::LocalTensor<U>& dst, const AscendC::LocalTensor<T>& src0,
                 AscendC::CMPMODE mode, uint32_t count, GetB getB, const char* src1Role,
                 const AscendC::LocalTensor<T>* src1) {
    CoreContext& c = Core();
    Poll(c);
    // Compare.md: A2/A3 half, float, int32 (EQ only); Atlas inference AI Core half and float only.
    const bool int32Eq = std::is_same_v<T, int32_t> && mode == AscendC::CMPMODE::EQ &&
                         Soc(c).version != ascendc_sim::SocVersion::kAscend310P;
    RequireType<T>(api, kFloatTypes<T> || int32Eq);
    RequireType<U>(api, kOneOf<U, uint8_t, int8_t>);
    if (uint64_t{count} * sizeof(T) % 256 != 0) {
        Fail(api, Str("count ", count, " x ", sizeof(T),
                      " B is not a whole number of 256-byte repeats (the rest would "
                      "be silently skipped)"));
    }
    auto* d = reinterpret_cast<uint8_t*>(dst.Operand(api, "dst", (count + 8 * sizeof(U) - 1) / (8 * sizeof(U))));
    const T* a = src0.Operand(api, "src0", count);
    const T* b = src1 != nullptr ? src1->Operand(api, src1Role, count) : nullptr;
    for (uint32_t i = 0; i < count; i += 8) {
        uint8_t byte = 0;
        for (uint32_t j = 0; j < 8; ++j) {
            if (CompareValues(ToCompute(a[i + j]), getB(b, i + j), mode)) byte |= static_cast<uint8_t>(1u << j);
        }
        d[i / 8] = byte;
    }
    // One result bit per element: dst element i is bit i (elements of 1 bit).
    const FlowOperand bits{Footprint::Contiguous(dst.UbOffset(), count, 1)};
    if (src1 != nullptr) {
        Propagate(c, api, Flow::kElementwise, {bits}, {CountOperand(src0, count), CountOperand(*src1, count)});
    } else {
        Propagate(c, api, Flow::kElementwise, {bits}, {CountOperand(src0, count)});
    }
    CountVector(c, VecClass::kSimple, count, sizeof(T));
}

inline bool MaskBit(const uint8_t* m, uint64_t i) { return (m[i / 8] >> (i % 8)) & 1u; }

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, typename U>
__aicore__ inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                               CMPMODE cmpMode, uint32_t count, ascendc_sim::CallSite = {}) {
    ascendc_sim::CompareLoop(
        "Compare", dst, src0, cmpMode, count, [](const T* b, uint32_t i) { return ascendc_sim::ToCompute(b[i]); },
        "src1", &src1);
}

template <typename T, typename U>
__aicore__ inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                                     const ascendc_sim::ScalarOf<T> src1Scalar, CMPMODE cmpMode, uint32_t count,
                                     ascendc_sim::CallSite = {}) {
    auto b = ascendc_sim::ToCompute(src1Scalar);
    ascendc_sim::CompareLoop(
        "CompareScalar", dst, src0, cmpMode, count, [b](const T*, uint32_t) { return b; }, "",
        static_cast<const LocalTensor<T>*>(nullptr));
}

// Bit 1 selects src0, 0 selects src1. VSEL_CMPMASK_SPR reuses the first 256/sizeof(T) bits in every repeat; the
// other modes consume the mask continuously.
template <typename T, typename U>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              const LocalTensor<T>& src1, SELMODE selMode, uint32_t count, ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::RequireType<T>("Select", ascendc_sim::kFloatTypes<T>);
    if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        ascendc_sim::Fail("Select", "VSEL_TENSOR_SCALAR_MODE needs a scalar src1");
    }
    uint64_t perRepeat = 256 / sizeof(T);
    uint64_t maskBits = selMode == SELMODE::VSEL_CMPMASK_SPR ? perRepeat : count;
    auto* m = reinterpret_cast<const uint8_t*>(
        selMask.Operand("Select", "selMask", (maskBits + 8 * sizeof(U) - 1) / (8 * sizeof(U))));
    T* d = dst.Operand("Select", "dst", count);
    const T* a = src0.Operand("Select", "src0", count);
    const T* b = src1.Operand("Select", "src1", count);
    for (uint32_t i = 0; i < count; ++i) {
        uint64_t bit = selMode == SELMODE::VSEL_CMPMASK_SPR ? i % perRepeat : i;
        d[i] = ascendc_sim::MaskBit(m, bit) ? a[i] : b[i];
    }
    // VSEL_CMPMASK_SPR reads one repeat's bits for every repeat: any undefined bit may steer any element.
    const bool spr = selMode == SELMODE::VSEL_CMPMASK_SPR;
    ascendc_sim::Propagate(
        c, "Select", ascendc_sim::Flow::kElementwise, {ascendc_sim::CountOperand(dst, count)},
        {{ascendc_sim::Footprint::Contiguous(selMask.UbOffset(), maskBits, 1), ascendc_sim::DefSpace::kUb, spr},
         ascendc_sim::CountOperand(src0, count),
         ascendc_sim::CountOperand(src1, count)});
    // Modes 1 and 2 use the TMP_UB_OFFSET scratch (asc-devkit kernel_operator_vec_cmpsel_intf.h marks Select
    // __ASC_USE_RESERVED_UBUF__(2201); 8.1.RC1 dav_c220 / dav_m200 cmpsel impl: mode 2 stores 32 uint32 there).
    if (!spr) ascendc_sim::UseUbScratch(c, "Select", 0, 32 * sizeof(uint32_t));
    ascendc_sim::CountVector(c, ascendc_sim::VecClass::kSimple, count, sizeof(T));
}

template <typename T, typename U>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              ascendc_sim::ScalarOf<T> src1, SELMODE selMode, uint32_t count,
                              ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::RequireType<T>("Select", ascendc_sim::kFloatTypes<T>);
    if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        ascendc_sim::Fail("Select", "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE");
    }
    auto* m = reinterpret_cast<const uint8_t*>(
        selMask.Operand("Select", "selMask", (uint64_t{count} + 8 * sizeof(U) - 1) / (8 * sizeof(U))));
    T* d = dst.Operand("Select", "dst", count);
    const T* a = src0.Operand("Select", "src0", count);
    for (uint32_t i = 0; i < count; ++i) d[i] = ascendc_sim::MaskBit(m, i) ? a[i] : src1;
    ascendc_sim::Propagate(
        c, "Select", ascendc_sim::Flow::kElementwise, {ascendc_sim::CountOperand(dst, count)},
        {{ascendc_sim::Footprint::Contiguous(selMask.UbOffset(), count, 1)}, ascendc_sim::CountOperand(src0, count)});
    // Mode 1 duplicates the scalar into a block of T at TMP_UB_OFFSET (8.1.RC1 dav_c220 / dav_m200 cmpsel impl).
    ascendc_sim::UseUbScratch(c, "Select", 0, 32 * sizeof(T));
    ascendc_sim::CountVector(c, ascendc_sim::VecClass::kSimple, count, sizeof(T));
}

}  // namespace AscendC
