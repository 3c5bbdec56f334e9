// FusedGdnDecode: the one tiling struct shared by the host tiling and the kernel, plus the tiling keys.
#pragma once
#include <cstdint>

#include "op_kernel/common/host_device.h"

namespace ascendops::fused_gdn_decode {

// Tiling key = (mixedQkv dtype, stateRef dtype) combination; the kernel instantiates one template per key.
enum class FusedGdnDecodeKey : uint64_t {
    kBf16Fp32State = 1,
    kFp16Fp32State = 2,
    kBf16Bf16State = 3,
    kFp16Fp16State = 4,
};

// Value rows of one task: a task is these rows of one value head over all batch rows (16 rows of a 16-bit out row
// are whole 32-byte blocks when V is a multiple of 16).
constexpr uint32_t kRowsPerTask = 16;

struct FusedGdnDecodeTilingData {
    uint32_t b;               // batch rows
    uint32_t h;               // q/k heads (derived from mixedQkv's last dim)
    uint32_t hv;              // value heads; head j uses q/k head j / (hv / h)
    uint32_t k;               // key dim
    uint32_t v;               // value dim
    uint32_t bv;              // value rows of the state per tile
    uint32_t vTiles;          // ceil(v / bv)
    uint32_t stateBufferNum;  // state queue buffers: 2, the next batch row's tile is prefetched
    uint32_t totalTasks;      // hv * ceil(v / kRowsPerTask): kRowsPerTask value rows of one head, all batch rows
    uint32_t tasksPerCore;    // tasks of a small core; the first bigCores cores take one more
    uint32_t bigCores;
    uint32_t indexBufferElems;  // 2 * align8(b) int32: every batch row's slot, then its duplicate-slot flag
    uint64_t blockNum;          // state slots; indices >= blockNum are invalid
    uint64_t mixedStride;       // elements between mixedQkv rows
    uint64_t stateSlotStride;   // hv * v * k
    uint64_t stateHeadStride;   // v * k
    uint64_t outBatchStride;    // hv * v
    float scale;                // multiplies q after the L2 norm
    float softplusThreshold;    // softplus(x) = x above it
    uint32_t ubRestBytes;       // UB left after the layout (16-bit state: the repeated k / q rows)
};

// Fixed UB buffers of the kernel (gating staging, scalars, the softplus select mask).
constexpr uint32_t kGateSlotBytes = 256;
constexpr uint32_t kGateSlots = 9;
constexpr uint32_t kGateScalarElems = 192;  // [0, 64) exp(g), [64, 128) beta, [128, 192) norm sum / k.q / partial
constexpr uint32_t kSelectMaskBytes = 256;

// The kernel's UB buffers, one definition for the host's budget (bv choice) and the kernel's InitBuffer calls.
struct GdnUbLayout {
    uint32_t alignK, alignBv;  // k and bv rounded up to 16 elements
    uint32_t stateBufferNum;   // 2: the next batch row's tile is prefetched, also when one tile is the whole head
    uint32_t qkBytes;          // one q / k staging row (2 buffers)
    uint32_t indexBytes;       // every batch row's slot and duplicate flag
    uint32_t stateTileBytes;   // one state tile and its v / out 16-bit row (stateBufferNum each, in and out)
    uint32_t vecKBytes;        // three fp32 vectors of alignK
    uint32_t vecBvBytes;       // three fp32 vectors of alignBv
    uint32_t scalarBytes;      // kGateScalarElems fp32
    uint32_t matrixBytes;      // 16-bit state: two fp32 working tiles; fp32 state: none
    uint32_t deltaBytes;       // fp32 state: one 32-byte block per state row (the rank-one update's delta); 16-bit: 0
    uint32_t gateBytes;        // kGateSlots staging / scratch vectors
    uint32_t reduceBytes;      // row-reduction partials (alignBv fp32)
    uint32_t maskBytes;        // the softplus select mask
    ASCENDOPS_HOST_DEVICE uint64_t QueueBytes() const {
        return 2ull * qkBytes + indexBytes + 2ull * stateBufferNum * stateTileBytes;
    }
    ASCENDOPS_HOST_DEVICE uint64_t ComputeBytes() const {
        return uint64_t{vecKBytes} + vecBvBytes + scalarBytes + matrixBytes + deltaBytes + gateBytes;
    }
    ASCENDOPS_HOST_DEVICE uint64_t HelperBytes() const { return uint64_t{reduceBytes} + maskBytes; }
    ASCENDOPS_HOST_DEVICE uint64_t TotalBytes() const { return QueueBytes() + ComputeBytes() + HelperBytes(); }
};

// `stateBytes`: 4 (fp32 state) or 2; `inBytes`: 2 (bf16 / fp16 q, k, v, out).
ASCENDOPS_HOST_DEVICE inline GdnUbLayout GdnUbLayoutOf(uint32_t k, uint32_t bv, uint32_t stateBytes, uint32_t inBytes,
                                                       uint32_t indexBufferElems) {
    GdnUbLayout l{};
    l.alignK = (k + 15) / 16 * 16;
    l.alignBv = (bv + 15) / 16 * 16;
    l.stateBufferNum = 2;
    l.qkBytes = l.alignK * inBytes;
    l.indexBytes = indexBufferElems * 4;
    l.stateTileBytes = l.alignK * l.alignBv * stateBytes + l.alignBv * inBytes;
    l.vecKBytes = 3 * l.alignK * 4;
    l.vecBvBytes = 3 * l.alignBv * 4;
    l.scalarBytes = kGateScalarElems * 4;
    l.matrixBytes = stateBytes == 4 ? 0 : 2 * l.alignK * l.alignBv * 4;
    l.deltaBytes = stateBytes == 4 ? l.alignBv * 32 : 0;  // 16-bit state keeps its delta blocks in the matrix tiles
    l.gateBytes = kGateSlots * kGateSlotBytes;
    l.reduceBytes = l.alignBv * 4;
    l.maskBytes = kSelectMaskBytes;
    return l;
}

}  // namespace ascendops::fused_gdn_decode
