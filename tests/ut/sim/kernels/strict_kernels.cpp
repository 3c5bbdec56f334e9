// Kernels that break one rule of the hardware each (tiling.mode picks the rule); every one must be rejected by
// the twin with a message naming the rule.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_sync.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

enum Scenario : int32_t {
    kUbOverflow = 1,
    kCopyNotBlocks,
    kDataCopyPad,
    kShift,
    kHardSyncAll,
    kGmOutOfAllocation,
    kGmBeyondSize,
    kAtomicType,
    kAllocBeyondNum,
    kDequeEmpty,
    kDoubleFree,
    kUseAfterFree,
    kLocalBounds,
    kCrossCoreRace,
    kWaitWithoutSet,
    kSpinDeadlock,
    kSoftSyncDeadlock,
    kFirstErrorStopsAll,
    kUnalignedOperand,
    kRawOverrun,
    kCastTriple,
    kSoftSyncSmallWorkspace,
    kHardSyncMissingCore,
    kDisjointWrites,
    kVectorBeyondTensor,
};

}  // namespace

extern "C" __global__ __aicore__ void simtest_strict(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    uint32_t n = t.totalLength;  // elements of x and y (half)
    GlobalTensor<half> xGm, yGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), n);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), n);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> que;
    TBuf<TPosition::VECCALC> buf;
    switch (t.mode) {
        case kUbOverflow:
            pipe.InitBuffer(buf, t.extra);
            break;
        case kCopyNotBlocks: {
            pipe.InitBuffer(buf, 64);
            DataCopy(buf.Get<half>(), xGm, 15);
            break;
        }
        case kDataCopyPad: {
            pipe.InitBuffer(buf, 64);
            DataCopyPad(buf.Get<half>(), xGm, DataCopyExtParams(1, 30, 0, 0, 0), DataCopyPadExtParams<half>());
            break;
        }
        case kShift: {
            pipe.InitBuffer(buf, 64);
            LocalTensor<int16_t> v = buf.Get<int16_t>();
            ShiftLeft(v, v, int16_t(1), 16);
            break;
        }
        case kHardSyncAll:
            SyncAll();
            break;
        case kGmOutOfAllocation: {
            GlobalTensor<half> unsized;
            unsized.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x));
            pipe.InitBuffer(buf, 64);
            DataCopy(buf.Get<half>(), unsized[n], 16);
            break;
        }
        case kGmBeyondSize: {
            pipe.InitBuffer(buf, 64);
            GlobalTensor<half> small;
            small.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), 16);
            DataCopy(buf.Get<half>(), small, 32);
            break;
        }
        case kAtomicType:
            SetAtomicAdd<int32_t>();
            break;
        case kAllocBeyondNum: {
            pipe.InitBuffer(que, 1, 64);
            LocalTensor<half> a = que.AllocTensor<half>();
            LocalTensor<half> b = que.AllocTensor<half>();
            (void)a;
            (void)b;
            break;
        }
        case kDequeEmpty: {
            pipe.InitBuffer(que, 1, 64);
            que.DeQue<half>();
            break;
        }
        case kDoubleFree: {
            pipe.InitBuffer(que, 1, 64);
            LocalTensor<half> a = que.AllocTensor<half>();
            que.FreeTensor(a);
            que.FreeTensor(a);
            break;
        }
        case kUseAfterFree: {
            pipe.InitBuffer(que, 1, 64);
            LocalTensor<half> a = que.AllocTensor<half>();
            que.FreeTensor(a);
            Adds(a, a, half(1.0f), 32);
            break;
        }
        case kLocalBounds: {
            pipe.InitBuffer(buf, 64);
            LocalTensor<half> v = buf.Get<half>();
            v.GetValue(32);
            break;
        }
        case kCrossCoreRace:
        case kDisjointWrites: {
            pipe.InitBuffer(buf, 64);
            LocalTensor<half> v = buf.Get<half>();
            Duplicate(v, half(1.0f), 32);
            PipeSync<HardEvent::V_MTE3>();
            uint32_t offset = t.mode == kDisjointWrites ? GetBlockIdx() * 32 : GetBlockIdx() * 16;
            DataCopy(yGm[offset], v, 32);
            break;
        }
        case kWaitWithoutSet: {
            SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
            WaitFlag<HardEvent::V_MTE3>(EVENT_ID1);
            break;
        }
        case kSpinDeadlock: {
            // Waits for a flag no core ever sets.
            while (xGm.GetValue(0) != half(123.0f)) {
                DataCacheCleanAndInvalid<half, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(xGm);
            }
            break;
        }
        case kSoftSyncDeadlock:
        case kSoftSyncSmallWorkspace: {
            GlobalTensor<int32_t> wsGm;
            wsGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws));
            pipe.InitBuffer(buf, GetBlockNum() * 32);
            if (t.mode == kSoftSyncDeadlock && GetBlockIdx() == 0) break;  // core 0 never arrives
            SyncAll(wsGm, buf.Get<int32_t>());
            break;
        }
        case kFirstErrorStopsAll: {
            pipe.InitBuffer(buf, 64);
            if (GetBlockIdx() == 0) buf.Get<half>().GetValue(1000);
            while (true) PipeBarrier<PIPE_ALL>();  // the other cores would spin forever
        }
        case kUnalignedOperand: {
            pipe.InitBuffer(buf, 128);
            LocalTensor<half> v = buf.Get<half>();
            Adds(v[1], v[1], half(1.0f), 16);
            break;
        }
        case kRawOverrun: {
            // A write through a raw pointer escapes the per-copy check; the guard zone catches it.
            __gm__ half* raw = yGm.GetPhyAddr();
            raw[n + 3] = half(7.0f);
            break;
        }
        case kCastTriple: {
            pipe.InitBuffer(buf, 256);
            LocalTensor<half> v = buf.Get<half>();
            Cast(v.ReinterpretCast<int16_t>(), v, RoundMode::CAST_FLOOR, 32);
            break;
        }
        case kHardSyncMissingCore:
            KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // hardware SyncAll needs a MIX type
            if (GetBlockIdx() != 0) SyncAll();
            break;
        case kVectorBeyondTensor: {
            pipe.InitBuffer(buf, 64);
            LocalTensor<half> v = buf.Get<half>();
            Adds(v, v, half(1.0f), 48);
            break;
        }
        default:
            break;
    }
}
