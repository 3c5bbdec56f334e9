// AscendC::ShapeInfo (ShapeInfo.md; K_MAX_DIM of 8.1.RC1 kernel_utils_constants.h): the shape a LocalTensor carries
// for the advanced APIs that read it (SetShapeInfo / GetShapeInfo), and GetShapeSize.
#pragma once
#include <cstdint>

#include "sim/data_format.h"
#include "sim/qualifiers.h"

namespace AscendC {

constexpr int32_t K_MAX_DIM = 8;

struct ShapeInfo {
    __aicore__ inline ShapeInfo() {}
    __aicore__ inline ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[],
                                const uint8_t inputOriginalShapeDim, const uint32_t inputOriginalShape[],
                                const DataFormat inputFormat)
        : shapeDim(inputShapeDim), originalShapeDim(inputOriginalShapeDim), dataFormat(inputFormat) {
        for (uint8_t i = 0; i < inputShapeDim && i < K_MAX_DIM; ++i) shape[i] = inputShape[i];
        for (uint8_t i = 0; i < inputOriginalShapeDim && i < K_MAX_DIM; ++i) originalShape[i] = inputOriginalShape[i];
    }
    __aicore__ inline ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat)
        : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape, inputFormat) {}
    __aicore__ inline ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[])
        : ShapeInfo(inputShapeDim, inputShape, DataFormat::ND) {}
    uint8_t shapeDim = 0;
    uint8_t originalShapeDim = 0;
    uint32_t shape[K_MAX_DIM] = {};
    uint32_t originalShape[K_MAX_DIM] = {};
    DataFormat dataFormat = DataFormat::ND;
};

// the product of the dims
__aicore__ inline int GetShapeSize(const ShapeInfo& shapeInfo) {
    int size = 1;
    for (uint8_t i = 0; i < shapeInfo.shapeDim; ++i) size *= static_cast<int>(shapeInfo.shape[i]);
    return size;
}

}  // namespace AscendC
