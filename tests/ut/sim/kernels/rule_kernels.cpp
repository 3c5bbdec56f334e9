// Kernels for the kernel-wide rules of the twin (reserved UB, kernel types, cross-core barriers, system workspace,
// overflow mode, reductions, copy / repeat / Gather / TPipe limits). tiling.mode picks the scenario; even
// scenarios break a rule, the odd one after each obeys it.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_sync.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

enum Scenario : int32_t {
    kUbBytes = 1,          // InitBuffer(extra bytes)
    kDeclareType,          // KERNEL_TASK_TYPE_DEFAULT(extra)
    kHardSync,             // KERNEL_TASK_TYPE_DEFAULT(extra), then SyncAll()
    kSoftSync,             // soft SyncAll with a UB workspace of extra bytes
    kRounds,               // every block writes its own 32 bytes of y
    kUserWorkspace,        // y[0] = GetUserWorkspace(ws) - ws
    kHalfOverflow,         // y (half) = x (half) * 2
    kFloatOverflow,        // y (float) = x (float) * 10
    kReduceSumHalf,        // y[0] = ReduceSum(x[0, n)) in half
    kWholeReduceSumHalf,   // y[r] = WholeReduceSum of repeat r (128 halves), r < extra
    kCompareInt32,         // Compare int32 EQ
    kCopyBlockCount,       // DataCopy with blockCount extra, blockLen 1
    kRepeatDstBlkStride,   // Adds repeat form with dstBlkStride extra
    kRepeatOverlap,        // Adds repeat form whose dst is the src shifted by extra blocks
    kGatherAlias,          // Gather with dst == src (extra 1) or distinct
    kPipeBuffers,          // extra TBufs of 32 bytes
    kPerKeyType,           // default AIV_ONLY, key 1 MIX_AIV_1_0, then SyncAll()
    kTypedBlocks,          // KERNEL_TASK_TYPE_DEFAULT(extra); block b: y[32b, +16) (half) = 2 x[32b, +16), then 8
                           // floats of 1000 GetBlockNum() + GetBlockIdx()
    kMixVectorSoftSync,    // KERNEL_TASK_TYPE_DEFAULT(MIX_VECTOR_CORE), then a soft SyncAll (UB workspace extra bytes)
    kMixVectorGatherMask,  // KERNEL_TASK_TYPE_DEFAULT(MIX_VECTOR_CORE), then GatherMask (built-in pattern 1)
};

