// EmbeddingDenseGrad kernel: out[k, :] += grad[pos_idx[i], :] for every sorted position i with sort_indices[i] == k.
// Each core owns the runs of equal indices that start in its rows of the sorted indices (it follows its last run past
// its end and leaves the run continuing from the previous core to that core), so every out row has one writer and
// its rows are summed in sorted order whatever the core count: results are bit-identical for any core count. A run
// is summed in one slot of a UB tile; runs of consecutive indices fill consecutive slots, written with one copy, and
// sorted rows at consecutive positions (grad rows contiguous in GM) are read with one copy.
// Rows whose index is the padding row or outside [0, numWeights), or whose pos_idx is outside [0, N), are skipped
// (never touch memory outside out); the padding row's slot, if a group spans it, writes the zero it already holds.
// Key 1 (scale_grad_by_freq): the owner sees the whole run, so the run's live rows are its count; the sum is scaled
// by 1 / count before it is written: no counts array, no barrier, no workspace (so nothing needs zeroing first).
// Its rows enter the sum at 2^-s (2^s >= numRows >= any count) and the run's factor is 2^s / count: a run of
// rows near FLT_MAX cannot overflow, and as power-of-two scaling is exact the result is the sum times 1 / count
// rounded once, wherever the rows stay above float's normal range (|x| >= 2^(s - 126)).
#pragma once
#include "kernel_operator.h"
// After kernel_operator.h: the tiling data helpers need __aicore__.
#include "embedding_dense_grad_tiling_data.h"
#include "op_kernel/common/data_copy_pad.h"

namespace ascendops::embedding_dense_grad {
// Per SoC family (data_copy_pad.h): the m200 and c220 instances differ in DataCopyPad.
namespace ASCENDOPS_KERNEL_FAMILY {

class EmbeddingDenseGradKernel {
public:
    __aicore__ inline EmbeddingDenseGradKernel() {}

    __aicore__ inline void Init(GM_ADDR grad, GM_ADDR sortIndices, GM_ADDR posIdx, GM_ADDR out,
                                const EmbeddingDenseGradTilingData& td, AscendC::TPipe* pipe) {
        td_ = td;
        pipe_ = pipe;
        coreIdx_ = static_cast<uint32_t>(AscendC::GetBlockIdx());
        rowStart_ = EdgRowStart(td_, coreIdx_);
        rowCount_ = EdgRowCount(td_, coreIdx_);
        copyMode_ = static_cast<EdgCopyMode>(td_.copyMode);
        for (uint64_t c = 1; c < td_.numRows; c <<= 1) runShift_ *= 2.0f;
        const uint64_t dim = td_.dimSize;
        gradGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(grad), uint64_t{td_.numRows} * dim);
        idxGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(sortIndices), td_.numRows);
        posGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(posIdx), td_.numRows);
        outGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), uint64_t{td_.numWeights} * dim);
        if (copyMode_ == EdgCopyMode::kScalar) return;  // the scalar path works on GM only
        pipe_->InitBuffer(inQue_, static_cast<uint8_t>(td_.rowBuffers), td_.groupRows * td_.colChunk * sizeof(float));
        pipe_->InitBuffer(accQue_, kEdgTileBuffers, td_.groupRows * td_.colChunk * sizeof(float));
        pipe_->InitBuffer(idxQue_, 1, (IdxSlots() + td_.idxBatch + kEdgPeekRows) * sizeof(int32_t));
        if (copyMode_ == EdgCopyMode::kWindow) {
            pipe_->InitBuffer(edgeInQue_, 1, kFloatsPerBlock * sizeof(float));
            pipe_->InitBuffer(edgeOutQue_, 1, kFloatsPerBlock * sizeof(float));
        }
    }

    template <bool kScale>
    __aicore__ inline void Process() {
        if (copyMode_ == EdgCopyMode::kScalar) {
            ProcessScalar(kScale);
            return;
        }
        for (uint32_t c = 0; c < td_.colChunkNum; ++c) {
            const uint32_t cols = c + 1 == td_.colChunkNum ? td_.lastColChunk : td_.colChunk;
            AccumulateChunk(uint64_t{c} * td_.colChunk, cols, kScale);
        }
    }

