// Data-cache rules (sim/dcache.h): tiling.mode picks a scenario, `extra` = 1 adds the DataCacheCleanAndInvalid (or
// the layout) the scenario lacks. y holds 64 halves (two 64-byte lines); obeying kernels leave y as documented in
// tests/ut/sim/test_dcache.py.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

enum Scenario : int32_t {
    kTwoCoresOneLine = 1,  // each core stores one half of y; obey: 64 bytes apart
    kDmaReadsDirty,        // scalar store, then DataCopy reads the line
    kDmaWritesDirty,       // scalar store, then DataCopy writes the line
    kStaleOwnLoad,         // load caches the line, DataCopy rewrites it, load again
    kStaleCrossCore,       // core 1 caches, core 0 DataCopy-writes behind SyncAll, core 1 loads again
    kDcciDstForm,          // the dcciDst prototype (absent on 310P)
    kUnalignedClean,       // SINGLE_CACHE_LINE from the middle of the line leaves its first half dirty
    kFlagHandoff,          // core 1 copies data out, then writes back a flag core 0 polls; obey: core 0 cleans first
    kBypassReadsDirty,     // scalar store, then ReadGmByPassDCache of the line
    kBypassHandoff,        // core 0 writes data and a flag around the data cache; core 1 polls the flag (obey only)
};

template <typename T>
__aicore__ inline void Clean(const GlobalTensor<T>& g) {
    DataCacheCleanAndInvalid<T, CacheLine::SINGLE_CACHE_LINE>(g);
}

__aicore__ inline void StoreThenCopy(TPipe& pipe, GlobalTensor<half>& y, Scenario s, bool obey) {
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64 * sizeof(half));
    LocalTensor<half> a = buf.Get<half>();
    y.SetValue(0, half(3.0f));
    if (s == kUnalignedClean) {
        y.SetValue(31, half(4.0f));
        Clean(obey ? y : y[16]);
    } else if (obey) {
        Clean(y);
    }
    if (s == kDmaWritesDirty) {
        Duplicate(a, half(2.0f), 64);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(y, a, 64);
        return;
    }
    DataCopy(a, y, 64);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(y[32], a, 32);  // the second line: y[32] = y[0]
}

__aicore__ inline void StaleOwnLoad(TPipe& pipe, GlobalTensor<half>& y, bool obey) {
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64 * sizeof(half));
    LocalTensor<half> a = buf.Get<half>();
    half before = y.GetValue(0);
    Duplicate(a, half(float(before) + 5.0f), 64);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(y, a, 64);
    if (obey) Clean(y);
    half after = y.GetValue(0);
    y.SetValue(1, after);
    Clean(y);
}

// The soft SyncAll (any SoC, any kernel type): a zeroed GM workspace of 32 bytes per core and a UB one.
__aicore__ inline void StaleCrossCore(TPipe& pipe, GlobalTensor<half>& y, GM_ADDR ws, bool obey) {
    TBuf<TPosition::VECCALC> buf, syncUb;
    pipe.InitBuffer(buf, 64 * sizeof(half));
    pipe.InitBuffer(syncUb, 256);
    LocalTensor<half> a = buf.Get<half>();
    GlobalTensor<int32_t> syncGm;
    syncGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws), 256);
    LocalTensor<int32_t> syncLocal = syncUb.Get<int32_t>();
    if (GetBlockIdx() == 1) y.GetValue(0);
    SyncAll(syncGm, syncLocal, 2);
    if (GetBlockIdx() == 0) {
        Duplicate(a, half(7.0f), 64);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(y, a, 64);
    }
    SyncAll(syncGm, syncLocal, 2);
    if (GetBlockIdx() == 1) {
        if (obey) Clean(y);
        y.GetValue(0);
    }
}

