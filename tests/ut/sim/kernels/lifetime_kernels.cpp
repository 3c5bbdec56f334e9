// A kernel for what a core finds in UB when it starts (a reused worker's UB is undefined again): block b copies its
// 32 floats of x through UB to y when b < extra, and copies its UB as it found it to y otherwise (an undefined read).
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_sync.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void simtest_ub_as_found(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    constexpr uint32_t kBlockFloats = 32;
    const uint32_t b = GetBlockIdx();
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + b * kBlockFloats, kBlockFloats);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + b * kBlockFloats, kBlockFloats);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, kBlockFloats * sizeof(float));
    LocalTensor<float> v = buf.Get<float>();
    if (b < t.extra) {
        DataCopy(v, xGm, kBlockFloats);
        PipeSync<HardEvent::MTE2_MTE3>();
    }
    DataCopy(yGm, v, kBlockFloats);
}
