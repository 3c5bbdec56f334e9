// FusedGdnDecode: the one tiling struct shared by the host tiling and the kernel, plus the tiling keys.
#pragma once
#include <cstdint>

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
    uint32_t ubRestBytes;       // UB left after the estimate (for the record; the kernel allocates the estimate)
};

}  // namespace ascendops::fused_gdn_decode
