// The twin as a sanitizer: one probe per rule that follows CANN's CPU debug (whole UB for TPipe, scratch and MIX
// frame uses, GM bounds by allocation) or that memcheck / a thread sanitizer would report (undefined bytes reaching
// GM, a scalar read or a register read; cross-core read-after-write without a barrier). tiling.mode picks the probe,
// tiling.extra & 1 (obey) adds what the probe lacks; x and y hold n halves, ws the workspace.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_sync.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

enum Probe : int32_t {
    kUndefinedToGm = 1,    // half of a tile loaded, all of it computed and stored
    kPartialBlockStore,    // DataCopyPad: 10 halves in, a whole block computed, 10 halves out (no error)
    kScalarRead,           // GetValue of a UB element no instruction wrote
    kReduceRegister,       // a reduction of unwritten bytes, its register read by the scalar unit
    kScratchClobber,       // live data at TMP_UB_OFFSET, Select (mode 1) uses the scratch, the data is read again
    kWholeUb,              // TPipe hands out the whole UB
    kMixFrame,             // a MIX kernel touching the top 256 B of UB
    kCrossCoreRaw,         // core 1 reads what core 0 wrote; extra: 0 no barrier, 2 SyncAll, 4 IBSet / IBWait
    kBeyondDeclaredSize,   // a copy past the GlobalTensor's declared size, inside its allocation
    kOutputPartlyWritten,  // the kernel writes half of y (aclnn: every output byte in the valid range)
    kPadUnspecified,       // DataCopyPad with a left pad and no isPad, the whole row stored
};

constexpr uint32_t kBlockHalves = 16;

__aicore__ inline void UndefinedToGm(TPipe& pipe, GlobalTensor<half>& x, GlobalTensor<half>& y, uint32_t n, bool obey) {
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, n * sizeof(half));
    LocalTensor<half> t = buf.Get<half>();
    DataCopy(t, x, obey ? n : n / 2);
    PipeSync<HardEvent::MTE2_V>();
    Adds(t, t, half(1.0f), n);
    PipeSync<HardEvent::V_MTE3>();
    DataCopy(y, t, n);
}

__aicore__ inline void PartialBlockStore(TPipe& pipe, GlobalTensor<half>& x, GlobalTensor<half>& y) {
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, kBlockHalves * sizeof(half));
    LocalTensor<half> t = buf.Get<half>();
    DataCopyPad(t, x, DataCopyExtParams(1, 10 * sizeof(half), 0, 0, 0), DataCopyPadExtParams<half>());
    PipeSync<HardEvent::MTE2_V>();
    Adds(t, t, half(1.0f), kBlockHalves);  // the whole block: its last 6 lanes hold no value
    PipeSync<HardEvent::V_MTE3>();
    DataCopyPad(y, t, DataCopyExtParams(1, 10 * sizeof(half), 0, 0, 0));
}

__aicore__ inline void ScalarRead(TPipe& pipe, GlobalTensor<half>& y, bool obey) {
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, kBlockHalves * sizeof(half));
    LocalTensor<half> t = buf.Get<half>();
    if (obey) {
        Duplicate(t, half(2.0f), kBlockHalves);
        PipeSync<HardEvent::V_S>();
    }
    y.SetValue(0, t.GetValue(3));
}

__aicore__ inline void ReduceRegister(TPipe& pipe, GlobalTensor<half>& y, bool obey) {
    TBuf<TPosition::VECCALC> src, dst, tmp;
    pipe.InitBuffer(src, 128 * sizeof(half));
    pipe.InitBuffer(dst, 32);
    pipe.InitBuffer(tmp, 32);
    LocalTensor<half> s = src.Get<half>();
    if (obey) Duplicate(s, half(1.0f), 128);
    ReduceSum(dst.Get<half>(), s, tmp.Get<half>(), 128);
    PipeSync<HardEvent::V_S>();
    y.SetValue(0, GetAccVal<half>());
}

