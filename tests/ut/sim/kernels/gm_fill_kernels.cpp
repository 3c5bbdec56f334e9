// Fill of GM (the advanced API) between WaitPreTaskEnd and SetNextTaskStart, per dtype; t.op 1 calls it after an
// InitBuffer, which the API does not support.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

// y: totalLength elements; Fill(y, tileLength, scalar).
template <typename T>
__aicore__ inline void RunGmFill(GM_ADDR y, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    WaitPreTaskEnd();
    GlobalTensor<T> yGm;
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.totalLength);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    if (t.op == 1) pipe.InitBuffer(buf, 256);
    Fill(yGm, t.tileLength, static_cast<T>(t.scalar));
    SetNextTaskStart();
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_gm_fill_float32(GM_ADDR y, GM_ADDR tiling) {
    RunGmFill<float>(y, tiling);
}
extern "C" __global__ __aicore__ void simtest_gm_fill_int16(GM_ADDR y, GM_ADDR tiling) {
    RunGmFill<int16_t>(y, tiling);
}
extern "C" __global__ __aicore__ void simtest_gm_fill_uint8(GM_ADDR y, GM_ADDR tiling) {
    RunGmFill<uint8_t>(y, tiling);
}
