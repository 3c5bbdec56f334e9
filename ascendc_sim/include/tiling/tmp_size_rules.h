// The sizing rule most advanced APIs' Get*MaxMinTmpSize share: the API keeps `nodes` live buffers of the input's
// length (elemBytes per element), each at least one 256-byte repeat; the minimum is one repeat per buffer
// (asc-devkit impl/adv_api/tiling/*: CalcPro * max(inputSize * typeSize, ONE_REPEAT_BYTE_SIZE)). A bad argument
// throws std::invalid_argument naming the function and the parameter.
#pragma once
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include "graph/tensor.h"

namespace ascendc_sim::tiling {

constexpr uint32_t kRepeatBytes = 256;  // ONE_REPEAT_BYTE_SIZE of the tiling sources

struct TmpRange {
    uint32_t min;
    uint32_t max;
};

[[noreturn]] inline void Refuse(const char* api, const std::string& what) {
    throw std::invalid_argument(std::string(api) + ": " + what);
}

// typeSize must be one of `allowed` (HighLevelApiCheck::TypeSizeVerifyingParameters)
inline void RequireTypeSize(const char* api, uint32_t typeSize, std::initializer_list<uint32_t> allowed) {
    if (std::find(allowed.begin(), allowed.end(), typeSize) != allowed.end()) return;
    std::string list;
    for (uint32_t a : allowed) list += (list.empty() ? "" : " or ") + std::to_string(a);
    Refuse(api, "typeSize " + std::to_string(typeSize) + " is not " + list);
}

// The element count of a shape, which must be positive ("Input Shape size must be greater than 0.")
inline uint32_t ElementCount(const char* api, const ge::Shape& shape) {
    const int64_t n = shape.GetShapeSize();
    if (n <= 0) Refuse(api, "srcShape has " + std::to_string(n) + " elements: must be greater than 0");
    return static_cast<uint32_t>(n);
}

inline TmpRange NodesOfInput(uint32_t nodes, uint32_t count, uint32_t elemBytes) {
    return {nodes * kRepeatBytes, nodes * std::max(count * elemBytes, kRepeatBytes)};
}

// nodes by the element type: half (2 bytes) or float (4)
struct NodesByType {
    uint32_t half;
    uint32_t single;
    uint32_t Of(uint32_t typeSize) const { return typeSize == sizeof(float) ? single : half; }
};

}  // namespace ascendc_sim::tiling