// UB whole: a 32-element Select (mode 1) on the low bytes, live halves at TMP_UB_OFFSET read after it.
__aicore__ inline void ScratchClobber(TPipe& pipe, GlobalTensor<half>& y, uint32_t ubBytes, uint32_t scratchAt,
                                      bool obey) {
    TBuf<TPosition::VECCALC> ub;
    pipe.InitBuffer(ub, ubBytes);
    LocalTensor<half> live = ub.GetWithOffset<half>(kBlockHalves, obey ? scratchAt - 1024 : scratchAt);
    LocalTensor<uint16_t> mask = ub.GetWithOffset<uint16_t>(kBlockHalves, 0);
    LocalTensor<half> src = ub.GetWithOffset<half>(128, 256);
    LocalTensor<half> dst = ub.GetWithOffset<half>(128, 512);
    Duplicate(live, half(5.0f), kBlockHalves);
    Duplicate(mask, uint16_t(0x5555), kBlockHalves);
    Duplicate(src, half(1.0f), 128);
    Select(dst, mask.ReinterpretCast<uint8_t>(), src, half(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE, 128);
    Adds(live, live, half(1.0f), kBlockHalves);
    PipeSync<HardEvent::V_MTE3>();
    DataCopy(y, live, kBlockHalves);
}

__aicore__ inline void WholeUb(TPipe& pipe, GlobalTensor<half>& x, GlobalTensor<half>& y, uint32_t ubBytes) {
    TBuf<TPosition::VECCALC> ub;
    pipe.InitBuffer(ub, ubBytes);
    LocalTensor<half> top = ub.GetWithOffset<half>(kBlockHalves, ubBytes - 32);
    DataCopy(top, x, kBlockHalves);
    PipeSync<HardEvent::MTE2_MTE3>();
    DataCopy(y, top, kBlockHalves);
}

__aicore__ inline void MixFrame(TPipe& pipe, GlobalTensor<half>& y, uint32_t ubBytes, bool obey) {
    if (!obey) KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    TBuf<TPosition::VECCALC> ub;
    pipe.InitBuffer(ub, ubBytes);
    LocalTensor<half> top = ub.GetWithOffset<half>(kBlockHalves, ubBytes - 32);
    Duplicate(top, half(3.0f), kBlockHalves);
    PipeSync<HardEvent::V_MTE3>();
    DataCopy(y, top, kBlockHalves);
}

// Core 0 writes y[0, 16); core 1 reads it back and writes y[16, 32).
__aicore__ inline void CrossCoreRaw(TPipe& pipe, GlobalTensor<half>& x, GlobalTensor<half>& y, GM_ADDR ws,
                                    uint32_t sync) {
    TBuf<TPosition::VECCALC> buf, syncUb;
    pipe.InitBuffer(buf, kBlockHalves * sizeof(half));
    pipe.InitBuffer(syncUb, 256);
    LocalTensor<half> t = buf.Get<half>();
    GlobalTensor<int32_t> syncGm;
    syncGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws), 256);
    LocalTensor<int32_t> syncLocal = syncUb.Get<int32_t>();
    if (GetBlockIdx() == 0) {
        DataCopy(t, x, kBlockHalves);
        PipeSync<HardEvent::MTE2_MTE3>();
        DataCopy(y, t, kBlockHalves);
    }
    if (sync == 2) SyncAll(syncGm, syncLocal, 2);
    if (sync == 4 && GetBlockIdx() == 0) IBSet(syncGm, syncLocal, 0, 0);
    if (sync == 4 && GetBlockIdx() == 1) IBWait(syncGm, syncLocal, 0, 0);
    if (GetBlockIdx() == 1) {
        DataCopy(t, y, kBlockHalves);
        PipeSync<HardEvent::MTE2_MTE3>();
        DataCopy(y[kBlockHalves], t, kBlockHalves);
    }
}

__aicore__ inline void BeyondDeclaredSize(TPipe& pipe, GM_ADDR x, GlobalTensor<half>& y) {
    GlobalTensor<half> declared;
    declared.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), kBlockHalves);  // 16 declared, 64 allocated
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * kBlockHalves * sizeof(half));
    LocalTensor<half> t = buf.Get<half>();
    DataCopy(t, declared, 2 * kBlockHalves);
    PipeSync<HardEvent::MTE2_MTE3>();
    DataCopy(y, t, 2 * kBlockHalves);
}

__aicore__ inline void OutputPartlyWritten(TPipe& pipe, GlobalTensor<half>& x, GlobalTensor<half>& y, uint32_t n,
                                           bool obey) {
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, n * sizeof(half));
    LocalTensor<half> t = buf.Get<half>();
    DataCopy(t, x, n);
    PipeSync<HardEvent::MTE2_MTE3>();
    DataCopy(y, t, obey ? n : n / 2);
}

__aicore__ inline void PadUnspecified(TPipe& pipe, GlobalTensor<half>& x, GlobalTensor<half>& y, bool obey) {
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, kBlockHalves * sizeof(half));
    LocalTensor<half> t = buf.Get<half>();
    DataCopyPad(t, x, DataCopyExtParams(1, 8 * sizeof(half), 0, 0, 0),
                DataCopyPadExtParams<half>(obey, 2, 0, half(0.0f)));
    PipeSync<HardEvent::MTE2_MTE3>();
    DataCopy(y, t, kBlockHalves);
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_sanitizer(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    const uint32_t n = t.totalLength;
    GlobalTensor<half> xGm, yGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), n);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), n);
    TPipe pipe;
    const bool obey = (t.extra & 1) != 0;
    const uint32_t ubBytes = static_cast<uint32_t>(t.scalar);  // the SoC's UB, from the binding
    switch (static_cast<Probe>(t.mode)) {
        case kUndefinedToGm:
            UndefinedToGm(pipe, xGm, yGm, n, obey);
            break;
        case kPartialBlockStore:
            PartialBlockStore(pipe, xGm, yGm);
            break;
        case kScalarRead:
            ScalarRead(pipe, yGm, obey);
            break;
        case kReduceRegister:
            ReduceRegister(pipe, yGm, obey);
            break;
        case kScratchClobber:
            ScratchClobber(pipe, yGm, ubBytes, t.tileLength, obey);
            break;
        case kWholeUb:
            WholeUb(pipe, xGm, yGm, ubBytes);
            break;
        case kMixFrame:
            MixFrame(pipe, yGm, ubBytes, obey);
            break;
        case kCrossCoreRaw:
            CrossCoreRaw(pipe, xGm, yGm, ws, t.extra);
            break;
        case kBeyondDeclaredSize:
            BeyondDeclaredSize(pipe, x, yGm);
            break;
        case kOutputPartlyWritten:
            OutputPartlyWritten(pipe, xGm, yGm, n, obey);
            break;
        case kPadUnspecified:
            PadUnspecified(pipe, xGm, yGm, obey);
            break;
    }
}
