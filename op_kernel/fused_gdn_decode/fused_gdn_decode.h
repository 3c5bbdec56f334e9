// FusedGdnDecode AIV kernel: one gated-delta-net decode step, state in place. A task is kRowsPerTask value rows of one
// value head over ALL batch rows, or, with the batch split, a whole head over one chunk of batch rows plus the later
// rows naming a slot the chunk names first (GdnScanLayout). Rows are applied in batch order and each state row
// [slot, j, r, :] has one owner core, so rows naming the same slot update it one after another (row b + 1 sees row
// b's update) for any core count. When no V block of whole state rows fits in UB the rows go in K tiles, twice
// (GdnKTiles in the tiling data): pass 0 sums S k across the tiles, pass 1 updates and writes them.
#pragma once
#include "fused_gdn_decode_tiling_data.h"
#include "kernel_operator.h"
#include "op_kernel/common/core_split.h"
#include "op_kernel/common/kernel_family.h"
#include "op_kernel/common/reduce_sum.h"

namespace ascendops::fused_gdn_decode {
// Per SoC family (kernel_family.h): the c220 and a3510 instances differ in the reductions' names (reduce_sum.h).
namespace ASCENDOPS_KERNEL_FAMILY {
using namespace AscendC;

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kFp32PerRepeat = 64;  // fp32 elements of one 256-byte vector repeat
constexpr uint32_t kLaneBlocks = kKTileAlign * sizeof(float) / kBlockBytes;  // rows of the K tiles' lanes
constexpr float kEps = 1e-6f;

__aicore__ inline uint32_t AlignUp(uint32_t a, uint32_t b) { return (a + b - 1) / b * b; }

__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }

// Elements DataCopyPad must add so that `count` elements of T end on a 32-byte block.
template <typename T>
__aicore__ inline uint8_t RightPad(uint32_t count) {
    return static_cast<uint8_t>((AlignUp(count * sizeof(T), kBlockBytes) - count * sizeof(T)) / sizeof(T));
}

// InT: mixedQkv, a, b, out; StateT: the state; BiasT: dtBias (InT or float, read as it is); IndexT: ssmStateIndices
// (int32_t or int64_t, read as it is).
template <typename InT, typename StateT, typename BiasT, typename IndexT>
class KernelFusedGdnDecode {
    static constexpr bool kFp32State = sizeof(StateT) == sizeof(float);
    static constexpr bool kFp32Bias = sizeof(BiasT) == sizeof(float);
    static constexpr bool kInt64Index = sizeof(IndexT) == sizeof(int64_t);

public:
    __aicore__ inline KernelFusedGdnDecode() {}

    __aicore__ inline void Init(GM_ADDR mixedQkv, GM_ADDR a, GM_ADDR b, GM_ADDR aLog, GM_ADDR dtBias, GM_ADDR stateRef,
                                GM_ADDR indices, GM_ADDR out, const FusedGdnDecodeTilingData& td) {
        td_ = td;
        const uint32_t core = static_cast<uint32_t>(GetBlockIdx());
        const uint32_t chunk = core / td.coresPerChunk, local = core % td.coresPerChunk;
        taskStart_ = static_cast<uint32_t>(CoreUnitStart(td.tasksPerCore, td.bigCores, local));
        taskEnd_ = taskStart_ + static_cast<uint32_t>(CoreUnitCount(td.tasksPerCore, td.bigCores, local));
        tasksPerHead_ = (td.v + td.rowsPerTask - 1) / td.rowsPerTask;
        rowBegin_ = chunk * td.chunkRows;
        rowEnd_ = Min(td.b, rowBegin_ + td.chunkRows);
        rowLimit_ = rowEnd_;
        alignK_ = AlignUp(td.k, 16);
        alignBv_ = AlignUp(td.bv, 16);
        tilePitch_ = AlignUp(td.kTile, 16);
        groupSize_ = td.hv / td.h;
        stateTileElems_ = tilePitch_ * alignBv_;
        BindGm(mixedQkv, a, b, aLog, dtBias, stateRef, indices, out);
        AllocateUb();
        ViewUb();
    }

    // Batch rows in prep blocks of td_.prepRows; per block the core's heads jFirst_..jLast_ in order, per head the
    // block's valid rows in batch order, per row the head's value rows [SegBegin(j), SegEnd(j)) in tiles of at most
    // bv rows. Gating and q / k are prepared once per block (and gating chunk / q,k head). The next tile is prefetched
    // during this one's compute unless a write of the same state rows may still be in flight (WriteInFlight: a row
    // whose slot an earlier row updates); then the read waits for the writes (MTE3 -> MTE2). Each state row still sees
    // the batch rows in batch order.
    __aicore__ inline void Process() {
        if (taskStart_ >= taskEnd_) return;
        InitPrep();
        LoadIndices();
        if (td_.batchChunks > 1) StartScan();
        jFirst_ = taskStart_ / tasksPerHead_;
        jLast_ = (taskEnd_ - 1) / tasksPerHead_;
        Tile cur = MakeTile(NextValidRow(rowBegin_), jFirst_, SegBegin(jFirst_));
        if (cur.row < rowLimit_) CopyInTile(cur);
        while (cur.row < rowLimit_) {
            const Tile next = Advance(cur);
            const bool prepared = Prepare(cur);
            LocalTensor<StateT> in = stateInQue_.template DeQue<StateT>();
            const bool more = next.row < rowLimit_;
            // Another K tile of cur's block is always prefetched; the copies of one block overlap in their spans, so
            // pass 1 orders them: the read after this block's last write, the write after the read and after the
            // block's previous write.
            const bool sameBlock = more && SameBlock(next, cur);
            const bool prefetch = more && (sameBlock || !WriteInFlight(next, cur));
            if (prefetch) {
                if (sameBlock && cur.pass == 1 && cur.kc > 0) Sync<HardEvent::MTE3_MTE2>();
                CopyInTile(next);  // queued behind the prep's reads, read during its vector work
            }
            if (prepared) Sync<HardEvent::V_S>();  // the new gating / k.q before the scalar reads below
            const uint32_t i = cur.row - prepRow0_, gate = i * kGateHeads + cur.j - gateJ0_;
            const float expG = expGBlk_.GetValue(gate);
            const float beta = betaBlk_.GetValue(gate);
            kF_ = kBlk_[i * alignK_ + TileCol(cur)];
            qF_ = qBlk_[i * alignK_ + TileCol(cur)];
            vF_ = vBlk_[i * prep_.alignV + cur.r0 - SegBegin(cur.j)];
            outF_ = outBlk_[i * prep_.alignV + cur.r0 - SegBegin(cur.j)];
            if constexpr (!kFp32State) kq_ = kqBlk_.GetValue(i);
            if (td_.kTiles == 1) {
                if constexpr (kFp32State) {
                    ComputeTile(in, TileRows(cur), expG, beta);
                } else {
                    ComputeTile16(in, TileRows(cur), expG, beta);
                }
            } else if (cur.pass == 0) {
                SumKTile(in, cur, expG, beta);
            } else {
                UpdateKTile(in, cur, expG);
            }
            for (uint32_t n = 0; n < kScanRowsPerTile; ++n) ScanAhead();
            if (Writes(cur)) {
                if (sameBlock) Sync<HardEvent::MTE2_MTE3>();
                if (cur.kc > 0) PipeBarrier<PIPE_MTE3>();  // overlapping MTE3 destinations (PipeBarrier(ISASI).md)
                CopyOutTile(cur);
                NoteWrite(cur);
            }
            if (more && !prefetch) {
                Sync<HardEvent::MTE3_MTE2>();  // an earlier row's state write lands before this row reads it
                written_ = 0;                  // every write so far has landed
                CopyInTile(next);
            }
            cur = next;
        }
        ScanThrough(td_.b);
        if (vJ_ != UINT32_MAX) FlushOut();
        WriteZeroRows();
    }

private:
    __aicore__ inline void BindGm(GM_ADDR mixedQkv, GM_ADDR a, GM_ADDR b, GM_ADDR aLog, GM_ADDR dtBias,
                                  GM_ADDR stateRef, GM_ADDR indices, GM_ADDR out) {
        const FusedGdnDecodeTilingData& td = td_;
        mixedGm_.SetGlobalBuffer((__gm__ InT*)mixedQkv, uint64_t{td.b} * td.mixedStride);
        aGm_.SetGlobalBuffer((__gm__ InT*)a, uint64_t{td.b} * td.hv);
        bGm_.SetGlobalBuffer((__gm__ InT*)b, uint64_t{td.b} * td.hv);
        aLogGm_.SetGlobalBuffer((__gm__ float*)aLog, td.hv);
        dtBiasGm_.SetGlobalBuffer((__gm__ BiasT*)dtBias, td.hv);
        stateGm_.SetGlobalBuffer((__gm__ StateT*)stateRef, td.blockNum * td.stateSlotStride);
        indexGm_.SetGlobalBuffer((__gm__ IndexT*)indices, td.b);
        outGm_.SetGlobalBuffer((__gm__ InT*)out, uint64_t{td.b} * td.outBatchStride);
    }

