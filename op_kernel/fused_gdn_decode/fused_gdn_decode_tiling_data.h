// FusedGdnDecode: the one tiling struct shared by the host tiling and the kernel, plus the tiling keys.
#pragma once
#include <cstdint>

#include "op_kernel/common/host_device.h"
#include "op_kernel/common/ub_banks.h"

namespace ascendops::fused_gdn_decode {

// Tiling key = (mixedQkv, stateRef) dtype pair (1..4), plus kFp32BiasKeyStep when dtBias is float32 and
// kInt64IndexKeyStep when ssmStateIndices is int64; the kernel instantiates one template per key.
constexpr uint64_t kFp32BiasKeyStep = 4;
constexpr uint64_t kInt64IndexKeyStep = 8;
enum class FusedGdnDecodeKey : uint64_t {
    kBf16Fp32State = 1,
    kFp16Fp32State = 2,
    kBf16Bf16State = 3,
    kFp16Fp16State = 4,
    kBf16Fp32StateFp32Bias = 5,
    kFp16Fp32StateFp32Bias = 6,
    kBf16Bf16StateFp32Bias = 7,
    kFp16Fp16StateFp32Bias = 8,
    kBf16Fp32StateInt64Index = 9,
    kFp16Fp32StateInt64Index = 10,
    kBf16Bf16StateInt64Index = 11,
    kFp16Fp16StateInt64Index = 12,
    kBf16Fp32StateFp32BiasInt64Index = 13,
    kFp16Fp32StateFp32BiasInt64Index = 14,
    kBf16Bf16StateFp32BiasInt64Index = 15,
    kFp16Fp16StateFp32BiasInt64Index = 16,
};

// Value rows of one task when every core walks all batch rows: a task is these rows of one value head (16 rows of a
// 16-bit out row are whole 32-byte blocks when V is a multiple of 16). With the batch split (too few tasks for the
// cores), a task is a whole head of one chunk of batch rows.
constexpr uint32_t kRowsPerTask = 16;
// The fewest batch rows a chunk has: a smaller one would not pay for its ownership scan.
constexpr uint32_t kMinChunkRows = 8;
// The ownership scan compares whole 256-byte repeats of int32 slots (Compare: only whole repeats take part).
constexpr uint32_t kScanAlign = 64;

struct FusedGdnDecodeTilingData {
    uint32_t b;               // batch rows
    uint32_t h;               // q/k heads (derived from mixedQkv's last dim)
    uint32_t hv;              // value heads; head j uses q/k head j / (hv / h)
    uint32_t k;               // key dim
    uint32_t v;               // value dim
    uint32_t bv;              // value rows of the state per tile
    uint32_t vTiles;          // ceil(v / bv)
    uint32_t stateBufferNum;  // state queue buffers: 2, the next batch row's tile is prefetched
    uint32_t totalTasks;      // tasks of one batch chunk: hv * ceil(v / rowsPerTask)
    uint32_t tasksPerCore;    // tasks of a small core of a chunk; the chunk's first bigCores cores take one more
    uint32_t bigCores;
    uint32_t indexBufferElems;  // int32: every batch row's slot (align8(b)); with the batch split the ownership scan's
                                // buffers too (GdnScanLayoutOf)
    uint64_t blockNum;          // state slots; indices >= blockNum are invalid
    uint64_t mixedStride;       // elements between mixedQkv rows
    uint64_t stateSlotStride;   // hv * v * k
    uint64_t stateHeadStride;   // v * k
    uint64_t outBatchStride;    // hv * v
    float scale;                // multiplies q after the L2 norm
    float softplusThreshold;    // softplus(x) = x above it
    uint32_t ubRestBytes;       // UB the estimate leaves (part of the prep area, GdnKernelUbOf)
    uint32_t prepRows;          // batch rows one prep pass (gating, q / k, v, out) covers, 1..kMaxPrepRows
    uint32_t ubBanked;          // 16-bit state: 1 = tile buffers padded into their bank groups (0 where the pads
                                // do not fit; GdnKernelUbOf)
    uint32_t rowsPerTask;       // value rows of a task: kRowsPerTask, or v (whole heads) with the batch split
    uint32_t batchChunks;       // chunks of batch rows (1: every core walks all rows)
    uint32_t chunkRows;         // rows of a chunk (the last may be shorter)
    uint32_t coresPerChunk;     // core c works on chunk c / coresPerChunk, tasks of core c % coresPerChunk
    uint32_t kTile;             // state columns per tile: k, or (K tiles) a multiple of kKTileAlign below k
    uint32_t kTiles;            // ceil(k / kTile): 1, or two passes over the tiles of a state block (GdnKTiles)
};

// K tiles, when no V block of whole state rows fits in UB: a state block (bv rows) goes through UB twice, in tiles of
// kTile columns. Pass 0 reads every tile and accumulates S k (16-bit state: S q too) in 64-lane partial sums that
// carry from tile to tile, reduced after the last tile: the same sums in the same order as one tile of the whole
// row. Pass 1 reads every tile again, updates it, writes it back (fp32 state: S' q accumulates as S k did).
constexpr uint32_t kKTileAlign = 64;  // fp32 elements of one vector repeat: the partial sums' lanes

// Batch split: a state slot belongs to the chunk of the first batch row naming it; that chunk's cores apply every row
// naming it in batch order (the later chunks' cores skip those rows and leave their out rows alone). Each core finds
// its rows on the device: per valid row of its chunk one Compare of the row's slot against every slot, a Select of
// the matches' weights (2 before the chunk, 1 after it, 0 inside) and one ReduceMax: 2 = an earlier chunk names the
// slot, 1 = later rows name it too (the chunk takes them). The scan's buffers inside the index buffer, int32
// elements from its start:
struct GdnScanLayout {
    uint32_t scanElems;                 // align64(b): slots compared per Compare
    uint32_t raw, owned, weight, sel;   // [scanElems] each: the slots (-1 past b), the slots this core applies
                                        // (kForeignRow: another chunk's core applies it; 0: invalid), the row
                                        // weights (fp32), the Select output
    uint32_t tmp, mask, result, total;  // ReduceMax work, the Compare masks (bits) and ReduceMax results of one scan
                                        // group's rows
    uint32_t maskElems;                 // one row's mask: scanElems bits in whole 32-byte blocks
};
constexpr int32_t kForeignRow = -1;
// Rows of one scan group: their vector work is issued together and read after one V -> S event.
constexpr uint32_t kScanGroupRows = 8;
constexpr uint32_t kScanResultElems = 8;  // one ReduceMax result in its own 32-byte block
// Scan rows issued per state tile: a group is issued in the first half of the group before it, so its event is set
// well before its first row is needed.
constexpr uint32_t kScanRowsPerTile = 2;
ASCENDOPS_HOST_DEVICE inline GdnScanLayout GdnScanLayoutOf(uint32_t b) {
    GdnScanLayout l{};
    l.scanElems = (b + kScanAlign - 1) / kScanAlign * kScanAlign;
    l.raw = 0;
    l.owned = l.scanElems;
    l.weight = 2 * l.scanElems;
    l.sel = 3 * l.scanElems;
    l.tmp = 4 * l.scanElems;                          // ReduceMax work: one fp32 per 64 elements
    l.mask = l.tmp + (l.scanElems / 64 + 7) / 8 * 8;  // whole 32-byte blocks
    l.maskElems = (l.scanElems / 32 + 7) / 8 * 8;     // scanElems bits
    l.result = l.mask + kScanGroupRows * l.maskElems;
    l.total = l.result + kScanGroupRows * kScanResultElems;
    return l;
}

// int64 ssmStateIndices: read as they are into the index buffer's tail (b int64 in whole 32-byte blocks), from which
// the scalar unit writes each row's int32 slot (0 when invalid) where int32 indices are read. int32 elements.
ASCENDOPS_HOST_DEVICE inline uint32_t GdnIndexStageElems(uint32_t b, uint32_t indexBytes) {
    return indexBytes == 8 ? (b + 3) / 4 * 8 : 0;
}

// State tile buffers of each of the in and out queues: the next tile is prefetched during this one's compute.
constexpr uint32_t kStateBuffers = 2;

// Fixed UB buffers of the spec's estimate (gating staging, scalars, the softplus select mask); the kernel's prep
// area replaces them.
constexpr uint32_t kGateSlotBytes = 256;
constexpr uint32_t kGateSlots = 9;
constexpr uint32_t kGateScalarElems = 192;  // [0, 64) exp(g), [64, 128) beta, [128, 192) norm sum / k.q / partial
constexpr uint32_t kSelectMaskBytes = 256;

// The kernel's UB buffers, one definition for the host's budget (bv choice) and the kernel's InitBuffer calls.
struct GdnUbLayout {
    uint32_t alignK, alignBv;  // k and bv rounded up to 16 elements
    uint32_t alignTileK;       // the state tile's columns (kTile) rounded up to 16: its row pitch
    uint32_t stateBufferNum;   // 2: the next batch row's tile is prefetched, also when one tile is the whole head
    uint32_t qkBytes;          // one q / k staging row (2 buffers)
    uint32_t indexBytes;       // every batch row's slot
    uint32_t stateTileBytes;   // one state tile and its v / out 16-bit row (stateBufferNum each, in and out)
    uint32_t vecKBytes;        // three fp32 vectors of alignK
    uint32_t vecBvBytes;       // three fp32 vectors of alignBv
    uint32_t scalarBytes;      // kGateScalarElems fp32
    uint32_t matrixBytes;      // 16-bit state: two fp32 working tiles; fp32 state: none
    uint32_t deltaBytes;       // fp32 state: one 32-byte block per state row (the rank-one update's delta); 16-bit: 0
    uint32_t laneBytes;        // fp32 state with K tiles: the 64-lane partial sums of alignBv rows; else 0
    uint32_t gateBytes;        // kGateSlots staging / scratch vectors
    uint32_t reduceBytes;      // row-reduction partials (alignBv fp32)
    uint32_t maskBytes;        // the softplus select mask
    ASCENDOPS_HOST_DEVICE uint64_t QueueBytes() const {
        return 2ull * qkBytes + indexBytes + 2ull * stateBufferNum * stateTileBytes;
    }
    ASCENDOPS_HOST_DEVICE uint64_t ComputeBytes() const {
        return uint64_t{vecKBytes} + vecBvBytes + scalarBytes + matrixBytes + deltaBytes + laneBytes + gateBytes;
    }
    ASCENDOPS_HOST_DEVICE bool KTiled() const { return alignTileK < alignK; }
    ASCENDOPS_HOST_DEVICE uint64_t HelperBytes() const { return uint64_t{reduceBytes} + maskBytes; }
    ASCENDOPS_HOST_DEVICE uint64_t TotalBytes() const { return QueueBytes() + ComputeBytes() + HelperBytes(); }
    // What the kernel's prep area replaces: the estimate's per-row q / k staging, q / k vectors, scalars and gating.
    ASCENDOPS_HOST_DEVICE uint64_t PrepReplacedBytes() const {
        return 2ull * qkBytes + vecKBytes + scalarBytes + gateBytes + maskBytes;
    }
};

// `stateBytes`: 4 (fp32 state) or 2; `inBytes`: 2 (bf16 / fp16 q, k, v, out); `kTile`: the state tile's columns
// (k: whole rows).
ASCENDOPS_HOST_DEVICE inline GdnUbLayout GdnUbLayoutOf(uint32_t k, uint32_t bv, uint32_t stateBytes, uint32_t inBytes,
                                                       uint32_t indexBufferElems, uint32_t kTile) {
    GdnUbLayout l{};
    l.alignK = (k + 15) / 16 * 16;
    l.alignBv = (bv + 15) / 16 * 16;
    l.alignTileK = (kTile + 15) / 16 * 16;
    l.stateBufferNum = kStateBuffers;
    l.qkBytes = l.alignK * inBytes;
    l.indexBytes = indexBufferElems * 4;
    l.stateTileBytes = l.alignTileK * l.alignBv * stateBytes + l.alignBv * inBytes;
    l.vecKBytes = 3 * l.alignK * 4;
    l.vecBvBytes = 3 * l.alignBv * 4;
    l.scalarBytes = kGateScalarElems * 4;
    l.matrixBytes = stateBytes == 4 ? 0 : 2 * l.alignTileK * l.alignBv * 4;
    l.deltaBytes = stateBytes == 4 ? l.alignBv * 32 : 0;  // 16-bit state keeps its delta blocks in the matrix tiles
    l.laneBytes = stateBytes == 4 && l.KTiled() ? l.alignBv * kKTileAlign * 4 : 0;
    l.gateBytes = kGateSlots * kGateSlotBytes;
    l.reduceBytes = l.alignBv * 4;
    l.maskBytes = kSelectMaskBytes;
    return l;
}

// Prep area: gating, q / k normalisation, v and out for `rows` batch rows at once, so their ~70 vector instructions
// and 10 small copies per batch row and head group are paid once per block of rows.
constexpr uint32_t kMaxPrepRows = 64;
constexpr uint32_t kGateHeads = 16;       // value heads one gating pass covers: a row's a / b fill one 32-byte block
constexpr uint32_t kGateRowBytes = 64;    // one row of a gating slot: kGateHeads fp32
constexpr uint32_t kGateWorkSlots = 6;    // a + dtBias, softplus scratch, softplus, exp(g), beta, the sigmoid's scratch
constexpr uint32_t kPrepNormVectors = 5;  // squared sums, inverse norms, k.q, the q and k multipliers

struct GdnPrepLayout {
    uint32_t rows;           // batch rows of one pass
    uint32_t gateRows;       // rows rounded up to 4: Compare / Select work on whole 256-byte repeats
    uint32_t normElems;      // rows rounded up to 8 fp32
    uint32_t alignV;         // v rounded up to 16: the row pitch of the v and out rows below
    uint32_t stageBytes;     // one staging buffer (1-deep VECIN queue): q and k rows [2][rows][alignK] 16-bit, a, b,
                             // dtBias (16-bit or fp32), aLog of a gating pass, or one head's v rows [rows][alignV]
                             // 16-bit
    uint32_t outStageBytes;  // one head's out rows [rows][alignV] 16-bit (1-deep VECOUT queue)
    uint32_t qkBytes;        // q, k and a square scratch, [rows][alignK] fp32 each
    uint32_t normBytes;      // kPrepNormVectors vectors of normElems fp32, then one broadcast block per row
    uint32_t gateBytes;      // kGateWorkSlots slots of [gateRows][kGateHeads] fp32, then dtBias and exp(aLog) [16]
    uint32_t maskBytes;      // Compare's bit mask over one slot
    uint32_t vOutBytes;      // one head's v rows and out rows, [rows][alignV] fp32 each
    ASCENDOPS_HOST_DEVICE uint64_t StageBytes() const { return uint64_t{stageBytes} + outStageBytes; }
    ASCENDOPS_HOST_DEVICE uint64_t WorkBytes() const {
        return uint64_t{qkBytes} + normBytes + gateBytes + maskBytes + vOutBytes;
    }
    ASCENDOPS_HOST_DEVICE uint64_t TotalBytes() const { return StageBytes() + WorkBytes(); }
};

// `biasBytes`: dtBias's element size (2, or 4 for float32).
ASCENDOPS_HOST_DEVICE inline GdnPrepLayout GdnPrepLayoutOf(uint32_t k, uint32_t v, uint32_t rows, uint32_t inBytes,
                                                           uint32_t biasBytes) {
    GdnPrepLayout p{};
    const uint32_t alignK = (k + 15) / 16 * 16;
    p.rows = rows;
    p.alignV = (v + 15) / 16 * 16;
    p.gateRows = (rows + 3) / 4 * 4;
    p.normElems = (rows + 7) / 8 * 8;
    const uint32_t qkStage = 2 * rows * alignK * inBytes;
    // a, b [gateRows][16]; dtBias [16]; aLog [16]
    const uint32_t gateStage = 2 * p.gateRows * kGateHeads * inBytes + kGateHeads * biasBytes + kGateRowBytes;
    const uint32_t vStage = rows * p.alignV * inBytes;
    p.stageBytes = qkStage > gateStage ? qkStage : gateStage;
    p.stageBytes = p.stageBytes > vStage ? p.stageBytes : vStage;
    p.outStageBytes = vStage;
    p.qkBytes = 3 * rows * alignK * 4;
    p.normBytes = kPrepNormVectors * p.normElems * 4 + p.normElems * 32;
    p.gateBytes = kGateWorkSlots * p.gateRows * kGateRowBytes + 2 * kGateRowBytes;
    p.maskBytes = (p.gateRows * kGateHeads / 8 + 31) / 32 * 32;
    p.vOutBytes = 2 * rows * p.alignV * 4;
    return p;
}

// 16-bit state: S k and S q of both vectors in one set of products when the fold layout's block stride (below) fits
// BinaryRepeatParams' uint8 and the 64-column chunks do.
ASCENDOPS_HOST_DEVICE inline bool GdnPairedDots(uint32_t alignK, uint32_t alignBv) {
    return alignK >= 128 && 2 * alignBv + 1 <= 255;
}
// Blocks between column blocks of the products: the vectors' rows, plus one pad block so that each halving fold
// reads its two halves from different bank groups (4, 2 and 1 groups apart).
ASCENDOPS_HOST_DEVICE inline uint32_t GdnProductBlockRows(uint32_t alignK, uint32_t alignBv) {
    return (GdnPairedDots(alignK, alignBv) ? 2 : 1) * alignBv + 1;
}

// 16-bit state: the bank group each tile buffer starts in (op_kernel/common/ub_banks.h), so that no vector instruction
// of ComputeTile16 reads two operands of one group or writes into a group it reads when K is a multiple of 128 (the
// q / k rows then all start in one group). The operands, with their 64-column (8 groups) and fold (4, 2, 1 groups)
// shifts: Cast S <- in (0 <- 6 | 10); products P <- S, q / k (4 <- 0 | 8, 2 | 10); folds in <- P, P + 4 (6 | 10 <- 4,
// 8), P <- in, in + 2 (4 <- 6, 8 | 10, 12), in <- P, P + 1 (6 | 10 <- 4, 5); decay P <- S (4 <- 0); rank-one
// P <- k, delta blocks in S (4 | 12 <- 2 | 10, 0); Cast out <- P (12 | 0 <- 4). Each queue's second buffer starts 4
// groups after its first.
constexpr uint32_t kGroupMatS = 0, kGroupMatP = 4, kGroupQk = 2, kGroupStateIn = 6, kGroupStateOut = 12;
constexpr uint32_t kGroupQueueStep = 4;

// The UB the kernel allocates, in TPipe order: the estimate with its per-row prep buffers replaced by the prep area;
// 16-bit state: in buffers that also hold the first fold, a matrix buffer for S and the padded products, and when
// `banked` the pads and lengths that put the tile buffers in their bank groups. Every size is a multiple of 32.
struct GdnKernelUb {
    uint32_t padIn, stateInLen;                   // before the in queue; each in buffer (the 16-bit folds' scratch too)
    uint32_t padOut, stateOutLen;                 // before the out queue; each out buffer
    uint32_t padMatrix, matrixBytes, matPOffset;  // 16-bit: S at 0, the products / S' at matPOffset
    uint32_t padQk;                               // before the q / k rows
    uint64_t totalBytes;
};

ASCENDOPS_HOST_DEVICE inline GdnKernelUb GdnKernelUbOf(const GdnUbLayout& l, const GdnPrepLayout& p,
                                                       uint32_t stateBytes, bool banked) {
    GdnKernelUb u{};
    const bool sixteen = stateBytes != 4;
    banked = banked && sixteen && !l.KTiled();    // the bank groups are laid out for tiles of whole rows
    uint64_t at = p.StageBytes() + l.indexBytes;  // TPipe order: the staging queues first, the prep work last
    const uint32_t alignK = l.alignTileK;         // the tile's row pitch
    const uint32_t foldBytes = 4 * GdnProductBlockRows(alignK, l.alignBv) * kUbBankRowBytes;  // half the products
    u.padIn = banked ? PadToBankGroup(at, kGroupStateIn) : 0;
    u.stateInLen = sixteen && l.stateTileBytes < foldBytes ? foldBytes : l.stateTileBytes;
    if (banked) u.stateInLen = BankStepLength(u.stateInLen, kGroupQueueStep);
    at += u.padIn + uint64_t{l.stateBufferNum} * u.stateInLen;
    u.padOut = banked ? PadToBankGroup(at, kGroupStateOut) : 0;
    u.stateOutLen = banked ? BankStepLength(l.stateTileBytes, kGroupQueueStep) : l.stateTileBytes;
    at += u.padOut + uint64_t{l.stateBufferNum} * u.stateOutLen + l.vecBvBytes;
    if (sixteen) {
        const uint32_t sBytes = alignK * l.alignBv * 4, productBytes = 2 * foldBytes;  // 8 column blocks
        u.padMatrix = banked ? PadToBankGroup(at, kGroupMatS) : 0;
        u.matPOffset = sBytes + (banked ? PadToBankGroup(sBytes, kGroupMatP - kGroupMatS) : 0);
        u.matrixBytes = u.matPOffset + (productBytes > sBytes ? productBytes : sBytes);
    }
    at += u.padMatrix + u.matrixBytes + l.deltaBytes + l.laneBytes + l.reduceBytes;
    u.padQk = banked ? PadToBankGroup(at, kGroupQk) : 0;
    at += u.padQk;
    u.totalBytes = at + p.WorkBytes();
    return u;
}

}  // namespace ascendops::fused_gdn_decode
