// FusedGdnDecode AIV kernel: one gated-delta-net decode step, state in place. A task is kRowsPerTask value rows of one
// value head over ALL batch rows, applied in batch order: each state row [slot, j, r, :] has one owner core, so rows
// naming the same slot update it one after another (row b + 1 sees row b's update) for any core count.
#pragma once
#include "fused_gdn_decode_tiling_data.h"
#include "kernel_operator.h"
#include "op_kernel/common/core_split.h"

namespace ascendops::fused_gdn_decode {
using namespace AscendC;

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kFp32PerRepeat = 64;  // fp32 elements of one 256-byte vector repeat
constexpr uint32_t kGateElems = 64;      // gating vectors are one repeat: Compare works on whole repeats
constexpr uint32_t kKqSlot = 136;        // k.q of the loaded q/k head (32-byte aligned, between sum and partial)
constexpr uint32_t kMaxGroupHeads = 8;
constexpr uint32_t kDotGroupRows = 4;  // 16-bit state: state rows one product repeat covers (RowDotsGrouped)
constexpr float kEps = 1e-6f;

__aicore__ inline uint32_t AlignUp(uint32_t a, uint32_t b) { return (a + b - 1) / b * b; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }

// Elements DataCopyPad must add so that `count` elements of T end on a 32-byte block.
template <typename T>
__aicore__ inline uint8_t RightPad(uint32_t count) {
    return static_cast<uint8_t>((AlignUp(count * sizeof(T), kBlockBytes) - count * sizeof(T)) / sizeof(T));
}

template <typename InT, typename StateT>
class KernelFusedGdnDecode {
    static constexpr bool kFp32State = sizeof(StateT) == sizeof(float);

public:
    __aicore__ inline KernelFusedGdnDecode() {}

    __aicore__ inline void Init(GM_ADDR mixedQkv, GM_ADDR a, GM_ADDR b, GM_ADDR aLog, GM_ADDR dtBias, GM_ADDR stateRef,
                                GM_ADDR indices, GM_ADDR out, const FusedGdnDecodeTilingData& td) {
        td_ = td;
        const uint32_t core = static_cast<uint32_t>(GetBlockIdx());
        taskStart_ = static_cast<uint32_t>(CoreUnitStart(td.tasksPerCore, td.bigCores, core));
        taskEnd_ = taskStart_ + static_cast<uint32_t>(CoreUnitCount(td.tasksPerCore, td.bigCores, core));
        tasksPerHead_ = (td.v + kRowsPerTask - 1) / kRowsPerTask;
        alignB_ = AlignUp(td.b, 8);
        alignK_ = AlignUp(td.k, 16);
        alignBv_ = AlignUp(td.bv, 16);
        groupSize_ = td.hv / td.h;
        stateTileElems_ = alignK_ * alignBv_;
        // UB pitch of a state row: DataCopyPad fills to the 32-byte block, dstStride skips the rest of alignK.
        const uint32_t rowUbBytes = AlignUp(td.k * sizeof(StateT), kBlockBytes);
        rowGapBlocks_ = (alignK_ * sizeof(StateT) - rowUbBytes) / kBlockBytes;
        BindGm(mixedQkv, a, b, aLog, dtBias, stateRef, indices, out);
        AllocateUb();
        ViewUb();
    }