private:
    // A pipe waits for another's earlier instructions: the kernel orders its own pipes, with or without the
    // compiler's auto-sync (SetFlag/WaitFlag doc).
    template <AscendC::HardEvent E>
    __aicore__ inline void Sync() {
        const auto ev = static_cast<event_t>(pipe_->FetchEventID(E));
        AscendC::SetFlag<E>(ev);
        AscendC::WaitFlag<E>(ev);
    }

    static constexpr uint32_t kFloatsPerBlock = 8;
    static constexpr uint32_t kInt32PerBlock = 8;
    static constexpr int32_t kNoRun = -1;
    // Rows of the first batch past the core's end when its last run goes on beyond the peek (doubling up to idxBatch).
    static constexpr uint32_t kFirstExtendBatch = 32;

    __aicore__ static inline uint32_t AlignUp8(uint32_t n) { return (n + 7) / 8 * 8; }

    __aicore__ inline bool Live(int32_t idx, int32_t pos) const {
        return idx >= 0 && static_cast<uint32_t>(idx) < td_.numWeights && idx != td_.paddingIdx && pos >= 0 &&
               static_cast<uint32_t>(pos) < td_.numRows;
    }

    // ---- GM <-> UB moves of row chunks (whole blocks, exact bytes with DataCopyPad, or 32-byte windows) ----
    // `rows` grad rows from grad[offset] into UB rows of colChunk floats: more than one only when a chunk is the
    // whole row (groupRows > 1), so whole-block rows are contiguous there; a window (one row) never leaves grad.
    __aicore__ inline void LoadRows(const AscendC::LocalTensor<float>& dst, uint64_t offset, uint32_t cols,
                                    uint32_t rows) {
        if (copyMode_ == EdgCopyMode::kPad) {
            const uint32_t gap = (td_.dimSize - cols) * static_cast<uint32_t>(sizeof(float));
            AscendC::DataCopyExtParams params{static_cast<uint16_t>(rows), cols * static_cast<uint32_t>(sizeof(float)),
                                              gap, 0, 0};
            AscendC::DataCopyPadExtParams<float> pad{true, 0, static_cast<uint8_t>(AlignUp8(cols) - cols), 0.0f};
            DataCopyPadWhereAny(dst, gradGm_[offset], params, pad);
        } else if (copyMode_ == EdgCopyMode::kWindow && offset + AlignUp8(cols) > GradElems()) {
            LoadTailWindow(dst, gradGm_, GradElems(), offset, cols);
        } else {
            AscendC::DataCopy(dst, gradGm_[offset], rows * AlignUp8(cols));
        }
    }

    // The window from the row start would leave the tensor: the whole blocks of the chunk load as they are, its
    // last partial block comes from the tensor's last block (inside: the tensor holds >= 8 floats) into place.
    __aicore__ inline void LoadTailWindow(const AscendC::LocalTensor<float>& dst,
                                          const AscendC::GlobalTensor<float>& src, uint64_t elems, uint64_t offset,
                                          uint32_t cols) {
        const uint32_t body = cols / kFloatsPerBlock * kFloatsPerBlock;
        if (body > 0) AscendC::DataCopy(dst, src[offset], body);
        const uint32_t shift = static_cast<uint32_t>(offset + body - (elems - kFloatsPerBlock));
        AscendC::LocalTensor<float> edge = edgeInQue_.AllocTensor<float>();
        AscendC::DataCopy(edge, src[elems - kFloatsPerBlock], kFloatsPerBlock);
        edgeInQue_.EnQue(edge);
        edge = edgeInQue_.DeQue<float>();
        Sync<AscendC::HardEvent::MTE2_S>();  // the copies above, and the last vector reads of dst, come first
        Sync<AscendC::HardEvent::V_S>();
        for (uint32_t j = body; j < cols; ++j) dst.SetValue(j, edge.GetValue(shift + j - body));
        Sync<AscendC::HardEvent::S_V>();  // dst is read by vector instructions and rewritten by later copies
        Sync<AscendC::HardEvent::S_MTE2>();
        edgeInQue_.FreeTensor(edge);
    }

    // Writes cols values of src to dst[offset] in 32-byte windows, under atomic add: the lanes outside the row hold
    // -0.0, which leaves every value (+0.0 too) unchanged.
    __aicore__ inline void StoreWindow(const AscendC::GlobalTensor<float>& dst, uint64_t elems, uint64_t offset,
                                       const AscendC::LocalTensor<float>& src, uint32_t cols) {
        // A window overlaps the previous row's window: overlapping MTE3 destinations need PipeBarrier (its doc).
        AscendC::PipeBarrier<PIPE_MTE3>();
        if (offset + AlignUp8(cols) > elems) {
            StoreTailWindow(dst, elems, offset, src, cols);
            return;
        }
        Sync<AscendC::HardEvent::V_S>();  // the vector instructions that wrote src come first
        for (uint32_t j = cols; j < AlignUp8(cols); ++j) src.SetValue(j, -0.0f);
        Sync<AscendC::HardEvent::S_MTE3>();
        Sync<AscendC::HardEvent::S_V>();  // src's buffer is written by vector instructions again
        AscendC::DataCopy(dst[offset], src, AlignUp8(cols));
    }

    // The chunk's whole blocks store as they are; its last partial block goes out as the tensor's last block, with
    // the row's values in place and -0.0 in the lanes before and after them.
    __aicore__ inline void StoreTailWindow(const AscendC::GlobalTensor<float>& dst, uint64_t elems, uint64_t offset,
                                           const AscendC::LocalTensor<float>& src, uint32_t cols) {
        const uint32_t body = cols / kFloatsPerBlock * kFloatsPerBlock;
        if (body > 0) AscendC::DataCopy(dst[offset], src, body);
        const uint32_t shift = static_cast<uint32_t>(offset + body - (elems - kFloatsPerBlock));
        AscendC::LocalTensor<float> edge = edgeOutQue_.AllocTensor<float>();
        AscendC::Duplicate(edge, -0.0f, kFloatsPerBlock);
        Sync<AscendC::HardEvent::V_S>();  // the Duplicate and the vector instructions that wrote src come first
        for (uint32_t j = body; j < cols; ++j) edge.SetValue(shift + j - body, src.GetValue(j));
        Sync<AscendC::HardEvent::S_MTE3>();
        Sync<AscendC::HardEvent::S_V>();  // src's buffer is written by vector instructions again
        edgeOutQue_.EnQue(edge);
        edge = edgeOutQue_.DeQue<float>();
        AscendC::PipeBarrier<PIPE_MTE3>();  // the tensor's last block may overlap the body just stored
        AscendC::DataCopy(dst[elems - kFloatsPerBlock], edge, kFloatsPerBlock);
        edgeOutQue_.FreeTensor(edge);
    }

    // n int32 values from src[start] into dst. Without DataCopyPad a copy is whole 32-byte blocks: the window is
    // rounded up when it stays inside the tensor, else the last partial block is read with scalar loads.
    __aicore__ inline void LoadInt32(const AscendC::LocalTensor<int32_t>& dst,
                                     const AscendC::GlobalTensor<int32_t>& src, uint32_t start, uint32_t n) {
        if (copyMode_ == EdgCopyMode::kPad) {
            AscendC::DataCopyExtParams params{1, n * static_cast<uint32_t>(sizeof(int32_t)), 0, 0, 0};
            AscendC::DataCopyPadExtParams<int32_t> pad{false, 0, 0, 0};
            DataCopyPadWhereAny(dst, src[start], params, pad);
            return;
        }
        if (uint64_t{start} + AlignUp8(n) <= td_.numRows) {
            AscendC::DataCopy(dst, src[start], AlignUp8(n));
            return;
        }
        const uint32_t body = n / kInt32PerBlock * kInt32PerBlock;
        if (body > 0) AscendC::DataCopy(dst, src[start], body);
        Sync<AscendC::HardEvent::MTE2_S>();  // the copy shares the tail's last block
        for (uint32_t j = body; j < n; ++j) dst.SetValue(j, src.GetValue(start + j));
    }

    // Sorted indices of rows [start - lead, start + n + tail) from slot 0 (row start at slot lead), then pos_idx of
    // rows [start, start + n + tail) from slot IdxSlots(): the lead and tail rows are the neighbours' (kEdgPeekRows).
    __aicore__ inline AscendC::LocalTensor<int32_t> LoadIndexBatch(uint32_t start, uint32_t n, uint32_t lead,
                                                                   uint32_t tail) {
        AscendC::LocalTensor<int32_t> ids = idxQue_.AllocTensor<int32_t>();
        Sync<AscendC::HardEvent::S_MTE2>();  // the scalar reads of the last batch come first
        LoadInt32(ids, idxGm_, start - lead, lead + n + tail);
        LoadInt32(ids[IdxSlots()], posGm_, start, n + tail);
        idxQue_.EnQue(ids);
        ids = idxQue_.DeQue<int32_t>();
        Sync<AscendC::HardEvent::MTE2_S>();  // the indices are read by the scalar unit
        return ids;
    }

    __aicore__ inline uint32_t IdxSlots() const { return td_.idxBatch + 2 * kEdgPeekRows; }

    // Rows after the batch [start, start + n) (lead rows before it) its loads can take too without leaving the
    // tensor's whole blocks.
    __aicore__ inline uint32_t PeekAfter(uint32_t start, uint32_t lead, uint32_t n) const {
        const uint32_t left = td_.numRows - (start + n);
        uint32_t tail = left < kEdgPeekRows ? left : kEdgPeekRows;
        auto leaves = [&](uint32_t t) {
            return copyMode_ != EdgCopyMode::kPad && (uint64_t{start} - lead + AlignUp8(lead + n + t) > td_.numRows ||
                                                      uint64_t{start} + AlignUp8(n + t) > td_.numRows);
        };
        while (tail > 0 && leaves(tail)) --tail;
        return tail;
    }

    // ---- sorted-run accumulation of one column chunk ----
    // The core owns the runs that start in its rows: it skips the rows continuing the run of the row before its
    // first (that run is the previous core's) and walks past its last row while its last run goes on. Each run is
    // summed in one slot of the accumulator tile in sorted order; runs of consecutive indices take consecutive
    // slots, and the tile goes out with one copy per group of consecutive out rows (contiguous in GM).
    __aicore__ inline void AccumulateChunk(uint64_t colOff, uint32_t cols, bool scale) {
        const uint32_t end = rowStart_ + rowCount_;
        bool skipping = rowStart_ > 0;  // rows continuing the previous core's last run (the first batch's lead row)
        int32_t skipIdx = kNoRun;
        runIdx_ = kNoRun;
        group_ = Group{};
        uint32_t extend = kFirstExtendBatch < td_.idxBatch ? kFirstExtendBatch : td_.idxBatch;
        bool done = rowCount_ == 0;
        for (uint32_t b = rowStart_; !done && b < td_.numRows;) {
            uint32_t n = td_.idxBatch;
            if (b < end) {
                n = end - b < n ? end - b : n;
            } else {  // past the core's rows: only the last run's continuation, in growing batches
                n = td_.numRows - b < extend ? td_.numRows - b : extend;
                extend = 2 * extend < td_.idxBatch ? 2 * extend : td_.idxBatch;
            }
            const uint32_t lead =
                b == rowStart_ && skipping ? (rowStart_ < kEdgPeekRows ? rowStart_ : kEdgPeekRows) : 0;
            const uint32_t tail = b + n == end ? PeekAfter(b, lead, n) : 0;
            AscendC::LocalTensor<int32_t> ids = LoadIndexBatch(b, n, lead, tail);
            if (lead > 0) skipIdx = ids.GetValue(lead - 1);
            for (uint32_t i = 0; i < n + tail; ++i) {
                const int32_t idx = ids.GetValue(lead + i);
                if (b + i >= end && (skipping || idx != runIdx_)) {
                    done = true;
                    break;
                }
                if (skipping && idx == skipIdx) continue;
                skipping = false;
                if (idx != runIdx_) NextRun(idx, colOff, cols, scale);
                const int32_t pos = ids.GetValue(IdxSlots() + i);
                if (Live(idx, pos)) AddRow(GradRow(ids, i, n + tail, b + i, pos, colOff, cols), cols, scale);
            }
            ReleaseRows();  // a block of grad rows belongs to the rows of one index batch
            idxQue_.FreeTensor(ids);
            b += n + tail;
        }
        if (runIdx_ != kNoRun) CloseRun(cols, scale);
        FlushGroup(colOff, cols);
    }

    // The out rows summed in the accumulator tile: slot j holds out[first + j]; the last slot is the current run's.
    struct Group {
        int32_t first = kNoRun;  // kNoRun: no tile is open
        uint32_t len = 0;
    };

    // Ends the current run and opens idx's slot: the next slot of the tile when idx is the next out row and the
    // tile has room, else the first slot of a new tile (an index outside out gets no slot: its rows are dead).
    __aicore__ inline void NextRun(int32_t idx, uint64_t colOff, uint32_t cols, bool scale) {
        if (runIdx_ != kNoRun) CloseRun(cols, scale);
        runIdx_ = idx;
        runLive_ = 0;
        const bool inOut = idx >= 0 && static_cast<uint32_t>(idx) < td_.numWeights;
        if (group_.first != kNoRun && inOut && idx == group_.first + static_cast<int32_t>(group_.len) &&
            group_.len < td_.groupRows) {
            ++group_.len;
            return;
        }
        FlushGroup(colOff, cols);
        if (!inOut) return;
        tile_ = accQue_.AllocTensor<float>();
        group_ = Group{idx, 1};
    }

    __aicore__ inline AscendC::LocalTensor<float> Slot() const { return tile_[(group_.len - 1) * td_.colChunk]; }

    // The grad row (this chunk's columns) of sorted row r, at slot i of the index batch `ids` of `count` rows. The
    // sorted rows from r on whose positions follow pos one by one (grad rows contiguous in GM) load with one copy,
    // up to groupRows of them; each is used once, by its sorted row.
    __aicore__ inline AscendC::LocalTensor<float> GradRow(const AscendC::LocalTensor<int32_t>& ids, uint32_t i,
                                                          uint32_t count, uint32_t r, int32_t pos, uint64_t colOff,
                                                          uint32_t cols) {
        if (blockLen_ == 0 || r < blockRow_ || r - blockRow_ >= blockLen_) {
            ReleaseRows();
            uint32_t m = 1;
            while (m < td_.groupRows && i + m < count && uint64_t{static_cast<uint32_t>(pos)} + m < td_.numRows &&
                   int64_t{ids.GetValue(IdxSlots() + i + m)} == int64_t{pos} + m) {
                ++m;
            }
            rows_ = inQue_.AllocTensor<float>();
            LoadRows(rows_, uint64_t(pos) * td_.dimSize + colOff, cols, m);
            inQue_.EnQue(rows_);
            rows_ = inQue_.DeQue<float>();
            blockRow_ = r;
            blockLen_ = m;
        }
        return rows_[(r - blockRow_) * td_.colChunk];
    }

    __aicore__ inline void ReleaseRows() {
        if (blockLen_ == 0) return;
        inQue_.FreeTensor(rows_);
        blockLen_ = 0;
    }

    // Adds a grad row into the current run's slot; the run's first row starts the sum.
    __aicore__ inline void AddRow(const AscendC::LocalTensor<float>& row, uint32_t cols, bool scale) {
        const uint32_t vecCols = AlignUp8(cols);
        if (scale && runShift_ != 1.0f) AscendC::Muls(row, row, 1.0f / runShift_, vecCols);
        AscendC::LocalTensor<float> slot = Slot();
        AscendC::PipeBarrier<PIPE_V>();  // the scaled row and the slot's last sum come first
        if (runLive_ == 0) {
            AscendC::Adds(slot, row, 0.0f, vecCols);  // as out's 0.0 + row: a -0.0 row sums to +0.0
        } else {
            AscendC::Add(slot, slot, row, vecCols);
        }
        ++runLive_;
    }

    // The current run's slot gets its final value: 0 for a run without live rows (the padding row, say), else the
    // sum times its factor on the scale path.
    __aicore__ inline void CloseRun(uint32_t cols, bool scale) {
        if (group_.first == kNoRun) return;
        AscendC::LocalTensor<float> slot = Slot();
        AscendC::PipeBarrier<PIPE_V>();  // the slot's last sum comes first
        if (runLive_ == 0) {
            AscendC::Duplicate(slot, 0.0f, AlignUp8(cols));
        } else if (scale && RunFactor(runLive_) != 1.0f) {
            AscendC::Muls(slot, slot, RunFactor(runLive_), AlignUp8(cols));
        }
    }

    // ---- scale path (key 1): the owner sees all of a run's rows, so its live rows are its count ----
    // What a run's sum of 2^-s-scaled rows is multiplied by (1 / count, and 2^s back).
    __aicore__ inline float RunFactor(uint32_t count) const {
        return count >= 2 ? runShift_ / static_cast<float>(count) : runShift_;
    }

    // Writes the tile's rows to out[first ..]: one copy for the whole group. Every out row has one writer (its run's
    // owner) and out starts at zero, so whole-block and exact-byte copies write plainly; window copies overlap the
    // neighbouring rows (a group is one row there) and go under atomic add with -0.0 outside the row.
    __aicore__ inline void FlushGroup(uint64_t colOff, uint32_t cols) {
        if (group_.first == kNoRun) return;
        accQue_.EnQue(tile_);
        tile_ = accQue_.DeQue<float>();
        const uint64_t offset = uint64_t(group_.first) * td_.dimSize + colOff;
        if (copyMode_ == EdgCopyMode::kBlock) {  // groupRows > 1 only with one chunk, so the rows are contiguous
            AscendC::DataCopy(outGm_[offset], tile_, group_.len * AlignUp8(cols));
        } else if (copyMode_ == EdgCopyMode::kPad) {
            const uint32_t rowBytes = cols * static_cast<uint32_t>(sizeof(float));
            const uint32_t gap = (td_.dimSize - cols) * static_cast<uint32_t>(sizeof(float));
            AscendC::DataCopyExtParams params{static_cast<uint16_t>(group_.len), rowBytes, 0, gap, 0};
            DataCopyPadWhereAny(outGm_[offset], tile_, params);
        } else {
            AscendC::SetAtomicAdd<float>();
            StoreWindow(outGm_, OutElems(), offset, tile_, cols);
            AscendC::SetAtomicNone();
        }
        accQue_.FreeTensor(tile_);
        group_ = Group{};
    }

    __aicore__ inline uint64_t GradElems() const { return uint64_t{td_.numRows} * td_.dimSize; }
    __aicore__ inline uint64_t OutElems() const { return uint64_t{td_.numWeights} * td_.dimSize; }

    // ---- scalar fallback (grad or out under one 32-byte block; one core, so no cache line is shared) ----
    // Each run belongs to the core where it starts (a core skips the run continuing from the previous core and
    // follows its own last run past its end), so every out row has one writer and no atomics are needed; the
    // owner sees the whole run, so it also applies the 1 / count scale itself.
    __aicore__ inline void ProcessScalar(bool scale) {
        uint32_t i = rowStart_;
        const uint32_t end = rowStart_ + rowCount_;
        if (i > 0 && i < end) {
            const int32_t prev = idxGm_.GetValue(i - 1);
            while (i < end && idxGm_.GetValue(i) == prev) ++i;
        }
        while (i < end) {
            const int32_t idx = idxGm_.GetValue(i);
            uint32_t runEnd = i + 1;
            while (runEnd < td_.numRows && idxGm_.GetValue(runEnd) == idx) ++runEnd;
            if (Live(idx, 0)) WriteRunScalar(idx, i, runEnd, scale);
            i = runEnd;
        }
        AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::ENTIRE_DATA_CACHE>(outGm_);
    }

    __aicore__ inline void WriteRunScalar(int32_t idx, uint32_t first, uint32_t last, bool scale) {
        uint32_t count = 0;
        for (uint32_t r = first; r < last; ++r) count += Live(idx, posGm_.GetValue(r)) ? 1 : 0;
        if (count == 0) return;
        const float factor = scale ? RunFactor(count) : 1.0f;
        const float rowScale = scale ? 1.0f / runShift_ : 1.0f;
        const uint64_t dim = td_.dimSize;
        for (uint64_t j = 0; j < dim; ++j) {
            float sum = 0.0f;
            for (uint32_t r = first; r < last; ++r) {
                const int32_t pos = posGm_.GetValue(r);
                if (Live(idx, pos)) sum += gradGm_.GetValue(uint64_t(pos) * dim + j) * rowScale;
            }
            outGm_.SetValue(uint64_t(idx) * dim + j, sum * factor);
        }
    }

    EmbeddingDenseGradTilingData td_;
    AscendC::TPipe* pipe_ = nullptr;
    uint32_t coreIdx_ = 0;
    uint32_t rowStart_ = 0;
    uint32_t rowCount_ = 0;
    EdgCopyMode copyMode_ = EdgCopyMode::kBlock;
    float runShift_ = 1.0f;    // scale path: 2^s, the least power of two >= numRows
    int32_t runIdx_ = kNoRun;  // the index of the run being summed
    uint32_t runLive_ = 0;     // its live rows so far
    Group group_;              // the out rows in tile_
    AscendC::LocalTensor<float> tile_;
    uint32_t blockRow_ = 0;  // rows_ holds the grad rows of sorted rows [blockRow_, blockRow_ + blockLen_)
    uint32_t blockLen_ = 0;
    AscendC::LocalTensor<float> rows_;
    AscendC::GlobalTensor<float> gradGm_;
    AscendC::GlobalTensor<int32_t> idxGm_;
    AscendC::GlobalTensor<int32_t> posGm_;
    AscendC::GlobalTensor<float> outGm_;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQue_;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> accQue_;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> idxQue_;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> edgeInQue_;    // window mode: the tensor's last block, loaded
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> edgeOutQue_;  // window mode: the tensor's last block, to store
};

}  // namespace ASCENDOPS_KERNEL_FAMILY
using namespace ASCENDOPS_KERNEL_FAMILY;
}  // namespace ascendops::embedding_dense_grad