// GM -> UB -> vector -> GM on a TBuf: the MTE2->V and V->MTE3 dependences need explicit events.
template <typename T, typename F>
void ThroughUb(const GlobalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t n, const LocalTensor<T>& v, F f) {
    DataCopy(v, src, n);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    f(v);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(dst, v, n);
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_rules(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    const uint32_t n = t.totalLength;
    GlobalTensor<half> xh, yh;
    GlobalTensor<float> xf, yf;
    xh.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), n);
    yh.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), n);
    xf.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), n);
    yf.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), n);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    TBuf<TPosition::VECCALC> buf2;
    switch (t.mode) {
        case kUbBytes:
            pipe.InitBuffer(buf, t.extra);
            break;
        case kDeclareType:
            KERNEL_TASK_TYPE_DEFAULT(static_cast<KernelMetaType>(t.extra));
            break;
        case kHardSync:
            KERNEL_TASK_TYPE_DEFAULT(static_cast<KernelMetaType>(t.extra));
            SyncAll();
            break;
        case kSoftSync: {
            GlobalTensor<int32_t> wsGm;
            wsGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws));
            pipe.InitBuffer(buf, t.extra);
            SyncAll(wsGm, buf.Get<int32_t>(), 1);
            break;
        }
        case kRounds: {
            pipe.InitBuffer(buf, 32);
            LocalTensor<float> v = buf.Get<float>();
            Duplicate(v, static_cast<float>(GetBlockIdx()), 8);
            PipeSync<HardEvent::V_MTE3>();
            DataCopy(yf[GetBlockIdx() * 8], v, 8);
            break;
        }
        case kUserWorkspace:
            yf.SetValue(0, static_cast<float>(GetUserWorkspace(ws) - ws));
            break;
        case kHalfOverflow:
            pipe.InitBuffer(buf, n * sizeof(half));
            ThroughUb(yh, xh, n, buf.Get<half>(), [n](const LocalTensor<half>& v) { Muls(v, v, half(2.0f), n); });
            break;
        case kFloatOverflow:
            pipe.InitBuffer(buf, n * sizeof(float));
            ThroughUb(yf, xf, n, buf.Get<float>(), [n](const LocalTensor<float>& v) { Muls(v, v, 10.0f, n); });
            break;
        case kReduceSumHalf: {
            pipe.InitBuffer(buf, n * sizeof(half));
            pipe.InitBuffer(buf2, 512);
            LocalTensor<half> tmp = buf2.Get<half>();
            ThroughUb(yh, xh, n, buf.Get<half>(), [n, tmp](const LocalTensor<half>& v) { ReduceSum(v, v, tmp, n); });
            break;
        }
        case kWholeReduceSumHalf: {
            pipe.InitBuffer(buf, n * sizeof(half));
            const int32_t repeats = static_cast<int32_t>(t.extra);
            // Repeat r's sum lands in element r: dst stride 1 element, so every repeat's src lies past the dsts.
            ThroughUb(yh, xh, n, buf.Get<half>(),
                      [repeats](const LocalTensor<half>& v) { WholeReduceSum(v, v, 128, repeats, 1, 1, 8); });
            break;
        }
        case kCompareInt32: {
            pipe.InitBuffer(buf, 256);
            pipe.InitBuffer(buf2, 32);
            LocalTensor<int32_t> v = buf.Get<int32_t>();
            Compare(buf2.Get<uint8_t>(), v, v, CMPMODE::EQ, 64);
            break;
        }
        case kCopyBlockCount: {
            pipe.InitBuffer(buf, t.extra * 32);
            DataCopy(buf.Get<half>(), xh, DataCopyParams(static_cast<uint16_t>(t.extra), 1, 0, 0));
            break;
        }
        case kRepeatDstBlkStride: {
            pipe.InitBuffer(buf, 1024);
            LocalTensor<half> v = buf.Get<half>();
            Adds(v, v, half(1.0f), 128, 1, UnaryRepeatParams(t.extra, 1, 8, 8));
            break;
        }
        case kRepeatOverlap: {
            pipe.InitBuffer(buf, 2048);
            LocalTensor<half> v = buf.Get<half>();
            Duplicate(v, half(1.0f), 1024);
            Adds(v[t.extra * 16], v, half(1.0f), 128, 2, UnaryRepeatParams(1, 1, 8, 8));
            break;
        }
        case kGatherAlias: {
            pipe.InitBuffer(buf, 512);
            pipe.InitBuffer(buf2, 256);
            LocalTensor<float> v = buf.Get<float>();
            LocalTensor<uint32_t> offsets = buf2.Get<uint32_t>();
            Duplicate(offsets, 0u, 64);
            Gather(t.extra != 0 ? v[64] : v, v[64], offsets, 0, 64);
            break;
        }
        case kPipeBuffers: {
            TQue<QuePosition::VECIN, 1> que;
            pipe.InitBuffer(que, static_cast<uint8_t>(t.extra), 32);
            break;
        }
        case kPerKeyType:
            KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
            if (TILING_KEY_IS(1)) {
                KERNEL_TASK_TYPE(1, KERNEL_TYPE_MIX_AIV_1_0);
                SyncAll();
            } else if (TILING_KEY_IS(2)) {
                SyncAll();
            }
            break;
        case kTypedBlocks: {
            KERNEL_TASK_TYPE_DEFAULT(static_cast<KernelMetaType>(t.extra));
            const uint32_t b = GetBlockIdx();
            pipe.InitBuffer(buf, 32);
            pipe.InitBuffer(buf2, 32);
            ThroughUb(yh[b * 32], xh[b * 32], 16, buf.Get<half>(),
                      [](const LocalTensor<half>& v) { Muls(v, v, half(2.0f), 16); });
            LocalTensor<float> seen = buf2.Get<float>();
            Duplicate(seen, static_cast<float>(1000 * GetBlockNum() + b), 8);
            PipeSync<HardEvent::V_MTE3>();
            DataCopy(yf[b * 16 + 8], seen, 8);
            break;
        }
        case kMixVectorSoftSync: {
            KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_VECTOR_CORE);
            GlobalTensor<int32_t> wsGm;
            wsGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws));
            pipe.InitBuffer(buf, t.extra);
            SyncAll(wsGm, buf.Get<int32_t>(), 1);
            break;
        }
        case kMixVectorGatherMask: {
            KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_VECTOR_CORE);
            pipe.InitBuffer(buf, 512);
            LocalTensor<half> v = buf.Get<half>();
            Duplicate(v, half(1.0f), 128);
            uint64_t kept = 0;
            GatherMask(v[128], v, static_cast<uint8_t>(1), false, 0, {1, 1, 8, 0}, kept);
            break;
        }
        default:
            break;
    }
}
