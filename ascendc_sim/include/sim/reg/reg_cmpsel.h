// Compare into a mask register and Select by one (asc-devkit include/basic_api/reg_compute/
// kernel_reg_compute_vec_cmpsel_intf.h): a lane the mask leaves out compares false.
#pragma once
#include <cstdint>

#include "sim/compare_select.h"
#include "sim/reg/reg_lanes.h"

namespace ascendc_sim::reg {

template <typename U, typename B>
void CompareLanes(AscendC::CMPMODE mode, MaskReg& dst, const U& a, B b, const MaskReg& mask) {
    constexpr uint32_t stride = kMaskStride<U>;
    MaskReg out{Uncounted{}};
    out.undef.SetRange(0, kVL, false);
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        const bool on = LaneOn(mask, i, stride);
        if (on && CompareValues(ToCompute(a.Lane(i)), b(i), mode)) SetLaneBits(out, i, stride);
        out.undef.SetRange(i * stride, (i + 1) * stride,
                           LaneMaskUndef(mask, i, stride) || (on && (a.LaneUndef(i) || b.Undef(i))));
    }
    dst = out;
    ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

}  // namespace ascendc_sim::reg

namespace AscendC::Reg {

template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U>
inline void Compare(MaskReg& dst, U& srcReg0, U& srcReg1, MaskReg& mask, ascendc_sim::CallSite = {}) {
    struct Other {
        const U& r;
        auto operator()(uint32_t i) const { return ascendc_sim::ToCompute(r.Lane(i)); }
        bool Undef(uint32_t i) const { return r.LaneUndef(i); }
    };
    ascendc_sim::reg::CompareLanes(mode, dst, srcReg0, Other{srcReg1}, mask);
}
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, typename S>
inline void Compares(MaskReg& dst, U& srcReg, S scalarValue, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename U::ActualT;
    struct Scalar {
        ascendc_sim::ComputeType<E> v;
        auto operator()(uint32_t) const { return v; }
        bool Undef(uint32_t) const { return false; }
    };
    ascendc_sim::reg::CompareLanes(mode, dst, srcReg, Scalar{ascendc_sim::ToCompute(static_cast<E>(scalarValue))},
                                   mask);
}

// dst[i] = mask selects i ? src0[i] : src1[i]
template <typename T = DefaultType, typename U>
inline void Select(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename U::ActualT;
    constexpr uint32_t stride = ascendc_sim::reg::kMaskStride<U>;
    const ascendc_sim::UndefOrigin* origin = ascendc_sim::reg::FirstOrigin(srcReg0, srcReg1);
    const ascendc_sim::UndefOrigin kept = origin != nullptr ? *origin : ascendc_sim::UndefOrigin();
    U out{ascendc_sim::reg::Uncounted{}};
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        const bool on = ascendc_sim::reg::LaneOn(mask, i, stride);
        const E v = on ? srcReg0.Lane(i) : srcReg1.Lane(i);
        out.SetLane(
            i, v,
            ascendc_sim::reg::LaneMaskUndef(mask, i, stride) || (on ? srcReg0.LaneUndef(i) : srcReg1.LaneUndef(i)));
    }
    out.origin = kept;
    dstReg = out;
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

}  // namespace AscendC::Reg
