// Conversions between registers (asc-devkit include/basic_api/reg_compute/kernel_reg_compute_vec_vconv_intf.h):
// Cast between element widths, where the narrower type occupies one part of each wider lane (CastTrait layoutMode:
// ZERO the lowest part, ONE the next, ...), and Truncate to an integral value in the same type. The conversion of
// each value is the basic API's (sim/cast.h ConvertOne).
#pragma once
#include <cstdint>

#include "sim/cast.h"
#include "sim/reg/reg_lanes.h"

namespace AscendC::Reg {

template <typename T = DefaultType, typename U = DefaultType, const CastTrait& trait = castTrait, typename S,
          typename V>
inline void Cast(S& dstReg, V& srcReg, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using DE = typename S::ActualT;
    using SE = typename V::ActualT;
    constexpr uint32_t ds = sizeof(DE), ss = sizeof(SE), wide = ds > ss ? ds : ss;
    constexpr uint32_t lanes = ascendc_sim::reg::kVL / wide;
    constexpr uint32_t part = trait.layoutMode == RegLayout::UNKNOWN ? 0 : static_cast<uint32_t>(trait.layoutMode);
    static_assert(part < wide / (ds < ss ? ds : ss), "Cast: the CastTrait's layoutMode is past the lane's parts");
    const RoundMode round = trait.roundMode == RoundMode::UNKNOWN ? RoundMode::CAST_RINT : trait.roundMode;
    const bool merge = trait.mrgMode == MaskMergeMode::MERGING;
    S out{ascendc_sim::reg::Uncounted{}};
    if (merge) {
        out = dstReg;
    } else {
        out.undef.SetRange(0, S::kBytes, false);
    }
    for (uint32_t i = 0; i < lanes; ++i) {
        const uint32_t si = ss < ds ? i * (ds / ss) + part : i;
        const uint32_t di = ds < ss ? i * (ss / ds) + part : i;
        const bool on = ascendc_sim::reg::LaneOn(mask, i, wide);
        const bool maskUndef = ascendc_sim::reg::LaneMaskUndef(mask, i, wide);
        if (!on && !maskUndef) continue;
        out.SetLane(di, ascendc_sim::ConvertOne<DE, SE>(srcReg.Lane(si), round), maskUndef || srcReg.LaneUndef(si));
    }
    out.origin = srcReg.origin;
    dstReg = out;
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kCast);
}

// dst[i] = src[i] rounded to an integral value with roundMode (Truncate doc)
template <typename T = DefaultType, RoundMode roundMode = RoundMode::CAST_NONE,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>
inline void Truncate(S& dstReg, S& srcReg, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename S::ActualT;
    using C = ascendc_sim::ComputeType<E>;
    static_assert(ascendc_sim::kIsFloating<E>, "Truncate takes half, bfloat16 or float registers (Truncate doc)");
    ascendc_sim::reg::ForLanes(
        dstReg, mask, mode,
        [&](uint32_t i) {
            const C v = ascendc_sim::ToCompute(srcReg.Lane(i));
            if (ascendc_sim::fm::isnan(v) || ascendc_sim::fm::isinf(v)) return srcReg.Lane(i);
            const C r = static_cast<C>(ascendc_sim::RoundMagnitude(ascendc_sim::fm::fabs(v), roundMode, v < 0));
            return ascendc_sim::FromCompute<E>(v < 0 ? -r : r);
        },
        [&](uint32_t i) { return srcReg.LaneUndef(i); });
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kCast);
}

}  // namespace AscendC::Reg
