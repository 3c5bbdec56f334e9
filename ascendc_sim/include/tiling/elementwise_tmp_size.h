// The temporary-buffer sizes of the element-wise advanced APIs (CANN's tiling/tiling_api.h: the
// Get*MaxMinTmpSize family), in bytes; the rules of asc-devkit impl/adv_api/tiling/{activation,math,reduce}.
#pragma once
#include <algorithm>
#include <cstdint>

#include "graph/tensor.h"
#include "tiling/tmp_size_rules.h"

namespace AscendC {

namespace ascendc_sim_tmp {
using ascendc_sim::tiling::ElementCount;
using ascendc_sim::tiling::NodesByType;
using ascendc_sim::tiling::NodesOfInput;
using ascendc_sim::tiling::RequireTypeSize;
using ascendc_sim::tiling::TmpRange;

// nodes of the input's length each API keeps, by element type, and the bytes per element of those buffers
// (0: the input's own typeSize); sources: gelu_tiling_impl.cpp (3 float buffers), sigmoid_tiling_impl.cpp,
// ceil_tiling_impl.cpp, frac_tiling_impl.cpp, swiglu_tiling.cpp, geglu_tiling.cpp, axpy_tiling_impl.cpp, xor_tiling.cpp
struct Rule {
    NodesByType nodes;
    uint32_t elemBytes;
};
constexpr Rule kGelu{{3, 3}, sizeof(float)};
constexpr Rule kSigmoid{{1, 1}, 0};
constexpr Rule kCeil{{2, 1}, 0};
constexpr Rule kFrac{{4, 0}, 0};
constexpr Rule kSwiGLU{{6, 0}, 0};
constexpr Rule kGeGLU{{4, 0}, 0};
constexpr Rule kAxpy{{4, 0}, 0};  // float needs none
constexpr Rule kXor{{1, 1}, 0};

inline TmpRange Range(const char* api, const Rule& rule, const ge::Shape& shape, uint32_t typeSize) {
    RequireTypeSize(api, typeSize, {2, 4});
    const uint32_t n = ElementCount(api, shape);
    return NodesOfInput(rule.nodes.Of(typeSize), n, rule.elemBytes ? rule.elemBytes : typeSize);
}
inline void Put(const TmpRange& r, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = r.max;
    minValue = r.min;
}
}  // namespace ascendc_sim_tmp

inline uint32_t GetGeluMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize) {
    return ascendc_sim_tmp::Range("GetGeluMinTmpSize", ascendc_sim_tmp::kGelu, srcShape, typeSize).min;
}
inline uint32_t GetGeluMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize) {
    return ascendc_sim_tmp::Range("GetGeluMaxTmpSize", ascendc_sim_tmp::kGelu, srcShape, typeSize).max;
}
inline void GetGeluMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                 uint32_t& minValue) {
    ascendc_sim_tmp::Put(ascendc_sim_tmp::Range("GetGeluMaxMinTmpSize", ascendc_sim_tmp::kGelu, srcShape, typeSize),
                         maxValue, minValue);
}

// Get<Name>MaxMinTmpSize(srcShape, typeSize, isReuseSource, maxValue, minValue) by the API's rule
#define ASCENDC_SIM_TMP_SIZE_BY_RULE(Name, rule)                                                            \
    inline void Get##Name##MaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool,  \
                                         uint32_t& maxValue, uint32_t& minValue) {                          \
        const auto range =                                                                                  \
            ascendc_sim_tmp::Range("Get" #Name "MaxMinTmpSize", ascendc_sim_tmp::rule, srcShape, typeSize); \
        ascendc_sim_tmp::Put(range, maxValue, minValue);                                                    \
    }
ASCENDC_SIM_TMP_SIZE_BY_RULE(Sigmoid, kSigmoid)
ASCENDC_SIM_TMP_SIZE_BY_RULE(Ceil, kCeil)
ASCENDC_SIM_TMP_SIZE_BY_RULE(Frac, kFrac)
ASCENDC_SIM_TMP_SIZE_BY_RULE(GeGLU, kGeGLU)
ASCENDC_SIM_TMP_SIZE_BY_RULE(Axpy, kAxpy)
ASCENDC_SIM_TMP_SIZE_BY_RULE(Xor, kXor)
#undef ASCENDC_SIM_TMP_SIZE_BY_RULE

inline void GetSwiGLUMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                   uint32_t& minValue, const bool /*isReuseSource*/ = false) {
    ascendc_sim_tmp::Put(ascendc_sim_tmp::Range("GetSwiGLUMaxMinTmpSize", ascendc_sim_tmp::kSwiGLU, srcShape, typeSize),
                         maxValue, minValue);
}

// Clamp: a byte per element, at least 64 (float) or 128 (half) bytes: one repeat's comparison mask
// (clamp_tiling_impl.cpp)
inline void GetClampMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool /*isReuseSource*/,
                                  uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetClampMaxMinTmpSize";
    ascendc_sim::tiling::RequireTypeSize(api, typeSize, {2, 4});
    const uint32_t n = ascendc_sim::tiling::ElementCount(api, srcShape);
    minValue = ascendc_sim::tiling::kRepeatBytes / typeSize;
    maxValue = std::max(n, minValue);
}

// Exp keeps 3 float buffers for float input (2 when it may reuse the source), 4 for half (exp_tiling_impl.cpp)
inline bool GetExpMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetExpMaxMinTmpSize";
    ascendc_sim::tiling::RequireTypeSize(api, typeSize, {2, 4});
    const uint32_t nodes = typeSize == sizeof(float) ? (isReuseSource ? 2 : 3) : 4;
    const uint32_t n = ascendc_sim::tiling::ElementCount(api, srcShape);
    ascendc_sim_tmp::Put(ascendc_sim::tiling::NodesOfInput(nodes, n, sizeof(float)), maxValue, minValue);
    return true;
}

// Acosh: max(nodes * count, 256) elements, nodes 1 for float and 2 for half (acosh_tiling.cpp)
inline void GetAcoshMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool /*isReuseSource*/,
                                  uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetAcoshMaxMinTmpSize";
    ascendc_sim::tiling::RequireTypeSize(api, typeSize, {2, 4});
    const uint32_t nodes = typeSize == sizeof(float) ? 1 : 2;
    const uint32_t n = ascendc_sim::tiling::ElementCount(api, srcShape);
    minValue = nodes * ascendc_sim::tiling::kRepeatBytes;
    maxValue = std::max(nodes * n, ascendc_sim::tiling::kRepeatBytes) * typeSize;
}

// Silu and Swish need no temporary buffer (silu_tiling.cpp, swish_tiling.cpp)
inline void GetSiluTmpSize(const TensorShape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = minValue = 0;
}
inline void GetSwishTmpSize(const TensorShape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = minValue = 0;
}

// Sum: one partial sum per repeat of the row, rounded up to whole 32-byte blocks (reduce/sum_tiling.cpp)
inline void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool /*isReuseSource*/,
                                uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetSumMaxMinTmpSize";
    ascendc_sim::tiling::RequireTypeSize(api, typeSize, {2, 4});
    if (n == 0) ascendc_sim::tiling::Refuse(api, "n is 0: must be greater than 0");
    const uint32_t perBlock = 32 / typeSize;
    const uint32_t perRepeat = ascendc_sim::tiling::kRepeatBytes / typeSize;
    const uint32_t repeats = (n + perRepeat - 1) / perRepeat;
    maxValue = minValue = (repeats + perBlock - 1) / perBlock * perBlock * typeSize;
}

}  // namespace AscendC
