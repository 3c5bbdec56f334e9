// The kernel-side tiling structs of CANN's kernel_tiling/kernel_tiling.h that the twin provides: TCubeTiling, the
// tiling of one Matmul object, SoftMaxTiling / LogSoftMaxTiling, the split of a SoftMax, RmsNormTiling, PadTiling and
// UnPadTiling (global, and in AscendC::tiling as asc-devkit spells them).
#pragma once
#include <cstdint>

#include "ascendc_sim/platform/cube_tiling.h"

using TCubeTiling = ascendc_sim::CubeTiling;

// The fields of 8.1.RC1 kernel_tiling/kernel_tiling.h SoftMaxTiling (LogSoftMaxTiling has the same), in its order:
// the byte image optiling::SoftMaxTiling saves (tiling/softmax_tiling.h).
struct SoftMaxTiling {
    uint32_t srcM = 0;
    uint32_t srcK = 0;
    uint32_t srcSize = 0;
    uint32_t outMaxM = 0;
    uint32_t outMaxK = 0;
    uint32_t outMaxSize = 0;
    uint32_t splitM = 0;
    uint32_t splitK = 0;
    uint32_t splitSize = 0;
    uint32_t reduceM = 0;
    uint32_t reduceK = 0;
    uint32_t reduceSize = 0;
    uint32_t rangeM = 0;
    uint32_t tailM = 0;
    uint32_t tailSplitSize = 0;
    uint32_t tailReduceSize = 0;
};
struct LogSoftMaxTiling : SoftMaxTiling {};

// 8.1.RC1 kernel_tiling.h RmsNormTiling, in its order
struct RmsNormTiling {
    uint32_t bLength = 0, sLength = 0, hLength = 0, originalHLength = 0;  // the [B, S, H] source, H unpadded
    float reciprocalOfHLength = 0;
    uint32_t mainBshLength = 0, mainBsLength = 0, mainBsLengthAlign = 0, loopRound = 0;  // the passes
    uint32_t inputTailPos = 0, tailBshLength = 0, tailBsLength = 0;                      // the last one
};

// 8.1.RC1 kernel_tiling.h UnPadTiling and PadTiling, their uint32_t fields in order: one list each, which
// tiling/pad_tiling.h's optiling structs share. FIELD(name) declares one.
// clang-format off
#define ASCENDC_SIM_UNPAD_TILING_FIELDS(FIELD)                                                                  \
    FIELD(srcHeight) FIELD(srcWidth) FIELD(tmpBuffer1BlockNum) FIELD(tmpBuffer1RowNum) FIELD(tmpBuffer2Offset) \
    FIELD(widthTiling) FIELD(widthFractal) FIELD(widthFractalTail)
#define ASCENDC_SIM_PAD_TILING_FIELDS(FIELD)                                                                       \
    FIELD(srcHeight) FIELD(srcWidth) FIELD(srcOriWidth) FIELD(widthWithoutLastBlock) FIELD(blocksPerRow)          \
    FIELD(heightTiling) FIELD(heightFractal) FIELD(heightFractalTail) FIELD(mainLoopOffset) FIELD(tailBlockOffset)\
    FIELD(tmpBuffer1BlockNum) FIELD(tmpBuffer1RowNum) FIELD(tmpBuffer2Offset) FIELD(widthTiling)                  \
    FIELD(widthFractal) FIELD(widthFractalTail) FIELD(widthFractalTailAlingned) FIELD(brcbTiling)                 \
    FIELD(brcbFractal) FIELD(brcbFractalTail) FIELD(maxRepeatTimes) FIELD(brcbTilingRepeatTimes)                  \
    FIELD(brcbTilingRepeatTimesTail) FIELD(brcbFractalTailRepeatTimes) FIELD(brcbFractalTailRepeatTimesTail)      \
    FIELD(reserved)
// clang-format on
#define ASCENDC_SIM_KERNEL_TILING_FIELD(name) uint32_t name = 0;
struct UnPadTiling {
    ASCENDC_SIM_UNPAD_TILING_FIELDS(ASCENDC_SIM_KERNEL_TILING_FIELD)
};
struct PadTiling {
    ASCENDC_SIM_PAD_TILING_FIELDS(ASCENDC_SIM_KERNEL_TILING_FIELD)
};

namespace AscendC::tiling {
using TCubeTiling = ascendc_sim::CubeTiling;
using SoftMaxTiling = ::SoftMaxTiling;
using LogSoftMaxTiling = ::LogSoftMaxTiling;
using RmsNormTiling = ::RmsNormTiling;
using UnPadTiling = ::UnPadTiling;
using PadTiling = ::PadTiling;
}  // namespace AscendC::tiling
