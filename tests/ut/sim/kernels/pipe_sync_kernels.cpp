// In-core synchronisation rules (sim/pipe_sync.h): tiling.mode picks a scenario; `extra` = 1 adds the sync the
// scenario lacks, so each rule has a kernel that breaks it and one that obeys it. Obeying kernels write y = x + 1.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

enum Scenario : int32_t {
    kMte2ToV = 1,     // TBuf: DataCopy in, vector reads
    kVToMte3,         // TBuf: vector writes, DataCopy out
    kVToMte2,         // TBuf: vector reads, the next DataCopy in overwrites
    kMte2Overlap,     // two DataCopy into the same UB bytes
    kMte3Overlap,     // two DataCopy out to the same GM bytes
    kMte3ToMte2,      // DataCopy out, then DataCopy in of the same GM bytes
    kVToV,            // dependent vector instructions (auto-sync off needs PipeBarrier<PIPE_V>)
    kVToS,            // vector writes, scalar reads (auto-sync off needs V_S)
    kQueueSkipsPipe,  // TQue<VECIN> buffer copied out by MTE3 (the queue syncs MTE2->V only)
    kReservedId,
    kDoubleSet,
    kSetNoWait,
    kBarrierS,
    kEventIds,
    kCrossCoreEvent,  // SetFlag<M_V> on an AIV of A2/A3 (the M pipe is on the AIC)
    kQueueRotation,   // two GM->UB->GM rounds through a 2-buffer queue to the same GM bytes: the second round
                      // gets the other buffer, so nothing orders its copy-out after the first's (PipeBarrier<MTE3>)
    kStridedColumns,  // rows of 256 halves: one Adds per 128-column half over all rows (repeat stride one row);
                      // the two interleave and share no byte: no PipeBarrier<PIPE_V> is needed between them
    kStridedOverlap,  // then a Muls by 1 over columns 64-191, which the two Adds wrote: it needs the barrier
};

struct Gm {
    GlobalTensor<half> x, y;
    uint32_t n;
};

template <HardEvent E>
__aicore__ inline void Sync(bool on) {
    if (!on) return;
    SetFlag<E>(EVENT_ID0);
    WaitFlag<E>(EVENT_ID0);
}

// MTE2 -> V -> MTE3 through TBufs, with the flag `skip` left out unless `obey`.
__aicore__ inline void ThroughTBuf(TPipe& pipe, const Gm& g, Scenario skip, bool obey) {
    TBuf<TPosition::VECCALC> in, out;
    pipe.InitBuffer(in, g.n * sizeof(half));
    pipe.InitBuffer(out, g.n * sizeof(half));
    LocalTensor<half> a = in.Get<half>(), b = out.Get<half>();
    DataCopy(a, g.x, g.n);
    Sync<HardEvent::MTE2_V>(skip != kMte2ToV || obey);
    Adds(b, a, half(1.0f), g.n);
    Sync<HardEvent::V_MTE3>(skip != kVToMte3 || obey);
    DataCopy(g.y, b, g.n);
    if (skip != kVToMte2) return;
    Sync<HardEvent::V_MTE2>(obey);
    DataCopy(a, g.x, g.n);  // overwrites what Adds read
}

__aicore__ inline void Overlaps(TPipe& pipe, const Gm& g, Scenario s, bool obey) {
    TBuf<TPosition::VECCALC> buf, back;
    pipe.InitBuffer(buf, g.n * sizeof(half));
    pipe.InitBuffer(back, g.n * sizeof(half));
    LocalTensor<half> a = buf.Get<half>();
    DataCopy(a, g.x, g.n);
    if (s == kMte2Overlap) {
        if (obey) PipeBarrier<PIPE_MTE2>();
        DataCopy(a, g.x, g.n);
    }
    Sync<HardEvent::MTE2_V>(true);
    Adds(a, a, half(1.0f), g.n);
    Sync<HardEvent::V_MTE3>(true);
    DataCopy(g.y, a, g.n);
    if (s == kMte3Overlap) {
        if (obey) PipeBarrier<PIPE_MTE3>();
        DataCopy(g.y, a, g.n);
    }
    if (s == kMte3ToMte2) {
        Sync<HardEvent::MTE3_MTE2>(obey);
        DataCopy(back.Get<half>(), g.y, g.n);  // reads back what the copy out wrote
    }
}

// Vector and scalar order; run with ASCENDC_SIM_AUTO_SYNC=off to need the explicit syncs.
__aicore__ inline void VectorScalar(TPipe& pipe, const Gm& g, Scenario s, bool obey) {
    TBuf<TPosition::VECCALC> buf, tmp;
    pipe.InitBuffer(buf, g.n * sizeof(half));
    pipe.InitBuffer(tmp, g.n * sizeof(half));
    LocalTensor<half> a = buf.Get<half>(), t = tmp.Get<half>();
    DataCopy(a, g.x, g.n);
    Sync<HardEvent::MTE2_V>(true);
    if (s == kVToV) {
        Adds(t, a, half(0.5f), g.n);
        if (obey) PipeBarrier<PIPE_V>();
        Adds(a, t, half(0.5f), g.n);
    } else {
        Adds(a, a, half(1.0f), g.n);
        Sync<HardEvent::V_S>(obey);
        half first = a.GetValue(0);
        Sync<HardEvent::S_V>(obey);
        Duplicate(t, first, 1);  // the scalar flows back into a vector instruction
    }
    Sync<HardEvent::V_MTE3>(true);
    DataCopy(g.y, a, g.n);
}

