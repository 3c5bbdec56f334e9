// One-core Cast kernels, one per (src, dst) pair; the round mode comes from tiling.mode.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_sync.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

template <typename S, typename D>
__aicore__ inline void RunCast(GM_ADDR x, GM_ADDR z, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    uint32_t n = t.totalLength;  // a multiple of 256 elements: whole blocks for both types
    GlobalTensor<S> xGm;
    GlobalTensor<D> zGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ S*>(x), n);
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ D*>(z), n);
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bz;
    uint32_t tile = t.tileLength;
    pipe.InitBuffer(bx, tile * sizeof(S));
    pipe.InitBuffer(bz, tile * sizeof(D));
    LocalTensor<S> a = bx.Get<S>();
    LocalTensor<D> d = bz.Get<D>();
    for (uint32_t off = 0; off < n; off += tile) {
        DataCopy(a, xGm[off], tile);
        PipeSync<HardEvent::MTE2_V>();
        Cast(d, a, static_cast<RoundMode>(t.mode), tile);
        PipeSync<HardEvent::V_MTE2>();  // the next tile's copy in overwrites a
        PipeSync<HardEvent::V_MTE3>();
        DataCopy(zGm[off], d, tile);
        PipeSync<HardEvent::MTE3_V>();  // the next tile's Cast overwrites d
    }
}

}  // namespace

#define SIMTEST_CAST(S, D, sname, dname)                                                                         \
    extern "C" __global__ __aicore__ void simtest_cast_##sname##_##dname(GM_ADDR x, GM_ADDR z, GM_ADDR tiling) { \
        RunCast<S, D>(x, z, tiling);                                                                             \
    }
#include "tests/ut/sim/kernels/cast_pairs.inc"
#undef SIMTEST_CAST