    __aicore__ inline void AllocateUb() {
        const FusedGdnDecodeTilingData& td = td_;
        // The layout the host budgeted (fused_gdn_decode_tiling_data.h GdnKernelUbOf), buffer by buffer: the
        // estimate's state, index and tile buffers (16-bit state: in their bank groups), then the prep area in place
        // of its per-row q / k and gating.
        const GdnUbLayout l = GdnUbLayoutOf(td.k, td.bv, sizeof(StateT), sizeof(InT), td.indexBufferElems, td.kTile);
        const GdnPrepLayout p = GdnPrepLayoutOf(td.k, td.v, td.prepRows, sizeof(InT), sizeof(BiasT));
        const GdnKernelUb u = GdnKernelUbOf(l, p, sizeof(StateT), td.ubBanked != 0);
        pipe_.InitBuffer(stageQue_, 1, p.stageBytes);
        pipe_.InitBuffer(outStageQue_, 1, p.outStageBytes);
        pipe_.InitBuffer(indexBuf_, l.indexBytes);
        Pad(padIn_, u.padIn);
        pipe_.InitBuffer(stateInQue_, l.stateBufferNum, u.stateInLen);
        Pad(padOut_, u.padOut);
        pipe_.InitBuffer(stateOutQue_, l.stateBufferNum, u.stateOutLen);
        pipe_.InitBuffer(vecBvBuf_, l.vecBvBytes);
        if constexpr (!kFp32State) {
            Pad(padMatrix_, u.padMatrix);
            pipe_.InitBuffer(matrixBuf_, u.matrixBytes);
        }
        if constexpr (kFp32State) pipe_.InitBuffer(deltaBuf_, l.deltaBytes);
        if (l.laneBytes != 0) pipe_.InitBuffer(laneBuf_, l.laneBytes);
        pipe_.InitBuffer(reduceBuf_, l.reduceBytes);
        Pad(padQk_, u.padQk);
        pipe_.InitBuffer(qkBuf_, p.qkBytes);
        pipe_.InitBuffer(normBuf_, p.normBytes);
        pipe_.InitBuffer(gateBuf_, p.gateBytes);
        pipe_.InitBuffer(maskBuf_, p.maskBytes);
        pipe_.InitBuffer(vOutBuf_, p.vOutBytes);
        prep_ = p;
        matPOffset_ = u.matPOffset;
    }

    // UB left unused so that the next buffer starts in its bank group.
    __aicore__ inline void Pad(TBuf<TPosition::VECCALC>& pad, uint32_t bytes) {
        if (bytes != 0) pipe_.InitBuffer(pad, bytes);
    }

    // Vectors inside the buffers AllocateUb carved.
    __aicore__ inline void ViewUb() {
        const uint32_t rows = prep_.rows, slot = prep_.gateRows * kGateHeads;
        qBlk_ = qkBuf_.Get<float>();
        kBlk_ = qBlk_[rows * alignK_];
        sqBlk_ = qBlk_[2 * rows * alignK_];
        const LocalTensor<float> norm = normBuf_.Get<float>();
        sums_ = norm;
        invNorm_ = norm[prep_.normElems];
        kqBlk_ = norm[2 * prep_.normElems];
        qkMuls_[0] = norm[3 * prep_.normElems];
        qkMuls_[1] = norm[4 * prep_.normElems];
        normBlocks_ = norm[kPrepNormVectors * prep_.normElems];
        const LocalTensor<float> gate = gateBuf_.Get<float>();
        gateX_ = gate;
        gateT_ = gate[slot];
        softplus_ = gate[2 * slot];
        expGBlk_ = gate[3 * slot];
        betaBlk_ = gate[4 * slot];
        gateB_ = gate[5 * slot];
        dtF_ = gate[kGateWorkSlots * slot];
        expALog_ = dtF_[kGateHeads];
        vBlk_ = vOutBuf_.Get<float>();
        outBlk_ = vBlk_[rows * prep_.alignV];
        hk_ = vecBvBuf_.Get<float>();
        sqF_ = hk_[alignBv_];
        if constexpr (kFp32State) deltaBlocks_ = deltaBuf_.Get<float>();
        if constexpr (kFp32State) {
            if (td_.kTiles > 1) lanes_ = laneBuf_.Get<float>();
        }
        if constexpr (!kFp32State) {
            matS_ = matrixBuf_.Get<float>();
            matP_ = matS_[matPOffset_ / sizeof(float)];
            pairedDots_ = GdnPairedDots(tilePitch_, alignBv_);
        }
    }

    template <HardEvent E>
    __aicore__ inline void Sync() {
        TEventID ev = pipe_.FetchEventID(E);
        SetFlag<E>(ev);
        WaitFlag<E>(ev);
    }

    // Prep constants, and every gating lane zero: the whole-repeat Compare / Select of a pass with fewer rows than
    // gateRows read finite values beyond them.
    __aicore__ inline void InitPrep() {
        Duplicate(gateBuf_.Get<float>(), 0.0f, static_cast<int32_t>(prep_.gateBytes / sizeof(float)));
        Duplicate(normBuf_.Get<float>(), 0.0f, static_cast<int32_t>(prep_.normBytes / sizeof(float)));
        PipeBarrier<PIPE_V>();
        Duplicate(qkMuls_[0], td_.scale, static_cast<int32_t>(prep_.normElems));
        Duplicate(qkMuls_[1], 1.0f, static_cast<int32_t>(prep_.normElems));
        PipeBarrier<PIPE_V>();
    }

    // Every batch row's slot; Slot() reads it as 0 when invalid (<= 0 or >= blockNum). With the batch split the slots
    // go into the scan's raw row, -1 past b (a value no valid slot has), and Slot() reads the owned row. int64 indices
    // are read as they are into the buffer's tail (GdnIndexStageElems); the scalar unit writes each row's int32 slot,
    // 0 for any value outside (0, blockNum), so no int64 value is narrowed into a valid slot.
    __aicore__ inline void LoadIndices() {
        indexLocal_ = indexBuf_.Get<int32_t>();
        if (td_.batchChunks > 1) {
            scan_ = GdnScanLayoutOf(td_.b);
            Duplicate(indexLocal_, -1, static_cast<int32_t>(scan_.scanElems));
            Sync<HardEvent::V_MTE2>();
        }
        LocalTensor<IndexT> read = indexLocal_.template ReinterpretCast<IndexT>();
        if constexpr (kInt64Index) {
            const uint32_t stage = td_.indexBufferElems - GdnIndexStageElems(td_.b, sizeof(IndexT));
            read = indexLocal_[stage].template ReinterpretCast<IndexT>();
        }
        // int64_t GM -> UB: cann-8.1.RC1 basic_api/impl/dav_c220/kernel_operator_data_copy_impl.h:482
        DataCopyPad(read, indexGm_, DataCopyExtParams(1, td_.b * sizeof(IndexT), 0, 0, 0),
                    DataCopyPadExtParams<IndexT>(false, 0, 0, 0));
        Sync<HardEvent::MTE2_S>();
        if constexpr (kInt64Index) {
            for (uint32_t row = 0; row < td_.b; ++row) {
                const int64_t slot = read.GetValue(row);
                const bool valid = slot > 0 && static_cast<uint64_t>(slot) < td_.blockNum;
                indexLocal_.SetValue(row, valid ? static_cast<int32_t>(slot) : 0);
            }
            if (td_.batchChunks > 1) Sync<HardEvent::S_V>();  // the scan's Compares read them
        } else {
            if (td_.batchChunks > 1) Sync<HardEvent::MTE2_V>();  // the scan's Compares read them
        }
        slotLocal_ = indexLocal_;
    }

