// The Matmul API in pure Cube mode (Matmul usage docs: ASCENDC_CUBE_ONLY before lib/matmul_intf.h): C = A B + bias
// with A (M x K) and B (K x N) half, C and bias float, all in GM, ND; each AIC computes its singleCoreM x singleCoreN
// block of the host tiling, the last ones cut by SetTail.
#include "kernel_operator.h"
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#include "tests/ut/sim/matmul_cube_only/matmul_cube_only_modes.h"

namespace {

using AType = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
using AVectorType = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::VECTOR, half>;
using CType = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
using CAlignType = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND_ALIGN, float>;

struct Operands {
    AscendC::GlobalTensor<half> a, b;
    AscendC::GlobalTensor<float> bias, c;
};

__aicore__ inline TCubeTiling CopyTiling(GM_ADDR tilingGm) {
    TCubeTiling t;
    auto* words = reinterpret_cast<__gm__ int32_t*>(tilingGm);
    auto* out = reinterpret_cast<int32_t*>(&t);
    for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(int32_t); ++i) out[i] = words[i];
    return t;
}

// This AIC's block of A, B, C and the bias; false when the tiling leaves it idle.
__aicore__ inline bool BlockOperands(const TCubeTiling& t, GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, Operands& o,
                                     int32_t& tailM, int32_t& tailN, int32_t ldc) {
    const int32_t idx = AscendC::GetBlockIdx();
    if (idx >= t.usedCoreNum) return false;
    const int32_t mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
    const int32_t m0 = idx % mBlocks * t.singleCoreM, n0 = idx / mBlocks * t.singleCoreN;
    o.a.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a) + m0 * t.Ka, (t.M - m0) * t.Ka);
    o.b.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b) + n0, t.Kb * t.N - n0);
    o.bias.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(bias) + n0, t.N - n0);
    o.c.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c) + m0 * ldc + n0, (t.M - m0) * ldc - n0);
    tailM = t.M - m0 < t.singleCoreM ? t.M - m0 : t.singleCoreM;
    tailN = t.N - n0 < t.singleCoreN ? t.N - n0 : t.singleCoreN;
    return true;
}

template <class MM>
__aicore__ inline void Compute(MM& mm, const TCubeTiling& t, const Operands& o, int32_t tailM, int32_t tailN,
                               int32_t mode) {
    mm.SetTail(tailM, tailN);
    mm.SetTensorA(o.a);
    mm.SetTensorB(o.b);
    if (t.isBias) mm.SetBias(o.bias);
    if (mode == kIterate) {
        while (mm.Iterate()) mm.GetTensorC(o.c);
    } else if (mode == kSequential) {
        while (mm.Iterate()) mm.GetTensorC(o.c, 0, true);
    } else if (mode == kAsync) {
        mm.template IterateAll<false>(o.c, 0, false, true);
        mm.WaitIterateAll();
    } else {
        mm.IterateAll(o.c);
    }
    mm.End();
}

template <class C, class A = AType>
__aicore__ inline void RunRuntimeTiling(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tilingGm, int32_t mode) {
    const TCubeTiling t = CopyTiling(tilingGm);
    AscendC::TPipe pipe;
    AscendC::Matmul<A, AType, C, CType> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    Operands o;
    int32_t tailM = 0, tailN = 0;
    if (BlockOperands(t, a, b, bias, c, o, tailM, tailN, CRowStride(mode, t.N))) {
        Compute(mm, t, o, tailM, tailN, mode);
    }
}

// The constant tiling as the samples write it: GetMMConfig of the MDL template with the shapes, the unit flag, then
// GetMatmulApiTiling and the L1 depths and steps set by hand.
constexpr MatmulApiStaticTiling StaticTiling() {
    MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(
        MatmulShapeParams{kStaticM, kStaticN, kStaticK, kStaticBaseM, kStaticBaseN, kStaticBaseK});
    cfg.enUnitFlag = true;
    MatmulApiStaticTiling s = AscendC::GetMatmulApiTiling<AType, AType, CType, CType>(cfg);
    s.stepM = s.stepN = 1;
    s.stepKa = 2, s.depthA1 = 4;  // two K steps of A, double-buffered
    s.stepKb = 4, s.depthB1 = 4;  // B's whole K once
    return s;
}
constexpr MatmulApiStaticTiling kStaticTiling = StaticTiling();

__aicore__ inline void RunStaticTiling(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tilingGm, int32_t mode) {
    AscendC::TPipe pipe;
    AscendC::Matmul<AType, AType, CType, CType, kStaticTiling> mm;
    const TCubeTiling t = CopyTiling(tilingGm);
    if (mode == kStaticMismatch) {
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    } else {
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, (TCubeTiling*)nullptr);
    }
    Operands o;
    o.a.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), kStaticM * kStaticK);
    o.b.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), kStaticK * kStaticN);
    o.bias.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(bias), kStaticN);
    o.c.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), kStaticM * kStaticN);
    Compute(mm, t, o, kStaticM, kStaticN, kIterateAll);
}

constexpr MatmulConfig PartialOutputConfig() {
    MatmulConfig cfg = CFG_MDL;
    cfg.isPartialOutput = true;
    return cfg;
}
constexpr MatmulConfig kPartialOutputCfg = PartialOutputConfig();

__aicore__ inline void RunPartialOutput(GM_ADDR tilingGm) {
    const TCubeTiling t = CopyTiling(tilingGm);
    AscendC::TPipe pipe;
    AscendC::Matmul<AType, AType, CType, CType, kPartialOutputCfg> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
}

}  // namespace

extern "C" __global__ __cube__ void matmul_cube_only(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tilingGm,
                                                     int32_t mode) {
    if (mode == kStatic || mode == kStaticMismatch) return RunStaticTiling(a, b, bias, c, tilingGm, mode);
    if (mode == kPartialOutput) return RunPartialOutput(tilingGm);
    if (mode == kNdAlign) return RunRuntimeTiling<CAlignType>(a, b, bias, c, tilingGm, mode);
    if (mode == kGemv) return RunRuntimeTiling<CType, AVectorType>(a, b, bias, c, tilingGm, mode);
    RunRuntimeTiling<CType>(a, b, bias, c, tilingGm, mode);
}
