// FusedSwigluGrad contract (spec: docs/ops/fused_swiglu_grad.md): the one header shared by the host tilings and
// the three kernels. b (vector, AIV-only): dy, g, fc -> dg, dfc, db_g, db_fc. w (MIX, cube): x, dg, dfc -> dw_g,
// dw_fc. x (MIX, cube + vector): dg, dfc, w_g, w_fc -> dx.
#pragma once
#include <cstdint>

#include "op_kernel/common/core_split.h"
#include "op_kernel/common/host_device.h"
#include "op_kernel/common/ub_banks.h"

// The TCubeTiling a Matmul object reads, embedded by value in the w and x tiling data. With CANN (the opp package's
// host libraries and kernels, built with ASCENDOPS_WITH_CANN): CANN's own TCubeTiling, the struct for tiling data
// written as a standard C++ struct, which matmul_tiling's GetTiling fills (asc-devkit docs, Matmul Tiling API
// GetTiling.md). ::TCubeTiling is the name both 8.1.RC1 (a global struct) and asc-devkit (AscendC::tiling's,
// exported by a using-declaration) provide. On the CPU twin: the twin's TCubeTiling
// (ascendc_sim/platform/cube_tiling.h).
#ifdef ASCENDOPS_WITH_CANN
#include "kernel_tiling/kernel_tiling.h"
namespace ascendops::fused_swiglu_grad {
using SgCubeTiling = ::TCubeTiling;
}
#else
#include "ascendc_sim/platform/cube_tiling.h"
namespace ascendops::fused_swiglu_grad {
using SgCubeTiling = ascendc_sim::CubeTiling;
}
#endif

