// SoftMax's, LogSoftMax's and SoftmaxGrad's host tiling (CANN's tiling/tiling_api.h, activation/softmax_tiling.h,
// logsoftmax_tiling.h): the temporary-buffer range and SoftMaxTilingFunc / LogSoftMaxTilingFunc /
// SoftMaxGradTilingFunc, the rows of one pass (splitM) that a work space of localWorkSpaceSize bytes holds. Rules of
// asc-devkit impl/adv_api/tiling/activation/softmax_tiling.cpp for dav-2201 / dav-2002: each row of a pass needs
// srcK floats, one 32-byte block of its max / sum and 64 floats of reduction scratch.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"
#include "register/tilingdata_base.h"
#include "tiling/tmp_size_rules.h"

// The fields of SoftMaxTiling and LogSoftMaxTiling, in the order of kernel_tiling.h's SoftMaxTiling.
#define ASCENDC_SIM_SOFTMAX_TILING_FIELDS           \
    TILING_DATA_FIELD_DEF(uint32_t, srcM);          \
    TILING_DATA_FIELD_DEF(uint32_t, srcK);          \
    TILING_DATA_FIELD_DEF(uint32_t, srcSize);       \
    TILING_DATA_FIELD_DEF(uint32_t, outMaxM);       \
    TILING_DATA_FIELD_DEF(uint32_t, outMaxK);       \
    TILING_DATA_FIELD_DEF(uint32_t, outMaxSize);    \
    TILING_DATA_FIELD_DEF(uint32_t, splitM);        \
    TILING_DATA_FIELD_DEF(uint32_t, splitK);        \
    TILING_DATA_FIELD_DEF(uint32_t, splitSize);     \
    TILING_DATA_FIELD_DEF(uint32_t, reduceM);       \
    TILING_DATA_FIELD_DEF(uint32_t, reduceK);       \
    TILING_DATA_FIELD_DEF(uint32_t, reduceSize);    \
    TILING_DATA_FIELD_DEF(uint32_t, rangeM);        \
    TILING_DATA_FIELD_DEF(uint32_t, tailM);         \
    TILING_DATA_FIELD_DEF(uint32_t, tailSplitSize); \
    TILING_DATA_FIELD_DEF(uint32_t, tailReduceSize);

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftMaxTiling)
ASCENDC_SIM_SOFTMAX_TILING_FIELDS
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(LogSoftMaxTiling)
ASCENDC_SIM_SOFTMAX_TILING_FIELDS
END_TILING_DATA_DEF;
}  // namespace optiling

