// EmbeddingDenseGrad kernel: out[k, :] += grad[pos_idx[i], :] for every sorted position i with sort_indices[i] == k.
// Each core walks its rows of the sorted indices; a run of equal indices is summed in UB and written once with a
// GM atomic add, so runs that cross a core boundary add up correctly. Rows whose index is the padding row or
// outside [0, numWeights), or whose pos_idx is outside [0, N), are skipped (never touch memory outside out).
// Key 1 (scale_grad_by_freq): phase 0 zeroes counts, phase 1 also atomically adds each run's length into
// counts[idx], phase 2 scales rows with count >= 2 by 1 / count; barriers between the phases.
#pragma once
#include "kernel_operator.h"
// After kernel_operator.h: the tiling data helpers need __aicore__.
#include "embedding_dense_grad_tiling_data.h"

namespace ascendops::embedding_dense_grad {

class EmbeddingDenseGradKernel {
public:
    __aicore__ inline EmbeddingDenseGradKernel() {}

    __aicore__ inline void Init(GM_ADDR grad, GM_ADDR sortIndices, GM_ADDR posIdx, GM_ADDR out, GM_ADDR workspace,
                                const EmbeddingDenseGradTilingData& td, AscendC::TPipe* pipe) {
        td_ = td;
        pipe_ = pipe;
        coreIdx_ = static_cast<uint32_t>(AscendC::GetBlockIdx());
        rowStart_ = EdgRowStart(td_, coreIdx_);
        rowCount_ = EdgRowCount(td_, coreIdx_);
        copyMode_ = static_cast<EdgCopyMode>(td_.copyMode);
        const uint64_t dim = td_.dimSize;
        gradGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(grad), uint64_t{td_.numRows} * dim);
        idxGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(sortIndices), td_.numRows);
        posGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(posIdx), td_.numRows);
        outGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), uint64_t{td_.numWeights} * dim);
        if (td_.scaleGradByFreq != 0) {
            GM_ADDR user = AscendC::GetUserWorkspace(workspace);
            countsGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(user + td_.countsOffset),
                                      AlignUp8(td_.numWeights));
            syncGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(user + td_.syncOffset),
                                    uint64_t{td_.usedCoreNum} * kInt32PerBlock);
        }
        if (copyMode_ == EdgCopyMode::kScalar) return;  // the scalar path works on GM only
        pipe_->InitBuffer(inQue_, 1, td_.colChunk * sizeof(float));
        pipe_->InitBuffer(accQue_, 1, td_.colChunk * sizeof(float));
        pipe_->InitBuffer(idxQue_, 1, 2 * td_.idxBatch * sizeof(int32_t));
        if (copyMode_ == EdgCopyMode::kWindow) {
            pipe_->InitBuffer(edgeInQue_, 1, kFloatsPerBlock * sizeof(float));
            pipe_->InitBuffer(edgeOutQue_, 1, kFloatsPerBlock * sizeof(float));
        }
        if (td_.scaleGradByFreq != 0) InitScaleBuffers();
    }

    template <bool kScale>
    __aicore__ inline void Process() {
        if (copyMode_ == EdgCopyMode::kScalar) {
            ProcessScalar(kScale);
            return;
        }
        if constexpr (kScale) {
            ZeroCounts();
            Barrier();
        }
        for (uint32_t c = 0; c < td_.colChunkNum; ++c) {
            const uint32_t cols = c + 1 == td_.colChunkNum ? td_.lastColChunk : td_.colChunk;
            // Run lengths are counted once, on the first column chunk.
            AccumulateChunk(uint64_t{c} * td_.colChunk, cols, kScale && c == 0);
        }
        if constexpr (kScale) {
            Barrier();
            ScaleRows();
        }
    }

