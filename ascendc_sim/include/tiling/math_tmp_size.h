// The temporary-buffer sizes of more math APIs (CANN's tiling/tiling_api.h, the Get*MaxMinTmpSize family), in bytes;
// the rules of asc-devkit impl/adv_api/tiling/math.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "tiling/tmp_size_rules.h"

namespace AscendC {

// Fmod keeps Trunc's buffers (trunc_tiling_impl.cpp: 1 float / 2 half) and, for half, 6 more of the input's length
// (fmod_tiling_impl.cpp: three float copies), each at least one 256-byte repeat.
inline void GetFmodMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool /*isReuseSource*/,
                                 uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetFmodMaxMinTmpSize";
    ascendc_sim::tiling::RequireTypeSize(api, typeSize, {2, 4});
    constexpr ascendc_sim::tiling::NodesByType kFmod{2 + 6, 1};
    const auto range =
        ascendc_sim::tiling::NodesOfInput(kFmod.Of(typeSize), ascendc_sim::tiling::ElementCount(api, srcShape), typeSize);
    maxValue = range.max;
    minValue = range.min;
}

// Arange needs no temporary buffer (index/arithprogression_tiling_impl.cpp)
inline void GetArangeMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) { maxValue = minValue = 0; }
inline void GetArithProgressionMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) {
    GetArangeMaxMinTmpSize(maxValue, minValue);
}

}  // namespace AscendC