namespace ascendc_sim::tiling {

constexpr uint32_t kSoftMaxBlockBytes = 32;
constexpr uint32_t kSoftMaxReduceFloats = 64;  // SOFTMAX_BASICBLOCK_UNIT
constexpr uint32_t kSoftMaxRowsPerTile = 8;    // BASIC_TILE_NUM: one 32-byte block of floats

struct SoftMaxShape {
    uint32_t m;  // rows: the product of all dims but the last
    uint32_t k;  // the last dim, 32-byte aligned
};

inline SoftMaxShape SoftMaxRows(const char* api, const ge::Shape& shape, uint32_t typeSize) {
    RequireTypeSize(api, typeSize, {2, 4});
    const uint32_t n = ElementCount(api, shape);
    const uint32_t k = static_cast<uint32_t>(shape.GetDims().back());
    if (k * typeSize % kSoftMaxBlockBytes != 0)  // HighLevelApiCheck::ShapeLastAxisAlignVerifyingParameters
        Refuse(api, "the last axis of srcShape (" + std::to_string(k) + " elements) must be 32-byte aligned");
    return {n / k, k};
}

// floats one row of a pass needs: its data, a block of its max / sum, the reduction scratch
inline uint32_t SoftMaxRowFloats(const SoftMaxShape& s, uint32_t typeSize) {
    return kSoftMaxBlockBytes / typeSize + s.k + kSoftMaxReduceFloats;
}

// SoftMax's and LogSoftMax's temporary buffer: one row (the minimum) or all rows of a pass
inline uint32_t SoftMaxTmpBytes(const char* api, const ge::Shape& shape, uint32_t typeSize, bool allRows) {
    const SoftMaxShape s = SoftMaxRows(api, shape, typeSize);
    return (allRows ? s.m : 1) * SoftMaxRowFloats(s, typeSize) * uint32_t(sizeof(float));
}

// the basic-block shape (rows a multiple of 8, k of 64) keeps a whole number of 8-row tiles per pass, below 255
// repeats of 64 floats
inline uint32_t SoftMaxBasicBlockRows(uint32_t baseM, const SoftMaxShape& s) {
    if (baseM <= kSoftMaxRowsPerTile || s.m % kSoftMaxRowsPerTile != 0 || s.k % kSoftMaxReduceFloats != 0) {
        return baseM;
    }
    baseM = baseM / kSoftMaxRowsPerTile * kSoftMaxRowsPerTile;
    while (s.m % baseM != 0) baseM -= kSoftMaxRowsPerTile;
    while (baseM * s.k >= kSoftMaxReduceFloats * kRepeatBytes) baseM /= 2;
    return baseM;
}

// the split of srcM into passes of baseM rows that localWorkSpaceSize holds at rowFloats a row (SoftMaxTilingFunc,
// SoftMaxGradTilingFunc)
template <typename HostTiling>  // optiling::SoftMaxTiling or LogSoftMaxTiling: the same fields
void FillSoftMaxTiling(const char* api, const SoftMaxShape& s, uint32_t typeSize, uint32_t workBytes,
                       uint32_t rowFloats, HostTiling& out) {
    if (workBytes == 0) Refuse(api, "localWorkSpaceSize is 0");
    const uint32_t perBlock = kSoftMaxBlockBytes / typeSize;
    uint32_t baseM = std::min(workBytes / uint32_t(sizeof(float)) / rowFloats, s.m);
    if (baseM < s.m && baseM > kSoftMaxRowsPerTile) baseM = baseM / kSoftMaxRowsPerTile * kSoftMaxRowsPerTile;
    baseM = SoftMaxBasicBlockRows(baseM, s);
    const uint32_t tail = baseM != 0 ? s.m % baseM : 0;
    out.set_srcM(s.m);
    out.set_srcK(s.k);
    out.set_srcSize(s.m * s.k);
    out.set_outMaxM(s.m);
    out.set_outMaxK(perBlock);
    out.set_outMaxSize(s.m * perBlock);
    out.set_splitM(baseM);
    out.set_splitK(s.k);
    out.set_splitSize(baseM * s.k);
    out.set_reduceM(baseM);
    out.set_reduceK(perBlock);
    out.set_reduceSize(baseM * perBlock);
    out.set_rangeM(baseM != 0 ? s.m / baseM : 0);
    out.set_tailM(tail);
    out.set_tailSplitSize(tail * s.k);
    out.set_tailReduceSize(tail * perBlock);
}

// SoftmaxGrad's floats a row: half keeps two blocks and three rows of k, float one block (front) or two, and k
// (SoftMaxGradTilingFunc, GetSoftMaxGrad*TmpSize)
inline uint32_t SoftMaxGradRowFloats(const SoftMaxShape& s, uint32_t typeSize, bool isFront) {
    const uint32_t perBlock = kSoftMaxBlockBytes / typeSize;
    if (typeSize != sizeof(float)) return 2 * perBlock + 3 * s.k + kSoftMaxReduceFloats;
    return (isFront ? perBlock : 2 * perBlock) + s.k + kSoftMaxReduceFloats;
}

}  // namespace ascendc_sim::tiling

namespace AscendC {

inline uint32_t GetSoftMaxMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                     const bool /*isReuseSource*/) {
    return ascendc_sim::tiling::SoftMaxTmpBytes("GetSoftMaxMinTmpSize", srcShape, dataTypeSize, false);
}
inline uint32_t GetSoftMaxMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                     const bool /*isReuseSource*/) {
    return ascendc_sim::tiling::SoftMaxTmpBytes("GetSoftMaxMaxTmpSize", srcShape, dataTypeSize, true);
}

