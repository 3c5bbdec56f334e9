// A hand-written cube sequence on the AIC (basic APIs, no Matmul object): C = A0 B0 + A1 B1 over two K chunks
// (GM -> L1 -> L0A/L0B -> Mmad, the second accumulating), then C2 = A1 B1 + A1 B1 (two back-to-back Mmads, the
// second accumulating) into the same L0C. A and B arrive in GM
// already in the L0 layouts (A chunks Zz, B chunks Zn), so L1 holds them as they are and LoadData moves whole
// fractals. `mode` names the one sync the run leaves out; the twin must reject each (sim/pipe_sync.h).
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

enum CubeSyncScenario : int32_t {
    kKeepAll,
    kNoMte2Mte1,
    kNoMte1M,
    kNoMBarrier,
    kNoMFix,
    kNoFixM,
    kNoMMte1,
    kNoMte1Mte2,
    kAivUsesL1,
    kL1Overflow,
    kVectorOnL1,
    kL1Queues,  // L1 through TQue<A1>/TQue<B1> (EnQue/DeQue order MTE2 -> MTE1, FreeTensor/AllocTensor MTE1 -> MTE2)
    kL1NeverWritten,  // the first K chunk's B is never copied into L1: LoadData and Mmad carry its bytes to GM
};

template <HardEvent kEvent>
__aicore__ inline void Handoff(bool keep) {
    if (!keep) return;
    SetFlag<kEvent>(0);
    WaitFlag<kEvent>(0);
}

__aicore__ inline uint32_t Pad16(uint32_t v) { return (v + 15) / 16 * 16; }

__aicore__ inline void FixOut(const GlobalTensor<float>& dst, const LocalTensor<float>& l0c, uint32_t m, uint32_t n) {
    FixpipeParamsV220 p;
    p.mSize = static_cast<uint16_t>(m);
    p.nSize = static_cast<uint16_t>(n);
    p.srcStride = static_cast<uint16_t>(Pad16(m));
    p.dstStride = n;
    Fixpipe<float, float, CFG_ROW_MAJOR>(dst, l0c, p);
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_cube_sync(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    GET_TILING_DATA_WITH_STRUCT(SimTestTiling, t, tiling);
    const int32_t skip = t.mode;
    TPipe pipe;
    if ASCEND_IS_AIV {
        TBuf<TPosition::A1> l1;
        if (skip == kAivUsesL1 && GetSubBlockIdx() == 0) pipe.InitBuffer(l1, 512);
        return;
    }
    const uint32_t m = t.totalLength, k = t.tileLength / 2, n = static_cast<uint32_t>(t.op);  // k: one chunk
    GlobalTensor<half> aGm, bGm;
    GlobalTensor<float> cGm;
    aGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), 2 * m * k);
    bGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), 2 * k * n);
    cGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), 2 * m * n);
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TQue<TPosition::A1, 1> qa1;
    TQue<TPosition::B1, 1> qb1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, skip == kL1Overflow ? 512 * 1024 : m * k * sizeof(half));
    pipe.InitBuffer(b1, k * n * sizeof(half));
    pipe.InitBuffer(qa1, 1, m * k * sizeof(half));
    pipe.InitBuffer(qb1, 1, k * n * sizeof(half));
    const bool queues = skip == kL1Queues;
    pipe.InitBuffer(a2, m * k * sizeof(half));
    pipe.InitBuffer(b2, k * n * sizeof(half));
    pipe.InitBuffer(co1, m * n * sizeof(float));
    LocalTensor<half> l1a = a1.Get<half>(), l1b = b1.Get<half>(), l0a = a2.Get<half>(), l0b = b2.Get<half>();
    LocalTensor<float> l0c = co1.Get<float>();
    if (skip == kVectorOnL1) Adds(l1a, l1a, half(1), 16);
    MmadParams mp;
    mp.m = static_cast<uint16_t>(m);
    mp.n = static_cast<uint16_t>(n);
    mp.k = static_cast<uint16_t>(k);
    for (uint32_t r = 0; r < 2; ++r) {
        if (queues) {
            l1a = qa1.AllocTensor<half>();
            l1b = qb1.AllocTensor<half>();
        }
        if (r == 1) Handoff<HardEvent::MTE1_MTE2>(skip != kNoMte1Mte2 && !queues);
        DataCopy(l1a, aGm[r * m * k], m * k);
        if (skip != kL1NeverWritten || r != 0) DataCopy(l1b, bGm[r * k * n], k * n);
        if (queues) {
            qa1.EnQue(l1a);
            qb1.EnQue(l1b);
            l1a = qa1.DeQue<half>();
            l1b = qb1.DeQue<half>();
        }
        Handoff<HardEvent::MTE2_MTE1>(skip != kNoMte2Mte1 && !queues);
        if (r == 1) Handoff<HardEvent::M_MTE1>(skip != kNoMMte1);
        LoadData(l0a, l1a, LoadData2DParams(0, static_cast<uint8_t>(m * k / 256), 1, 0, 0, false, 0));
        LoadData(l0b, l1b, LoadData2DParams(0, static_cast<uint8_t>(k * n / 256), 1, 0, 0, false, 0));
        if (queues) {
            qa1.FreeTensor(l1a);
            qb1.FreeTensor(l1b);
        }
        Handoff<HardEvent::MTE1_M>(skip != kNoMte1M);
        mp.cmatrixInitVal = r == 0;  // the second chunk accumulates (after the M_MTE1 / MTE1_M round trip)
        Mmad(l0c, l0a, l0b, mp);
    }
    Handoff<HardEvent::M_FIX>(skip != kNoMFix);
    FixOut(cGm, l0c, m, n);
    Handoff<HardEvent::FIX_M>(skip != kNoFixM);
    mp.cmatrixInitVal = true;  // C2 = A1 B1 overwrites L0C once the first result is out
    Mmad(l0c, l0a, l0b, mp);
    if (skip != kNoMBarrier) PipeBarrier<PIPE_M>();  // Mmad doc: needed while (m/16)*(n/16) < 10
    mp.cmatrixInitVal = false;
    Mmad(l0c, l0a, l0b, mp);
    Handoff<HardEvent::M_FIX>(true);
    FixOut(cGm[m * n], l0c, m, n);
}
