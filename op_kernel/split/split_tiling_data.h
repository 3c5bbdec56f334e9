// Split tiling data and keys: the one contract between the host tiling and the kernel.
//
// Shape model: x is viewed as [batch, dimLen, inner] (axes before `dim` merged into batch rows, after it into an
// inner block). Piece p has pieceLen[p] along dim; its output is [batch, pieceLen[p], inner], contiguous, so one
// batch row of it is a "row" of rowElems = pieceLen[p] * inner elements, read from x at
// b * dimLen * inner + (start of p along dim) * inner.
//
// Core split: every piece's output is cut into granules of granuleElems elements (a multiple of 32 bytes; the
// last granule of a piece takes the remainder, so a granule is >= 32 bytes or the whole piece). Granules are
// numbered piece after piece (piece p owns [pieceGranuleStart[p], pieceGranuleStart[p + 1])) and dealt out in
// contiguous runs: core i takes granulesPerCore (+1 for the first bigCores cores). So one huge piece still spreads
// over every core, and no two cores ever write the same bytes of an output.
//
// UB layout: one bound VECIN -> VECOUT queue (GM -> UB -> GM, no compute) of kSplitBufferNum buffers of tileElems
// elements each. Every load stays inside its tile (the ascend310p window scheme included).
//
// NARROW key (x rows of at most 256 bytes, split into pieces of a few elements): the unit of the core split is
// narrowUnitRows whole batch rows (its x rows and every piece's rows are whole 32-byte blocks, its x lanes whole
// GatherMask repeats of narrowRepeatLanes); granuleNum, granulesPerCore and bigCores count those units, and the
// batch rows past the last whole unit (fewer than one unit) belong to the last core. Each tile of narrowChunkRows x
// rows is loaded in one DataCopy and every piece's columns are packed out of it by GatherMask with a per-piece bit
// pattern over lanes (2-byte lanes for 1- and 2-byte elements, 4-byte lanes for 4- and 8-byte ones). UB adds a
// VECIN queue of kSplitBufferNum x rows tiles (plus one repeat of read slack), a VECOUT queue of kSplitBufferNum
// packed pieces, and one 32-byte pattern block per piece, beside the bound queue of tileElems (the tail rows).
#pragma once
#include <cstdint>

#include "op_kernel/common/core_split.h"
#include "op_kernel/common/host_device.h"

namespace ascendops::split {

// Tiling keys. The kernel entry (split.cpp) tests the literal values; a static_assert there ties them to this enum.
enum class SplitKey : uint32_t {
    kAligned = 0,        // every row and row pitch a whole number of 32-byte blocks: DataCopy only
    kPad = 1,            // ragged rows on A2/A3: DataCopyPad (byte-exact rows, many rows per copy)
    kAlignedWindow = 2,  // ragged rows on ascend310p: 32-byte output windows assembled in UB (no DataCopyPad)
    kNarrow = 3,         // short x rows: whole rows in, each piece's columns packed by GatherMask, whole blocks out
};

inline constexpr uint32_t kSplitMaxPieces = 128;         // outputs of one call (the tiling struct holds one row each)
inline constexpr uint32_t kSplitBufferNum = 2;           // double buffering of the bound queue
inline constexpr uint32_t kSplitMaxBlockCount = 4095;    // DataCopy/DataCopyPad blockCount range [1, 4095]
inline constexpr uint32_t kSplitMaxBlockStride = 65535;  // DataCopyParams srcStride/blockLen fields (uint16_t)
inline constexpr uint32_t kSplitRepeatBytes = 256;       // bytes one GatherMask repeat reads (Normal mode)
inline constexpr uint32_t kSplitMaxRepeats = 255;        // GatherMaskParams repeatTimes range [0, 255]

struct SplitTilingData {
    uint64_t batch;         // product of the axes before dim
    uint64_t dimLen;        // x.shape[dim]
    uint64_t inner;         // product of the axes after dim
    uint32_t pieceNum;      // outputs (<= kSplitMaxPieces)
    uint32_t elemBytes;     // 1, 2, 4 or 8
    uint32_t blockDim;      // cores used
    uint32_t tileElems;     // elements of one UB tile (a multiple of 32 bytes)
    uint64_t granuleElems;  // core-split granule (a multiple of 32 bytes)
    uint64_t granuleNum;    // granules of all pieces
    uint64_t granulesPerCore;
    uint64_t bigCores;           // the first bigCores cores take one more granule
    uint32_t narrowUnitRows;     // NARROW: batch rows of one core-split unit
    uint32_t narrowRepeatLanes;  // NARROW: lanes of one GatherMask repeat (whole x rows, whole 32-byte blocks)
    uint32_t narrowChunkRows;    // NARROW: x rows of one tile (a multiple of narrowUnitRows)
    uint32_t reserved;           // keeps pieceLen 8-byte aligned without implicit padding
    uint64_t pieceLen[kSplitMaxPieces];
    uint64_t pieceGranuleStart[kSplitMaxPieces + 1];
};

// Granules [CoreGranuleStart(i), CoreGranuleStart(i) + CoreGranules(i)) belong to core i.
ASCENDOPS_HOST_DEVICE inline uint64_t CoreGranules(const SplitTilingData& td, uint64_t i) {
    return CoreUnitCount(td.granulesPerCore, td.bigCores, i);
}
ASCENDOPS_HOST_DEVICE inline uint64_t CoreGranuleStart(const SplitTilingData& td, uint64_t i) {
    return CoreUnitStart(td.granulesPerCore, td.bigCores, i);
}
// NARROW: bytes of a GatherMask lane for elements of elemBytes bytes (GatherMask moves 2- and 4-byte types).
ASCENDOPS_HOST_DEVICE inline uint32_t NarrowLaneBytes(uint32_t elemBytes) { return elemBytes >= 4 ? 4 : 2; }

// Elements of piece p's output.
ASCENDOPS_HOST_DEVICE inline uint64_t PieceElems(const SplitTilingData& td, uint32_t p) {
    return td.batch * td.pieceLen[p] * td.inner;
}

}  // namespace ascendops::split
