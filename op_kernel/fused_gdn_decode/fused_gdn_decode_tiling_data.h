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

struct FusedGdnDecodeTilingData {
    uint32_t b;                 // batch rows
    uint32_t h;                 // q/k heads (derived from mixedQkv's last dim)
    uint32_t hv;                // value heads; head j uses q/k head j / (hv / h)
    uint32_t k;                 // key dim
    uint32_t v;                 // value dim
    uint32_t bv;                // value rows of the state per tile
    uint32_t vTiles;            // ceil(v / bv)
    uint32_t stateBufferNum;    // state queue depth: 2 prefetches the next tile, 1 when one tile is the whole head
    uint32_t totalTasks;        // b * hv (one task = one value head of one batch row)
    uint32_t tasksPerCore;      // tasks of a small core; the first bigCores cores take one more
    uint32_t bigCores;
    uint32_t indexBufferElems;  // int32 slots a core loads: every batch row its task range touches, aligned to 8
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