    __aicore__ inline bool ValidSlot(int32_t slot) const {
        return slot > 0 && static_cast<uint64_t>(slot) < td_.blockNum;
    }
    __aicore__ inline uint32_t Slot(uint32_t row) {
        const int32_t slot = slotLocal_.GetValue(row);
        return ValidSlot(slot) ? static_cast<uint32_t>(slot) : 0;
    }

    // The first row from `row` on that this core applies (rowLimit_ when none), its ownership scanned first.
    __aicore__ inline uint32_t NextValidRow(uint32_t row) {
        for (;; ++row) {
            ScanThrough(row);
            if (row >= rowLimit_ || Slot(row) != 0) return row;
        }
    }

    // Batch split (GdnScanLayout): the owned row holds the slot of every row this core applies, 0 for an invalid row
    // of its chunk (its out row is written as zeros here) and kForeignRow for rows another chunk's cores apply.
    // rowLimit_ ends past the last row applied. The chunk's rows are scanned in groups in batch order: a group's rows
    // are issued kScanRowsPerTile per state tile (ScanAhead) while the group before is in use, and read after its own
    // V -> S event, so the scan neither drains the vector pipe nor delays a tile; the first group is the first row
    // alone, so the first state tile is read after one row's scan.
    __aicore__ inline void StartScan() {
        const GdnScanLayout& l = scan_;
        owned_ = indexLocal_[l.owned];
        weight_ = indexLocal_[l.weight].template ReinterpretCast<float>();
        Duplicate(owned_, kForeignRow, static_cast<int32_t>(l.scanElems));
        FillWeights(weight_);
        slotLocal_ = owned_;
        scanned_ = issued_ = rowBegin_;
        groupEnd_ = rowBegin_ + 1;
        scanEvent_ = pipe_.AllocEventID<HardEvent::V_S>();
        ScanAhead();
    }

    // Ownership of every chunk row up to `row` (all of them once `row` leaves the chunk); nothing without the split.
    __aicore__ inline void ScanThrough(uint32_t row) {
        if (td_.batchChunks == 1) return;
        const uint32_t end = row < rowEnd_ ? row + 1 : rowEnd_;
        while (scanned_ < end) CollectScan();
    }

    // The vector work of the current group's next row, if any (the group's event once its last row is issued): a
    // Compare of the row's slot against every slot into its mask, a Select of the matches' weights and one ReduceMax
    // into its result.
    __aicore__ inline void ScanAhead() {
        if (td_.batchChunks == 1 || issued_ >= groupEnd_) return;
        const GdnScanLayout& l = scan_;
        const uint32_t row = issued_++, g = row - scanned_;
        const int32_t slot = indexLocal_.GetValue(row);
        if (ValidSlot(slot)) {
            LocalTensor<float> sel = indexLocal_[l.sel].template ReinterpretCast<float>();
            CompareScalar(ScanMask(g), indexLocal_, slot, CMPMODE::EQ, l.scanElems);
            PipeBarrier<PIPE_V>();
            Select(sel, ScanMask(g), weight_, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, l.scanElems);
            PipeBarrier<PIPE_V>();
            ReduceMax(ScanResult(g), sel, indexLocal_[l.tmp].template ReinterpretCast<float>(),
                      static_cast<int32_t>(td_.b));
            PipeBarrier<PIPE_V>();
        }
        if (issued_ == groupEnd_) SetFlag<HardEvent::V_S>(scanEvent_);
    }

    // The current group's rows (the rest of them issued first) into the owned row: 2 = an earlier chunk's cores apply
    // it (it stays kForeignRow), 1 = later rows name it too (this chunk takes them); then the next group starts.
    __aicore__ inline void CollectScan() {
        while (issued_ < groupEnd_) ScanAhead();
        WaitFlag<HardEvent::V_S>(scanEvent_);
        for (uint32_t row = scanned_; row < groupEnd_; ++row) {
            const int32_t slot = indexLocal_.GetValue(row);
            if (!ValidSlot(slot)) {
                owned_.SetValue(row, 0);
                continue;
            }
            const float seen = ScanResult(row - scanned_).GetValue(0);
            if (seen > 1.5f) continue;
            owned_.SetValue(row, slot);
            if (seen > 0.5f) TakeLaterRows(ScanMask(row - scanned_), slot, owned_);
        }
        scanned_ = groupEnd_;
        groupEnd_ = Min(rowEnd_, scanned_ + kScanGroupRows);
        if (scanned_ == rowEnd_) pipe_.ReleaseEventID<HardEvent::V_S>(scanEvent_);
    }

    // Row g of the current group: its Compare mask (bits) and its ReduceMax result.
    __aicore__ inline LocalTensor<uint8_t> ScanMask(uint32_t g) {
        return indexLocal_[scan_.mask + g * scan_.maskElems].template ReinterpretCast<uint8_t>();
    }
    __aicore__ inline LocalTensor<float> ScanResult(uint32_t g) {
        return indexLocal_[scan_.result + g * kScanResultElems].template ReinterpretCast<float>();
    }

    // Row weights: 2 before the chunk, 0 inside, 1 after it. Duplicate starts on 32-byte blocks (8 fp32), so the
    // chunk's edges inside a block are set by the scalar unit.
    __aicore__ inline void FillWeights(LocalTensor<float>& weight) {
        constexpr uint32_t kBlockFloats = kBlockBytes / sizeof(float);
        const uint32_t before = rowBegin_ / kBlockFloats * kBlockFloats;
        const uint32_t inside = AlignUp(rowBegin_, kBlockFloats), after = AlignUp(rowEnd_, kBlockFloats);
        if (before > 0) Duplicate(weight, 2.0f, static_cast<int32_t>(before));
        if (after > inside) Duplicate(weight[inside], 0.0f, static_cast<int32_t>(after - inside));
        if (scan_.scanElems > after) Duplicate(weight[after], 1.0f, static_cast<int32_t>(scan_.scanElems - after));
        Sync<HardEvent::V_S>();
        for (uint32_t row = before; row < inside; ++row) {
            weight.SetValue(row, row < rowBegin_ ? 2.0f : (row < rowEnd_ ? 0.0f : 1.0f));
        }
        for (uint32_t row = rowEnd_ > inside ? rowEnd_ : inside; row < after; ++row) weight.SetValue(row, 1.0f);
        Sync<HardEvent::S_V>();
    }

    // The rows after the chunk whose slot the chunk names first: the Compare mask's bits from rowEnd_ on.
    __aicore__ inline void TakeLaterRows(const LocalTensor<uint8_t>& mask, int32_t slot, LocalTensor<int32_t>& owned) {
        for (uint32_t row = rowEnd_; row < td_.b; ++row) {
            if (((mask.GetValue(row / 8) >> (row % 8)) & 1u) == 0) continue;
            owned.SetValue(row, slot);
            rowLimit_ = row + 1 > rowLimit_ ? row + 1 : rowLimit_;
        }
    }

    // Rows whose out row this core writes: every row of an unsplit batch; with the batch split the rows it applies
    // and the invalid rows of its chunk.
    __aicore__ inline bool WritesOut(uint32_t row) {
        return td_.batchChunks == 1 || slotLocal_.GetValue(row) != kForeignRow;
    }

    // The first row of the prep block holding `row`: blocks of prepRows from the chunk's first row.
    __aicore__ inline uint32_t BlockStart(uint32_t row) const {
        return rowBegin_ + (row - rowBegin_) / td_.prepRows * td_.prepRows;
    }

    // One tile: value rows [r0, r0 + TileRows) of head j for batch row `row`, whose state slot is `slot`; with K tiles
    // columns [TileCol, TileCol + TileCols) in pass 0 or 1.
    struct Tile {
        uint32_t row, j, r0, slot;
        uint32_t kc = 0, pass = 0;
    };
    __aicore__ inline Tile MakeTile(uint32_t row, uint32_t j, uint32_t r0) {
        return Tile{row, j, r0, row < rowLimit_ ? Slot(row) : 0};
    }

