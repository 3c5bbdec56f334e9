// Mask registers: UpdateMask, CreateMask and the mask logic (asc-devkit include/basic_api/reg_compute/
// kernel_reg_compute_maskreg_intf.h; MaskReg doc for the patterns).
#pragma once
#include <cstdint>

#include "sim/reg/reg_lanes.h"

namespace AscendC::Reg {

namespace detail {
template <typename T, const RegTrait& regTrait>
inline MaskReg FirstLanes(uint32_t lanes) {
    constexpr uint32_t stride = ascendc_sim::reg::kMaskStrideOf<T, regTrait.REG_NUM>;
    MaskReg m{ascendc_sim::reg::Uncounted{}};
    for (uint32_t i = 0; i < lanes && i * stride < ascendc_sim::reg::kVL; ++i)
        ascendc_sim::reg::SetLaneBits(m, i, stride);
    return m;
}
}  // namespace detail

// The first min(scalarValue, lanes) elements; scalarValue then counts the elements left (plt, POST_UPDATE).
template <typename T, const RegTrait& regTrait = RegTraitNumOne>
inline MaskReg UpdateMask(uint32_t& scalarValue, ascendc_sim::CallSite = {}) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "UpdateMask takes b8/b16/b32/b64 types (MaskReg doc)");
    constexpr uint32_t lanes = ascendc_sim::reg::kVL / ascendc_sim::reg::kMaskStrideOf<T, regTrait.REG_NUM>;
    const uint32_t take = scalarValue < lanes ? scalarValue : lanes;
    scalarValue -= take;
    return detail::FirstLanes<T, regTrait>(take);
}

// The MaskPattern's lanes: VLn the first n, H the first half, Q the first quarter, M3 / M4 every third / fourth
// element from element 0 (the squeeze sample's golden takes x[::4] under M4), ALLF none.
template <typename T, MaskPattern mode = MaskPattern::ALL, const RegTrait& regTrait = RegTraitNumOne>
inline MaskReg CreateMask(ascendc_sim::CallSite = {}) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "CreateMask takes b8/b16/b32/b64 types (MaskReg doc)");
    constexpr uint32_t stride = ascendc_sim::reg::kMaskStrideOf<T, regTrait.REG_NUM>;
    constexpr uint32_t lanes = ascendc_sim::reg::kVL / stride;
    if constexpr (mode == MaskPattern::M3 || mode == MaskPattern::M4) {
        constexpr uint32_t every = mode == MaskPattern::M3 ? 3 : 4;
        MaskReg m{ascendc_sim::reg::Uncounted{}};
        for (uint32_t i = 0; i < lanes; i += every) ascendc_sim::reg::SetLaneBits(m, i, stride);
        return m;
    }
    constexpr uint32_t kFixed[] = {lanes, 1, 2, 3, 4, 8, 16, 32, 64, 128};  // ALL, VL1 ... VL128
    uint32_t n = 0;
    if constexpr (mode == MaskPattern::H) {
        n = lanes / 2;
    } else if constexpr (mode == MaskPattern::Q) {
        n = lanes / 4;
    } else if constexpr (mode != MaskPattern::ALLF && mode != MaskPattern::M3 && mode != MaskPattern::M4) {
        n = kFixed[static_cast<int>(mode)];
        if (n > lanes) {
            ascendc_sim::Fail("CreateMask",
                              ascendc_sim::Str("pattern VL", n, " exceeds the ", lanes, " elements of a register"));
        }
    }
    return detail::FirstLanes<T, regTrait>(n);
}

namespace detail {
template <typename F>
inline void MaskLogic(MaskReg& dst, const MaskReg& a, const MaskReg& b, const MaskReg& mask, F f) {
    for (uint32_t i = 0; i < ascendc_sim::reg::kVL; ++i) {
        const bool on = mask.Bit(i);
        dst.SetBit(i, on && f(a.Bit(i), b.Bit(i)));
        dst.undef.Set(i, mask.undef.Get(i) || (on && (a.undef.Get(i) || b.undef.Get(i))));
    }
}
}  // namespace detail

inline void Not(MaskReg& dst, MaskReg& src, MaskReg& mask, ascendc_sim::CallSite = {}) {
    detail::MaskLogic(dst, src, src, mask, [](bool a, bool) { return !a; });
}
inline void And(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask, ascendc_sim::CallSite = {}) {
    detail::MaskLogic(dst, src0, src1, mask, [](bool a, bool b) { return a && b; });
}
inline void Or(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask, ascendc_sim::CallSite = {}) {
    detail::MaskLogic(dst, src0, src1, mask, [](bool a, bool b) { return a || b; });
}
inline void Xor(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask, ascendc_sim::CallSite = {}) {
    detail::MaskLogic(dst, src0, src1, mask, [](bool a, bool b) { return a != b; });
}
inline void Move(MaskReg& dst, MaskReg& src, MaskReg& mask, ascendc_sim::CallSite = {}) {
    detail::MaskLogic(dst, src, src, mask, [](bool a, bool) { return a; });
}
inline void Move(MaskReg& dst, MaskReg& src, ascendc_sim::CallSite = {}) { dst = src; }

// Element i of T is selected where bit i of the register's bytes [offset * lanes / 8, ...) is set (the move_reg
// sample's golden: each source bit sets the element's mask bits).
template <typename T = DefaultType, int16_t offset, typename U>
inline void MaskGenWithRegTensor(MaskReg& dst, U& srcReg, ascendc_sim::CallSite = {}) {
    using E = ascendc_sim::reg::ElemOf<T, U>;
    constexpr uint32_t stride = sizeof(E), lanes = ascendc_sim::reg::kVL / stride;
    const uint32_t base = static_cast<uint32_t>(offset) * lanes / 8;
    MaskReg out{ascendc_sim::reg::Uncounted{}};
    out.undef.SetRange(0, ascendc_sim::reg::kVL, false);
    for (uint32_t i = 0; i < lanes; ++i) {
        const uint32_t byte = base + i / 8;
        if ((srcReg.bytes[byte] >> (i % 8)) & 1u) ascendc_sim::reg::SetLaneBits(out, i, stride);
        out.undef.SetRange(i * stride, (i + 1) * stride, srcReg.undef.Get(byte));
    }
    dst = out;
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

}  // namespace AscendC::Reg
