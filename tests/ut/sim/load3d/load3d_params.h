// The words of the params file sim_load3d reads (uint32 each, in this order), shared by main.cpp and the kernel.
#pragma once
#include <cstdint>

enum Load3dWord : uint32_t {
    kL1H,
    kL1W,
    kChannelSize,
    kKExtension,
    kMExtension,
    kKStartPt,
    kMStartPt,
    kStrideW,
    kStrideH,
    kFilterW,
    kFilterH,
    kDilationW,
    kDilationH,
    kPadLeft,
    kPadRight,
    kPadTop,
    kPadBottom,
    kPadValueBits,  // the pad value's bits
    kTarget,        // Load3dTarget
    kRegisters,     // 1: SetFmatrix / SetLoadDataPaddingValue and a LoadData that does not set them
    kElemBytes,     // 1: int8_t (int32_t C), 2: half, 4: float (float C)
    // kTransposeSquares: one LoadDataWithTranspose of the L1 data (l1W elements) into L0A, which holds the
    // mExtension x kExtension matrix C is then
    kStartIndex,
    kRepeatTimes,
    kSrcStride,
    kDstGap,
    kDstFracGap,
    kWords
};

// Where the feature map goes: L0A as is (C = X), L0A transposed (C = X^T), L0B (C = X); a misuse; or
// LoadDataWithTranspose into L0A.
enum Load3dTarget : uint32_t { kL0A, kL0ATransposed, kL0B, kIntoUb, kUnsetRegisters, kTransposeSquares };