// Core 1 writes y's second line by DMA, then a flag by a scalar store it writes back; core 0 polls the flag, then
// copies y's second line to its first. Core 0 cached the flag's line before the barrier: polling without a clean,
// its loads hit that line and never acquire core 1's write-back, so the copy races with core 1's.
__aicore__ inline void FlagHandoff(TPipe& pipe, GlobalTensor<half>& y, GM_ADDR ws, bool obey) {
    TBuf<TPosition::VECCALC> buf, syncUb;
    pipe.InitBuffer(buf, 32 * sizeof(half));
    pipe.InitBuffer(syncUb, 256);
    LocalTensor<half> a = buf.Get<half>();
    GlobalTensor<int32_t> syncGm, flag;
    syncGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws), 128);
    flag.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws) + 128, 16);  // its own line, past the barrier's
    LocalTensor<int32_t> syncLocal = syncUb.Get<int32_t>();
    if (GetBlockIdx() == 0) flag.GetValue(0);
    SyncAll(syncGm, syncLocal, 2);
    if (GetBlockIdx() == 1) {
        Duplicate(a, half(9.0f), 32);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(y[32], a, 32);
        SetFlag<HardEvent::MTE3_S>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_S>(EVENT_ID0);
        flag.SetValue(0, 1);
        Clean(flag);
        return;
    }
    do {
        if (obey) Clean(flag);
    } while (flag.GetValue(0) != 1);
    DataCopy(a, y[32], 32);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(y, a, 32);
}

// y[0] = 3 by a cached store, then y[32] = y[0] read and written around the data cache.
__aicore__ inline void BypassReadsDirty(GlobalTensor<half>& y, bool obey) {
    y.SetValue(0, half(3.0f));
    if (obey) Clean(y);
    auto* bits = reinterpret_cast<__gm__ int16_t*>(y.GetPhyAddr());
    WriteGmByPassDCache<int16_t>(bits + 32, ReadGmByPassDCache<int16_t>(bits));
}

// Core 0: y[33] = 5.0, DataSyncBarrier, the flag y[1] = 1 (raw bits); core 1 polls the flag, then y[0] = y[33]; all
// around the data cache (data_sync_barrier sample).
__aicore__ inline void BypassHandoff(GlobalTensor<half>& y) {
    auto* bits = reinterpret_cast<__gm__ int16_t*>(y.GetPhyAddr());
    constexpr int16_t kFive = 0x4500;  // half 5.0
    if (GetBlockIdx() == 0) {
        WriteGmByPassDCache<int16_t>(bits + 33, kFive);
        DataSyncBarrier<MemDsbT::DDR>();
        WriteGmByPassDCache<int16_t>(bits + 1, 1);
        return;
    }
    while (ReadGmByPassDCache<int16_t>(bits + 1) != 1) {
    }
    WriteGmByPassDCache<int16_t>(bits, ReadGmByPassDCache<int16_t>(bits + 33));
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_dcache(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    GlobalTensor<half> yGm;
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), 64);
    TPipe pipe;
    auto s = static_cast<Scenario>(t.mode);
    bool obey = t.extra != 0;
    switch (s) {
        case kTwoCoresOneLine: {
            uint32_t at = GetBlockIdx() * (obey ? 32 : 1);
            yGm.SetValue(at, half(float(GetBlockIdx() + 1)));
            Clean(yGm[at]);
            break;
        }
        case kStaleOwnLoad:
            StaleOwnLoad(pipe, yGm, obey);
            break;
        case kStaleCrossCore:
            StaleCrossCore(pipe, yGm, ws, obey);
            break;
        case kFlagHandoff:
            FlagHandoff(pipe, yGm, ws, obey);
            break;
        case kBypassReadsDirty:
            BypassReadsDirty(yGm, obey);
            break;
        case kBypassHandoff:
            BypassHandoff(yGm);
            break;
        case kDcciDstForm:
            yGm.SetValue(0, half(1.0f));
            if (obey) {
                Clean(yGm);
            } else {
                DataCacheCleanAndInvalid<half, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(yGm);
            }
            break;
        default:
            StoreThenCopy(pipe, yGm, s, obey);
    }
}
