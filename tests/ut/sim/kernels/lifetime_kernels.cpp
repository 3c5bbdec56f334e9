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

// A kernel whose scalar code faults on the host (the launch must end with the fault named, the process go on):
// mode 0 reads a UB scalar through the `__ubuf__` pointer GetPhyAddr gives (the NPU's byte address, not host
// memory), mode 1 divides an integer by zero (the divisor is the tiling's `extra`, so the compiler cannot fold it).
extern "C" __global__ __aicore__ void simtest_kernel_fault(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    GlobalTensor<int32_t> yGm;
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(y), 8);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 32);
    LocalTensor<int32_t> v = buf.Get<int32_t>();
    Duplicate(v, 7, 8);
    PipeSync<HardEvent::V_S>();
    int32_t value = 0;
    if (t.mode == 0) {
        const __ubuf__ int32_t* scalar = reinterpret_cast<__ubuf__ int32_t*>(v.GetPhyAddr());
        value = scalar[1];
    } else {
        value = static_cast<int32_t>(t.totalLength) / static_cast<int32_t>(t.extra);
    }
    yGm.SetValue(0, value);
}
