// Histograms of b8 values into a b16 register (asc-devkit include/basic_api/reg_compute/
// kernel_reg_compute_histograms_intf.h): BINk counts values 128k .. 128k + 127, lane j the value 128k + j, added to
// dst (FREQUENCY: that value's count; ACCUMULATE: the count of values up to it). The histogram sample's golden.
#pragma once
#include <cstdint>

#include "sim/reg/reg_lanes.h"

namespace AscendC::Reg {

enum class HistogramsBinType { BIN0 = 0, BIN1, BIN2, BIN3, BIN4, BIN5, BIN6, BIN7 };
enum class HistogramsType { FREQUENCY = 0, ACCUMULATE };

template <typename T = DefaultType, typename U = DefaultType, HistogramsBinType mode, HistogramsType type, typename S,
          typename V>
inline void Histograms(V& dstReg, S& srcReg, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using SE = typename S::ActualT;
    using DE = typename V::ActualT;
    static_assert(sizeof(SE) == 1 && sizeof(DE) == 2, "Histograms counts b8 values into b16 lanes (Histograms doc)");
    const uint32_t first = static_cast<uint32_t>(mode) * V::kLanes;
    uint32_t counts[ascendc_sim::reg::kVL / 2] = {};
    bool undef = false;
    for (uint32_t i = 0; i < S::kLanes; ++i) {
        if (ascendc_sim::reg::LaneMaskUndef(mask, i, 1)) undef = true;
        if (!ascendc_sim::reg::LaneOn(mask, i, 1)) continue;
        undef = undef || srcReg.LaneUndef(i);
        const uint32_t v = static_cast<uint8_t>(srcReg.Lane(i));
        if (type == HistogramsType::FREQUENCY) {
            if (v >= first && v < first + V::kLanes) ++counts[v - first];
        } else {
            for (uint32_t j = v < first ? 0 : v - first; j < V::kLanes; ++j) ++counts[j];
        }
    }
    for (uint32_t j = 0; j < V::kLanes; ++j) {
        dstReg.SetLane(j, static_cast<DE>(dstReg.Lane(j) + counts[j]), undef || dstReg.LaneUndef(j));
    }
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kReduce);
}

}  // namespace AscendC::Reg