    // Batch rows in order; per row the core's value rows (runs [SegBegin(j), SegEnd(j)) of heads jFirst_..jLast_) in
    // tiles of at most bv rows. The next tile is prefetched during this one's compute unless it is the first tile of a
    // row whose slot an earlier row updates: that read waits for the earlier writes (MTE3 -> MTE2).
    __aicore__ inline void Process() {
        if (taskStart_ >= taskEnd_) return;
        PrepareGateConstants();
        LoadIndices();
        jFirst_ = taskStart_ / tasksPerHead_;
        jLast_ = (taskEnd_ - 1) / tasksPerHead_;
        Tile cur{NextValidRow(0), jFirst_, SegBegin(jFirst_)};
        if (cur.row < td_.b) CopyInTile(cur);
        while (cur.row < td_.b) {
            const Tile next = Advance(cur);
            if (cur.row != gateRow_ || cur.j >= gateJ0_ + kMaxGroupHeads) {
                gateRow_ = cur.row;
                gateJ0_ = cur.j;
                GatingGroup(cur.row, cur.j, Min(kMaxGroupHeads, jLast_ + 1 - cur.j));
            }
            if (cur.row != qkRow_ || cur.j / groupSize_ != qkHead_) LoadQk(cur.row, cur.j / groupSize_);
            const float expG = scalars_.GetValue(cur.j - gateJ0_);
            const float beta = scalars_.GetValue(kGateElems + cur.j - gateJ0_);
            LocalTensor<StateT> in = stateInQue_.template DeQue<StateT>();
            const bool more = next.row < td_.b;
            const bool prefetch = more && (next.row == cur.row || indexLocal_.GetValue(alignB_ + next.row) == 0);
            if (prefetch) CopyInTile(next);
            if constexpr (kFp32State) {
                ComputeTile(in, TileRows(cur), expG, beta);
            } else {
                ComputeTile16(in, TileRows(cur), expG, beta);
            }
            CopyOutTile(cur);
            if (more && !prefetch) {
                Sync<HardEvent::MTE3_MTE2>();  // an earlier row's state write lands before this row reads it
                CopyInTile(next);
            }
            cur = next;
        }
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
        dtBiasGm_.SetGlobalBuffer((__gm__ InT*)dtBias, td.hv);
        stateGm_.SetGlobalBuffer((__gm__ StateT*)stateRef, td.blockNum * td.stateSlotStride);
        indexGm_.SetGlobalBuffer((__gm__ int32_t*)indices, td.b);
        outGm_.SetGlobalBuffer((__gm__ InT*)out, uint64_t{td.b} * td.outBatchStride);
    }

    __aicore__ inline void AllocateUb() {
        const FusedGdnDecodeTilingData& td = td_;
        // The layout the host budgeted (fused_gdn_decode_tiling_data.h GdnUbLayoutOf), buffer by buffer.
        const GdnUbLayout l = GdnUbLayoutOf(td.k, td.bv, sizeof(StateT), sizeof(InT), td.indexBufferElems);
        pipe_.InitBuffer(qkQue_, 2, l.qkBytes);
        pipe_.InitBuffer(indexBuf_, l.indexBytes);
        pipe_.InitBuffer(stateInQue_, l.stateBufferNum, l.stateTileBytes);
        pipe_.InitBuffer(stateOutQue_, l.stateBufferNum, l.stateTileBytes);
        pipe_.InitBuffer(vecKBuf_, l.vecKBytes);
        pipe_.InitBuffer(vecBvBuf_, l.vecBvBytes);
        pipe_.InitBuffer(scalarBuf_, l.scalarBytes);
        if constexpr (!kFp32State) pipe_.InitBuffer(matrixBuf_, l.matrixBytes);
        if constexpr (kFp32State) pipe_.InitBuffer(deltaBuf_, l.deltaBytes);
        pipe_.InitBuffer(gateBuf_, l.gateBytes);
        pipe_.InitBuffer(reduceBuf_, l.reduceBytes);
        pipe_.InitBuffer(maskBuf_, l.maskBytes);
        // UB beyond the estimate, 16-bit state: kDotGroupRows copies of k and q let one product repeat span that
        // many state rows (RowDotsGrouped; its source repeat stride kDotGroupRows * alignK / 8 blocks must fit a
        // uint8). FP32 state reads k / q by a repeat stride of 0 (RowProducts): no copies.
        if constexpr (!kFp32State) {
            const bool fits = td.ubRestBytes >= 2 * kDotGroupRows * alignK_ * sizeof(float);
            repRows_ = fits && kDotGroupRows * alignK_ * sizeof(float) / kBlockBytes <= 255 ? kDotGroupRows : 0;
        }
        if (repRows_ > 0) pipe_.InitBuffer(repBuf_, 2 * repRows_ * alignK_ * sizeof(float));
    }

    // Vectors inside the buffers AllocateUb carved.
    __aicore__ inline void ViewUb() {
        qF_ = vecKBuf_.Get<float>();
        kF_ = qF_[alignK_];
        sq_ = qF_[2 * alignK_];
        vF_ = vecBvBuf_.Get<float>();
        hk_ = vF_[alignBv_];
        outF_ = vF_[2 * alignBv_];
        scalars_ = scalarBuf_.Get<float>();
        reduceTmp_ = reduceBuf_.Get<float>();
        if constexpr (kFp32State) deltaBlocks_ = deltaBuf_.Get<float>();
        if constexpr (!kFp32State) {
            matS_ = matrixBuf_.Get<float>();
            matP_ = matS_[stateTileElems_];
            // Both vectors' 64-column products (2 x 64 x alignBv fp32) fit matP_ when alignK >= 128; the block stride
            // 2 * alignBv must fit BinaryRepeatParams' uint8 field.
            pairedDots_ = alignK_ >= 2 * kFp32PerRepeat && 2 * alignBv_ <= 255;
        }
        kRows_ = kF_;
        qRows_ = qF_;
        if (repRows_ > 0) {
            kRows_ = repBuf_.Get<float>();
            qRows_ = kRows_[repRows_ * alignK_];
        }
    }