    // Whether t's state rows may still be on their way out: cur's write is not issued yet, and the writes of the
    // kStateBuffers tiles before it may not have landed. Older ones have: tile n's out buffer is the one tile
    // n - kStateBuffers wrote from (MTE3 -> V at AllocTensor), and the prefetch into tile n - 1's in buffer waits for
    // tile n - 1's vector work (V -> MTE2 at AllocTensor), which came after that wait. A task's rows are cut into
    // tiles the same way for every batch row, so two tiles of one head overlap exactly when they share slot and r0
    // (whatever their K tiles: the copies of one block interleave row by row, and copies are ordered by the GM span
    // from their first byte to their last).
    __aicore__ inline bool WriteInFlight(const Tile& t, const Tile& cur) {
        auto same = [&](const Tile& w) { return w.slot == t.slot && w.j == t.j && w.r0 == t.r0; };
        bool hit = Writes(cur) && same(cur);
        for (uint32_t i = 0; i < written_; ++i) hit = hit || same(recent_[i]);
        return hit;
    }
    __aicore__ inline void NoteWrite(const Tile& t) {
        for (uint32_t i = kStateBuffers - 1; i > 0; --i) recent_[i] = recent_[i - 1];
        recent_[0] = t;
        written_ = Min(written_ + 1, kStateBuffers);
    }

    // The core's value rows of head j: [SegBegin(j), SegEnd(j)).
    __aicore__ inline uint32_t SegBegin(uint32_t j) {
        const uint32_t first = j * tasksPerHead_;
        return (taskStart_ > first ? taskStart_ - first : 0) * td_.rowsPerTask;
    }
    __aicore__ inline uint32_t SegEnd(uint32_t j) {
        return Min(td_.v, Min(taskEnd_ - j * tasksPerHead_, tasksPerHead_) * td_.rowsPerTask);
    }
    __aicore__ inline uint32_t TileRows(const Tile& t) { return Min(td_.bv, SegEnd(t.j) - t.r0); }
    __aicore__ inline uint32_t TileCol(const Tile& t) const { return t.kc * td_.kTile; }
    __aicore__ inline uint32_t TileCols(const Tile& t) const { return Min(td_.kTile, td_.k - TileCol(t)); }
    // Whether a and b are tiles of one state block of one batch row (K tiles of it, either pass).
    __aicore__ inline bool SameBlock(const Tile& a, const Tile& b) const {
        return a.row == b.row && a.j == b.j && a.r0 == b.r0;
    }
    // Whether t's state goes back to GM: every tile of whole rows, pass 1 of K tiles.
    __aicore__ inline bool Writes(const Tile& t) const { return td_.kTiles == 1 || t.pass == 1; }
    // 32-byte blocks between a tile row's `cols` state values in UB and the next row (pitch tilePitch_).
    __aicore__ inline uint32_t RowGapBlocks(uint32_t cols) const {
        return (tilePitch_ * sizeof(StateT) - AlignUp(cols * sizeof(StateT), kBlockBytes)) / kBlockBytes;
    }

    // The tile after t in Process's order: with K tiles the next tile of the pass, then pass 1 from the first tile.
    __aicore__ inline Tile Advance(const Tile& t) {
        if (t.kc + 1 < td_.kTiles) return Tile{t.row, t.j, t.r0, t.slot, t.kc + 1, t.pass};
        if (t.pass == 0 && td_.kTiles > 1) return Tile{t.row, t.j, t.r0, t.slot, 0, 1};
        if (t.r0 + td_.bv < SegEnd(t.j)) return Tile{t.row, t.j, t.r0 + td_.bv, t.slot};
        const uint32_t blockStart = BlockStart(t.row);
        const uint32_t blockEnd = Min(td_.b, blockStart + td_.prepRows);
        const uint32_t row = NextValidRow(t.row + 1);
        if (row < blockEnd) return MakeTile(row, t.j, SegBegin(t.j));
        if (t.j < jLast_) return MakeTile(NextValidRow(blockStart), t.j + 1, SegBegin(t.j + 1));
        return MakeTile(NextValidRow(blockEnd), jFirst_, SegBegin(jFirst_));
    }

    // Zeros into the out rows of the chunk's prep blocks without a valid row, over the core's value rows (FlushOut
    // wrote the other blocks, their invalid rows as zeros); never into another chunk's core's rows.
    __aicore__ inline void WriteZeroRows() {
        LocalTensor<StateT> buf = stateOutQue_.template AllocTensor<StateT>();
        Duplicate(hk_, 0.0f, alignBv_);
        PipeBarrier<PIPE_V>();
        Cast(TailView(buf), hk_, RoundMode::CAST_RINT, alignBv_);
        stateOutQue_.EnQue(buf);
        buf = stateOutQue_.template DeQue<StateT>();
        for (uint32_t row0 = rowBegin_; row0 < rowEnd_; row0 += td_.prepRows) {
            const uint32_t rowEnd = Min(rowEnd_, row0 + td_.prepRows);
            if (NextValidRow(row0) < rowEnd) continue;
            for (uint32_t row = row0; row < rowEnd; ++row) {
                if (!WritesOut(row)) continue;
                for (uint32_t j = jFirst_; j <= jLast_; ++j) {
                    for (Tile t{row, j, SegBegin(j), 0}; t.r0 < SegEnd(j); t.r0 += td_.bv) {
                        DataCopyPad(outGm_[OutOffset(t)], TailView(buf),
                                    DataCopyExtParams(1, TileRows(t) * sizeof(InT), 0, 0, 0));
                    }
                }
            }
        }
        stateOutQue_.FreeTensor(buf);
    }

    // Gating, q / k and v of t's prep block, when t enters a new block, gating chunk, q / k head or head (whose out
    // rows of the previous head then go out). Returns whether gating or q / k were computed: the scalar unit reads
    // them only after a V -> S sync (the caller's, once the next tile's read is issued).
    __aicore__ inline bool Prepare(const Tile& t) {
        const uint32_t row0 = BlockStart(t.row);
        const uint32_t rows = Min(td_.prepRows, td_.b - row0);
        const bool newBlock = row0 != prepRow0_;
        if (newBlock || t.j != vJ_) {
            if (vJ_ != UINT32_MAX) FlushOut();
            vJ_ = t.j;
            LoadV(row0, rows, t.j);
        }
        const bool gate = newBlock || t.j >= gateJ0_ + kGateHeads;
        const bool qk = newBlock || t.j / groupSize_ != qkHead_;
        if (gate || qk) Sync<HardEvent::S_V>();  // the last tiles' scalar reads of the gating / k.q come first
        if (gate) {
            gateJ0_ = t.j;
            GateBlock(row0, rows, t.j, Min(kGateHeads, jLast_ + 1 - t.j));
        }
        if (qk) {
            qkHead_ = t.j / groupSize_;
            PrepQk(row0, rows, qkHead_);
        }
        prepRow0_ = row0;
        return gate || qk;
    }

