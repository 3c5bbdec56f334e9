// MIX kernels of the Matmul high-level API: each AIV of a 1:2 group computes one singleCoreM x singleCoreN block
// of C = A (M x K) * B (K x N) (+ bias) through its AIC, with tails, transposes and atomic accumulation.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "python/bindings/bench/kernels/matmul_test_tiling.h"

using namespace AscendC;

namespace {

template <typename T>
using GmNd = MatmulType<TPosition::GM, CubeFormat::ND, T, true>;

struct BlockPlace {
    int32_t tailM, tailN;
    uint64_t a, b, c, bias;  // element offsets
};

BlockPlace PlaceOf(const MatmulTestTiling& t, int64_t idx) {
    const TCubeTiling& c = t.cube;
    int64_t mBlocks = (c.M + c.singleCoreM - 1) / c.singleCoreM;
    int64_t mi = idx % mBlocks, ni = idx / mBlocks;
    int64_t m0 = mi * c.singleCoreM, n0 = ni * c.singleCoreN;
    BlockPlace p;
    p.tailM = static_cast<int32_t>(std::min<int64_t>(c.singleCoreM, c.M - m0));
    p.tailN = static_cast<int32_t>(std::min<int64_t>(c.singleCoreN, c.N - n0));
    p.a = t.transA ? m0 : m0 * c.Ka;
    p.b = t.transB ? n0 * c.Kb : n0;
    p.c = m0 * c.N + n0;
    p.bias = n0;
    return p;
}

template <typename AT, typename CT>
__aicore__ inline void CopyBlockOut(Matmul<GmNd<AT>, GmNd<AT>, GmNd<CT>, GmNd<float>>& mm, TPipe& pipe,
                                    const GlobalTensor<CT>& cGm, const TCubeTiling& c) {
    TQue<QuePosition::VECIN, 1> que;
    pipe.InitBuffer(que, 1, c.baseM * c.baseN * sizeof(CT));
    int64_t block = 0;
    int64_t mBlocks = c.singleCoreM / c.baseM;
    while (mm.Iterate()) {
        LocalTensor<CT> ub = que.AllocTensor<CT>();
        mm.GetTensorC(ub);
        que.EnQue(ub);
        ub = que.DeQue<CT>();
        int64_t m0 = (block % mBlocks) * c.baseM, n0 = (block / mBlocks) * c.baseN;
        for (int32_t r = 0; r < c.baseM; ++r) DataCopy(cGm[(m0 + r) * c.N + n0], ub[r * c.baseN], c.baseN);
        que.FreeTensor(ub);
        ++block;
    }
}

template <typename AT, typename CT>
__aicore__ inline void RunMatmul(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR cOut, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    GET_TILING_DATA_WITH_STRUCT(MatmulTestTiling, t, tiling);
    TPipe pipe;
    using MM = Matmul<GmNd<AT>, GmNd<AT>, GmNd<CT>, GmNd<float>>;
    MM mm, mm2, mm3, mm4, mm5;
    if (t.mode == kMmAfterInitBuffer) {
        TBuf<TPosition::VECCALC> early;
        pipe.InitBuffer(early, 256);
    }
    if (t.mode == kMmAicSkipsRegist && ASCEND_IS_AIC) return;
    if (t.mode == kMmFiveObjects) {
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t.cube, mm2, &t.cube, mm3, &t.cube, mm4, &t.cube, mm5,
                          &t.cube);
    } else if (t.mode == kMmSwitchNoEnd) {
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t.cube, mm2, &t.cube);
    } else {
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t.cube);
    }
    if (GetBlockIdx() >= t.cube.usedCoreNum) return;
    bool shared = t.atomic != 0 || t.mode == kMmSharedBlock;  // every core writes its whole product to C
    BlockPlace p = PlaceOf(t, shared ? 0 : GetBlockIdx());
    const TCubeTiling& c = t.cube;
    GlobalTensor<AT> aGm, bGm;
    GlobalTensor<float> biasGm;
    GlobalTensor<CT> cGm;
    aGm.SetGlobalBuffer(reinterpret_cast<__gm__ AT*>(a), uint64_t(c.M) * c.Ka);
    bGm.SetGlobalBuffer(reinterpret_cast<__gm__ AT*>(b), uint64_t(c.Kb) * c.N);
    biasGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(bias), c.N);
    cGm.SetGlobalBuffer(reinterpret_cast<__gm__ CT*>(cOut), uint64_t(c.M) * c.N);
    mm.SetTensorA(aGm[p.a], t.transA != 0);
    mm.SetTensorB(bGm[p.b], t.transB != 0);
    if (t.hasBias) mm.SetBias(biasGm[p.bias]);
    mm.SetTail(p.tailM, p.tailN);
    if (t.mode == kMmIterate) {
        while (mm.Iterate()) mm.GetTensorC(cGm[p.c]);
    } else if (t.mode == kMmIterateToUb) {
        CopyBlockOut<AT, CT>(mm, pipe, cGm[p.c], c);
    } else if (t.mode == kMmAsync || t.mode == kMmAsyncNoWait) {
        mm.template IterateAll<false>(cGm[p.c], 0, false, true);
        if (t.mode == kMmAsyncNoWait) {
            TBuf<TPosition::VECCALC> peek;
            pipe.InitBuffer(peek, 32);
            DataCopy(peek.Get<CT>(), cGm[p.c], 32 / sizeof(CT));
        }
        mm.WaitIterateAll();
    } else if (t.mode == kMmReservedFlag) {
        CrossCoreSetFlag<4, PIPE_MTE3>(1);
    } else {
        mm.IterateAll(cGm[p.c], static_cast<uint8_t>(t.atomic));
    }
    if (t.mode == kMmSwitchNoEnd) {
        mm2.SetTensorA(aGm[p.a], t.transA != 0);
        mm2.SetTensorB(bGm[p.b], t.transB != 0);
        mm2.IterateAll(cGm[p.c]);
    }
    mm.End();
}

}  // namespace

