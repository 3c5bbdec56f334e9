// FusedSwigluGrad x kernel (MIX AIC:AIV 1:2): dx = dg w_g^T + dfc w_fc^T ([M, K], BF16).
// Each unit is one blockM x blockK block of dx. Its AIV has the AIC write dg w_g^T into the AIV's FP32 workspace
// slot [blockM, blockK] (B = w_g [K, N] transposed), then add dfc w_fc^T onto it with the cube's FP32 atomic add; the
// AIV then casts the block to BF16 (RINT) through UB into dx. Each dx element: two FP32 reductions over N and one FP32
// addition.
#pragma once
#include "fused_swiglu_grad_cube.h"

namespace ascendops::fused_swiglu_grad {

using SgXMatmul = AscendC::Matmul<SgGmNd<bfloat16_t>, SgGmNd<bfloat16_t, true>, SgGmNd<float>, SgGmNd<float>>;

class FusedSwigluGradXKernel {
public:
    __aicore__ inline FusedSwigluGradXKernel() {}

    __aicore__ inline void Init(GM_ADDR dg, GM_ADDR dfc, GM_ADDR wG, GM_ADDR wFc, GM_ADDR dx, GM_ADDR workspace,
                                const FusedSwigluGradXTilingData& td, AscendC::TPipe* pipe) {
        td_ = td;
        const uint64_t mn = uint64_t{td_.rows} * td_.n;
        const uint64_t kn = uint64_t{td_.k} * td_.n;
        dGm_[0].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dg), mn);
        dGm_[1].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dfc), mn);
        wGm_[0].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(wG), kn);
        wGm_[1].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(wFc), kn);
        dxGm_.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dx), uint64_t{td_.rows} * td_.k);
        const uint64_t slotElems = uint64_t{td_.blockM} * td_.blockK;
        GM_ADDR slots = AscendC::GetUserWorkspace(workspace) + td_.slotOffset;
        slotGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(slots) + AscendC::GetBlockIdx() * slotElems, slotElems);
        const uint32_t pieceElems = SgXCastPieceElems(td_.castRows, td_.blockK);  // the host budgeted SgXCastUbBytes
        pipe->InitBuffer(inQue_, 2, pieceElems * sizeof(float));
        pipe->InitBuffer(outQue_, 2, pieceElems * sizeof(bfloat16_t));
    }

    __aicore__ inline void Process(SgXMatmul& mm) {
        // C = the slot [blockM, blockK] (row stride blockK: the org N; B is transposed, so its rows stride by the org
        // Kb = N and never by the org N); A = dg / dfc [M, N]; B = w^T stored as w [K, N]; reduction N.
        mm.SetOrgShape(td_.rows, td_.blockK, td_.n, td_.n);
        const SgUnits units = SgUnitsOfThisAiv(td_.groups);
        for (uint32_t u = units.first; u < td_.units; u += units.step) RunUnit(mm, u);
        mm.End();
    }

private:
    __aicore__ inline void RunUnit(SgXMatmul& mm, uint32_t u) {
        const uint32_t m0 = u / td_.kBlocks * td_.blockM;
        const uint32_t k0 = u % td_.kBlocks * td_.blockK;
        const uint32_t rows = SgMin(td_.blockM, td_.rows - m0);
        const uint32_t cols = SgMin(td_.blockK, td_.k - k0);
        mm.SetSingleShape(rows, cols, td_.n);
        for (uint32_t term = 0; term < 2; ++term) {  // dg w_g^T written, then dfc w_fc^T added (FP32 atomic)
            mm.SetTensorA(dGm_[term][uint64_t{m0} * td_.n]);
            mm.SetTensorB(wGm_[term][uint64_t{k0} * td_.n], true);
            mm.IterateAll(slotGm_, static_cast<uint8_t>(term));
        }
        for (uint32_t r = 0; r < rows; r += td_.castRows) {
            const uint32_t n = SgMin(td_.castRows, rows - r);
            CopyIn(uint64_t{r} * td_.blockK, n, cols);
            Cast(n, cols);
            CopyOut(uint64_t{m0 + r} * td_.k + k0, n, cols);
        }
    }

    // n rows of `cols` FP32 from the slot (row stride blockK) into UB rows of AlignUp(cols, 16) floats, so each BF16
    // row of the cast is whole 32-byte blocks.
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t n, uint32_t cols) {
        const uint32_t f32Cols = SgAlign(cols, kSgFloatPerBlock);
        const uint32_t gapBlocks = (SgAlign(cols, kSgBf16PerBlock) - f32Cols) / kSgFloatPerBlock;
        AscendC::LocalTensor<float> in = inQue_.AllocTensor<float>();
        const AscendC::DataCopyExtParams params{static_cast<uint16_t>(n), cols * 4u, (td_.blockK - cols) * 4u,
                                                gapBlocks, 0};
        const AscendC::DataCopyPadExtParams<float> pad{true, 0, static_cast<uint8_t>(f32Cols - cols), 0.0f};
        AscendC::DataCopyPad(in, slotGm_[offset], params, pad);
        inQue_.EnQue(in);
    }

    // The whole piece in one Cast when its rows have no gap, else row by row (the gap is never read).
    __aicore__ inline void Cast(uint32_t n, uint32_t cols) {
        const uint32_t ca = SgAlign(cols, kSgBf16PerBlock);
        AscendC::LocalTensor<float> in = inQue_.DeQue<float>();
        AscendC::LocalTensor<bfloat16_t> out = outQue_.AllocTensor<bfloat16_t>();
        if (SgAlign(cols, kSgFloatPerBlock) == ca) {
            AscendC::Cast(out, in, AscendC::RoundMode::CAST_RINT, n * ca);
        } else {
            for (uint32_t j = 0; j < n; ++j)
                AscendC::Cast(out[j * ca], in[j * ca], AscendC::RoundMode::CAST_RINT, cols);
        }
        inQue_.FreeTensor(in);
        outQue_.EnQue(out);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t n, uint32_t cols) {
        AscendC::LocalTensor<bfloat16_t> out = outQue_.DeQue<bfloat16_t>();
        const AscendC::DataCopyExtParams params{static_cast<uint16_t>(n), cols * 2u, 0, (td_.k - cols) * 2u, 0};
        AscendC::DataCopyPad(dxGm_[offset], out, params);
        outQue_.FreeTensor(out);
    }

    FusedSwigluGradXTilingData td_;
    AscendC::GlobalTensor<bfloat16_t> dGm_[2];  // dg, dfc
    AscendC::GlobalTensor<bfloat16_t> wGm_[2];  // w_g, w_fc
    AscendC::GlobalTensor<bfloat16_t> dxGm_;
    AscendC::GlobalTensor<float> slotGm_;  // this AIV's [blockM, blockK] FP32 slot
    AscendC::TQue<AscendC::TPosition::VECIN, 2> inQue_;
    AscendC::TQue<AscendC::TPosition::VECOUT, 2> outQue_;
};

}  // namespace ascendops::fused_swiglu_grad