    // exp(g) and sigmoid(b) of value heads [j0, j0 + n) (n <= kGateHeads) for batch rows [row0, row0 + rows), one
    // row of kGateHeads lanes per batch row: expGBlk_ / betaBlk_ [gateRows][kGateHeads].
    __aicore__ inline void GateBlock(uint32_t row0, uint32_t rows, uint32_t j0, uint32_t n) {
        const uint32_t count = rows * kGateHeads, wholeRepeats = prep_.gateRows * kGateHeads;
        LocalTensor<InT> stage = stageQue_.template AllocTensor<InT>();
        LocalTensor<InT> aIn = stage, bIn = stage[prep_.gateRows * kGateHeads];
        // dtBias [kGateHeads] as it is (16-bit or fp32), then aLog [kGateHeads] fp32
        const uint32_t biasAt = 2 * prep_.gateRows * kGateHeads * sizeof(InT);  // bytes
        LocalTensor<BiasT> dtIn = stage.template ReinterpretCast<BiasT>()[biasAt / sizeof(BiasT)];
        LocalTensor<float> aLogIn =
            stage.template ReinterpretCast<float>()[(biasAt + kGateHeads * sizeof(BiasT)) / sizeof(float)];
        const uint32_t gap = (td_.hv - n) * sizeof(InT);  // a, b: n heads of each batch row, rows hv apart
        const DataCopyPadExtParams<InT> pad(true, 0, RightPad<InT>(n), InT(0));
        DataCopyPad(aIn, aGm_[uint64_t{row0} * td_.hv + j0],
                    DataCopyExtParams(static_cast<uint16_t>(rows), n * sizeof(InT), gap, 0, 0), pad);
        DataCopyPad(bIn, bGm_[uint64_t{row0} * td_.hv + j0],
                    DataCopyExtParams(static_cast<uint16_t>(rows), n * sizeof(InT), gap, 0, 0), pad);
        DataCopyPad(dtIn, dtBiasGm_[j0], DataCopyExtParams(1, n * sizeof(BiasT), 0, 0, 0),
                    DataCopyPadExtParams<BiasT>(true, 0, RightPad<BiasT>(n), BiasT(0)));
        DataCopyPad(aLogIn, aLogGm_[j0], DataCopyExtParams(1, n * sizeof(float), 0, 0, 0),
                    DataCopyPadExtParams<float>(true, 0, RightPad<float>(n), 0.0f));
        stageQue_.EnQue(stage);
        stage = stageQue_.template DeQue<InT>();
        // softplus(x) = x above the threshold, else ln(1 + exp(x)) (exp of min(x, thr): no overflow on the dead lane)
        Cast(gateX_, aIn, RoundMode::CAST_NONE, count);
        LocalTensor<float> dtBias = dtF_;  // fp32 dtBias: the staged values themselves (no Cast)
        if constexpr (kFp32Bias) {
            dtBias = dtIn;
        } else {
            Cast(dtF_, dtIn, RoundMode::CAST_NONE, kGateHeads);
        }
        Exp(expALog_, aLogIn, AlignUp(n, kBlockBytes / sizeof(float)));  // the lanes DataCopyPad wrote
        Cast(gateB_, bIn, RoundMode::CAST_NONE, count);
        PipeBarrier<PIPE_V>();
        const uint8_t rowBlocks = kGateRowBytes / kBlockBytes;
        const BinaryRepeatParams perRow(1, 1, 1, rowBlocks, rowBlocks, 0);  // the head vector re-read for each row
        // fp32 dtBias: the lanes DataCopyPad wrote (n rounded up to a block of 8); the lanes beyond are unused heads
        const uint32_t biasLanes = kFp32Bias ? AlignUp(n, kBlockBytes / sizeof(float)) : kGateHeads;
        Add(gateX_, gateX_, dtBias, biasLanes, static_cast<uint8_t>(rows), perRow);
        PipeBarrier<PIPE_V>();
        stageQue_.FreeTensor(stage);  // after the Add: an fp32 dtBias is read from the stage
        Mins(gateT_, gateX_, td_.softplusThreshold, count);
        PipeBarrier<PIPE_V>();
        Exp(gateT_, gateT_, count);
        PipeBarrier<PIPE_V>();
        Adds(gateT_, gateT_, 1.0f, count);
        PipeBarrier<PIPE_V>();
        Ln(gateT_, gateT_, count);
        // The mask picks ln(1 + exp(x)) where x <= thr: NaN fails every compare, so it falls to x and propagates.
        CompareScalar(maskBuf_.Get<uint8_t>(), gateX_, td_.softplusThreshold, CMPMODE::LE, wholeRepeats);
        PipeBarrier<PIPE_V>();
        Select(softplus_, maskBuf_.Get<uint8_t>(), gateT_, gateX_, SELMODE::VSEL_TENSOR_TENSOR_MODE, wholeRepeats);
        PipeBarrier<PIPE_V>();
        // g = -exp(aLog) * softplus; the kernel only needs exp(g)
        Mul(expGBlk_, softplus_, expALog_, kGateHeads, static_cast<uint8_t>(rows), perRow);
        PipeBarrier<PIPE_V>();
        Muls(expGBlk_, expGBlk_, -1.0f, count);
        PipeBarrier<PIPE_V>();
        Exp(expGBlk_, expGBlk_, count);
        // beta = sigmoid(b) = 1 / (1 + exp(-b))
        Muls(gateB_, gateB_, -1.0f, count);
        PipeBarrier<PIPE_V>();
        Exp(gateB_, gateB_, count);
        PipeBarrier<PIPE_V>();
        Adds(gateB_, gateB_, 1.0f, count);
        PipeBarrier<PIPE_V>();
        Reciprocal(betaBlk_, gateB_, count);
    }

    // q and k of q/k head h for batch rows [row0, row0 + rows): fp32 rows of alignK in qBlk_ / kBlk_, L2-normalised
    // (q also scaled); 16-bit state also kqBlk_[i] = k_i . q_i.
    __aicore__ inline void PrepQk(uint32_t row0, uint32_t rows, uint32_t h) {
        const uint64_t qOffset = uint64_t{row0} * td_.mixedStride + uint64_t{h} * td_.k;
        const DataCopyExtParams rowCopy(static_cast<uint16_t>(rows), td_.k * sizeof(InT),
                                        static_cast<uint32_t>((td_.mixedStride - td_.k) * sizeof(InT)), 0, 0);
        const DataCopyPadExtParams<InT> pad(true, 0, RightPad<InT>(td_.k), InT(0));
        LocalTensor<InT> stage = stageQue_.template AllocTensor<InT>();
        DataCopyPad(stage, mixedGm_[qOffset], rowCopy, pad);
        DataCopyPad(stage[rows * alignK_], mixedGm_[qOffset + uint64_t{td_.h} * td_.k], rowCopy, pad);
        stageQue_.EnQue(stage);
        stage = stageQue_.template DeQue<InT>();
        const uint32_t count = rows * alignK_;
        Cast(qBlk_, stage, RoundMode::CAST_NONE, count);
        Cast(kBlk_, stage[count], RoundMode::CAST_NONE, count);
        PipeBarrier<PIPE_V>();
        stageQue_.FreeTensor(stage);
        NormalizeRows(qBlk_, rows, qkMuls_[0]);
        NormalizeRows(kBlk_, rows, qkMuls_[1]);
        if constexpr (!kFp32State) {
            // k.q: out = S' q = exp(g) (S q) + delta (k.q), so the updated tile need not be read again.
            Mul(sqBlk_, qBlk_, kBlk_, count);
            PipeBarrier<PIPE_V>();
            RowSums(kqBlk_, sqBlk_, rows, invNorm_);
        }
    }

    // v of head j for batch rows [row0, row0 + rows): the core's value rows [SegBegin(j), SegEnd(j)) of each row, fp32
    // rows of alignV in vBlk_; outBlk_ zeroed for this head's out rows (rows with an invalid slot stay zero).
    __aicore__ inline void LoadV(uint32_t row0, uint32_t rows, uint32_t j) {
        const uint32_t seg = SegEnd(j) - SegBegin(j), gap = VRowGapBlocks(seg);
        const uint64_t offset =
            uint64_t{row0} * td_.mixedStride + 2ull * td_.h * td_.k + uint64_t{j} * td_.v + SegBegin(j);
        LocalTensor<InT> stage = stageQue_.template AllocTensor<InT>();
        DataCopyPad(stage, mixedGm_[offset],
                    DataCopyExtParams(static_cast<uint16_t>(rows), seg * sizeof(InT),
                                      static_cast<uint32_t>((td_.mixedStride - seg) * sizeof(InT)), gap, 0),
                    DataCopyPadExtParams<InT>(true, 0, RightPad<InT>(seg), InT(0)));
        stageQue_.EnQue(stage);
        stage = stageQue_.template DeQue<InT>();
        PipeBarrier<PIPE_V>();  // the last head's Cast out of outBlk_ comes first
        Cast(vBlk_, stage, RoundMode::CAST_NONE, rows * prep_.alignV);
        Duplicate(outBlk_, 0.0f, static_cast<int32_t>(rows * prep_.alignV));
        PipeBarrier<PIPE_V>();
        stageQue_.FreeTensor(stage);
    }

    // 32-byte blocks between a head's `seg` 16-bit v / out values of one row and the next row (pitch alignV).
    __aicore__ inline uint32_t VRowGapBlocks(uint32_t seg) const {
        return (prep_.alignV * sizeof(InT) - AlignUp(seg * sizeof(InT), kBlockBytes)) / kBlockBytes;
    }

