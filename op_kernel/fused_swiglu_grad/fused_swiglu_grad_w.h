// FusedSwigluGrad w kernel (MIX AIC:AIV 1:2): dw_g = x^T dg, dw_fc = x^T dfc ([K, N], BF16).
// Each unit is one blockK x blockN block of one output; its AIV has the AIC reduce over all M rows in one IterateAll
// (A = x transposed, FP32 accumulation in L0C), and FIX casts the block once to BF16 into dw. Every dw element is
// one FP32 reduction in M order, whatever the block shape or core count.
#pragma once
#include "fused_swiglu_grad_cube.h"

namespace ascendops::fused_swiglu_grad {

using SgWMatmul = AscendC::Matmul<SgGmNd<bfloat16_t, true>, SgGmNd<bfloat16_t>, SgGmNd<bfloat16_t>, SgGmNd<float>>;

class FusedSwigluGradWKernel {
public:
    __aicore__ inline FusedSwigluGradWKernel() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR dg, GM_ADDR dfc, GM_ADDR dwG, GM_ADDR dwFc,
                                const FusedSwigluGradWTilingData& td) {
        td_ = td;
        const uint64_t mn = uint64_t{td_.rows} * td_.n;
        const uint64_t kn = uint64_t{td_.k} * td_.n;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(x), uint64_t{td_.rows} * td_.k);
        dGm_[0].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dg), mn);
        dGm_[1].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dfc), mn);
        dwGm_[0].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dwG), kn);
        dwGm_[1].SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(dwFc), kn);
    }

    __aicore__ inline void Process(SgWMatmul& mm) {
        // C = dw [K, N]; A = x^T stored as x [M, K]; B = dg / dfc [M, N]; the reduction is M.
        mm.SetOrgShape(td_.k, td_.n, td_.rows, td_.rows);
        const SgUnits units = SgUnitsOfThisAiv(td_.groups);
        for (uint32_t u = units.first; u < td_.units; u += units.step) RunUnit(mm, u);
        mm.End();
    }

private:
    __aicore__ inline void RunUnit(SgWMatmul& mm, uint32_t u) {
        const uint32_t perOutput = td_.kBlocks * td_.nBlocks;
        const uint32_t out = u / perOutput;
        const uint32_t k0 = u % perOutput / td_.nBlocks * td_.blockK;
        const uint32_t n0 = u % td_.nBlocks * td_.blockN;
        mm.SetSingleShape(SgMin(td_.blockK, td_.k - k0), SgMin(td_.blockN, td_.n - n0), td_.rows);
        mm.SetTensorA(xGm_[k0], true);
        mm.SetTensorB(dGm_[out][n0]);
        mm.IterateAll(dwGm_[out][uint64_t{k0} * td_.n + n0]);
    }

    FusedSwigluGradWTilingData td_;
    AscendC::GlobalTensor<bfloat16_t> xGm_;
    AscendC::GlobalTensor<bfloat16_t> dGm_[2];   // dg, dfc
    AscendC::GlobalTensor<bfloat16_t> dwGm_[2];  // dw_g, dw_fc
};

}  // namespace ascendops::fused_swiglu_grad
