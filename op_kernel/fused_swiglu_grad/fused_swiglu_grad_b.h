// FusedSwigluGrad b kernel (AIV-only): per [R, C] tile of dy, g, fc (BF16, cast to FP32)
//   s = sigmoid(g) = 1 / (1 + exp(-g)),  dfc = dy * g * s,  dg = dy * fc * s * (1 + g - g * s)
// dg and dfc are written as BF16 (RINT). Column sums: each row chunk (fixed by M and N, not by the core count) sums
// its FP32 dg / dfc rows in row order into UB accumulators and writes them to its own FP32 workspace row; after
// SyncAll each core adds its columns over all chunk rows in chunk order and casts once to BF16. Every db element is
// then the same sequence of FP32 additions for any core count.
#pragma once
#include "fused_swiglu_grad_tiling_data.h"
#include "kernel_operator.h"

namespace ascendops::fused_swiglu_grad {

class FusedSwigluGradBKernel {
public:
    __aicore__ inline FusedSwigluGradBKernel() {}

    __aicore__ inline void Init(GM_ADDR dy, GM_ADDR g, GM_ADDR fc, GM_ADDR dg, GM_ADDR dfc, GM_ADDR dbG, GM_ADDR dbFc,
                                GM_ADDR workspace, const FusedSwigluGradBTilingData& td, AscendC::TPipe* pipe) {
        td_ = td;
        pipe_ = pipe;
        const uint64_t numel = uint64_t{td_.rows} * td_.cols;
        dyGm_.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dy), numel);
        gGm_.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(g), numel);
        fcGm_.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(fc), numel);
        dgGm_.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dg), numel);
        dfcGm_.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dfc), numel);
        dbGm_[0].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dbG), td_.cols);
        dbGm_[1].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dbFc), td_.cols);
        GM_ADDR user = AscendC::GetUserWorkspace(workspace);
        partialGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(user + td_.partialOffset),
                                   2ull * td_.chunks.parts * td_.partialPitch);
        layout_ = SgBLayout(td_.tileRows, td_.colChunk);
        colCap_ = layout_.ca;
        // In this order: the layout's bank groups assume TPipe carves the buffers one after another from offset 0.
        pipe_->InitBuffer(inQue_, SgBUbLayout::kBufferNum, layout_.in.bytes);
        pipe_->InitBuffer(outQue_, SgBUbLayout::kBufferNum, layout_.out.bytes);
        pipe_->InitBuffer(workBuf_, layout_.work.bytes);
        pipe_->InitBuffer(accBuf_, layout_.acc.bytes);
    }

    __aicore__ inline void Process() {
        const uint32_t core = static_cast<uint32_t>(AscendC::GetBlockIdx());
        const uint32_t first = static_cast<uint32_t>(SgStart(td_.coreChunks, core));
        const uint32_t count = static_cast<uint32_t>(SgCount(td_.coreChunks, core));
        for (uint32_t k = first; k < first + count; ++k) ProcessChunk(k);
        // Every core's partial rows are in GM before any core reads them.
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::SyncAll();
        ReduceColumns(core);
    }

