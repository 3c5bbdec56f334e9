// The temporary-buffer sizes of the quantisation APIs (CANN's tiling/tiling_api.h: GetAscendQuantMaxMinTmpSize,
// GetAscendDequantMaxMinTmpSize, GetAscendAntiQuantMaxMinTmpSize), in bytes; the rules of asc-devkit
// impl/adv_api/tiling/quantization/ascend_{quant,dequant,antiquant}_tiling_impl.cpp. A bad argument throws
// std::invalid_argument naming the function and the parameter.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

#include "graph/tensor.h"
#include "graph/types.h"
#include "tiling/tmp_size_rules.h"

namespace ascendc_sim::tiling {

constexpr uint32_t kFloatsPerRepeat = kRepeatBytes / sizeof(float);
constexpr uint32_t kFloatsPerBlock = 32 / sizeof(float);

inline uint32_t ProductOfDims(const ge::Shape& shape) {
    uint32_t n = 1;
    for (int64_t d : shape.GetDims()) n *= static_cast<uint32_t>(d);
    return n;
}

// AscendQuant keeps two half copies of the input, at least two repeats ("Input Shape size must be 32B aligned")
inline TmpRange AscendQuantRange(const ge::Shape& srcShape, uint32_t typeSize) {
    const char* api = "GetAscendQuantMaxMinTmpSize";
    const uint32_t n = ElementCount(api, srcShape);
    if (n * typeSize % 32 != 0)
        Refuse(api, "srcShape of " + std::to_string(n) + " elements of " + std::to_string(typeSize) +
                        " bytes is not 32-byte aligned");
    RequireTypeSize(api, typeSize, {2, 4});
    const uint32_t least = 2 * kRepeatBytes;
    return {least, (std::max(n * 2, least) + 31) / 32 * 32};
}

// AscendDequant: one repeat of floats beyond the rows in float and the scale (inner + one block) in float; the
// minimum holds one row. srcShape is [m, n] or [n] of int32.
inline TmpRange AscendDequantRange(const ge::Shape& srcShape, uint32_t typeSize) {
    const char* api = "GetAscendDequantMaxMinTmpSize";
    ElementCount(api, srcShape);
    const size_t dims = srcShape.GetDimNum();
    if (dims != 1 && dims != 2) Refuse(api, "srcShape has " + std::to_string(dims) + " dims: must be 1 or 2");
    RequireTypeSize(api, typeSize, {4});
    const uint32_t outer = dims == 2 ? static_cast<uint32_t>(srcShape.GetDim(0)) : 1;
    const uint32_t inner = static_cast<uint32_t>(srcShape.GetDim(dims - 1));
    const uint32_t scale = inner + kFloatsPerBlock;
    return {(kFloatsPerRepeat + inner + scale) * uint32_t(sizeof(float)),
            (kFloatsPerRepeat + outer * inner + scale) * uint32_t(sizeof(float))};
}

// AscendAntiQuant: nothing for a half output; a 4-bit float input keeps two copies of its 32-aligned scale when
// transposed; else per tensor (one scale) the input in float (the minimum 1 KiB), per channel the scale and
// offset in float with 64 floats per row of K (not transposed) or 80 floats per scale (transposed).
inline TmpRange AscendAntiQuantRange(const ge::Shape& srcShape, const ge::Shape& scaleShape, bool isTranspose,
                                     ge::DataType inputDataType, ge::DataType outputDataType) {
    const char* api = "GetAscendAntiQuantMaxMinTmpSize";
    const uint32_t srcSize = ElementCount(api, srcShape);
    if (isTranspose && srcShape.GetDimNum() >= 2 &&
        static_cast<uint32_t>(inputDataType) * static_cast<uint32_t>(srcShape.GetDim(1)) % 32 != 0)
        Refuse(api, "with isTranspose srcShape [N, K] needs K 32-byte aligned");
    const uint32_t scaleSize = ProductOfDims(scaleShape);
    if (inputDataType == ge::DT_FLOAT4_E2M1 || inputDataType == ge::DT_FLOAT4_E1M2) {
        const uint32_t bytes = isTranspose ? (scaleSize + 31) / 32 * 32 * 2 : 0;
        return {bytes, bytes};
    }
    if (outputDataType == ge::DT_FLOAT16) return {0, 0};
    const uint32_t f = sizeof(float);
    if (scaleSize == 1) return {1024, srcSize * f};
    const uint32_t perChannel = isTranspose ? (8 + 8 + 64) * scaleSize * f
                                            : scaleSize * 2 * f + 64 * static_cast<uint32_t>(srcShape.GetDim(0)) * f;
    return {perChannel, perChannel};
}

}  // namespace ascendc_sim::tiling

namespace AscendC {

inline void GetAscendQuantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                        uint32_t& minValue) {
    const auto r = ascendc_sim::tiling::AscendQuantRange(srcShape, typeSize);
    maxValue = r.max;
    minValue = r.min;
}

inline void GetAscendDequantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                          uint32_t& minValue) {
    const auto r = ascendc_sim::tiling::AscendDequantRange(srcShape, typeSize);
    maxValue = r.max;
    minValue = r.min;
}

inline void GetAscendAntiQuantMaxMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                            bool isTranspose, TensorDataType inputDataType,
                                            TensorDataType outputDataType, uint32_t& maxValue, uint32_t& minValue) {
    const auto r =
        ascendc_sim::tiling::AscendAntiQuantRange(srcShape, scaleShape, isTranspose, inputDataType, outputDataType);
    maxValue = r.max;
    minValue = r.min;
}
inline uint32_t GetAscendAntiQuantMaxTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                             bool isTranspose, TensorDataType inputDataType,
                                             TensorDataType outputDataType) {
    return ascendc_sim::tiling::AscendAntiQuantRange(srcShape, scaleShape, isTranspose, inputDataType, outputDataType)
        .max;
}
inline uint32_t GetAscendAntiQuantMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                             bool isTranspose, TensorDataType inputDataType,
                                             TensorDataType outputDataType) {
    return ascendc_sim::tiling::AscendAntiQuantRange(srcShape, scaleShape, isTranspose, inputDataType, outputDataType)
        .min;
}

}  // namespace AscendC
