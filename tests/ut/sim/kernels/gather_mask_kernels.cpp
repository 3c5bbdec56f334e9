// One-core kernels of GatherMask (a built-in pattern or a pattern tensor, Normal or Counter mode, in place or not)
// and of Gatherb, per dtype.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

// x: totalLength elements of T; y: the pattern's bytes (t.scalar: their count); z: totalLength elements
// (a dst filled with 7 first, GatherMask's output over it) then rsvdCnt as uint64. t.op: 0 the pattern tensor, else the
// built-in pattern; t.mode bit 0: Counter mode, bit 1: in place (dst = src0); t.tileLength: mask; t.extra: the params
// src0BlockStride | repeatTimes << 8 | src0RepeatStride << 16 | src1RepeatStride << 24.
template <typename T, typename U>
__aicore__ inline void RunGatherMask(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    const uint32_t n = t.totalLength;
    const uint32_t patternBytes = static_cast<uint32_t>(t.scalar);
    GlobalTensor<T> xGm, zGm;
    GlobalTensor<U> yGm;
    GlobalTensor<uint64_t> cntGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), n);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ U*>(y), patternBytes / sizeof(U));
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z), n);
    cntGm.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t*>(z + n * sizeof(T)), 1);
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, by, bz;
    pipe.InitBuffer(bx, n * sizeof(T));
    pipe.InitBuffer(by, patternBytes);
    pipe.InitBuffer(bz, n * sizeof(T));
    LocalTensor<T> lx = bx.Get<T>(), lz = bz.Get<T>();
    LocalTensor<U> ly = by.Get<U>();
    DataCopy(lx, xGm, n);
    DataCopy(ly, yGm, patternBytes / sizeof(U));
    Duplicate(lz.template ReinterpretCast<uint16_t>(), static_cast<uint16_t>(7),
              static_cast<int32_t>(n * sizeof(T) / 2));
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    const bool counter = (t.mode & 1) != 0, inPlace = (t.mode & 2) != 0;
    const GatherMaskParams params(static_cast<uint8_t>(t.extra & 0xFF), static_cast<uint16_t>((t.extra >> 8) & 0xFF),
                                  static_cast<uint16_t>((t.extra >> 16) & 0xFF),
                                  static_cast<uint8_t>((t.extra >> 24) & 0xFF));
    LocalTensor<T>& dst = inPlace ? lx : lz;
    uint64_t rsvdCnt = 0;
    if (t.op == 0) {
        GatherMask(dst, lx, ly, counter, t.tileLength, params, rsvdCnt);
    } else {
        GatherMask(dst, lx, static_cast<uint8_t>(t.op), counter, t.tileLength, params, rsvdCnt);
    }
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zGm, dst, n);
    cntGm.SetValue(0, rsvdCnt);
}

// x: totalLength elements of T; y: tileLength uint32 byte offsets (8 per repeat); z: totalLength elements filled
// with 7, then Gatherb(z, x, y, tileLength / 8, {extra & 0xFF, extra >> 8}).
template <typename T>
__aicore__ inline void RunGatherb(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    const uint32_t n = t.totalLength;
    GlobalTensor<T> xGm, zGm;
    GlobalTensor<uint32_t> yGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), n);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(y), t.tileLength);
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z), n);
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, by, bz;
    pipe.InitBuffer(bx, n * sizeof(T));
    pipe.InitBuffer(by, t.tileLength * sizeof(uint32_t));
    pipe.InitBuffer(bz, n * sizeof(T));
    LocalTensor<T> lx = bx.Get<T>(), lz = bz.Get<T>();
    LocalTensor<uint32_t> ly = by.Get<uint32_t>();
    DataCopy(lx, xGm, n);
    DataCopy(ly, yGm, t.tileLength);
    Duplicate(lz, static_cast<T>(7), static_cast<int32_t>(n));
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Gatherb(lz, lx, ly, static_cast<uint8_t>(t.tileLength / 8),
            GatherRepeatParams(static_cast<uint8_t>(t.extra & 0xFF), static_cast<uint8_t>(t.extra >> 8)));
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zGm, lz, n);
}

}  // namespace

#define GATHER_MASK_KERNEL(T, U, name)                                                                \
    extern "C" __global__ __aicore__ void simtest_gather_mask_##name(GM_ADDR x, GM_ADDR y, GM_ADDR z, \
                                                                     GM_ADDR tiling) {                \
        RunGatherMask<T, U>(x, y, z, tiling);                                                         \
    }
GATHER_MASK_KERNEL(half, uint16_t, float16)
GATHER_MASK_KERNEL(uint16_t, uint16_t, uint16)
GATHER_MASK_KERNEL(float, uint32_t, float32)
GATHER_MASK_KERNEL(int32_t, uint32_t, int32)
GATHER_MASK_KERNEL(uint32_t, uint32_t, uint32)
#undef GATHER_MASK_KERNEL

extern "C" __global__ __aicore__ void simtest_gatherb_uint16(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    RunGatherb<uint16_t>(x, y, z, tiling);
}
extern "C" __global__ __aicore__ void simtest_gatherb_uint32(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    RunGatherb<uint32_t>(x, y, z, tiling);
}
// float: not a Gatherb dtype on Atlas A2, refused by name.
extern "C" __global__ __aicore__ void simtest_gatherb_float32(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    RunGatherb<float>(x, y, z, tiling);
}