namespace ascendops::fused_swiglu_grad {

// Tiling keys of the operator's three kernels (one key space, so a launch can never run the wrong body).
enum class FusedSwigluGradKey : uint64_t {
    kB = 1,  // b kernel: element-wise dg/dfc + deterministic column sums db_g/db_fc
    kW = 2,  // w kernel: dw_g = x^T dg, dw_fc = x^T dfc
    kX = 3,  // x kernel: dx = dg w_g^T + dfc w_fc^T
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
    return CoreUnitStart(s.per, s.big, i) * s.unit;
}
ASCENDOPS_HOST_DEVICE inline uint64_t SgCount(const SgSplit& s, uint32_t i) {
    if (i >= s.parts) return 0;
    return CoreUnitCount(s.per, s.big, i) * s.unit + (i + 1 == s.parts ? s.tail : 0);
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
// tileRows x AlignUp(colChunk, 16) (DataCopyPad pads each row to 32 bytes). Bank-conflict free (避免bank冲突（NPU架构
// 版本2201）.md: a 32-byte row at UB offset o is in bank group (o / 32) % 16; two reads, two writes, or a read and a
// write of one instruction in one group queue): TPipe carves the buffers in Init's order from offset 0, every buffer
// is a multiple of 512 bytes (16 groups), and each tile starts one group after the previous one, so the 14 tiles
// (dy g fc | dg dfc | five FP32 work tiles | four accumulators) sit in 14 different groups.

// `count` tiles of `tileBytes`, the first in bank group `group`: byte offsets inside the buffer, and its size.
struct SgBankedTiles {
    uint32_t offset[5];
    uint32_t bytes;
};
ASCENDOPS_HOST_DEVICE inline SgBankedTiles SgBank(uint32_t count, uint32_t tileBytes, uint32_t group) {
    SgBankedTiles t{};
    const uint32_t pitch = (tileBytes + kUbBankCycleBytes - 1) / kUbBankCycleBytes * kUbBankCycleBytes;
    for (uint32_t i = 0; i < count; ++i) t.offset[i] = i * pitch + (group + i) % kUbBankGroups * kUbBankRowBytes;
    const uint32_t end = (count - 1) * pitch + (group + count - 1) % kUbBankGroups * kUbBankRowBytes + tileBytes;
    t.bytes = (end + kUbBankCycleBytes - 1) / kUbBankCycleBytes * kUbBankCycleBytes;
    return t;
}

struct SgBUbLayout {
    uint32_t tileElems;                        // R x Ca
    uint32_t ca;                               // AlignUp(colChunk, 16): one tile row and one accumulator
    SgBankedTiles in;                          // one input buffer: dy | g | fc, BF16 (groups 0-2)
    SgBankedTiles out;                         // one output buffer: dg | dfc, BF16 (groups 3-4)
    SgBankedTiles work;                        // five FP32 tiles (groups 5-9)
    SgBankedTiles acc;                         // four FP32 column accumulators of Ca, two per db (groups 10-13)
    static constexpr uint32_t kBufferNum = 2;  // double buffering of the in and out queues
    ASCENDOPS_HOST_DEVICE uint64_t Total() const {
        return uint64_t{kBufferNum} * (in.bytes + out.bytes) + work.bytes + acc.bytes;
    }
};
ASCENDOPS_HOST_DEVICE inline SgBUbLayout SgBLayout(uint32_t tileRows, uint32_t colChunk) {
    const uint32_t ca = SgAlign(colChunk, kSgBf16PerBlock);
    const uint32_t elems = tileRows * ca;
    return {elems,
            ca,
            SgBank(3, elems * 2u, 0),
            SgBank(2, elems * 2u, 3),
            SgBank(5, elems * 4u, 5),
            SgBank(4, ca * 4u, 10)};
}

// The two MIX kernels split their output into blocks, each computed whole by one AIV through its AIC. The block size
// may follow the core count (the host balances the AICs), but no element's arithmetic depends on it (w: one FP32
// reduction over M in order; x: two FP32 reductions over N and one addition), so results do not depend on core count
// or order.
// Work units go round-robin over the AIVs in AIC-first order (unit u -> AIV slot u mod AIVs, slot q = sub * groups +
// group), so the cube of every group is busy before any AIC gets a second AIV's work.
ASCENDOPS_HOST_DEVICE inline uint32_t SgAivSlot(uint32_t blockIdx, uint32_t groups) {
    return (blockIdx % 2) * groups + blockIdx / 2;  // AIV blockIdx = 2 group + sub (GetBlockIdx, MIX 1:2)
}

// w kernel: dw_g / dw_fc [K, N] = x^T [K, M] x dg / dfc [M, N]. A unit is (output, K block, N block); one
// IterateAll per unit reduces over all M rows in L0C (FP32), and FIX writes the block once as BF16. The cube tiling
// describes one blockK x blockN block with the reduction K = M; the kernel sets the org shape and the tails.
struct FusedSwigluGradWTilingData {
    uint32_t rows;      // M (the reduction), >= 1
    uint32_t k;         // K: rows of dw
    uint32_t n;         // N: columns of dw
    uint32_t blockK;    // rows of one dw block
    uint32_t blockN;    // columns of one dw block
    uint32_t kBlocks;   // ceil(K / blockK)
    uint32_t nBlocks;   // ceil(N / blockN)
    uint32_t units;     // 2 kBlocks nBlocks (dw_g blocks, then dw_fc)
    uint32_t groups;    // blockDim: AIC:AIV groups (AIVs = 2 groups)
    uint32_t reserved;  // keeps cube 8-byte aligned in the struct
    SgCubeTiling cube;  // one block's Matmul tiling
};

// x kernel: dx [M, K] = dg [M, N] w_g^T + dfc [M, N] w_fc^T. A unit is (M block, K block). Its first product goes
// into the AIV's FP32 workspace slot (IterateAll), the second is added onto it by the cube's atomic add
// (FP32, one addition per element, so exact order does not matter), then the AIV casts the block to BF16 into dx.
struct FusedSwigluGradXTilingData {
    uint32_t rows;        // M
    uint32_t k;           // K: columns of dx
    uint32_t n;           // N: the reduction
    uint32_t blockM;      // rows of one dx block
    uint32_t blockK;      // columns of one dx block
    uint32_t mBlocks;     // ceil(M / blockM)
    uint32_t kBlocks;     // ceil(K / blockK)
    uint32_t units;       // mBlocks kBlocks
    uint32_t groups;      // blockDim: AIC:AIV groups
    uint32_t castRows;    // rows of one UB piece of the cast pass (of blockK FP32 columns)
    uint64_t slotOffset;  // user-workspace byte offset of the FP32 slots: [AIVs][blockM][blockK]
    SgCubeTiling cube;    // one block's Matmul tiling
};

// Elements of one UB piece of the x kernel's cast pass (castRows rows of blockK, padded to whole BF16 blocks).
ASCENDOPS_HOST_DEVICE inline uint32_t SgXCastPieceElems(uint32_t castRows, uint32_t blockK) {
    return castRows * SgAlign(blockK, kSgBf16PerBlock);
}
// UB of the x kernel's cast pass: an FP32 piece in, its BF16 cast out, double buffered.
ASCENDOPS_HOST_DEVICE inline uint64_t SgXCastUbBytes(uint32_t castRows, uint32_t blockK) {
    const uint64_t elems = SgXCastPieceElems(castRows, blockK);
    return 2 * (elems * 4 + elems * 2);
}

}  // namespace ascendops::fused_swiglu_grad
