// FusedSwigluGrad contract (spec: shared/spec/fused_swiglu_grad.md): the one header shared by the host tilings and
// the three kernels. b (vector, AIV-only): dy, g, fc -> dg, dfc, db_g, db_fc. w and x (cube) are the next round's;
// their keys are reserved here so the three never collide.
#pragma once
#include <cstdint>

#include "op_kernel/common/host_device.h"

namespace ascendops::fused_swiglu_grad {

// Tiling keys of the operator's three kernels (one key space, so a launch can never run the wrong body).
enum class FusedSwigluGradKey : uint64_t {
    kB = 1,  // b kernel: element-wise dg/dfc + deterministic column sums db_g/db_fc
    kW = 2,  // w kernel (next round): dw_g = x^T dg, dw_fc = x^T dfc
    kX = 3,  // x kernel (next round): dx = dg w_g^T + dfc w_fc^T
};

// An even split of `total` units into `parts` parts: the first `big` parts take per + 1 units, the rest per.
struct SgSplit {
    uint32_t parts;
    uint32_t per;
    uint32_t big;
    uint32_t unit;  // units are `unit` elements (the last part also owns `tail` elements past its whole units)
    uint32_t tail;
};
ASCENDOPS_HOST_DEVICE inline uint64_t SgStart(const SgSplit& s, uint32_t i) {
    const uint64_t bigBefore = i < s.big ? i : s.big;
    return (uint64_t{i} * s.per + bigBefore) * s.unit;
}
ASCENDOPS_HOST_DEVICE inline uint64_t SgCount(const SgSplit& s, uint32_t i) {
    if (i >= s.parts) return 0;
    const uint64_t units = uint64_t{s.per} + (i < s.big ? 1 : 0);
    return units * s.unit + (i + 1 == s.parts ? s.tail : 0);
}

// b kernel. Rows are cut into `chunks` (fixed by M and N only, never by the core count); each chunk's column sums
// are summed in FP32 in row order and written to its own workspace row; after a barrier each core sums its columns
// over the chunk rows in chunk order and casts once to BF16. So db does not depend on core count or order.
struct FusedSwigluGradBTilingData {
    uint32_t rows;           // M
    uint32_t cols;           // N
    uint32_t usedCoreNum;    // blockDim
    uint32_t tileRows;       // R: rows of one UB tile
    uint32_t colChunk;       // C: columns of one UB tile (a multiple of 16 when N > C)
    uint32_t colChunkNum;    // ceil(N / C)
    uint32_t lastColChunk;   // columns of the last column chunk
    uint32_t partialPitch;   // floats per workspace partial row: AlignUp(N, 8)
    SgSplit chunks;          // rows over chunks (unit 1 row)
    SgSplit coreChunks;      // chunks over cores (unit 1 chunk)
    SgSplit coreCols;        // final step: columns over cores (unit 16 columns: 32 bytes of BF16 output)
    uint64_t partialOffset;  // user-workspace byte offset of the FP32 partials: [2][chunks.parts][partialPitch]
};

inline constexpr uint32_t kSgBf16PerBlock = 16;  // BF16 elements in a 32-byte block
inline constexpr uint32_t kSgFloatPerBlock = 8;

ASCENDOPS_HOST_DEVICE inline uint32_t SgAlign(uint32_t n, uint32_t a) { return (n + a - 1) / a * a; }

// UB layout of the b kernel, the one source for the host's budget and the kernel's Init. Elements of a tile:
// tileRows x AlignUp(colChunk, 16) (DataCopyPad pads each row to 32 bytes).
struct SgBUbLayout {
    uint32_t tileElems;                        // R x Ca
    uint32_t inBytes;                          // one input buffer: dy | g | fc, BF16
    uint32_t outBytes;                         // one output buffer: dg | dfc, BF16
    uint32_t workBytes;                        // four FP32 tiles (gF/dg, s, gs/dfc, dyF)
    uint32_t accBytes;                         // two FP32 column accumulators of Ca
    static constexpr uint32_t kBufferNum = 2;  // double buffering of the in and out queues
    ASCENDOPS_HOST_DEVICE uint64_t Total() const {
        return uint64_t{kBufferNum} * (inBytes + outBytes) + workBytes + accBytes;
    }
};
ASCENDOPS_HOST_DEVICE inline SgBUbLayout SgBLayout(uint32_t tileRows, uint32_t colChunk) {
    const uint32_t ca = SgAlign(colChunk, kSgBf16PerBlock);
    const uint32_t elems = tileRows * ca;
    return {elems, 3 * elems * 2u, 2 * elems * 2u, 4 * elems * 4u, 2 * ca * 4u};
}

// Next round (w and x kernels, cube): their tiling structs join this header; they take dg and dfc [M, N] in BF16
// as the b kernel writes them, x [M, K] and w_g / w_fc [K, N], and accumulate dw over M tiles in FP32 (L0C or
// an FP32 workspace) with one final cast, like db here.

}  // namespace ascendops::fused_swiglu_grad