inline void SoftMaxTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                              const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxTiling) {
    const auto s = ascendc_sim::tiling::SoftMaxRows("SoftMaxTilingFunc", srcShape, dataTypeSize);
    ascendc_sim::tiling::FillSoftMaxTiling("SoftMaxTilingFunc", s, dataTypeSize, localWorkSpaceSize,
                                           ascendc_sim::tiling::SoftMaxRowFloats(s, dataTypeSize), softmaxTiling);
}
inline void SoftMaxTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                              const uint32_t localWorkSpaceSize, AscendC::tiling::SoftMaxTiling& softmaxTiling) {
    optiling::SoftMaxTiling host;
    SoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, host);
    host.SaveToBuffer(&softmaxTiling, sizeof(softmaxTiling));
}

// LogSoftMax: SoftMax's sizes and split (logsoftmax_tiling.cpp)
inline uint32_t GetLogSoftMaxMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                        const bool /*isReuseSource*/) {
    return ascendc_sim::tiling::SoftMaxTmpBytes("GetLogSoftMaxMinTmpSize", srcShape, dataTypeSize, false);
}
inline uint32_t GetLogSoftMaxMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                        const bool /*isReuseSource*/) {
    return ascendc_sim::tiling::SoftMaxTmpBytes("GetLogSoftMaxMaxTmpSize", srcShape, dataTypeSize, true);
}
inline void LogSoftMaxTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                 const uint32_t localWorkSpaceSize, optiling::LogSoftMaxTiling& softmaxTiling) {
    const char* api = "LogSoftMaxTilingFunc";
    const auto s = ascendc_sim::tiling::SoftMaxRows(api, srcShape, dataTypeSize);
    const uint32_t rowBytes = ascendc_sim::tiling::SoftMaxRowFloats(s, dataTypeSize) * sizeof(float);
    if (localWorkSpaceSize < rowBytes)  // CANN's logsoftmax_tiling.cpp divides by the 0 rows it fits
        ascendc_sim::tiling::Refuse(api, "localWorkSpaceSize " + std::to_string(localWorkSpaceSize) +
                                             " holds no row (GetLogSoftMaxMinTmpSize: " + std::to_string(rowBytes) +
                                             ")");
    ascendc_sim::tiling::FillSoftMaxTiling(api, s, dataTypeSize, localWorkSpaceSize, rowBytes / sizeof(float),
                                           softmaxTiling);
}
inline void LogSoftMaxTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                 const uint32_t localWorkSpaceSize, AscendC::tiling::LogSoftMaxTiling& softmaxTiling) {
    optiling::LogSoftMaxTiling host;
    LogSoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, host);
    host.SaveToBuffer(&softmaxTiling, sizeof(softmaxTiling));
}

inline uint32_t GetSoftMaxGradMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool /*isReuseSource*/) {
    const auto s = ascendc_sim::tiling::SoftMaxRows("GetSoftMaxGradMinTmpSize", srcShape, dataTypeSize);
    return ascendc_sim::tiling::SoftMaxGradRowFloats(s, dataTypeSize, isFront) * sizeof(float);
}
inline uint32_t GetSoftMaxGradMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool /*isReuseSource*/) {
    const auto s = ascendc_sim::tiling::SoftMaxRows("GetSoftMaxGradMaxTmpSize", srcShape, dataTypeSize);
    return s.m * ascendc_sim::tiling::SoftMaxGradRowFloats(s, dataTypeSize, isFront) * sizeof(float);
}
inline void SoftMaxGradTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxGradTiling,
                                  const bool isFront = false) {
    const auto s = ascendc_sim::tiling::SoftMaxRows("SoftMaxGradTilingFunc", srcShape, dataTypeSize);
    ascendc_sim::tiling::FillSoftMaxTiling("SoftMaxGradTilingFunc", s, dataTypeSize, localWorkSpaceSize,
                                           ascendc_sim::tiling::SoftMaxGradRowFloats(s, dataTypeSize, isFront),
                                           softmaxGradTiling);
}
inline void SoftMaxGradTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize, AscendC::tiling::SoftMaxTiling& softmaxGradTiling,
                                  const bool isFront = false) {
    optiling::SoftMaxTiling host;
    SoftMaxGradTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, host, isFront);
    host.SaveToBuffer(&softmaxGradTiling, sizeof(softmaxGradTiling));
}

}  // namespace AscendC