    template <HardEvent E>
    __aicore__ inline void Sync() {
        TEventID ev = pipe_.FetchEventID(E);
        SetFlag<E>(ev);
        WaitFlag<E>(ev);
    }

    __aicore__ inline LocalTensor<float> GateSlot(uint32_t i) {
        return gateBuf_.Get<float>()[i * kGateSlotBytes / sizeof(float)];
    }
    __aicore__ inline LocalTensor<InT> GateSlotIn(uint32_t i) {
        return gateBuf_.Get<InT>()[i * kGateSlotBytes / sizeof(InT)];
    }

    // Gate vectors stay zero beyond the group's heads, so whole-repeat Compare/Select never see stale data.
    __aicore__ inline void PrepareGateConstants() {
        Duplicate(gateBuf_.Get<float>(), 0.0f, kGateSlots * kGateSlotBytes / sizeof(float));
        Duplicate(GateSlot(kThr), td_.softplusThreshold, kGateElems);
        PipeBarrier<PIPE_V>();
    }

    // Every batch row's slot (invalid ones as 0), then per row 1 if an earlier row names the same valid slot: that
    // row's state read must wait for the earlier row's write (MTE3 -> MTE2) instead of being prefetched.
    __aicore__ inline void LoadIndices() {
        indexLocal_ = indexBuf_.Get<int32_t>();
        DataCopyPad(indexLocal_, indexGm_, DataCopyExtParams(1, td_.b * sizeof(int32_t), 0, 0, 0),
                    DataCopyPadExtParams<int32_t>(false, 0, 0, 0));
        Sync<HardEvent::MTE2_S>();
        for (uint32_t row = 0; row < td_.b; ++row) {
            const int32_t slot = indexLocal_.GetValue(row);
            const bool valid = slot > 0 && static_cast<uint64_t>(slot) < td_.blockNum;
            indexLocal_.SetValue(row, valid ? slot : 0);
            int32_t seen = 0;
            for (uint32_t prev = 0; valid && seen == 0 && prev < row; ++prev) seen = indexLocal_.GetValue(prev) == slot;
            indexLocal_.SetValue(alignB_ + row, seen);
        }
    }

    __aicore__ inline uint32_t NextValidRow(uint32_t row) {
        while (row < td_.b && indexLocal_.GetValue(row) == 0) ++row;
        return row;
    }

    // One tile: value rows [r0, r0 + TileRows) of head j for batch row `row`.
    struct Tile {
        uint32_t row, j, r0;
    };

    // The core's value rows of head j: [SegBegin(j), SegEnd(j)).
    __aicore__ inline uint32_t SegBegin(uint32_t j) {
        const uint32_t first = j * tasksPerHead_;
        return (taskStart_ > first ? taskStart_ - first : 0) * kRowsPerTask;
    }
    __aicore__ inline uint32_t SegEnd(uint32_t j) {
        return Min(td_.v, Min(taskEnd_ - j * tasksPerHead_, tasksPerHead_) * kRowsPerTask);
    }
    __aicore__ inline uint32_t TileRows(const Tile& t) { return Min(td_.bv, SegEnd(t.j) - t.r0); }

    __aicore__ inline Tile Advance(const Tile& t) {
        if (t.r0 + td_.bv < SegEnd(t.j)) return Tile{t.row, t.j, t.r0 + td_.bv};
        if (t.j < jLast_) return Tile{t.row, t.j + 1, SegBegin(t.j + 1)};
        return Tile{NextValidRow(t.row + 1), jFirst_, SegBegin(jFirst_)};
    }

    // Zeros into the out rows of every batch row with an invalid slot, over the core's value rows.
    __aicore__ inline void WriteZeroRows() {
        LocalTensor<StateT> buf = stateOutQue_.template AllocTensor<StateT>();
        Duplicate(outF_, 0.0f, alignBv_);
        PipeBarrier<PIPE_V>();
        Cast(TailView(buf), outF_, RoundMode::CAST_RINT, alignBv_);
        stateOutQue_.EnQue(buf);
        buf = stateOutQue_.template DeQue<StateT>();
        for (uint32_t row = 0; row < td_.b; ++row) {
            if (indexLocal_.GetValue(row) != 0) continue;
            for (uint32_t j = jFirst_; j <= jLast_; ++j) {
                for (Tile t{row, j, SegBegin(j)}; t.r0 < SegEnd(j); t.r0 += td_.bv) {
                    DataCopyPad(outGm_[OutOffset(t)], TailView(buf),
                                DataCopyExtParams(1, TileRows(t) * sizeof(InT), 0, 0, 0));
                }
            }
        }
        stateOutQue_.FreeTensor(buf);
    }

