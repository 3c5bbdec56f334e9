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
    uint32_t bLength = 0;
    uint32_t sLength = 0;
    uint32_t hLength = 0;
    uint32_t originalHLength = 0;
    float reciprocalOfHLength = 0;
    uint32_t mainBshLength = 0;
    uint32_t mainBsLength = 0;
    uint32_t mainBsLengthAlign = 0;
    uint32_t loopRound = 0;
    uint32_t inputTailPos = 0;
    uint32_t tailBshLength = 0;
    uint32_t tailBsLength = 0;
};

// 8.1.RC1 kernel_tiling.h UnPadTiling and PadTiling, in their order (tiling/pad_tiling.h fills them)
struct UnPadTiling {
    uint32_t srcHeight = 0;
    uint32_t srcWidth = 0;
    uint32_t tmpBuffer1BlockNum = 0;
    uint32_t tmpBuffer1RowNum = 0;
    uint32_t tmpBuffer2Offset = 0;
    uint32_t widthTiling = 0;
    uint32_t widthFractal = 0;
    uint32_t widthFractalTail = 0;
};
struct PadTiling {
    uint32_t srcHeight = 0;
    uint32_t srcWidth = 0;
    uint32_t srcOriWidth = 0;
    uint32_t widthWithoutLastBlock = 0;
    uint32_t blocksPerRow = 0;
    uint32_t heightTiling = 0;
    uint32_t heightFractal = 0;
    uint32_t heightFractalTail = 0;
    uint32_t mainLoopOffset = 0;
    uint32_t tailBlockOffset = 0;
    uint32_t tmpBuffer1BlockNum = 0;
    uint32_t tmpBuffer1RowNum = 0;
    uint32_t tmpBuffer2Offset = 0;
    uint32_t widthTiling = 0;
    uint32_t widthFractal = 0;
    uint32_t widthFractalTail = 0;
    uint32_t widthFractalTailAlingned = 0;
    uint32_t brcbTiling = 0;
    uint32_t brcbFractal = 0;
    uint32_t brcbFractalTail = 0;
    uint32_t maxRepeatTimes = 0;
    uint32_t brcbTilingRepeatTimes = 0;
    uint32_t brcbTilingRepeatTimesTail = 0;
    uint32_t brcbFractalTailRepeatTimes = 0;
    uint32_t brcbFractalTailRepeatTimesTail = 0;
    uint32_t reserved = 0;
};

namespace AscendC::tiling {
using TCubeTiling = ascendc_sim::CubeTiling;
using SoftMaxTiling = ::SoftMaxTiling;
using LogSoftMaxTiling = ::LogSoftMaxTiling;
using RmsNormTiling = ::RmsNormTiling;
using UnPadTiling = ::UnPadTiling;
using PadTiling = ::PadTiling;
}  // namespace AscendC::tiling
