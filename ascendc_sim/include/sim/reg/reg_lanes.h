// Lanes of a register under a mask: which elements an instruction computes and how the others end (MaskMergeMode:
// ZEROING writes 0, MERGING keeps the destination; kernel_reg_compute_utils.h), with definedness element by element.
#pragma once
#include <cstdint>
#include <type_traits>

#include "sim/context.h"
#include "sim/reg/reg_types.h"
#include "sim/reg/reg_ub.h"

namespace ascendc_sim::reg {

using AscendC::Reg::DefaultType;
using AscendC::Reg::MaskMergeMode;
using AscendC::Reg::MaskReg;

// The mask bits between two elements of a register type: its element bytes per register (a b64 element over two
// registers takes half its bytes in each).
template <typename U>
inline constexpr uint32_t kMaskStride = sizeof(typename U::ActualT) / U::REG_NUM;
template <typename T, int regNum = 1>
inline constexpr uint32_t kMaskStrideOf = sizeof(T) / regNum;

// The element type an API call names: its T, else the register's (a named T must have the register's width).
template <typename T, typename U>
using ElemOf = std::conditional_t<std::is_same_v<T, DefaultType>, typename U::ActualT, T>;

template <typename U>
inline constexpr bool kIsRegTensor = false;
template <typename T, const AscendC::Reg::RegTrait& tr>
inline constexpr bool kIsRegTensor<AscendC::Reg::RegTensor<T, tr>> = true;

// Selects element `lane`: all the mask bits of its bytes (an element is read by its first bit).
inline void SetLaneBits(MaskReg& m, uint32_t lane, uint32_t stride) {
    for (uint32_t b = 0; b < stride; ++b) m.SetBit(lane * stride + b, true);
}
inline bool LaneOn(const MaskReg& m, uint32_t lane, uint32_t stride) { return m.Bit(lane * stride); }
inline bool LaneMaskUndef(const MaskReg& m, uint32_t lane, uint32_t stride) { return m.undef.Get(lane * stride); }

// dst lane i = f(i) where the mask selects it; `undefIn(i)` says a source of lane i holds no defined value.
template <typename U, typename F, typename G>
void ForLanes(U& dst, const MaskReg& mask, MaskMergeMode mode, F f, G undefIn, const UndefOrigin* origin = nullptr) {
    using T = typename U::ActualT;
    constexpr uint32_t stride = kMaskStride<U>;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        const bool on = LaneOn(mask, i, stride);
        const bool maskUndef = LaneMaskUndef(mask, i, stride);
        if (on || maskUndef) {
            const T v = f(i);
            dst.SetLane(i, v, maskUndef || undefIn(i));
        } else if (mode != MaskMergeMode::MERGING) {
            dst.SetLane(i, T{}, false);
        }
    }
    if (origin != nullptr) dst.origin = *origin;
}

// dst takes a result built aside (its sources may be dst itself): one instruction of class k.
template <typename U>
void CommitReg(U& dst, U& out, const UndefOrigin& origin, VecClass k = VecClass::kSimple) {
    out.origin = origin;
    dst = out;
    ChargeRegInstr(k);
}

}  // namespace ascendc_sim::reg