    // exp(g) and sigmoid(b) of up to 8 value heads of one batch row.
    __aicore__ inline void GatingGroup(uint32_t row, uint32_t j0, uint32_t n) {
        LocalTensor<InT> aIn = GateSlotIn(kAIn), bIn = GateSlotIn(kBIn), dtIn = GateSlotIn(kDtIn);
        LocalTensor<float> aLogF = GateSlot(kALog), x = GateSlot(kX), t = GateSlot(kT), thr = GateSlot(kThr);
        LocalTensor<float> bF = GateSlot(kBF), sp = GateSlot(kSp);
        LocalTensor<float> expG = scalars_, beta = scalars_[kGateElems];
        LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
        const uint64_t gateOffset = uint64_t{row} * td_.hv + j0;
        Sync<HardEvent::V_MTE2>();  // the previous group's vector work has read the staging slots
        DataCopyPad(aIn, aGm_[gateOffset], DataCopyExtParams(1, n * sizeof(InT), 0, 0, 0),
                    DataCopyPadExtParams<InT>(true, 0, RightPad<InT>(n), InT(0)));
        DataCopyPad(bIn, bGm_[gateOffset], DataCopyExtParams(1, n * sizeof(InT), 0, 0, 0),
                    DataCopyPadExtParams<InT>(true, 0, RightPad<InT>(n), InT(0)));
        DataCopyPad(dtIn, dtBiasGm_[j0], DataCopyExtParams(1, n * sizeof(InT), 0, 0, 0),
                    DataCopyPadExtParams<InT>(true, 0, RightPad<InT>(n), InT(0)));
        DataCopyPad(aLogF, aLogGm_[j0], DataCopyExtParams(1, n * sizeof(float), 0, 0, 0),
                    DataCopyPadExtParams<float>(true, 0, RightPad<float>(n), 0.0f));
        Sync<HardEvent::MTE2_V>();
        // softplus(x) = x above the threshold, else ln(1 + exp(x)) (exp of min(x, thr): no overflow on the dead lane)
        Cast(x, aIn, RoundMode::CAST_NONE, kMaxGroupHeads);
        Cast(t, dtIn, RoundMode::CAST_NONE, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Add(x, x, t, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Mins(t, x, td_.softplusThreshold, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Exp(t, t, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Adds(t, t, 1.0f, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Ln(t, t, kMaxGroupHeads);
        Compare(mask, x, thr, CMPMODE::GT, kGateElems);
        PipeBarrier<PIPE_V>();
        Select(sp, mask, x, t, SELMODE::VSEL_TENSOR_TENSOR_MODE, kGateElems);
        // g = -exp(aLog) * softplus; the kernel only needs exp(g)
        Exp(aLogF, aLogF, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Mul(expG, aLogF, sp, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Muls(expG, expG, -1.0f, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Exp(expG, expG, kMaxGroupHeads);
        // beta = sigmoid(b) = 1 / (1 + exp(-b))
        Cast(bF, bIn, RoundMode::CAST_NONE, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Muls(bF, bF, -1.0f, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Exp(bF, bF, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Adds(bF, bF, 1.0f, kMaxGroupHeads);
        PipeBarrier<PIPE_V>();
        Reciprocal(beta, bF, kMaxGroupHeads);
        Sync<HardEvent::V_S>();
    }

    // q and k of one shared head: fp32, L2-normalised, q also scaled.
    __aicore__ inline void LoadQk(uint32_t row, uint32_t h) {
        const uint64_t qOffset = uint64_t{row} * td_.mixedStride + uint64_t{h} * td_.k;
        const uint64_t offsets[2] = {qOffset, qOffset + uint64_t{td_.h} * td_.k};
        for (uint64_t offset : offsets) {
            LocalTensor<InT> buf = qkQue_.template AllocTensor<InT>();
            DataCopyPad(buf, mixedGm_[offset], DataCopyExtParams(1, td_.k * sizeof(InT), 0, 0, 0),
                        DataCopyPadExtParams<InT>(true, 0, RightPad<InT>(td_.k), InT(0)));
            qkQue_.EnQue(buf);
        }
        const LocalTensor<float> dsts[2] = {qF_, kF_};
        const float muls[2] = {td_.scale, 1.0f};
        for (uint32_t i = 0; i < 2; ++i) {
            LocalTensor<InT> buf = qkQue_.template DeQue<InT>();
            Cast(dsts[i], buf, RoundMode::CAST_NONE, alignK_);
            qkQue_.FreeTensor(buf);
            PipeBarrier<PIPE_V>();
            L2Normalize(dsts[i], muls[i]);
        }
        if (repRows_ > 0) {
            Repeat(kRows_, kF_);
            Repeat(qRows_, qF_);
        }
        if constexpr (!kFp32State) {
            // k.q: out = S' q = exp(g) (S q) + delta (k.q), so the updated tile need not be read again.
            Mul(sq_, qF_, kF_, alignK_);
            PipeBarrier<PIPE_V>();
            RowSums(scalars_[kKqSlot], sq_, 1, scalars_[2 * kGateElems + 32]);
            Sync<HardEvent::V_S>();
            kq_ = scalars_.GetValue(kKqSlot);
        }
        qkRow_ = row;
        qkHead_ = h;
    }

    // rows[0, repRows_) = vec, by doubling copies.
    __aicore__ inline void Repeat(const LocalTensor<float>& rows, const LocalTensor<float>& vec) {
        Muls(rows, vec, 1.0f, alignK_);
        PipeBarrier<PIPE_V>();
        for (uint32_t done = 1; done < repRows_; done *= 2) {
            Muls(rows[done * alignK_], rows, 1.0f, Min(done, repRows_ - done) * alignK_);
            PipeBarrier<PIPE_V>();
        }
    }

    // p = s * vec per row: one Mul per 64 columns, a repeat per row, vec re-read by a repeat stride of 0.
    __aicore__ inline void RowProducts(const LocalTensor<float>& p, const LocalTensor<float>& s,
                                       const LocalTensor<float>& vec, uint32_t rows) {
        const uint32_t rowBlocks = alignK_ * sizeof(float) / kBlockBytes;
        const BinaryRepeatParams perRow(1, 1, 1, rowBlocks, rowBlocks, 0);
        for (uint32_t c = 0; c < td_.k; c += kFp32PerRepeat) {
            Mul(p[c], s[c], vec[c], Min(kFp32PerRepeat, td_.k - c), static_cast<int32_t>(rows), perRow);
        }
        PipeBarrier<PIPE_V>();
    }

    __aicore__ inline void L2Normalize(const LocalTensor<float>& vec, float mul) {
        LocalTensor<float> sum = scalars_[2 * kGateElems];
        Mul(sq_, vec, vec, alignK_);
        PipeBarrier<PIPE_V>();
        RowSums(sum, sq_, 1, scalars_[2 * kGateElems + 32]);
        Adds(sum, sum, kEps, 1);
        PipeBarrier<PIPE_V>();
        Sqrt(sum, sum, 1);
        Sync<HardEvent::V_S>();
        Muls(vec, vec, mul / sum.GetValue(0), alignK_);
        PipeBarrier<PIPE_V>();
    }

    // dst[r] = sum of the first k columns of row r (rows of alignK fp32); one WholeReduceSum per 64 columns.
    __aicore__ inline void RowSums(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t rows,
                                   const LocalTensor<float>& tmp) {
        const int32_t repStride = static_cast<int32_t>(alignK_ * sizeof(float) / kBlockBytes);
        for (uint32_t c = 0; c < td_.k; c += kFp32PerRepeat) {
            const int32_t mask = static_cast<int32_t>(Min(kFp32PerRepeat, td_.k - c));
            WholeReduceSum<float>(c == 0 ? dst : tmp, src[c], mask, static_cast<int32_t>(rows), 1, 1, repStride);
            PipeBarrier<PIPE_V>();
            if (c > 0) {
                Add(dst, dst, tmp, static_cast<int32_t>(rows));
                PipeBarrier<PIPE_V>();
            }
        }
    }

    __aicore__ inline void CopyInTile(const Tile& t) {
        const uint32_t rows = TileRows(t);
        const uint64_t vOffset =
            uint64_t{t.row} * td_.mixedStride + 2ull * td_.h * td_.k + uint64_t{t.j} * td_.v + t.r0;
        LocalTensor<StateT> buf = stateInQue_.template AllocTensor<StateT>();
        DataCopyPad(buf, stateGm_[StateOffset(t)],
                    DataCopyExtParams(static_cast<uint16_t>(rows), td_.k * sizeof(StateT), 0, rowGapBlocks_, 0),
                    DataCopyPadExtParams<StateT>(true, 0, RightPad<StateT>(td_.k), StateT(0)));
        DataCopyPad(TailView(buf), mixedGm_[vOffset], DataCopyExtParams(1, rows * sizeof(InT), 0, 0, 0),
                    DataCopyPadExtParams<InT>(true, 0, RightPad<InT>(rows), InT(0)));
        stateInQue_.EnQue(buf);
    }

    // FP32 state: S k on the undecayed tile, the decay fused into the copy to the out buffer; delta = beta * (v -
    // exp(g) S k); S' = exp(g) S + delta k^T; out = S' q. Leaves S' and out in stateOutQue_.
    __aicore__ inline void ComputeTile(LocalTensor<StateT>& in, uint32_t rows, float expG, float beta) {
        const uint32_t count = rows * alignK_;
        LocalTensor<StateT> outBuf = stateOutQue_.template AllocTensor<StateT>();
        Cast(vF_, TailView(in), RoundMode::CAST_NONE, rows);
        LocalTensor<float> s = in, next = outBuf;
        PipeBarrier<PIPE_V>();
        RowProducts(next, s, kRows_, rows);
        RowSums(hk_, next, rows, reduceTmp_);
        Muls(hk_, hk_, -expG, rows);
        PipeBarrier<PIPE_V>();
        Add(vF_, vF_, hk_, rows);
        PipeBarrier<PIPE_V>();
        Muls(vF_, vF_, beta, rows);  // vF_ now holds delta
        Muls(next, s, expG, count);
        RankOneUpdate(next, rows, deltaBlocks_);
        RowProducts(s, next, qRows_, rows);  // the input tile is scratch for S' q
        RowSums(outF_, s, rows, reduceTmp_);
        Cast(TailView(outBuf), outF_, RoundMode::CAST_RINT, rows);
        stateInQue_.FreeTensor(in);
        stateOutQue_.EnQue(outBuf);
    }

    // next += delta k^T (delta in vF_): each delta_r broadcast into a block (Brcb), then one MulAddDst per 64 columns
    // over all rows (k re-read by a repeat stride of 0, row r's block by a block stride of 0): K / 64 instructions
    // instead of one Axpy per row, whose issue cost dominated the tile.
    // `deltaBlocks`: rows x 32 bytes of UB free for the broadcast.
    __aicore__ inline void RankOneUpdate(const LocalTensor<float>& next, uint32_t rows,
                                         const LocalTensor<float>& deltaBlocks) {
        Brcb(deltaBlocks, vF_, static_cast<uint8_t>((rows + 7) / 8), BrcbRepeatParams(1, 8));
        PipeBarrier<PIPE_V>();
        const uint32_t rowBlocks = alignK_ * sizeof(float) / kBlockBytes;
        const BinaryRepeatParams update(1, 1, 0, rowBlocks, 0, 1);
        for (uint32_t c = 0; c < td_.k; c += kFp32PerRepeat) {
            MulAddDst(next[c], kF_[c], deltaBlocks, Min(kFp32PerRepeat, td_.k - c), static_cast<int32_t>(rows),
                      update);
        }
        PipeBarrier<PIPE_V>();
    }

    // 16-bit state, one fp32 working copy S and each of its elements touched by few instructions:
    // hk = S k and sq = S q from the old S (RowDotsGrouped, or RowDots when its strides do not fit);
    // delta = beta (v - exp(g) hk); out = exp(g) sq + delta (k.q), so S' is never read back;
    // S' = exp(g) S + delta k^T as one Muls plus one MulAddDst per 64 columns (k broadcast down the rows by a repeat
    // stride of 0, delta_r across row r by Brcb and a block stride of 0).
    __aicore__ inline void ComputeTile16(LocalTensor<StateT>& in, uint32_t rows, float expG, float beta) {
        const uint32_t count = rows * alignK_;
        LocalTensor<StateT> outBuf = stateOutQue_.template AllocTensor<StateT>();
        Cast(vF_, TailView(in), RoundMode::CAST_NONE, rows);
        Cast(matS_, in, RoundMode::CAST_NONE, count);
        PipeBarrier<PIPE_V>();
        // hk_ = S k and outF_ = S q (outF_ follows hk_ in vecBvBuf_: one set of folds serves both when they fit)
        const LocalTensor<float> vecs[2] = {kF_, qF_};
        if (repRows_ == kDotGroupRows) {
            RowDotsGrouped(hk_, rows);
        } else if (pairedDots_) {
            RowDots(hk_, vecs, 2, rows);
        } else {
            RowDots(hk_, vecs, 1, rows);
            RowDots(outF_, vecs + 1, 1, rows);
        }
        Muls(hk_, hk_, -expG, rows);
        PipeBarrier<PIPE_V>();
        Add(vF_, vF_, hk_, rows);
        PipeBarrier<PIPE_V>();
        Muls(vF_, vF_, beta, rows);  // vF_ now holds delta
        Muls(outF_, outF_, expG, rows);
        PipeBarrier<PIPE_V>();
        Axpy(outF_, vF_, kq_, rows);
        Muls(matS_, matS_, expG, static_cast<int32_t>(count));
        RankOneUpdate(matS_, rows, matP_);  // the products are reduced: their buffer holds the delta blocks
        Cast(outBuf, matS_, RoundMode::CAST_RINT, count);
        Cast(TailView(outBuf), outF_, RoundMode::CAST_RINT, rows);
        stateInQue_.FreeTensor(in);
        stateOutQue_.EnQue(outBuf);
    }

    // dst[v * alignBv_ + r] = sum over the first k columns of matS_ row r times vecs[v], v < n (n = 1 or 2), for
    // `rows` rows. The products of each 64-column chunk accumulate (Mul, then MulAddDst) into matP_ laid out
    // block-major (block b of row r of vector v at block (b * n + v) * alignBv_ + r), so the halving folds are
    // contiguous Adds covering all n vectors; one BlockReduceSum then sums 8 rows per repeat.
    __aicore__ inline void RowDots(const LocalTensor<float>& dst, const LocalTensor<float>* vecs, uint32_t n,
                                   uint32_t rows) {
        constexpr uint32_t kBlockElems = kBlockBytes / sizeof(float);
        const uint32_t rowBlocks = alignK_ * sizeof(float) / kBlockBytes;
        const uint32_t blockRows = n * alignBv_;  // the product buffer's block stride between column blocks
        const BinaryRepeatParams products(blockRows, 1, 1, 1, rowBlocks, 0);
        for (uint32_t v = 0; v < n; ++v) {
            LocalTensor<float> p = matP_[v * alignBv_ * kBlockElems];
            Mul(p, matS_, vecs[v], kFp32PerRepeat, static_cast<int32_t>(rows), products);
            for (uint32_t c = kFp32PerRepeat; c < td_.k; c += kFp32PerRepeat) {
                PipeBarrier<PIPE_V>();
                MulAddDst(p, matS_[c], vecs[v][c], Min(kFp32PerRepeat, td_.k - c), static_cast<int32_t>(rows),
                          products);
            }
        }
        for (uint32_t half = 4 * blockRows * kBlockElems; half >= blockRows * kBlockElems; half /= 2) {
            PipeBarrier<PIPE_V>();
            Add(matP_, matP_, matP_[half], static_cast<int32_t>(half));
        }
        PipeBarrier<PIPE_V>();
        const int32_t reduceRepeats = static_cast<int32_t>(((n - 1) * alignBv_ + rows + 7) / 8);
        BlockReduceSum(dst, matP_, reduceRepeats, static_cast<int32_t>(kFp32PerRepeat), 1, 1, 8);
        PipeBarrier<PIPE_V>();
    }

    // hk_[r] = S_r k and outF_[r] = hk_[alignBv_ + r] = S_r q. One product repeat covers two column blocks (half a
    // row apart) of each of kDotGroupRows consecutive rows against the matching blocks of kRows_ / qRows_ (the
    // vector repeated kDotGroupRows times), so rowBlocks / 2 Mul / MulAddDst instructions leave each row's sum in two
    // blocks of matP_ ([vector][row][2 blocks]); one strided Add folds them (8 rows per repeat), one BlockReduceSum
    // sums each block. Pad columns are zero in S (DataCopyPad) and in k, q, so whole blocks need no mask.
    __aicore__ inline void RowDotsGrouped(const LocalTensor<float>& dst, uint32_t rows) {
        constexpr uint32_t kBlockElems = kBlockBytes / sizeof(float);
        const uint32_t rowBlocks = alignK_ * sizeof(float) / kBlockBytes;
        const uint32_t step = rowBlocks / 2;  // block stride inside a repeat: 2 blocks per row
        const int32_t groups = static_cast<int32_t>((rows + kDotGroupRows - 1) / kDotGroupRows);
        const BinaryRepeatParams products(1, step, step, 8, kDotGroupRows * rowBlocks, 0);
        const LocalTensor<float> vecRows[2] = {kRows_, qRows_};
        const uint32_t vecStride = alignBv_ * 2 * kBlockElems;  // floats of one vector's [row][2 blocks]
        for (uint32_t v = 0; v < 2; ++v) {
            LocalTensor<float> p = matP_[v * vecStride];
            Mul(p, matS_, vecRows[v], kFp32PerRepeat, groups, products);
            for (uint32_t c = 1; c < step; ++c) {
                PipeBarrier<PIPE_V>();
                MulAddDst(p, matS_[c * kBlockElems], vecRows[v][c * kBlockElems], kFp32PerRepeat, groups, products);
            }
        }
        PipeBarrier<PIPE_V>();
        LocalTensor<float> folded = matP_[2 * vecStride];  // [vector][row] blocks
        Add(folded, matP_, matP_[kBlockElems], kFp32PerRepeat, static_cast<int32_t>(2 * alignBv_ / 8),
            BinaryRepeatParams(1, 2, 2, 8, 16, 16));
        PipeBarrier<PIPE_V>();
        BlockReduceSum(dst, folded, static_cast<int32_t>((alignBv_ + rows + 7) / 8),
                       static_cast<int32_t>(kFp32PerRepeat), 1, 1, 8);
        PipeBarrier<PIPE_V>();
    }

    __aicore__ inline void CopyOutTile(const Tile& t) {
        const uint32_t rows = TileRows(t);
        LocalTensor<StateT> buf = stateOutQue_.template DeQue<StateT>();
        DataCopyPad(stateGm_[StateOffset(t)], buf,
                    DataCopyExtParams(static_cast<uint16_t>(rows), td_.k * sizeof(StateT), rowGapBlocks_, 0, 0));
        DataCopyPad(outGm_[OutOffset(t)], TailView(buf), DataCopyExtParams(1, rows * sizeof(InT), 0, 0, 0));
        stateOutQue_.FreeTensor(buf);
    }

    // The 16-bit row after the state rows of a tile buffer: v on the way in, out on the way out.
    __aicore__ inline LocalTensor<InT> TailView(const LocalTensor<StateT>& buf) {
        return buf.template ReinterpretCast<InT>()[stateTileElems_ * sizeof(StateT) / sizeof(InT)];
    }

    // The tile's first state row, in the slot of its batch row (a valid slot).
    __aicore__ inline uint64_t StateOffset(const Tile& t) {
        const uint64_t slot = static_cast<uint32_t>(indexLocal_.GetValue(t.row));
        return slot * td_.stateSlotStride + uint64_t{t.j} * td_.stateHeadStride + uint64_t{t.r0} * td_.k;
    }
    __aicore__ inline uint64_t OutOffset(const Tile& t) {
        return uint64_t{t.row} * td_.outBatchStride + uint64_t{t.j} * td_.v + t.r0;
    }

    // Gating staging slots (256 bytes each) in gateBuf_.
    enum GateSlotId : uint32_t { kAIn, kBIn, kDtIn, kALog, kX, kT, kThr, kBF, kSp };

    FusedGdnDecodeTilingData td_;
    TPipe pipe_;
    TQue<TPosition::VECIN, 2> qkQue_;
    TQue<TPosition::VECIN, 1> stateInQue_;
    TQue<TPosition::VECOUT, 1> stateOutQue_;
    TBuf<TPosition::VECCALC> indexBuf_, vecKBuf_, vecBvBuf_, scalarBuf_, matrixBuf_, gateBuf_, reduceBuf_, maskBuf_,
        repBuf_, deltaBuf_;
    GlobalTensor<InT> mixedGm_, aGm_, bGm_, dtBiasGm_, outGm_;
    GlobalTensor<float> aLogGm_;
    GlobalTensor<StateT> stateGm_;
    GlobalTensor<int32_t> indexGm_;
    LocalTensor<int32_t> indexLocal_;
    LocalTensor<float> qF_, kF_, sq_, vF_, hk_, outF_, scalars_, reduceTmp_, matS_, matP_, kRows_, qRows_, deltaBlocks_;
    uint32_t taskStart_ = 0, taskEnd_ = 0, tasksPerHead_ = 1, alignB_ = 8, jFirst_ = 0, jLast_ = 0;
    uint32_t gateRow_ = UINT32_MAX, gateJ0_ = 0;
    uint32_t alignK_ = 0, alignBv_ = 0, groupSize_ = 1, stateTileElems_ = 0, rowGapBlocks_ = 0, repRows_ = 0;
    uint32_t qkRow_ = UINT32_MAX, qkHead_ = UINT32_MAX;
    float kq_ = 0.0f;
    bool pairedDots_ = false;
};

}  // namespace ascendops::fused_gdn_decode
