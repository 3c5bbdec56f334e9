// EmbeddingDenseGrad tiling data and keys: the one definition shared by the host tiling and the kernel.
#pragma once
#include <cstdint>

#include "op_kernel/common/core_split.h"
#include "op_kernel/common/host_device.h"

namespace ascendops::embedding_dense_grad {

// Tiling key (spec: docs/ops/embedding_dense_grad.md).
enum class EmbeddingDenseGradKey : uint64_t {
    kDefault = 0,          // scatter-add of sorted runs
    kScaleGradByFreq = 1,  // scatter-add, each run's sum scaled by 1 / (its live rows) before it is written
};

// How a row chunk moves between GM and UB.
enum class EdgCopyMode : uint32_t {
    kBlock = 0,   // D % 8 == 0: DataCopy of whole 32-byte blocks
    kPad = 1,     // D % 8 != 0 on SoCs with DataCopyPad: exact byte lengths
    kScalar = 2,  // grad or out smaller than one 32-byte block (no window fits): one core, scalar GM access
    kWindow = 3,  // D % 8 != 0 without DataCopyPad: whole 32-byte windows from the row start, atomic adds with
                  // -0.0 in the lanes outside the row; at the tensor's end the last partial block is moved back
                  // to the tensor's last block
};

struct EmbeddingDenseGradTilingData {
    uint32_t numRows;          // N: grad rows after merging all dims but the last = indices numel
    uint32_t dimSize;          // D
    uint32_t numWeights;       // rows of out
    int32_t paddingIdx;        // -1: no padding row
    uint32_t scaleGradByFreq;  // 1 on the scale path (key 1)
    uint32_t copyMode;         // EdgCopyMode
    uint32_t usedCoreNum;      // blockDim
    uint32_t formerCoreNum;    // the first formerCoreNum cores take formerRowNum rows, the rest tailRowNum
    uint32_t formerRowNum;
    uint32_t tailRowNum;
    uint32_t colChunk;  // columns of a full chunk (multiple of 8 unless kScalar)
    uint32_t colChunkNum;
    uint32_t lastColChunk;  // columns of the last chunk
    uint32_t idxBatch;      // sorted indices (and pos_idx) loaded into UB per batch, multiple of 8
    uint32_t groupRows;     // rows of a UB tile: consecutive out rows written, or grad rows read, with one copy
    uint32_t rowBuffers;    // buffers of the grad-row queue: the row copies that may be in flight at once
};

// First row of core i and its row count (the common core split: the former cores take tailRowNum + 1 rows).
ASCENDOPS_HOST_DEVICE inline uint32_t EdgRowStart(const EmbeddingDenseGradTilingData& td, uint32_t i) {
    return static_cast<uint32_t>(CoreUnitStart(td.tailRowNum, td.formerCoreNum, i));
}
ASCENDOPS_HOST_DEVICE inline uint32_t EdgRowCount(const EmbeddingDenseGradTilingData& td, uint32_t i) {
    return static_cast<uint32_t>(CoreUnitCount(td.tailRowNum, td.formerCoreNum, i));
}

// Buffers of the accumulator-tile queue: with two, the TQue's rotating allocation lets a tile's copy-out (MTE3) run
// while the next tile sums. The grad-row queue has td.rowBuffers (the host's choice): with k, row i + k's copy-in
// (MTE2) waits only for row i's add to free its buffer, so k - 1 row copies run ahead of the vector unit.
inline constexpr uint32_t kEdgTileBuffers = 2;

// Rows an index batch also loads before and after its own, in the same copies: the sorted index of the row before a
// core's first (whose run is the previous core's), and both arrays of the rows after its last (its last run may go
// on there).
inline constexpr uint32_t kEdgPeekRows = 8;

// UB bytes the kernel carves (TPipe::InitBuffer total); the host keeps it within the UB TPipe may hand out.
ASCENDOPS_HOST_DEVICE inline uint64_t EdgUbBytes(const EmbeddingDenseGradTilingData& td) {
    if (td.copyMode == static_cast<uint32_t>(EdgCopyMode::kScalar)) return 0;  // scalar path: GM only
    const uint64_t tiles = uint64_t{td.rowBuffers} + kEdgTileBuffers;          // grad-row buffers + out tiles
    uint64_t bytes = tiles * td.groupRows * td.colChunk * sizeof(float) +
                     (2ull * td.idxBatch + 3 * kEdgPeekRows) * sizeof(int32_t);       // sorted indices + pos_idx
    if (td.copyMode == static_cast<uint32_t>(EdgCopyMode::kWindow)) bytes += 2 * 32;  // the tensor-end blocks
    return bytes;
}

}  // namespace ascendops::embedding_dense_grad