private:
    template <AscendC::HardEvent E>
    __aicore__ inline void Sync() {
        const auto ev = pipe_->FetchEventID(E);
        AscendC::SetFlag<E>(ev);
        AscendC::WaitFlag<E>(ev);
    }

    __aicore__ inline uint32_t ColsOf(uint32_t c) const {
        return c + 1 == td_.colChunkNum ? td_.lastColChunk : td_.colChunk;
    }
    // Accumulator `which` (0: db_g, 1: db_fc) in its current (phase 0) or next (phase 1) copy: every column-sum Add
    // reads one copy and writes the other, so no instruction reads and writes one bank.
    __aicore__ inline AscendC::LocalTensor<float> Acc(uint32_t which, uint32_t phase = 0) {
        const uint32_t copy = 2 * which + (phase_[which] ^ phase);
        return accBuf_.Get<float>()[layout_.acc.offset[copy] / sizeof(float)];
    }
    __aicore__ inline void AccumulateRow(uint32_t which, const AscendC::LocalTensor<float>& row, uint32_t count) {
        AscendC::PipeBarrier<PIPE_V>();  // the row and the last sum come first
        AscendC::Add(Acc(which, 1), Acc(which), row, static_cast<int32_t>(count));
        phase_[which] ^= 1u;
    }
    template <typename T>
    __aicore__ inline AscendC::LocalTensor<T> Tile(const AscendC::LocalTensor<T>& buf, const SgBankedTiles& tiles,
                                                   uint32_t i) const {
        return buf[tiles.offset[i] / sizeof(T)];
    }

    // One row chunk: every column chunk's tiles, then its two partial rows.
    __aicore__ inline void ProcessChunk(uint32_t k) {
        const uint64_t row0 = SgStart(td_.chunks, k);
        const uint32_t rows = static_cast<uint32_t>(SgCount(td_.chunks, k));
        for (uint32_t c = 0; c < td_.colChunkNum; ++c) {
            const uint32_t cols = ColsOf(c);
            const uint32_t ca = SgAlign(cols, kSgBf16PerBlock);
            AscendC::Duplicate(Acc(0), 0.0f, ca);
            AscendC::Duplicate(Acc(1), 0.0f, ca);
            for (uint32_t r = 0; r < rows; r += td_.tileRows) {
                const uint32_t n = rows - r < td_.tileRows ? rows - r : td_.tileRows;
                const uint64_t offset = (row0 + r) * td_.cols + uint64_t{c} * td_.colChunk;
                CopyIn(offset, n, cols);
                Compute(n, ca);
                CopyOut(offset, n, cols);
            }
            StorePartials(k, uint64_t{c} * td_.colChunk, cols);
        }
    }

    // dy | g | fc rows into one queue buffer, each row padded with zeros to 32 bytes.
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t n, uint32_t cols) {
        AscendC::LocalTensor<bfloat16_t> in = inQue_.AllocTensor<bfloat16_t>();
        const AscendC::DataCopyExtParams params{static_cast<uint16_t>(n), cols * 2u, (td_.cols - cols) * 2u, 0, 0};
        const AscendC::DataCopyPadExtParams<bfloat16_t> pad{
            true, 0, static_cast<uint8_t>(SgAlign(cols, kSgBf16PerBlock) - cols), bfloat16_t(0.0f)};
        AscendC::DataCopyPad(Tile(in, layout_.in, 0), dyGm_[offset], params, pad);
        AscendC::DataCopyPad(Tile(in, layout_.in, 1), gGm_[offset], params, pad);
        AscendC::DataCopyPad(Tile(in, layout_.in, 2), fcGm_[offset], params, pad);
        inQue_.EnQue(in);
    }

    // Out of place throughout (five work tiles in five bank groups): s = sigmoid(g), then
    //   U = g - g s,  G = dfc = dy g s,  U = s (1 + g - g s),  S = dg = fc dy U.
    __aicore__ inline void Compute(uint32_t n, uint32_t ca) {
        const int32_t count = static_cast<int32_t>(n * ca);
        AscendC::LocalTensor<bfloat16_t> in = inQue_.DeQue<bfloat16_t>();
        AscendC::LocalTensor<float> work = workBuf_.Get<float>();
        AscendC::LocalTensor<float> g = Tile(work, layout_.work, 0);  // g, then dfc
        AscendC::LocalTensor<float> dy = Tile(work, layout_.work, 1);
        AscendC::LocalTensor<float> s = Tile(work, layout_.work, 2);
        AscendC::LocalTensor<float> t = Tile(work, layout_.work, 3);
        AscendC::LocalTensor<float> u = Tile(work, layout_.work, 4);
        // Each step reads what the one before wrote or writes what it read: a PipeBarrier<PIPE_V> between every
        // two (the first: the last tile's Casts out of g and s), so the kernel does not rest on the auto-sync.
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast(g, Tile(in, layout_.in, 1), AscendC::RoundMode::CAST_NONE, count);
        AscendC::Cast(dy, Tile(in, layout_.in, 0), AscendC::RoundMode::CAST_NONE, count);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Muls(s, g, -1.0f, count);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Exp(t, s, count);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Adds(s, t, 1.0f, count);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Reciprocal(t, s, count);  // t = sigmoid(g)
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Mul(s, g, t, count);  // s = g sigmoid(g)
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Sub(u, g, s, count);  // u = g - g s
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Mul(g, s, dy, count);  // g = dfc
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Mul(s, u, t, count);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add(u, s, t, count);  // u = s (1 + g - g s)
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast(s, Tile(in, layout_.in, 2), AscendC::RoundMode::CAST_NONE, count);
        inQue_.FreeTensor(in);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Mul(t, s, dy, count);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Mul(s, t, u, count);       // s = dg
        for (uint32_t j = 0; j < n; ++j) {  // column sums in row order
            AccumulateRow(0, s[j * ca], ca);
            AccumulateRow(1, g[j * ca], ca);
        }
        AscendC::LocalTensor<bfloat16_t> out = outQue_.AllocTensor<bfloat16_t>();
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast(Tile(out, layout_.out, 0), s, AscendC::RoundMode::CAST_RINT, count);
        AscendC::Cast(Tile(out, layout_.out, 1), g, AscendC::RoundMode::CAST_RINT, count);
        outQue_.EnQue(out);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t n, uint32_t cols) {
        AscendC::LocalTensor<bfloat16_t> out = outQue_.DeQue<bfloat16_t>();
        const AscendC::DataCopyExtParams params{static_cast<uint16_t>(n), cols * 2u, 0, (td_.cols - cols) * 2u, 0};
        AscendC::DataCopyPad(dgGm_[offset], Tile(out, layout_.out, 0), params);
        AscendC::DataCopyPad(dfcGm_[offset], Tile(out, layout_.out, 1), params);
        outQue_.FreeTensor(out);
    }

    // The chunk's FP32 column sums of this column chunk -> its workspace rows (accumulators are a TBuf: flags).
    __aicore__ inline void StorePartials(uint32_t k, uint64_t colOff, uint32_t cols) {
        Sync<AscendC::HardEvent::V_MTE3>();
        const AscendC::DataCopyExtParams params{1, cols * 4u, 0, 0, 0};
        for (uint32_t which = 0; which < 2; ++which) {
            AscendC::DataCopyPad(partialGm_[PartialRow(which, k) + colOff], Acc(which), params);
        }
        Sync<AscendC::HardEvent::MTE3_V>();  // the next Duplicate overwrites what MTE3 read
    }

    __aicore__ inline uint64_t PartialRow(uint32_t which, uint32_t k) const {
        return (uint64_t{which} * td_.chunks.parts + k) * td_.partialPitch;
    }

    // Final step: this core's columns, summed over all chunk rows in chunk order, cast once to BF16.
    __aicore__ inline void ReduceColumns(uint32_t core) {
        const uint64_t start = SgStart(td_.coreCols, core);
        const uint64_t count = SgCount(td_.coreCols, core);
        for (uint64_t p = 0; p < count; p += colCap_) {
            const uint32_t cols = static_cast<uint32_t>(count - p < colCap_ ? count - p : colCap_);
            for (uint32_t which = 0; which < 2; ++which) ReducePiece(which, start + p, cols);
        }
    }

    __aicore__ inline void ReducePiece(uint32_t which, uint64_t col, uint32_t cols) {
        const uint32_t wa = SgAlign(cols, kSgFloatPerBlock);
        const uint32_t fit = layout_.in.bytes / (wa * 4u);
        const uint32_t batch = fit < kMaxBlockCount ? fit : kMaxBlockCount;
        AscendC::PipeBarrier<PIPE_V>();  // the last piece's Cast read the accumulator
        AscendC::Duplicate(Acc(which), 0.0f, wa);
        const AscendC::DataCopyPadExtParams<float> pad{true, 0, static_cast<uint8_t>(wa - cols), 0.0f};
        for (uint32_t k = 0; k < td_.chunks.parts; k += batch) {
            const uint32_t n = td_.chunks.parts - k < batch ? td_.chunks.parts - k : batch;
            AscendC::LocalTensor<float> rows = inQue_.AllocTensor<bfloat16_t>().ReinterpretCast<float>();
            const AscendC::DataCopyExtParams params{static_cast<uint16_t>(n), cols * 4u, (td_.partialPitch - cols) * 4u,
                                                    0, 0};
            AscendC::DataCopyPad(rows, partialGm_[PartialRow(which, k) + col], params, pad);
            inQue_.EnQue(rows);
            rows = inQue_.DeQue<float>();
            for (uint32_t j = 0; j < n; ++j) AccumulateRow(which, rows[j * wa], wa);
            inQue_.FreeTensor(rows);
        }
        AscendC::LocalTensor<bfloat16_t> out = outQue_.AllocTensor<bfloat16_t>();
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast(out, Acc(which), AscendC::RoundMode::CAST_RINT, wa);
        outQue_.EnQue(out);
        out = outQue_.DeQue<bfloat16_t>();
        AscendC::DataCopyPad(dbGm_[which][col], out, AscendC::DataCopyExtParams{1, cols * 2u, 0, 0, 0});
        outQue_.FreeTensor(out);
    }

    static constexpr uint32_t kMaxBlockCount = 4095;  // DataCopyPad blockCount limit

    FusedSwigluGradBTilingData td_;
    AscendC::TPipe* pipe_ = nullptr;
    SgBUbLayout layout_{};
    uint32_t colCap_ = 0;
    uint32_t phase_[2] = {0, 0};  // which copy of each accumulator holds its current sums
    AscendC::GlobalTensor<bfloat16_t> dyGm_, gGm_, fcGm_, dgGm_, dfcGm_;
    AscendC::GlobalTensor<bfloat16_t> dbGm_[2];
    AscendC::GlobalTensor<float> partialGm_;
    AscendC::TQue<AscendC::TPosition::VECIN, SgBUbLayout::kBufferNum> inQue_;
    AscendC::TQue<AscendC::TPosition::VECOUT, SgBUbLayout::kBufferNum> outQue_;
    AscendC::TBuf<AscendC::TPosition::VECCALC> workBuf_;
    AscendC::TBuf<AscendC::TPosition::VECCALC> accBuf_;
};

}  // namespace ascendops::fused_swiglu_grad