    // The staged out rows of head vJ_ in the current prep block, to 16-bit and out in one strided copy (batch split:
    // one per run of rows this core writes).
    __aicore__ inline void FlushOut() {
        const uint32_t rows = Min(td_.prepRows, td_.b - prepRow0_), seg = SegEnd(vJ_) - SegBegin(vJ_);
        LocalTensor<InT> out = outStageQue_.template AllocTensor<InT>();
        PipeBarrier<PIPE_V>();
        Cast(out, outBlk_, RoundMode::CAST_RINT, rows * prep_.alignV);
        outStageQue_.EnQue(out);
        out = outStageQue_.template DeQue<InT>();
        const uint32_t gap = VRowGapBlocks(seg);
        for (uint32_t first = 0; first < rows;) {
            uint32_t end = first;
            while (end < rows && WritesOut(prepRow0_ + end)) ++end;
            if (end > first) {
                DataCopyPad(
                    outGm_[uint64_t{prepRow0_ + first} * td_.outBatchStride + uint64_t{vJ_} * td_.v + SegBegin(vJ_)],
                    out[first * prep_.alignV],
                    DataCopyExtParams(static_cast<uint16_t>(end - first), seg * sizeof(InT), gap,
                                      static_cast<uint32_t>((td_.outBatchStride - seg) * sizeof(InT)), 0));
            }
            first = end + (end < rows ? 1 : 0);
        }
        outStageQue_.FreeTensor(out);
    }

    // vec[i] *= muls[i] / sqrt(sum(vec[i]^2) + eps) for `rows` rows of alignK: the sums per row (RowSums), the
    // factors broadcast into one block per row (Brcb), then one Mul per 64 columns over all rows (block stride 0).
    __aicore__ inline void NormalizeRows(const LocalTensor<float>& vec, uint32_t rows, const LocalTensor<float>& muls) {
        Mul(sqBlk_, vec, vec, rows * alignK_);
        PipeBarrier<PIPE_V>();
        RowSums(sums_, sqBlk_, rows, invNorm_);  // invNorm_ is scratch until Div
        Adds(sums_, sums_, kEps, rows);
        PipeBarrier<PIPE_V>();
        Sqrt(sums_, sums_, rows);
        PipeBarrier<PIPE_V>();
        Div(invNorm_, muls, sums_, rows);
        PipeBarrier<PIPE_V>();
        Brcb(normBlocks_, invNorm_, static_cast<uint8_t>((rows + 7) / 8), BrcbRepeatParams(1, 8));
        PipeBarrier<PIPE_V>();
        const uint8_t rowBlocks = static_cast<uint8_t>(alignK_ * sizeof(float) / kBlockBytes);
        const BinaryRepeatParams perRow(1, 1, 0, rowBlocks, rowBlocks, 1);
        for (uint32_t c = 0; c < alignK_; c += kFp32PerRepeat) {
            Mul(vec[c], vec[c], normBlocks_, Min(kFp32PerRepeat, alignK_ - c), static_cast<uint8_t>(rows), perRow);
        }
        PipeBarrier<PIPE_V>();
    }

    // dst[r] = row r of `mat` . vec over the first k columns, `rows` rows of tilePitch_ fp32 (whole rows).
    __aicore__ inline void RowDot(const LocalTensor<float>& dst, const LocalTensor<float>& mat,
                                  const LocalTensor<float>& vec, uint32_t rows, const LocalTensor<float>& scratch) {
        const uint32_t rowBlocks = tilePitch_ * sizeof(float) / kBlockBytes;
        SumProducts(scratch, rowBlocks, mat, vec, rows, 0, td_.k);
        ReduceLanes(dst, scratch, rowBlocks, rows);
    }

    // Columns [col0, col0 + cols) of the row dots: the 64-column chunks' products accumulate into the first 64
    // columns of `lanes` (rows laneBlocks blocks apart): a Mul for the row's first chunk, a MulAddDst for every other
    // (a repeat per row, vec re-read by a repeat stride of 0), in column order whichever tile they come in.
    __aicore__ inline void SumProducts(const LocalTensor<float>& lanes, uint32_t laneBlocks,
                                       const LocalTensor<float>& mat, const LocalTensor<float>& vec, uint32_t rows,
                                       uint32_t col0, uint32_t cols) {
        const uint32_t rowBlocks = tilePitch_ * sizeof(float) / kBlockBytes;
        const BinaryRepeatParams perRow(1, 1, 1, laneBlocks, rowBlocks, 0);
        for (uint32_t c = 0; c < cols; c += kFp32PerRepeat) {
            const uint32_t n = Min(kFp32PerRepeat, cols - c);
            if (col0 + c == 0) {
                Mul(lanes, mat, vec, n, static_cast<int32_t>(rows), perRow);
                continue;
            }
            if (c > 0) PipeBarrier<PIPE_V>();
            MulAddDst(lanes, mat[c], vec[c], n, static_cast<int32_t>(rows), perRow);
        }
    }

    // dst[r] = the sum of row r's 64 lanes (fewer when k < 64): one repeat sum.
    __aicore__ inline void ReduceLanes(const LocalTensor<float>& dst, const LocalTensor<float>& lanes,
                                       uint32_t laneBlocks, uint32_t rows) {
        PipeBarrier<PIPE_V>();
        RepeatSum<float>(dst, lanes, static_cast<int32_t>(Min(kFp32PerRepeat, td_.k)), static_cast<int32_t>(rows), 1, 1,
                         static_cast<int32_t>(laneBlocks));
        PipeBarrier<PIPE_V>();
    }

    // dst[r] = sum of the first k columns of row r (rows of alignK fp32); one repeat sum per 64 columns.
    __aicore__ inline void RowSums(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t rows,
                                   const LocalTensor<float>& tmp) {
        const int32_t repStride = static_cast<int32_t>(alignK_ * sizeof(float) / kBlockBytes);
        for (uint32_t c = 0; c < td_.k; c += kFp32PerRepeat) {
            const int32_t mask = static_cast<int32_t>(Min(kFp32PerRepeat, td_.k - c));
            RepeatSum<float>(c == 0 ? dst : tmp, src[c], mask, static_cast<int32_t>(rows), 1, 1, repStride);
            PipeBarrier<PIPE_V>();
            if (c > 0) {
                Add(dst, dst, tmp, static_cast<int32_t>(rows));
                PipeBarrier<PIPE_V>();
            }
        }
    }

    // The tile's rows, each padded by DataCopyPad to its 32-byte block and placed tilePitch_ apart (dstStride).
    __aicore__ inline void CopyInTile(const Tile& t) {
        const uint32_t rows = TileRows(t), cols = TileCols(t);
        LocalTensor<StateT> buf = stateInQue_.template AllocTensor<StateT>();
        DataCopyPad(buf, stateGm_[StateOffset(t) + TileCol(t)],
                    DataCopyExtParams(static_cast<uint16_t>(rows), cols * sizeof(StateT),
                                      static_cast<uint32_t>((td_.k - cols) * sizeof(StateT)), RowGapBlocks(cols), 0),
                    DataCopyPadExtParams<StateT>(true, 0, RightPad<StateT>(cols), StateT(0)));
        stateInQue_.EnQue(buf);
    }

    // FP32 state, in the spec's order: the decay into the out buffer, S k of the decayed S; delta = beta * (v -
    // exp(g) S k); S' = exp(g) S + delta k^T; out = S' q. Leaves S' and out in stateOutQue_.
    __aicore__ inline void ComputeTile(LocalTensor<StateT>& in, uint32_t rows, float expG, float beta) {
        const uint32_t count = rows * tilePitch_;
        LocalTensor<StateT> outBuf = stateOutQue_.template AllocTensor<StateT>();
        LocalTensor<float> s = in, next = outBuf;
        Muls(next, s, expG, count);
        PipeBarrier<PIPE_V>();
        RowDot(hk_, next, kF_, rows, s);  // the input tile is scratch once decayed
        Sub(vF_, vF_, hk_, rows);
        PipeBarrier<PIPE_V>();
        Muls(vF_, vF_, beta, rows);  // vF_ now holds delta
        RankOneUpdate(next, rows, deltaBlocks_, td_.k);
        RowDot(outF_, next, qF_, rows, s);  // the input tile is scratch for S' q
        stateInQue_.FreeTensor(in);
        stateOutQue_.EnQue(outBuf);
    }