private:
    static constexpr uint32_t kFloatsPerBlock = 8;
    static constexpr uint32_t kInt32PerBlock = 8;
    static constexpr int32_t kNoRun = -1;

    __aicore__ static inline uint32_t AlignUp8(uint32_t n) { return (n + 7) / 8 * 8; }

    __aicore__ inline bool Live(int32_t idx, int32_t pos) const {
        return idx >= 0 && static_cast<uint32_t>(idx) < td_.numWeights && idx != td_.paddingIdx && pos >= 0 &&
               static_cast<uint32_t>(pos) < td_.numRows;
    }

    // ---- GM <-> UB moves of one row chunk (whole blocks, exact bytes with DataCopyPad, or 32-byte windows) ----
    // `elems` is the size of the GM tensor: a window never leaves it.
    __aicore__ inline void LoadRow(const AscendC::LocalTensor<float>& dst, const AscendC::GlobalTensor<float>& src,
                                   uint64_t elems, uint64_t offset, uint32_t cols) {
        if (copyMode_ == EdgCopyMode::kPad) {
            AscendC::DataCopyExtParams params{1, cols * static_cast<uint32_t>(sizeof(float)), 0, 0, 0};
            AscendC::DataCopyPadExtParams<float> pad{true, 0, static_cast<uint8_t>(AlignUp8(cols) - cols), 0.0f};
            AscendC::DataCopyPad(dst, src[offset], params, pad);
        } else if (copyMode_ == EdgCopyMode::kWindow && offset + AlignUp8(cols) > elems) {
            LoadTailWindow(dst, src, elems, offset, cols);
        } else {
            AscendC::DataCopy(dst, src[offset], AlignUp8(cols));
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
        for (uint32_t j = body; j < cols; ++j) dst.SetValue(j, edge.GetValue(shift + j - body));
        edgeInQue_.FreeTensor(edge);
    }

    // Writes cols values of src to dst[offset]. Window mode runs under atomic add: the lanes outside the row hold
    // -0.0, which leaves every value (+0.0 too) unchanged.
    __aicore__ inline void StoreRow(const AscendC::GlobalTensor<float>& dst, uint64_t elems, uint64_t offset,
                                    const AscendC::LocalTensor<float>& src, uint32_t cols) {
        // A window overlaps the previous row's window: overlapping MTE3 destinations need PipeBarrier (its doc).
        if (copyMode_ == EdgCopyMode::kWindow) AscendC::PipeBarrier<PIPE_MTE3>();
        if (copyMode_ == EdgCopyMode::kPad) {
            AscendC::DataCopyExtParams params{1, cols * static_cast<uint32_t>(sizeof(float)), 0, 0, 0};
            AscendC::DataCopyPad(dst[offset], src, params);
        } else if (copyMode_ == EdgCopyMode::kWindow && offset + AlignUp8(cols) > elems) {
            StoreTailWindow(dst, elems, offset, src, cols);
        } else {
            for (uint32_t j = cols; j < AlignUp8(cols); ++j) src.SetValue(j, -0.0f);
            AscendC::DataCopy(dst[offset], src, AlignUp8(cols));
        }
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
        for (uint32_t j = body; j < cols; ++j) edge.SetValue(shift + j - body, src.GetValue(j));
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
            AscendC::DataCopyPad(dst, src[start], params, pad);
            return;
        }
        if (uint64_t{start} + AlignUp8(n) <= td_.numRows) {
            AscendC::DataCopy(dst, src[start], AlignUp8(n));
            return;
        }
        const uint32_t body = n / kInt32PerBlock * kInt32PerBlock;
        if (body > 0) AscendC::DataCopy(dst, src[start], body);
        for (uint32_t j = body; j < n; ++j) dst.SetValue(j, src.GetValue(start + j));
    }

    // Sorted indices in [0, idxBatch), pos_idx in [idxBatch, 2 * idxBatch).
    __aicore__ inline AscendC::LocalTensor<int32_t> LoadIndexBatch(uint32_t start, uint32_t n) {
        AscendC::LocalTensor<int32_t> ids = idxQue_.AllocTensor<int32_t>();
        LoadInt32(ids, idxGm_, start, n);
        LoadInt32(ids[td_.idxBatch], posGm_, start, n);
        idxQue_.EnQue(ids);
        return idxQue_.DeQue<int32_t>();
    }

    // ---- phase 1: sorted-run accumulation of one column chunk ----
    __aicore__ inline void AccumulateChunk(uint64_t colOff, uint32_t cols, bool countRuns) {
        const uint32_t vecCols = AlignUp8(cols);
        int32_t runIdx = kNoRun;
        uint32_t runLen = 0;
        AscendC::LocalTensor<float> acc;
        for (uint32_t b = 0; b < rowCount_; b += td_.idxBatch) {
            const uint32_t n = rowCount_ - b < td_.idxBatch ? rowCount_ - b : td_.idxBatch;
            AscendC::LocalTensor<int32_t> ids = LoadIndexBatch(rowStart_ + b, n);
            for (uint32_t i = 0; i < n; ++i) {
                const int32_t idx = ids.GetValue(i);
                const int32_t pos = ids.GetValue(td_.idxBatch + i);
                if (runIdx != kNoRun && idx != runIdx) {
                    FlushRun(acc, runIdx, runLen, colOff, cols, countRuns);
                    runIdx = kNoRun;
                }
                if (!Live(idx, pos)) continue;
                AscendC::LocalTensor<float> row = inQue_.AllocTensor<float>();
                LoadRow(row, gradGm_, GradElems(), uint64_t(pos) * td_.dimSize + colOff, cols);
                inQue_.EnQue(row);
                row = inQue_.DeQue<float>();
                if (runIdx == kNoRun) {
                    acc = accQue_.AllocTensor<float>();
                    AscendC::Adds(acc, row, 0.0f, vecCols);  // the run starts with its first row
                    runIdx = idx;
                    runLen = 1;
                } else {
                    AscendC::Add(acc, acc, row, vecCols);
                    ++runLen;
                }
                inQue_.FreeTensor(row);
            }
            idxQue_.FreeTensor(ids);
        }
        if (runIdx != kNoRun) FlushRun(acc, runIdx, runLen, colOff, cols, countRuns);
    }

    // One atomic add per run (and per column chunk) into out[runIdx]; on the scale path also its length.
    __aicore__ inline void FlushRun(AscendC::LocalTensor<float>& acc, int32_t runIdx, uint32_t runLen, uint64_t colOff,
                                    uint32_t cols, bool countRun) {
        accQue_.EnQue(acc);
        acc = accQue_.DeQue<float>();
        AscendC::SetAtomicAdd<float>();
        StoreRow(outGm_, OutElems(), uint64_t(runIdx) * td_.dimSize + colOff, acc, cols);
        AscendC::SetAtomicNone();
        accQue_.FreeTensor(acc);
        if (countRun) AddCount(static_cast<uint32_t>(runIdx), runLen);
    }

    // ---- scale path (key 1) ----
    __aicore__ inline void InitScaleBuffers() {
        pipe_->InitBuffer(cntQue_, 1, kFloatsPerBlock * sizeof(float));
        pipe_->InitBuffer(eyeBuf_, kFloatsPerBlock * kFloatsPerBlock * sizeof(float));
        if (td_.softSync != 0) pipe_->InitBuffer(syncBuf_, td_.usedCoreNum * kInt32PerBlock * sizeof(int32_t));
        // One-hot blocks: block j has 1 in lane j, so a count block is one vector Muls (no scalar UB writes
        // racing the copy pipes).
        AscendC::LocalTensor<float> eye = eyeBuf_.Get<float>();
        for (uint32_t i = 0; i < kFloatsPerBlock * kFloatsPerBlock; ++i) {
            eye.SetValue(i, i % (kFloatsPerBlock + 1) == 0 ? 1.0f : 0.0f);
        }
        AscendC::PipeBarrier<PIPE_ALL>();
    }

    // counts[idx] += runLen as an atomic add of the 32-byte block holding idx (zeros in the other lanes).
    __aicore__ inline void AddCount(uint32_t idx, uint32_t runLen) {
        const uint32_t lane = idx % kFloatsPerBlock;
        AscendC::LocalTensor<float> eye = eyeBuf_.Get<float>();
        AscendC::LocalTensor<float> blk = cntQue_.AllocTensor<float>();
        AscendC::Muls(blk, eye[lane * kFloatsPerBlock], static_cast<float>(runLen), kFloatsPerBlock);
        cntQue_.EnQue(blk);
        blk = cntQue_.DeQue<float>();
        // The previous run may have counted into this block: overlapping MTE3 destinations need it (PipeBarrier doc).
        AscendC::PipeBarrier<PIPE_MTE3>();
        AscendC::SetAtomicAdd<float>();
        AscendC::DataCopy(countsGm_[idx - lane], blk, kFloatsPerBlock);
        AscendC::SetAtomicNone();
        cntQue_.FreeTensor(blk);
    }

    // This core's slice of out rows for phases 0 and 2 (8-row aligned, so count windows are whole blocks).
    __aicore__ inline uint32_t WeightBegin() const { return coreIdx_ * td_.weightRowsPerCore; }
    __aicore__ inline uint32_t WeightEnd(uint32_t limit) const {
        const uint64_t end = uint64_t{WeightBegin()} + td_.weightRowsPerCore;
        return end < limit ? static_cast<uint32_t>(end) : limit;
    }

    __aicore__ inline void ZeroCounts() {
        const uint32_t begin = WeightBegin();
        const uint32_t end = WeightEnd(AlignUp8(td_.numWeights));
        if (begin >= end) return;
        AscendC::LocalTensor<float> zero = accQue_.AllocTensor<float>();
        AscendC::Duplicate(zero, 0.0f, td_.colChunk);
        accQue_.EnQue(zero);
        zero = accQue_.DeQue<float>();
        for (uint32_t w = begin; w < end; w += td_.colChunk) {
            AscendC::DataCopy(countsGm_[w], zero, end - w < td_.colChunk ? end - w : td_.colChunk);
        }
        accQue_.FreeTensor(zero);
    }

    __aicore__ inline void Barrier() {
        if (td_.softSync != 0) {
            AscendC::LocalTensor<int32_t> state = syncBuf_.Get<int32_t>();
            AscendC::SyncAll(syncGm_, state, static_cast<int32_t>(td_.usedCoreNum));
        } else {
            AscendC::SyncAll();
        }
    }

    // Phase 2: rows of this core's slice with count >= 2 become out[k] * (1 / count).
    __aicore__ inline void ScaleRows() {
        const uint32_t begin = WeightBegin();
        const uint32_t end = WeightEnd(td_.numWeights);
        const uint32_t batch = 2 * td_.idxBatch;  // counts per load, reusing the index buffer
        for (uint32_t w = begin; w < end; w += batch) {
            const uint32_t n = end - w < batch ? end - w : batch;
            AscendC::LocalTensor<int32_t> raw = idxQue_.AllocTensor<int32_t>();
            AscendC::LocalTensor<float> counts = raw.ReinterpretCast<float>();
            AscendC::DataCopy(counts, countsGm_[w], AlignUp8(n));  // inside counts: w is 8-aligned
            idxQue_.EnQue(raw);
            raw = idxQue_.DeQue<int32_t>();
            counts = raw.ReinterpretCast<float>();
            for (uint32_t i = 0; i < n; ++i) {
                const float count = counts.GetValue(i);
                if (count >= 2.0f) ScaleRow(w + i, 1.0f / count);
            }
            idxQue_.FreeTensor(raw);
        }
    }

    // Window mode adds out[k] * (scale - 1) atomically: a plain store of a window would overwrite the neighbouring
    // rows' bytes that other cores scale at the same time.
    __aicore__ inline void ScaleRow(uint32_t k, float scale) {
        const bool atomic = copyMode_ == EdgCopyMode::kWindow;
        for (uint32_t c = 0; c < td_.colChunkNum; ++c) {
            const uint32_t cols = c + 1 == td_.colChunkNum ? td_.lastColChunk : td_.colChunk;
            const uint64_t offset = uint64_t{k} * td_.dimSize + uint64_t{c} * td_.colChunk;
            AscendC::LocalTensor<float> row = inQue_.AllocTensor<float>();
            LoadRow(row, outGm_, OutElems(), offset, cols);
            inQue_.EnQue(row);
            row = inQue_.DeQue<float>();
            AscendC::LocalTensor<float> scaled = accQue_.AllocTensor<float>();
            AscendC::Muls(scaled, row, atomic ? scale - 1.0f : scale, AlignUp8(cols));
            inQue_.FreeTensor(row);
            accQue_.EnQue(scaled);
            scaled = accQue_.DeQue<float>();
            if (atomic) AscendC::SetAtomicAdd<float>();
            StoreRow(outGm_, OutElems(), offset, scaled, cols);
            if (atomic) {
                AscendC::SetAtomicNone();
                // The next row's window reads the bytes this store added -0.0 to: order MTE3 before that MTE2 read.
                const auto id = static_cast<event_t>(pipe_->FetchEventID(AscendC::HardEvent::MTE3_MTE2));
                AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(id);
                AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(id);
            }
            accQue_.FreeTensor(scaled);
        }
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
        const float factor = scale && count >= 2 ? 1.0f / static_cast<float>(count) : 1.0f;
        const uint64_t dim = td_.dimSize;
        for (uint64_t j = 0; j < dim; ++j) {
            float sum = 0.0f;
            for (uint32_t r = first; r < last; ++r) {
                const int32_t pos = posGm_.GetValue(r);
                if (Live(idx, pos)) sum += gradGm_.GetValue(uint64_t(pos) * dim + j);
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
    AscendC::GlobalTensor<float> gradGm_;
    AscendC::GlobalTensor<int32_t> idxGm_;
    AscendC::GlobalTensor<int32_t> posGm_;
    AscendC::GlobalTensor<float> outGm_;
    AscendC::GlobalTensor<float> countsGm_;
    AscendC::GlobalTensor<int32_t> syncGm_;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQue_;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> accQue_;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> idxQue_;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> cntQue_;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> edgeInQue_;    // window mode: the tensor's last block, loaded
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> edgeOutQue_;  // window mode: the tensor's last block, to store
    AscendC::TBuf<AscendC::TPosition::VECCALC> eyeBuf_;
    AscendC::TBuf<AscendC::TPosition::VECCALC> syncBuf_;
};

}  // namespace ascendops::embedding_dense_grad
