// The temporary-buffer sizes of the filter APIs (CANN's tiling/tiling_api.h: GetDropOutMaxMinTmpSize,
// GetSelectMaxMinTmpSize / GetSelectWithBytesMaskMaxMinTmpSize), in bytes; the rules of asc-devkit
// impl/adv_api/tiling/filter/dropout_tiling_impl.cpp and select/selectwithbytesmask_tiling_impl.cpp. A bad argument
// throws std::invalid_argument naming the function and the parameter.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

#include "graph/tensor.h"
#include "tiling/tmp_size_rules.h"

namespace ascendc_sim::tiling {

// DropOut: two repeats at least, else two floats per element
inline TmpRange DropOutRange(const char* api, const ge::Shape& srcShape, uint32_t typeSize) {
    RequireTypeSize(api, typeSize, {2, 4});
    if (srcShape.GetDimNum() == 0) Refuse(api, "srcShape has no dims: must have at least one");
    uint32_t n = 1;
    for (int64_t d : srcShape.GetDims()) n *= static_cast<uint32_t>(d);
    const uint32_t least = 2 * kRepeatBytes;
    return {least, std::max(least, 2 * n * uint32_t(sizeof(float)))};
}

// Select with a byte mask: the source (4096 elements at most for the minimum) as 32-aligned halves plus 512 bytes,
// at least 1 KiB; plus the mask re-laid to the source's rows when its last axis differs and may not be reused.
inline uint32_t SelectBytes(const ge::Shape& src0, const ge::Shape& src1, const ge::Shape& mask, uint32_t maskTypeSize,
                            bool isReuseMask, bool minimum) {
    const bool src0Scalar = src0.GetDimNum() == 0 || src0.GetShapeSize() == 1;
    const ge::Shape& src = src0Scalar ? src1 : src0;
    const auto srcSize = static_cast<uint32_t>(src.GetShapeSize());
    const int64_t srcLast = src.GetDim(src.GetDimNum() - 1);
    const int64_t maskLast = mask.GetDim(mask.GetDimNum() - 1);
    const uint32_t cal = minimum ? std::min(srcSize, 4096u) : srcSize;
    uint32_t bytes = std::max(1024u, (cal + 31) / 32 * 32 * 2 + 512);
    if (maskLast != srcLast && !isReuseMask && maskLast > 1) bytes += (srcSize * maskTypeSize + 31) / 32 * 32;
    return bytes;
}

inline void CheckSelect(const char* api, const ge::Shape& src0, const ge::Shape& src1, const ge::Shape& mask,
                        uint32_t maskTypeSize) {
    if (maskTypeSize != 1 && maskTypeSize != 2 && maskTypeSize != 4)
        Refuse(api, "maskTypeSize " + std::to_string(maskTypeSize) + " is not 1, 2 or 4");
    if (src0.GetDimNum() != 2 && src1.GetDimNum() != 2) Refuse(api, "src0Shape or src1Shape must have 2 dims");
    if (mask.GetDimNum() != 2) Refuse(api, "maskShape has " + std::to_string(mask.GetDimNum()) + " dims: must be 2");
}

}  // namespace ascendc_sim::tiling

namespace AscendC {

inline uint32_t GetDropOutMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool) {
    return ascendc_sim::tiling::DropOutRange("GetDropOutMinTmpSize", srcShape, typeSize).min;
}
inline uint32_t GetDropOutMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool) {
    return ascendc_sim::tiling::DropOutRange("GetDropOutMaxTmpSize", srcShape, typeSize).max;
}
inline void GetDropOutMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool,
                                    uint32_t& maxValue, uint32_t& minValue) {
    const auto r = ascendc_sim::tiling::DropOutRange("GetDropOutMaxMinTmpSize", srcShape, typeSize);
    maxValue = r.max;
    minValue = r.min;
}

inline uint32_t GetSelectMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape, const uint32_t,
                                    const TensorShape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask) {
    ascendc_sim::tiling::CheckSelect("GetSelectMinTmpSize", src0Shape, src1Shape, maskShape, maskTypeSize);
    return ascendc_sim::tiling::SelectBytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, true);
}
inline uint32_t GetSelectMaxTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape, const uint32_t,
                                    const TensorShape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask) {
    ascendc_sim::tiling::CheckSelect("GetSelectMaxTmpSize", src0Shape, src1Shape, maskShape, maskTypeSize);
    return ascendc_sim::tiling::SelectBytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, false);
}
inline void GetSelectMaxMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                   const uint32_t srcTypeSize, const TensorShape& maskShape,
                                   const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                                   uint32_t& minValue) {
    ascendc_sim::tiling::CheckSelect("GetSelectMaxMinTmpSize", src0Shape, src1Shape, maskShape, maskTypeSize);
    maxValue = GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
    minValue = GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}
// the same sizes under the API's full name (selectwithbytesmask_tiling_impl.cpp)
inline void GetSelectWithBytesMaskMaxMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                                const uint32_t srcTypeSize, const TensorShape& maskShape,
                                                const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                                                uint32_t& minValue) {
    GetSelectMaxMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask, maxValue, minValue);
}

}  // namespace AscendC
