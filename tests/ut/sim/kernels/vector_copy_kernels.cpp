// One-core kernels of Copy (UB -> UB in repeats under a mask), per dtype.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

// x: totalLength elements; z: totalLength elements filled with 7, then Copy(z, x, mask = tileLength, repeatTime =
// t.mode, {extra & 0xFF, (extra >> 8) & 0xFF, (extra >> 16) & 0xFF, extra >> 24}); t.op 1: the mask register in
// Counter mode instead (SetMaskCount, SetVectorMask(tileLength), isSetMask false).
template <typename T>
__aicore__ inline void RunCopy(GM_ADDR x, GM_ADDR z, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    const uint32_t n = t.totalLength;
    GlobalTensor<T> xGm, zGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), n);
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z), n);
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bz;
    pipe.InitBuffer(bx, n * sizeof(T));
    pipe.InitBuffer(bz, n * sizeof(T));
    LocalTensor<T> lx = bx.Get<T>(), lz = bz.Get<T>();
    DataCopy(lx, xGm, n);
    Duplicate(lz, static_cast<T>(7), static_cast<int32_t>(n));
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    const CopyRepeatParams params(static_cast<uint16_t>(t.extra & 0xFF), static_cast<uint16_t>((t.extra >> 8) & 0xFF),
                                  static_cast<uint16_t>((t.extra >> 16) & 0xFF), static_cast<uint16_t>(t.extra >> 24));
    if (t.op == 1) {
        SetMaskCount();
        SetVectorMask<T, MaskMode::COUNTER>(t.tileLength);
        Copy<T, false>(lz, lx, MASK_PLACEHOLDER, static_cast<uint8_t>(t.mode), params);
        SetMaskNorm();
        ResetMask();
    } else {
        Copy(lz, lx, static_cast<uint64_t>(t.tileLength), static_cast<uint8_t>(t.mode), params);
    }
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zGm, lz, n);
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_copy_float16(GM_ADDR x, GM_ADDR z, GM_ADDR tiling) {
    RunCopy<half>(x, z, tiling);
}
extern "C" __global__ __aicore__ void simtest_copy_float32(GM_ADDR x, GM_ADDR z, GM_ADDR tiling) {
    RunCopy<float>(x, z, tiling);
}
extern "C" __global__ __aicore__ void simtest_copy_int32(GM_ADDR x, GM_ADDR z, GM_ADDR tiling) {
    RunCopy<int32_t>(x, z, tiling);
}
