// EmbeddingDenseGrad kernel: out[k, :] += grad[pos_idx[i], :] for every sorted position i with sort_indices[i] == k.
// Each core walks its rows of the sorted indices; a run of equal indices is summed in UB and written once with a
// GM atomic add, so runs that cross a core boundary add up correctly. Rows whose index is the padding row or
// outside [0, numWeights), or whose pos_idx is outside [0, N), are skipped (never touch memory outside out).
// Key 1 (scale_grad_by_freq): a run's count is its number of live rows in the whole sorted array (a run cut by a
// core boundary is completed with scalar reads of the neighbouring rows), and the run's partial sum is scaled by
// 1 / count before its atomic add: no counts array, no barrier, no workspace (so nothing needs zeroing first).
// Its rows enter the sum at 2^-s (2^s >= numRows >= any count) and the flush multiplies by 2^s / count: a run of
// rows near FLT_MAX cannot overflow, and as power-of-two scaling is exact the result is the sum times 1 / count
// rounded once, wherever the rows stay above float's normal range (|x| >= 2^(s - 126)).
#pragma once
#include "kernel_operator.h"
// After kernel_operator.h: the tiling data helpers need __aicore__.
#include "embedding_dense_grad_tiling_data.h"
#include "op_kernel/common/data_copy_pad.h"

namespace ascendops::embedding_dense_grad {
// Per SoC family (data_copy_pad.h): the m200 and m220 instances differ in DataCopyPad.
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
        pipe_->InitBuffer(inQue_, kEdgRowBuffers, td_.colChunk * sizeof(float));
        pipe_->InitBuffer(accQue_, kEdgRowBuffers, td_.colChunk * sizeof(float));
        pipe_->InitBuffer(idxQue_, 1, 2 * td_.idxBatch * sizeof(int32_t));
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
        if constexpr (kScale) FindNeighbourRuns();
        for (uint32_t c = 0; c < td_.colChunkNum; ++c) {
            const uint32_t cols = c + 1 == td_.colChunkNum ? td_.lastColChunk : td_.colChunk;
            AccumulateChunk(uint64_t{c} * td_.colChunk, cols, kScale);
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
            DataCopyPadWhereAny(dst, src[offset], params, pad);
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
            DataCopyPadWhereAny(dst[offset], src, params);
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
            DataCopyPadWhereAny(dst, src[start], params, pad);
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

    // ---- sorted-run accumulation of one column chunk ----
    __aicore__ inline void AccumulateChunk(uint64_t colOff, uint32_t cols, bool scale) {
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
                    FlushRun(acc, runIdx, scale ? RunFactor(RunCount(runIdx, runLen)) : 1.0f, colOff, cols);
                    runIdx = kNoRun;
                }
                if (!Live(idx, pos)) continue;
                AscendC::LocalTensor<float> row = inQue_.AllocTensor<float>();
                LoadRow(row, gradGm_, GradElems(), uint64_t(pos) * td_.dimSize + colOff, cols);
                inQue_.EnQue(row);
                row = inQue_.DeQue<float>();
                if (scale && runShift_ != 1.0f) AscendC::Muls(row, row, 1.0f / runShift_, vecCols);
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
        if (runIdx != kNoRun) FlushRun(acc, runIdx, scale ? RunFactor(RunCount(runIdx, runLen)) : 1.0f, colOff, cols);
    }

    // ---- scale path (key 1): a run's live rows in the whole sorted array ----
    // The index of the row next to this core's first (last) row and its live rows walking away from the core: a run
    // of that index here continues there (indices are sorted). The ops-nn deterministic path walks past a core's
    // end the same way (spec, reference facts).
    struct NeighbourRun {
        int32_t idx = kNoRun;  // kNoRun: no such row; never matches a live run
        uint32_t live = 0;
    };

    __aicore__ inline void FindNeighbourRuns() {
        const uint32_t end = rowStart_ + rowCount_;
        if (rowStart_ > 0 && rowCount_ > 0) before_ = WalkRun(rowStart_ - 1, false);
        if (end < td_.numRows && rowCount_ > 0) after_ = WalkRun(end, true);
    }

    // Walks from `row` up (or down) while the index equals row's, counting live rows; index batches come through
    // UB like the main loop's (no scalar GM reads).
    __aicore__ inline NeighbourRun WalkRun(uint32_t row, bool up) {
        NeighbourRun run;
        bool first = true;
        uint32_t r = row;  // the next row to look at
        while (true) {
            const uint32_t left = up ? td_.numRows - r : r + 1;
            const uint32_t n = left < td_.idxBatch ? left : td_.idxBatch;
            const uint32_t start = up ? r : r + 1 - n;
            AscendC::LocalTensor<int32_t> ids = LoadIndexBatch(start, n);
            bool ended = false;
            for (uint32_t k = 0; k < n && !ended; ++k) {
                const uint32_t j = up ? k : n - 1 - k;
                const int32_t idx = ids.GetValue(j);
                if (first) run.idx = idx;
                first = false;
                ended = idx != run.idx;
                if (!ended && Live(idx, ids.GetValue(td_.idxBatch + j))) ++run.live;
            }
            idxQue_.FreeTensor(ids);
            if (ended || (up ? start + n >= td_.numRows : start == 0)) return run;
            r = up ? start + n : start - 1;
        }
    }

    __aicore__ inline uint32_t RunCount(int32_t runIdx, uint32_t runLen) const {
        return runLen + (runIdx == before_.idx ? before_.live : 0) + (runIdx == after_.idx ? after_.live : 0);
    }

    // Scale path: what a run's sum of 2^-s-scaled rows is multiplied by (1 / count, and 2^s back).
    __aicore__ inline float RunFactor(uint32_t count) const {
        return count >= 2 ? runShift_ / static_cast<float>(count) : runShift_;
    }

    // One atomic add per run (and per column chunk) into out[runIdx]; on the scale path the partial sum is first
    // multiplied by its RunFactor, so the parts of a run split over cores add up to the scaled row.
    __aicore__ inline void FlushRun(AscendC::LocalTensor<float>& acc, int32_t runIdx, float factor, uint64_t colOff,
                                    uint32_t cols) {
        if (factor != 1.0f) AscendC::Muls(acc, acc, factor, AlignUp8(cols));
        accQue_.EnQue(acc);
        acc = accQue_.DeQue<float>();
        AscendC::SetAtomicAdd<float>();
        StoreRow(outGm_, OutElems(), uint64_t(runIdx) * td_.dimSize + colOff, acc, cols);
        AscendC::SetAtomicNone();
        accQue_.FreeTensor(acc);
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
    float runShift_ = 1.0f;  // scale path: 2^s, the least power of two >= numRows
    NeighbourRun before_;    // scale path: the run the previous core's rows end with
    NeighbourRun after_;     // scale path: the run the next core's rows start with
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