    // K tiles, pass 0: this tile's part of S k (fp32 state: of the decayed S, as ComputeTile; 16-bit state: S k and
    // S q of the old S, as ComputeTile16) added to the partial sums; after the last tile the sums are reduced and
    // delta (fp32: into vF_) or delta and out (16-bit) follow as on whole rows.
    __aicore__ inline void SumKTile(LocalTensor<StateT>& in, const Tile& t, float expG, float beta) {
        const uint32_t rows = TileRows(t), count = rows * tilePitch_;
        const bool last = t.kc + 1 == td_.kTiles;
        if constexpr (kFp32State) {
            Muls(in, in, expG, count);
            PipeBarrier<PIPE_V>();
            SumProducts(lanes_, kLaneBlocks, in, kF_, rows, TileCol(t), TileCols(t));
            if (last) {
                ReduceLanes(hk_, lanes_, kLaneBlocks, rows);
                Sub(vF_, vF_, hk_, rows);
                PipeBarrier<PIPE_V>();
                Muls(vF_, vF_, beta, rows);  // vF_ now holds delta
            }
        } else {
            Cast(matS_, in, RoundMode::CAST_NONE, count);
            PipeBarrier<PIPE_V>();
            const LocalTensor<float> vecs[2] = {kF_, qF_};  // paired: the host takes kTile >= 128 for 16-bit state
            SumBlockProducts(vecs, 2, rows, TileCol(t), TileCols(t));
            if (last) {
                FoldProducts(hk_, 2, rows, in.template ReinterpretCast<float>());
                DeltaAndOut16(rows, expG, beta);
            }
        }
        stateInQue_.FreeTensor(in);
    }

    // K tiles, pass 1: S' = exp(g) S + delta k^T of this tile into the out queue; fp32 state also adds its part of
    // S' q to the partial sums and reduces them after the last tile (16-bit state took out in pass 0).
    __aicore__ inline void UpdateKTile(LocalTensor<StateT>& in, const Tile& t, float expG) {
        const uint32_t rows = TileRows(t), count = rows * tilePitch_, cols = TileCols(t);
        LocalTensor<StateT> outBuf = stateOutQue_.template AllocTensor<StateT>();
        if constexpr (kFp32State) {
            Muls(outBuf, in, expG, count);
            PipeBarrier<PIPE_V>();
            RankOneUpdate(outBuf, rows, deltaBlocks_, cols);
            SumProducts(lanes_, kLaneBlocks, outBuf, qF_, rows, TileCol(t), cols);
            if (t.kc + 1 == td_.kTiles) ReduceLanes(outF_, lanes_, kLaneBlocks, rows);
        } else {
            Cast(matS_, in, RoundMode::CAST_NONE, count);
            PipeBarrier<PIPE_V>();
            Muls(matP_, matS_, expG, static_cast<int32_t>(count));
            PipeBarrier<PIPE_V>();
            RankOneUpdate(matP_, rows, matS_, cols);  // S is decayed: its buffer holds the delta blocks
            Cast(outBuf, matP_, RoundMode::CAST_RINT, count);
        }
        stateInQue_.FreeTensor(in);
        stateOutQue_.EnQue(outBuf);
    }

    // next += delta k^T (delta in vF_): each delta_r broadcast into a block (Brcb), then one MulAddDst per 64 columns
    // over all rows (k re-read by a repeat stride of 0, row r's block by a block stride of 0): K / 64 instructions
    // instead of one Axpy per row, whose issue cost dominated the tile.
    // `deltaBlocks`: rows x 32 bytes of UB free for the broadcast; `cols`: the tile's columns (k: whole rows).
    __aicore__ inline void RankOneUpdate(const LocalTensor<float>& next, uint32_t rows,
                                         const LocalTensor<float>& deltaBlocks, uint32_t cols) {
        PipeBarrier<PIPE_V>();  // delta comes first
        Brcb(deltaBlocks, vF_, static_cast<uint8_t>((rows + 7) / 8), BrcbRepeatParams(1, 8));
        PipeBarrier<PIPE_V>();
        const uint32_t rowBlocks = tilePitch_ * sizeof(float) / kBlockBytes;
        const BinaryRepeatParams update(1, 1, 0, rowBlocks, 0, 1);
        for (uint32_t c = 0; c < cols; c += kFp32PerRepeat) {
            MulAddDst(next[c], kF_[c], deltaBlocks, Min(kFp32PerRepeat, cols - c), static_cast<int32_t>(rows), update);
        }
        PipeBarrier<PIPE_V>();
    }

    // 16-bit state, one fp32 working copy S and each of its elements touched by few instructions (the decay after
    // the products, unlike the spec's order: the same for finite values; where exp(g) overflows, S k is +-inf
    // here and NaN there): hk = S k and sq = S q from the old S (RowDots, both vectors at once when the strides fit);
    // delta = beta (v - exp(g) hk); out = exp(g) sq + delta (k.q) (+ 0 * delta), so S' is never read back;
    // S' = exp(g) S + delta k^T as one Muls plus one MulAddDst per 64 columns (k broadcast down the rows by a repeat
    // stride of 0, delta_r across row r by Brcb and a block stride of 0).
    __aicore__ inline void ComputeTile16(LocalTensor<StateT>& in, uint32_t rows, float expG, float beta) {
        const uint32_t count = rows * tilePitch_;
        LocalTensor<StateT> outBuf = stateOutQue_.template AllocTensor<StateT>();
        Cast(matS_, in, RoundMode::CAST_NONE, count);
        PipeBarrier<PIPE_V>();
        // hk_ = S k and sqF_ = S q (sqF_ follows hk_ in vecBvBuf_: one set of folds serves both when they fit)
        const LocalTensor<float> vecs[2] = {kF_, qF_};
        const LocalTensor<float> fold = in.template ReinterpretCast<float>();  // S is in matS_: the in tile is scratch
        if (pairedDots_) {
            RowDots(hk_, vecs, 2, rows, fold);
        } else {
            RowDots(hk_, vecs, 1, rows, fold);
            RowDots(sqF_, vecs + 1, 1, rows, fold);
        }
        DeltaAndOut16(rows, expG, beta);
        Muls(matP_, matS_, expG, static_cast<int32_t>(count));  // the products are reduced: S' goes to their buffer
        PipeBarrier<PIPE_V>();
        RankOneUpdate(matP_, rows, matS_, td_.k);  // S is decayed: its buffer holds the delta blocks
        Cast(outBuf, matP_, RoundMode::CAST_RINT, count);
        stateInQue_.FreeTensor(in);
        stateOutQue_.EnQue(outBuf);
    }

    // 16-bit state, from hk_ = S k and sqF_ = S q: delta = beta (v - exp(g) hk) into vF_, out = exp(g) sq + delta
    // (k.q) + 0 * delta into outF_.
    __aicore__ inline void DeltaAndOut16(uint32_t rows, float expG, float beta) {
        Muls(hk_, hk_, -expG, rows);
        PipeBarrier<PIPE_V>();
        Add(vF_, vF_, hk_, rows);
        PipeBarrier<PIPE_V>();
        Muls(vF_, vF_, beta, rows);  // vF_ now holds delta
        Muls(outF_, sqF_, expG, rows);
        PipeBarrier<PIPE_V>();
        Axpy(outF_, vF_, kq_, rows);
        PipeBarrier<PIPE_V>();
        // out += 0 * delta: NaN where delta is not finite, as S' q is then (such a row of S' holds +-inf or NaN
        // wherever k is not zero); only a row whose k_i q_i all share one sign would sum to +-inf instead.
        Axpy(outF_, vF_, 0.0f, rows);
    }