// Column halves of x's rows of 256 halves, each one strided instruction; run with ASCENDC_SIM_AUTO_SYNC=off.
__aicore__ inline void StridedColumns(TPipe& pipe, const Gm& g, Scenario s, bool obey) {
    constexpr uint32_t kRowHalves = 256, kChunk = 128;                     // a row: 16 blocks; a chunk: one repeat
    const UnaryRepeatParams rows(1, 1, kRowHalves / 16, kRowHalves / 16);  // repeat stride: one row of blocks
    const auto count = static_cast<uint8_t>(g.n / kRowHalves);
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, g.n * sizeof(half));
    LocalTensor<half> a = buf.Get<half>();
    DataCopy(a, g.x, g.n);
    Sync<HardEvent::MTE2_V>(true);
    Adds(a, a, half(1.0f), kChunk, count, rows);
    Adds(a[kChunk], a[kChunk], half(1.0f), kChunk, count, rows);
    if (s == kStridedOverlap) {
        if (obey) PipeBarrier<PIPE_V>();
        Muls(a[kChunk / 2], a[kChunk / 2], half(1.0f), kChunk, count, rows);
    }
    Sync<HardEvent::V_MTE3>(true);
    DataCopy(g.y, a, g.n);
}

// GM -> queue buffer -> GM: the queue's positions decide which pipes its EnQue/DeQue order.
template <class Que>
__aicore__ inline void CopyThrough(TPipe& pipe, const Gm& g) {
    Que q;
    pipe.InitBuffer(q, 1, g.n * sizeof(half));
    LocalTensor<half> a = q.template AllocTensor<half>();
    DataCopy(a, g.x, g.n);
    q.EnQue(a);
    a = q.template DeQue<half>();
    DataCopy(g.y, a, g.n);
    q.FreeTensor(a);
}

// Each round frees its buffer before the next alloc, yet the queue's cursor hands out the other buffer.
__aicore__ inline void QueueRotation(TPipe& pipe, const Gm& g, bool obey) {
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 2, g.n * sizeof(half));
    for (int round = 0; round < 2; ++round) {
        LocalTensor<half> a = q.AllocTensor<half>();
        DataCopy(a, g.x, g.n);
        q.EnQue(a);
        a = q.DeQue<half>();
        if (round == 1 && obey) PipeBarrier<PIPE_MTE3>();
        DataCopy(g.y, a, g.n);
        q.FreeTensor(a);
    }
}

__aicore__ inline void QueueSkipsPipe(TPipe& pipe, const Gm& g, bool obey) {
    if (obey) {
        CopyThrough<TQueBind<TPosition::VECIN, TPosition::VECOUT, 1>>(pipe, g);
    } else {
        CopyThrough<TQue<TPosition::VECIN, 1>>(pipe, g);
    }
}

__aicore__ inline void Events(TPipe& pipe, Scenario s, bool obey) {
    switch (s) {
        case kReservedId:
            SetFlag<HardEvent::V_MTE3>(obey ? EVENT_ID5 : EVENT_ID7);
            WaitFlag<HardEvent::V_MTE3>(obey ? EVENT_ID5 : EVENT_ID7);
            break;
        case kDoubleSet:
            SetFlag<HardEvent::V_MTE3>(EVENT_ID1);
            if (obey) WaitFlag<HardEvent::V_MTE3>(EVENT_ID1);
            SetFlag<HardEvent::V_MTE3>(EVENT_ID1);
            WaitFlag<HardEvent::V_MTE3>(EVENT_ID1);
            break;
        case kSetNoWait:
            SetFlag<HardEvent::MTE2_V>(EVENT_ID2);
            if (obey) WaitFlag<HardEvent::MTE2_V>(EVENT_ID2);
            break;
        case kBarrierS:
            if (obey) {
                PipeBarrier<PIPE_ALL>();
            } else {
                PipeBarrier<PIPE_S>();
            }
            break;
        case kCrossCoreEvent:
            if (obey) {  // the same order within this core's own pipes
                SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
                WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
            } else {
                SetFlag<HardEvent::M_V>(EVENT_ID0);
                WaitFlag<HardEvent::M_V>(EVENT_ID0);
            }
            break;
        default: {  // kEventIds: six ids to allocate, the fetched one is free; a seventh is an error
            uint32_t taken = 0;
            for (int i = 0; i < 6; ++i) taken |= 1u << pipe.AllocEventID<HardEvent::V_MTE3>();
            if (taken != 0x3F) return;
            if (obey) {
                pipe.ReleaseEventID<HardEvent::V_MTE3>(EVENT_ID3);
                if (pipe.FetchEventID<HardEvent::V_MTE3>() != EVENT_ID3) return;
            }
            pipe.AllocEventID<HardEvent::V_MTE3>();
        }
    }
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_pipe_sync(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    Gm g;
    g.n = t.totalLength;
    g.x.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), g.n);
    g.y.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), g.n);
    TPipe pipe;
    auto s = static_cast<Scenario>(t.mode);
    bool obey = t.extra != 0;
    if (s <= kVToMte2) {
        ThroughTBuf(pipe, g, s, obey);
    } else if (s <= kMte3ToMte2) {
        Overlaps(pipe, g, s, obey);
    } else if (s <= kVToS) {
        VectorScalar(pipe, g, s, obey);
    } else if (s == kQueueSkipsPipe) {
        QueueSkipsPipe(pipe, g, obey);
    } else if (s == kQueueRotation) {
        QueueRotation(pipe, g, obey);
    } else if (s >= kStridedColumns) {
        StridedColumns(pipe, g, s, obey);
    } else {
        Events(pipe, s, obey);
    }
}
