// Multi-core kernels: atomic accumulation into one output, soft (GM workspace) and hardware barriers, and a
// DataCopyPad round trip.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_sync.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

template <typename T>
__aicore__ inline void RunAtomic(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    uint32_t n = t.tileLength;  // every core adds n elements into y[0..n) (t.op 1: keeps the max, 2: the min)
    GlobalTensor<T> xGm, yGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x) + GetBlockIdx() * n, n);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), n);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> que;
    pipe.InitBuffer(que, 1, n * sizeof(T));
    LocalTensor<T> v = que.AllocTensor<T>();
    DataCopy(v, xGm, n);
    PipeSync<HardEvent::MTE2_MTE3>();
    if (t.op == 1) {
        SetAtomicMax<T>();
    } else if (t.op == 2) {
        SetAtomicMin<T>();
    } else {
        SetAtomicAdd<T>();
    }
    DataCopy(yGm, v, n);
    SetAtomicNone();
    que.FreeTensor(v);
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_atomic_int32(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    RunAtomic<int32_t>(x, y, tiling);
}
extern "C" __global__ __aicore__ void simtest_atomic_float32(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    RunAtomic<float>(x, y, tiling);
}

// Each round: core i writes i+1+round into its 8-float slot of y; barrier; core i sums the first value of every
// slot into its slot of z; barrier. A core reading before all writes landed produces a smaller sum.
extern "C" __global__ __aicore__ void simtest_sync(GM_ADDR y, GM_ADDR z, GM_ADDR ws, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    if (t.mode != 0) KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // hardware SyncAll needs a MIX type
    uint32_t cores = GetBlockNum();
    GlobalTensor<float> yGm, zGm;
    GlobalTensor<int32_t> wsGm;
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), cores * 8);
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), cores * 8);
    wsGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws), cores * 8);
    TPipe pipe;
    TBuf<TPosition::VECCALC> slot, all, sync;
    pipe.InitBuffer(slot, 32);
    pipe.InitBuffer(all, cores * 32);
    pipe.InitBuffer(sync, cores * 32);
    LocalTensor<float> mine = slot.Get<float>();
    for (uint32_t round = 0; round < t.extra; ++round) {
        Duplicate(mine, static_cast<float>(GetBlockIdx() + 1 + round), 8);
        PipeSync<HardEvent::V_MTE3>();
        DataCopy(yGm[GetBlockIdx() * 8], mine, 8);
        if (t.mode == 0) {
            SyncAll(wsGm, sync.Get<int32_t>());
        } else {
            SyncAll();
        }
        LocalTensor<float> v = all.Get<float>();
        DataCopy(v, yGm, cores * 8);
        float sum = 0;
        for (uint32_t i = 0; i < cores; ++i) sum += v.GetValue(i * 8);
        Duplicate(mine, sum, 8);
        PipeSync<HardEvent::V_MTE3>();
        DataCopy(zGm[GetBlockIdx() * 8], mine, 8);
        if (t.mode == 0) {
            SyncAll(wsGm, sync.Get<int32_t>());
        } else {
            SyncAll();
        }
    }
}

// DataCopyPad round trip: rows of t.extra bytes separated by t.tileLength bytes in GM, padded with t.scalar in
// UB; y gets the padded UB image first, then the rows written back compactly.
extern "C" __global__ __aicore__ void simtest_copy_pad(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    uint32_t rows = t.totalLength;
    uint32_t rowBytes = t.extra;
    uint32_t rowUb = (rowBytes + 31) / 32 * 32;
    GlobalTensor<half> xGm, yGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x));
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y));
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, rows * rowUb);
    LocalTensor<half> v = buf.Get<half>();
    DataCopyPad(v, xGm, DataCopyExtParams(rows, rowBytes, t.tileLength, 0, 0),
                DataCopyPadExtParams<half>(true, 0, 0, half(t.scalar)));
    PipeSync<HardEvent::MTE2_MTE3>();
    DataCopy(yGm, v, rows * rowUb / sizeof(half));
    DataCopyPad(yGm[rows * rowUb / sizeof(half)], v, DataCopyExtParams(rows, rowBytes, 0, 0, 0));
}