    // dst[v * alignBv_ + r] = sum over the first k columns of matS_ row r times vecs[v], v < n (n = 1 or 2), for
    // `rows` rows. The products of each 64-column chunk accumulate (Mul, then MulAddDst) into matP_ laid out
    // block-major (block b of row r of vector v at block b * blockRows + v * alignBv_ + r, blockRows one pad block
    // more than the n vectors' rows), so the halving folds are contiguous Adds covering all n vectors, reading halves
    // 4, 2 and 1 bank groups apart and writing to the other of matP_ / `fold` (bank-conflict free); one
    // BlockReduceSum then sums 8 rows per repeat. `fold`: 4 * blockRows blocks of UB free for the first fold.
    __aicore__ inline void RowDots(const LocalTensor<float>& dst, const LocalTensor<float>* vecs, uint32_t n,
                                   uint32_t rows, const LocalTensor<float>& fold) {
        SumBlockProducts(vecs, n, rows, 0, td_.k);
        FoldProducts(dst, n, rows, fold);
    }

    // Columns [col0, col0 + cols) of matS_'s rows times vecs[v] into the block-major products (RowDots): a Mul for
    // the row's first 64-column chunk, a MulAddDst for every other, in column order whichever tile they come in.
    __aicore__ inline void SumBlockProducts(const LocalTensor<float>* vecs, uint32_t n, uint32_t rows, uint32_t col0,
                                            uint32_t cols) {
        constexpr uint32_t kBlockElems = kBlockBytes / sizeof(float);
        const uint32_t rowBlocks = tilePitch_ * sizeof(float) / kBlockBytes;
        const uint32_t blockRows = GdnProductBlockRows(tilePitch_, alignBv_);  // block stride between column blocks
        const BinaryRepeatParams products(blockRows, 1, 1, 1, rowBlocks, 0);
        for (uint32_t v = 0; v < n; ++v) {
            LocalTensor<float> p = matP_[v * alignBv_ * kBlockElems];
            for (uint32_t c = 0; c < cols; c += kFp32PerRepeat) {
                const uint32_t count = Min(kFp32PerRepeat, cols - c);
                if (col0 + c == 0) {
                    Mul(p, matS_, vecs[v], count, static_cast<int32_t>(rows), products);
                    continue;
                }
                if (c > 0) PipeBarrier<PIPE_V>();
                MulAddDst(p, matS_[c], vecs[v][c], count, static_cast<int32_t>(rows), products);
            }
        }
    }

    // The products' 8 column blocks folded to one and summed per row into dst (RowDots).
    __aicore__ inline void FoldProducts(const LocalTensor<float>& dst, uint32_t n, uint32_t rows,
                                        const LocalTensor<float>& fold) {
        constexpr uint32_t kBlockElems = kBlockBytes / sizeof(float);
        const uint32_t blockRows = GdnProductBlockRows(tilePitch_, alignBv_);
        // halving folds out of place, matP_ -> fold -> matP_ -> fold (8 -> 4 -> 2 -> 1 column blocks)
        const LocalTensor<float> sides[2] = {matP_, fold};
        uint32_t from = 0;
        for (uint32_t half = 4 * blockRows * kBlockElems; half >= blockRows * kBlockElems; half /= 2, from ^= 1) {
            PipeBarrier<PIPE_V>();
            Add(sides[from ^ 1], sides[from], sides[from][half], static_cast<int32_t>(half));
        }
        PipeBarrier<PIPE_V>();
        const int32_t reduceRepeats = static_cast<int32_t>(((n - 1) * alignBv_ + rows + 7) / 8);
        BlockSum<float>(dst, sides[from], reduceRepeats, static_cast<int32_t>(kFp32PerRepeat), 1, 1, 8);
        PipeBarrier<PIPE_V>();
    }

    __aicore__ inline void CopyOutTile(const Tile& t) {
        const uint32_t rows = TileRows(t), cols = TileCols(t);
        LocalTensor<StateT> buf = stateOutQue_.template DeQue<StateT>();
        DataCopyPad(stateGm_[StateOffset(t) + TileCol(t)], buf,
                    DataCopyExtParams(static_cast<uint16_t>(rows), cols * sizeof(StateT), RowGapBlocks(cols),
                                      static_cast<uint32_t>((td_.k - cols) * sizeof(StateT)), 0));
        stateOutQue_.FreeTensor(buf);
    }

    // The 16-bit row after the state rows of a tile buffer: v on the way in, out on the way out.
    __aicore__ inline LocalTensor<InT> TailView(const LocalTensor<StateT>& buf) {
        return buf.template ReinterpretCast<InT>()[stateTileElems_ * sizeof(StateT) / sizeof(InT)];
    }

    // The tile's first state row, in the slot of its batch row (a valid slot).
    __aicore__ inline uint64_t StateOffset(const Tile& t) {
        return uint64_t{t.slot} * td_.stateSlotStride + uint64_t{t.j} * td_.stateHeadStride + uint64_t{t.r0} * td_.k;
    }
    __aicore__ inline uint64_t OutOffset(const Tile& t) {
        return uint64_t{t.row} * td_.outBatchStride + uint64_t{t.j} * td_.v + t.r0;
    }

    FusedGdnDecodeTilingData td_;
    GdnPrepLayout prep_{};
    TPipe pipe_;
    TQue<TPosition::VECIN, 1> stageQue_;
    TQue<TPosition::VECOUT, 1> outStageQue_;
    TQue<TPosition::VECIN, 1> stateInQue_;
    TQue<TPosition::VECOUT, 1> stateOutQue_;
    TBuf<TPosition::VECCALC> indexBuf_, vecBvBuf_, matrixBuf_, reduceBuf_, deltaBuf_, laneBuf_, qkBuf_, normBuf_,
        gateBuf_, maskBuf_, vOutBuf_, padIn_, padOut_, padMatrix_, padQk_;
    GlobalTensor<InT> mixedGm_, aGm_, bGm_, outGm_;
    GlobalTensor<BiasT> dtBiasGm_;
    GlobalTensor<float> aLogGm_;
    GlobalTensor<StateT> stateGm_;
    GlobalTensor<IndexT> indexGm_;
    LocalTensor<int32_t> indexLocal_, slotLocal_;       // the index buffer; the slots Slot() reads (raw or owned)
    LocalTensor<int32_t> owned_;                        // batch split: the scan's owned row
    LocalTensor<float> weight_;                         // batch split: the scan's row weights
    uint32_t scanned_ = 0, issued_ = 0, groupEnd_ = 0;  // batch split: rows before scanned_ are scanned; the
                                                        // current group [scanned_, groupEnd_) is issued up to issued_
    TEventID scanEvent_ = 0;                            // batch split: V -> S of the issued group
    GdnScanLayout scan_{};
    // prep area: q / k rows, their norms and k.q, the gating lanes
    LocalTensor<float> qBlk_, kBlk_, sqBlk_, sums_, invNorm_, kqBlk_, normBlocks_, qkMuls_[2];
    LocalTensor<float> gateX_, gateT_, softplus_, expGBlk_, betaBlk_, gateB_, dtF_, expALog_, vBlk_, outBlk_;
    // one tile: its batch row's q / k / v / out (views into the prep area), S k and S q, working matrices
    LocalTensor<float> qF_, kF_, vF_, outF_, hk_, sqF_, matS_, matP_, deltaBlocks_;
    LocalTensor<float> lanes_;  // fp32 state with K tiles: the 64-lane partial sums of S k, then of S' q
    uint32_t taskStart_ = 0, taskEnd_ = 0, tasksPerHead_ = 1, jFirst_ = 0, jLast_ = 0;
    uint32_t rowBegin_ = 0, rowEnd_ = 0, rowLimit_ = 0;  // the chunk's rows; past the last row applied
    Tile recent_[kStateBuffers] = {};                    // the tiles written last, newest first (WriteInFlight)
    uint32_t written_ = 0;
    uint32_t prepRow0_ = UINT32_MAX, gateJ0_ = 0, qkHead_ = UINT32_MAX, vJ_ = UINT32_MAX;
    uint32_t alignK_ = 0, alignBv_ = 0, tilePitch_ = 0, groupSize_ = 1, stateTileElems_ = 0, matPOffset_ = 0;
    float kq_ = 0.0f;
    bool pairedDots_ = false;
};

}  // namespace ASCENDOPS_KERNEL_FAMILY
using namespace ASCENDOPS_KERNEL_FAMILY;
}  // namespace ascendops::fused_gdn_decode
