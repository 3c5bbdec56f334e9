// The temporary-buffer sizes of more math APIs (CANN's tiling/tiling_api.h, the Get*MaxMinTmpSize family), in bytes;
// the rules of asc-devkit impl/adv_api/tiling/math.
#pragma once
#include <algorithm>
#include <cstdint>

#include "graph/tensor.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tmp_size_rules.h"

namespace AscendC {

// Fmod keeps Trunc's buffers (trunc_tiling_impl.cpp: 1 float / 2 half) and, for half, 6 more of the input's length
// (fmod_tiling_impl.cpp: three float copies), each at least one 256-byte repeat.
inline void GetFmodMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool /*isReuseSource*/,
                                 uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetFmodMaxMinTmpSize";
    ascendc_sim::tiling::RequireTypeSize(api, typeSize, {2, 4});
    constexpr ascendc_sim::tiling::NodesByType kFmod{2 + 6, 1};
    const auto range = ascendc_sim::tiling::NodesOfInput(kFmod.Of(typeSize),
                                                         ascendc_sim::tiling::ElementCount(api, srcShape), typeSize);
    maxValue = range.max;
    minValue = range.min;
}

// Power by its pairing (a shape of one element of one dimension is the scalar) and the device's arch: nodes per
// pairing of dav-2201 (tensor^tensor: half 14, int 6, float 4; with a scalar: 14, 7, 5) and dav-2002 (16, 7, 5;
// 16, 8, 6), of the input's bytes, at least 256 (half: 128) each; float and half add a 256-byte repeat, the half
// minimum is half the nodes' (power_tiling_impl.cpp).
inline void GetPowerMaxMinTmpSize(const TensorShape& srcShape1, const TensorShape& srcShape2, const bool typeIsInt,
                                  const uint32_t typeSize, const bool /*isReuseSource*/, uint32_t& maxValue,
                                  uint32_t& minValue) {
    const char* api = "GetPowerMaxMinTmpSize";
    ascendc_sim::tiling::RequireTypeSize(api, typeSize, {2, 4});
    const auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    if (platform == nullptr) ascendc_sim::tiling::Refuse(api, "no platform (PlatformAscendCManager::GetInstance)");
    const bool v200 = platform->GetSocVersion() == platform_ascendc::SocVersion::ASCEND310P;
    struct Nodes {
        uint32_t half, integer, single;
    };
    constexpr Nodes kTensorTensor[2] = {{14, 6, 4}, {16, 7, 5}};  // dav-2201, dav-2002
    constexpr Nodes kWithScalar[2] = {{14, 7, 5}, {16, 8, 6}};
    auto isTensor = [](const TensorShape& s) { return !(s.GetDimNum() == 1 && s.GetDim(0) == 1); };
    const bool tensorTensor = isTensor(srcShape1) && isTensor(srcShape2);
    const Nodes& nodes = (tensorTensor ? kTensorTensor : kWithScalar)[v200 ? 1 : 0];
    const uint32_t n = ascendc_sim::tiling::ElementCount(api, isTensor(srcShape1) ? srcShape1 : srcShape2);
    constexpr uint32_t kRepeat = ascendc_sim::tiling::kRepeatBytes;
    const uint32_t perNode = std::max(n * typeSize, typeSize == sizeof(float) ? kRepeat : kRepeat / 2);
    if (typeIsInt) {
        maxValue = perNode * nodes.integer;
        minValue = kRepeat * nodes.integer;
    } else if (typeSize == sizeof(float)) {
        maxValue = perNode * nodes.single + kRepeat;
        minValue = kRepeat * nodes.single + kRepeat;
    } else {
        maxValue = perNode * nodes.half + kRepeat;
        minValue = kRepeat * nodes.half / 2 + kRepeat;
    }
}

// Arange needs no temporary buffer (index/arithprogression_tiling_impl.cpp)
inline void GetArangeMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) { maxValue = minValue = 0; }
inline void GetArithProgressionMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) {
    GetArangeMaxMinTmpSize(maxValue, minValue);
}

}  // namespace AscendC
