// Reductions inside a register (asc-devkit include/basic_api/reg_compute/kernel_reg_compute_vec_reduce_intf.h):
// Reduce over the lanes the mask selects into lane 0, ReduceDataBlock per 32-byte block into lane b, PairReduceElem
// of neighbours into lane i. The other lanes are zeroed (ZEROING) or kept (MERGING).
#pragma once
#include <cstdint>
#include <limits>

#include "sim/reg/reg_arith.h"

namespace ascendc_sim::reg {

template <AscendC::ReduceType type, typename C>
C ReduceIdentity() {
    if constexpr (type == AscendC::ReduceType::SUM) {
        return C(0);
    } else if constexpr (std::is_floating_point_v<C>) {
        return type == AscendC::ReduceType::MAX ? -std::numeric_limits<C>::infinity()
                                                : std::numeric_limits<C>::infinity();
    } else {
        return type == AscendC::ReduceType::MAX ? std::numeric_limits<C>::lowest() : std::numeric_limits<C>::max();
    }
}
template <AscendC::ReduceType type, typename C>
C ReduceStep(C acc, C v) {
    if constexpr (type == AscendC::ReduceType::SUM) {
        return WrapAdd(acc, v);
    } else if constexpr (type == AscendC::ReduceType::MAX) {
        return v > acc ? v : acc;
    } else {
        return v < acc ? v : acc;
    }
}

// dst lane g = the reduction of src lanes [g * group, (g + 1) * group) the mask selects, for g < groups.
template <AscendC::ReduceType type, MaskMergeMode mode, typename S, typename V>
void ReduceGroups(S& dst, const V& src, const MaskReg& mask, uint32_t group, uint32_t groups) {
    using SE = typename V::ActualT;
    using DE = typename S::ActualT;
    using C = std::conditional_t<(sizeof(ComputeType<DE>) > sizeof(ComputeType<SE>)), ComputeType<DE>, ComputeType<SE>>;
    constexpr uint32_t stride = kMaskStride<V>;
    S out{Uncounted{}};
    if (mode == MaskMergeMode::MERGING) out = dst;
    for (uint32_t g = 0; g < S::kLanes; ++g) {
        if (g >= groups) {
            if (mode != MaskMergeMode::MERGING) out.SetLane(g, DE{}, false);
            continue;
        }
        C acc = ReduceIdentity<type, C>();
        bool undef = false;
        for (uint32_t i = g * group; i < (g + 1) * group; ++i) {
            if (LaneMaskUndef(mask, i, stride)) undef = true;
            if (!LaneOn(mask, i, stride)) continue;
            acc = ReduceStep<type, C>(acc, static_cast<C>(ToCompute(src.Lane(i))));
            undef = undef || src.LaneUndef(i);
        }
        out.SetLane(g, FromCompute<DE>(static_cast<ComputeType<DE>>(acc)), undef);
    }
    out.origin = src.origin;
    dst = out;
    ChargeRegInstr(ascendc_sim::VecClass::kReduce);
}

}  // namespace ascendc_sim::reg

namespace AscendC::Reg {

template <ReduceType type = ReduceType::SUM, typename T = DefaultType, typename U = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V>
inline void Reduce(S& dstReg, V srcReg, MaskReg mask, ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::ReduceGroups<type, mode>(dstReg, srcReg, mask, V::kLanes, 1);
}
template <ReduceType type = ReduceType::SUM, typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING,
          typename U>
inline void ReduceDataBlock(U& dstReg, U srcReg, MaskReg mask, ascendc_sim::CallSite = {}) {
    constexpr uint32_t perBlock = 32 / sizeof(typename U::ActualT);
    ascendc_sim::reg::ReduceGroups<type, mode>(dstReg, srcReg, mask, perBlock, U::kLanes / perBlock);
}
template <PairReduce type = PairReduce::SUM, typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING,
          typename U>
inline void PairReduceElem(U& dstReg, U srcReg, MaskReg mask, ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::ReduceGroups<ReduceType::SUM, mode>(dstReg, srcReg, mask, 2, U::kLanes / 2);
}

}  // namespace AscendC::Reg
