// Moving elements between registers (asc-devkit include/basic_api/reg_compute/kernel_reg_compute_vec_duplicate_intf.h
// Interleave / DeInterleave, _pack_intf.h Pack / UnPack, _gather_mask_intf.h Squeeze): element order and width
// change, values do not.
#pragma once
#include <cstdint>

#include "sim/reg/reg_memory.h"

namespace AscendC {
enum class SpecialPurposeReg { AR = 0 };
}  // namespace AscendC

namespace ascendc_sim::reg {
// The AR special register: the element count Squeeze with STORE_REG leaves for StoreUnAlign (bytes).
inline thread_local uint32_t tlsSqueezeBytes = 0;
}  // namespace ascendc_sim::reg

namespace AscendC::Reg {

namespace detail {
// Element k of src0 ++ src1 (2 * kLanes elements).
template <typename U>
inline void ConcatLane(const U& s0, const U& s1, uint32_t k, U& dst, uint32_t at) {
    const U& s = k < U::kLanes ? s0 : s1;
    const uint32_t i = k % U::kLanes;
    dst.SetLane(at, s.Lane(i), s.LaneUndef(i));
}
}  // namespace detail

// dst0 ++ dst1 = src0[0], src1[0], src0[1], src1[1], ...
template <typename T = DefaultType, typename U, typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void Interleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1, ascendc_sim::CallSite = {}) {
    U a{ascendc_sim::reg::Uncounted{}}, b{ascendc_sim::reg::Uncounted{}};
    for (uint32_t k = 0; k < 2 * U::kLanes; ++k) {
        const uint32_t from = (k % 2) * U::kLanes + k / 2;  // position in src0 ++ src1
        detail::ConcatLane(srcReg0, srcReg1, from, k < U::kLanes ? a : b, k % U::kLanes);
    }
    a.origin = b.origin = srcReg0.origin;
    dstReg0 = a;
    dstReg1 = b;
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
// dst0 = the even elements of src0 ++ src1, dst1 the odd ones
template <typename T = DefaultType, typename U, typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void DeInterleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1, ascendc_sim::CallSite = {}) {
    U a{ascendc_sim::reg::Uncounted{}}, b{ascendc_sim::reg::Uncounted{}};
    for (uint32_t k = 0; k < U::kLanes; ++k) {
        detail::ConcatLane(srcReg0, srcReg1, 2 * k, a, k);
        detail::ConcatLane(srcReg0, srcReg1, 2 * k + 1, b, k);
    }
    a.origin = b.origin = srcReg0.origin;
    dstReg0 = a;
    dstReg1 = b;
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

// The low part of each wide lane, packed into the lower (LOWEST) or upper (HIGHEST) half of dst; the other half 0.
template <typename T = DefaultType, typename U = DefaultType, HighLowPart part = HighLowPart::LOWEST, typename S,
          typename V>
inline void Pack(S& dstReg, V& srcReg, ascendc_sim::CallSite = {}) {
    using DE = typename S::ActualT;
    static_assert(sizeof(typename V::ActualT) == 2 * sizeof(DE), "Pack halves the element width (Pack doc)");
    S out{ascendc_sim::reg::Uncounted{}};
    out.undef.SetRange(0, S::kBytes, false);
    const uint32_t base = part == HighLowPart::LOWEST ? 0 : V::kLanes;
    for (uint32_t i = 0; i < V::kLanes; ++i) {
        DE v;
        std::memcpy(&v, srcReg.bytes + i * sizeof(typename V::ActualT), sizeof(DE));
        out.SetLane(base + i, v, srcReg.undef.Any(i * 2 * sizeof(DE), i * 2 * sizeof(DE) + sizeof(DE)));
    }
    ascendc_sim::reg::CommitReg(dstReg, out, srcReg.origin);
}
// The lower (LOWEST) or upper (HIGHEST) half of src's elements, each widened to dst's width.
template <typename T = DefaultType, typename U = DefaultType, HighLowPart part = HighLowPart::LOWEST, typename S,
          typename V>
inline void UnPack(S& dstReg, V& srcReg, ascendc_sim::CallSite = {}) {
    using DE = typename S::ActualT;
    static_assert(2 * sizeof(typename V::ActualT) == sizeof(DE), "UnPack doubles the element width (UnPack doc)");
    S out{ascendc_sim::reg::Uncounted{}};
    const uint32_t base = part == HighLowPart::LOWEST ? 0 : S::kLanes;
    for (uint32_t i = 0; i < S::kLanes; ++i) {
        out.SetLane(i, static_cast<DE>(srcReg.Lane(base + i)), srcReg.LaneUndef(base + i));
    }
    ascendc_sim::reg::CommitReg(dstReg, out, srcReg.origin);
}

// The elements the mask selects, moved to the front in order, the rest 0; STORE_REG also leaves their bytes in AR
// for the StoreUnAlign that takes no count.
template <typename T = DefaultType, GatherMaskMode store = GatherMaskMode::NO_STORE_REG, typename U>
inline void Squeeze(U& dstReg, U& srcReg, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename U::ActualT;
    constexpr uint32_t stride = ascendc_sim::reg::kMaskStride<U>;
    U out{ascendc_sim::reg::Uncounted{}};
    out.undef.SetRange(0, U::kBytes, false);
    uint32_t n = 0;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if (ascendc_sim::reg::LaneMaskUndef(mask, i, stride)) {
            ascendc_sim::Fail("Squeeze", "a mask lane holds no defined value: the positions it packs are unknown");
        }
        if (ascendc_sim::reg::LaneOn(mask, i, stride)) out.SetLane(n++, srcReg.Lane(i), srcReg.LaneUndef(i));
    }
    out.origin = srcReg.origin;
    dstReg = out;
    if constexpr (store == GatherMaskMode::STORE_REG) ascendc_sim::reg::tlsSqueezeBytes = n * sizeof(E);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

// dst[i] = src[index[i]] inside the register (kernel_reg_compute_gather_mask_intf.h Gather of registers); an
// index past the register's elements is refused.
template <typename T = DefaultType, typename U = DefaultType, typename S, typename V,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<S>>>
inline void Gather(S& dstReg, S& srcReg, V& indexReg, ascendc_sim::CallSite = {}) {
    S out{ascendc_sim::reg::Uncounted{}};
    for (uint32_t i = 0; i < S::kLanes; ++i) {
        const auto k = static_cast<uint64_t>(indexReg.Lane(i % V::kLanes));
        if (indexReg.LaneUndef(i % V::kLanes)) {
            ascendc_sim::Fail("Gather", "an index lane holds no defined value");
        }
        if (k >= S::kLanes) {
            ascendc_sim::Fail("Gather", ascendc_sim::Str("index ", k, " of lane ", i, " is past the register's ",
                                                         S::kLanes, " elements"));
        }
        out.SetLane(i, srcReg.Lane(static_cast<uint32_t>(k)), srcReg.LaneUndef(static_cast<uint32_t>(k)));
    }
    ascendc_sim::reg::CommitReg(dstReg, out, srcReg.origin);
}

template <SpecialPurposeReg spr>
inline void ClearSpr(ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::tlsSqueezeBytes = 0;
}

// StoreUnAlign of the AR count (Squeeze with STORE_REG), and the post that flushes without moving the address.
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
inline void StoreUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore& ureg, ascendc_sim::CallSite = {}) {
    StoreUnAlign<T, postMode>(dstAddr, srcReg, ureg, ascendc_sim::reg::tlsSqueezeBytes / sizeof(typename U::ActualT));
}
template <typename T>
inline void StoreUnAlignPost(__ubuf__ T*& dstAddr, UnalignRegForStore& ureg, ascendc_sim::CallSite = {}) {
    StoreUnAlignPost<T, PostLiteral::POST_MODE_NORMAL>(dstAddr, ureg, 0);
}

}  // namespace AscendC::Reg