#define SIMTEST_MATMUL(name, AT, CT)                                                                       \
    extern "C" __global__ __aicore__ void name(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR t) { \
        RunMatmul<AT, CT>(a, b, bias, c, t);                                                               \
    }
SIMTEST_MATMUL(simtest_matmul_bf16_f32, bfloat16_t, float)
SIMTEST_MATMUL(simtest_matmul_bf16_bf16, bfloat16_t, bfloat16_t)
SIMTEST_MATMUL(simtest_matmul_f16_f32, half, float)
SIMTEST_MATMUL(simtest_matmul_f16_f16, half, half)

// Cross-core flags without the Matmul API: AIV s signals the AIC on flag 3 (AIC id 3 + 16 s); the AIC answers each
// AIV; each AIV writes 100 * subBlock + 10 * ratio + blockIdx into its own 64-byte line; mode 1 makes AIV 0 wait on a
// flag nobody sets (deadlock, reported).
extern "C" __global__ __aicore__ void simtest_cross_core(GM_ADDR out, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    GET_TILING_DATA_WITH_STRUCT(MatmulTestTiling, t, tiling);
    GlobalTensor<int32_t> outGm;
    outGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(out), 64 * 16);
    if ASCEND_IS_AIC {
        for (int s = 0; s < GetTaskRation(); ++s) {
            CrossCoreWaitFlag<4, PIPE_FIX>(3 + 16 * s);
            CrossCoreSetFlag<4, PIPE_FIX>(5 + 16 * s);
        }
        return;
    }
    int64_t idx = GetBlockIdx();
    CrossCoreSetFlag<4, PIPE_MTE3>(3);
    CrossCoreWaitFlag<4, PIPE_MTE2>(t.mode == 1 ? 6 : 5);
    outGm.SetValue(idx * 16, static_cast<int32_t>(100 * GetSubBlockIdx() + GetTaskRation() * 10 + idx));
}

// Constant tiling (GetMatmulApiTiling.md): C (64 x 48, float) = A (64 x 64) B (64 x 48), bfloat16, on AIV 0, with a
// full constant (single-core and base shapes), a partial one (base shape only) or a full one whose L1 is too small.
namespace {

constexpr MatmulConfig kFullCfg = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulShapeParams{64, 48, 64, 32, 16, 64});
constexpr MatmulConfig kPartialCfg = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulShapeParams{0, 0, 0, 32, 16, 64});
using StaticA = GmNd<bfloat16_t>;
using StaticC = GmNd<float>;
constexpr MatmulApiStaticTiling kFullStatic = GetMatmulApiTiling<StaticA, StaticA, StaticC, StaticC>(kFullCfg);
constexpr MatmulApiStaticTiling kPartialStatic = GetMatmulApiTiling<StaticA, StaticA, StaticC, StaticC>(kPartialCfg);
constexpr MatmulApiStaticTiling kSmallL1Static = GetMatmulApiTiling<StaticA, StaticA, StaticC, StaticC>(kFullCfg, 4096);

enum StaticMode : int32_t { kFullNull, kPartialTiling, kPartialNull, kFullTiling, kSmallL1Null, kConfigTiling };

template <const auto& kCfg>
__aicore__ inline void RunStaticMatmul(GM_ADDR a, GM_ADDR b, GM_ADDR c, const TCubeTiling* tiling) {
    TPipe pipe;
    Matmul<StaticA, StaticA, StaticC, StaticC, kCfg> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, tiling);
    if (GetBlockIdx() != 0) return;
    GlobalTensor<bfloat16_t> aGm, bGm;
    GlobalTensor<float> cGm;
    aGm.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(a), 64 * 64);
    bGm.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(b), 64 * 48);
    cGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), 64 * 48);
    mm.SetTensorA(aGm);
    mm.SetTensorB(bGm);
    mm.IterateAll(cGm);
    mm.End();
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_matmul_static(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    GET_TILING_DATA_WITH_STRUCT(MatmulTestTiling, t, tiling);
    switch (t.mode) {
        case kFullNull:
            return RunStaticMatmul<kFullStatic>(a, b, c, nullptr);
        case kPartialTiling:
            return RunStaticMatmul<kPartialStatic>(a, b, c, &t.cube);
        case kPartialNull:
            return RunStaticMatmul<kPartialStatic>(a, b, c, nullptr);
        case kFullTiling:
            return RunStaticMatmul<kFullStatic>(a, b, c, &t.cube);
        case kSmallL1Null:
            return RunStaticMatmul<kSmallL1Static>(a, b, c, nullptr);
        default:
            return RunStaticMatmul<kPartialCfg>(a, b, c, &t.cube);  // the MatmulConfig itself as the template
    }
}
