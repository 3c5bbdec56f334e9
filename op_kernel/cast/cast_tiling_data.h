// Cast tiling data and keys: the one definition shared by the host tiling and the kernel.
#pragma once
#include <cstdint>

#include "op_kernel/common/core_split.h"
#include "op_kernel/common/host_device.h"

namespace ascendops::cast {

// Tiling key = path class (spec: docs/ops/cast.md).
enum class CastPath : uint32_t {
    kDirect = 0,         // one vector Cast
    kTwoCast = 1,        // Cast through an intermediate type
    kDstBool = 2,        // ceil(min(|x|, 1))
    kNarrow64 = 3,       // INT64 source: low 32-bit lane, then the INT32 path
    kWiden64 = 4,        // sign-extension widening (to INT64; on ascend310p also INT16 -> INT32/FLOAT32)
    kBf16ToF32 = 5,      // BF16 halfword into the high half of an FP32
    kBf16ToOther = 6,    // BF16 -> FP32, then the FP32 path
    kSameWidth8Bit = 7,  // bit-identical 8-bit copy
    kNarrow8 = 8,        // mod-256 wrap to INT8/UINT8
    kUnsupported = 0xFF,
};

inline constexpr uint32_t kCastBufferNum =
    2;  // double buffering of the input and output queues (host UB budget, kernel)

// Round modes in the order of AscendC::RoundMode.
enum class CastRound : uint32_t { kNone = 0, kRint, kFloor, kCeil, kRound, kTrunc, kOdd };

struct CastTilingData {
    uint64_t totalElements;
    uint32_t blockDim;         // cores used
    uint32_t tileElems;        // elements of one full tile (multiple of 256)
    uint64_t granuleElems;     // core-split granule: whole 32-byte blocks of both source and destination
    uint64_t granulesPerCore;  // whole granules of a small core
    uint64_t bigCores;         // the first bigCores cores take one more granule
    uint64_t tailElems;        // elements after the last whole granule, owned by the last core
    uint32_t roundMode;        // CastRound of the main conversion step
    uint32_t midRoundMode;     // CastRound of the second step (TWO_CAST)
    uint32_t usePad;           // 1: tails move with DataCopyPad (A2/A3); 0: aligned windows only (ascend310p)
    uint32_t reserved;
};

// Elements owned by core i and where they start (the common core split, op_kernel/common/core_split.h).
ASCENDOPS_HOST_DEVICE inline uint64_t CoreElems(const CastTilingData& td, uint64_t i) {
    const uint64_t n = CoreUnitCount(td.granulesPerCore, td.bigCores, i) * td.granuleElems;
    return i + 1 == td.blockDim ? n + td.tailElems : n;
}
ASCENDOPS_HOST_DEVICE inline uint64_t CoreStart(const CastTilingData& td, uint64_t i) {
    return CoreUnitStart(td.granulesPerCore, td.bigCores, i) * td.granuleElems;
}

}  // namespace ascendops::cast
