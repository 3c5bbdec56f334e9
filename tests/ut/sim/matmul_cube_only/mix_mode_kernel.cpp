// A Matmul in a source that does not define ASCENDC_CUBE_ONLY: the MIX mode, whose calls run on the AIVs; launched
// as a __cube__ (AIC-only) kernel it is refused by name.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

namespace {

using T = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
using C = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

__aicore__ inline TCubeTiling LoadTiling(GM_ADDR tilingGm) {
    TCubeTiling t;
    auto* words = reinterpret_cast<__gm__ int32_t*>(tilingGm);
    auto* out = reinterpret_cast<int32_t*>(&t);
    for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(int32_t); ++i) out[i] = words[i];
    return t;
}

}  // namespace

extern "C" __global__ __cube__ void matmul_mix_mode(GM_ADDR tilingGm) {
    const TCubeTiling t = LoadTiling(tilingGm);
    AscendC::TPipe pipe;
    AscendC::Matmul<T, T, C, C> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
}

// MIX mode, async Iterate (异步场景处理): each AIV starts its block's Iterate<false> with the workspace set, then
// takes every base block by GetTensorC<false> to its place in C. c: M x N floats; workspace: the AIVs' blocks.
extern "C" __global__ __aicore__ void matmul_mix_async(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                                       GM_ADDR tilingGm) {
    const TCubeTiling t = LoadTiling(tilingGm);
    AscendC::TPipe pipe;
    AscendC::Matmul<T, T, C, C> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    const int32_t idx = AscendC::GetBlockIdx();
    if (idx >= t.usedCoreNum) return;
    const int32_t mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
    const int32_t m0 = idx % mBlocks * t.singleCoreM, n0 = idx / mBlocks * t.singleCoreN;
    const int32_t tailM = t.M - m0 < t.singleCoreM ? t.M - m0 : t.singleCoreM;
    const int32_t tailN = t.N - n0 < t.singleCoreN ? t.N - n0 : t.singleCoreN;
    AscendC::GlobalTensor<half> aGm, bGm;
    AscendC::GlobalTensor<float> biasGm, cGm, wsGm;
    aGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a) + m0 * t.Ka, (t.M - m0) * t.Ka);
    bGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b) + n0, t.Kb * t.N - n0);
    biasGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(bias) + n0, t.N - n0);
    cGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c) + m0 * t.N + n0, (t.M - m0) * t.N - n0);
    wsGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(workspace) + idx * t.singleCoreM * t.singleCoreN,
                         t.singleCoreM * t.singleCoreN);
    mm.SetWorkspace(wsGm);
    mm.SetTail(tailM, tailN);
    mm.SetTensorA(aGm);
    mm.SetTensorB(bGm);
    mm.SetBias(biasGm);
    mm.template Iterate<false>();
    const int32_t blocks = (tailM + t.baseM - 1) / t.baseM * ((tailN + t.baseN - 1) / t.baseN);
    for (int32_t i = 0; i < blocks; ++i) mm.template GetTensorC<false>(cGm);
    mm.End();
}
