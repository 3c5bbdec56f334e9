// One-core kernels of Sort32 and of MrgSort over Sort32's queues, per dtype.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

// x: totalLength scores (T), y: totalLength uint32 indices; Sort32 over totalLength / 32 repeats into 8-byte
// entries. t.op 0: z = those entries. t.op 1: MrgSort of the first t.mode + 1 queues of 32 entries (validBit 3, 7 or
// 15 for 2, 3, 4 queues), repeatTimes t.extra, ifExhaustedSuspension t.scalar != 0, into z (entries of 7s first);
// then GetMrgSortResult's four counts as uint32 after the entries.
template <typename T>
__aicore__ inline void RunSort(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    const uint32_t n = t.totalLength;
    constexpr uint32_t kPerEntry = 8 / sizeof(T);
    GlobalTensor<T> xGm, zGm;
    GlobalTensor<uint32_t> yGm, cntGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), n);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(y), n);
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z), n * kPerEntry);
    cntGm.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(z + n * 8), 4);
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, by, bw, bz;
    pipe.InitBuffer(bx, AlignUp(n * sizeof(T), 256));  // Sort32: src1 128-byte, dst 256-byte aligned
    pipe.InitBuffer(by, AlignUp(n * sizeof(uint32_t), 256));
    pipe.InitBuffer(bw, n * 8);
    pipe.InitBuffer(bz, n * 8);
    LocalTensor<T> lx = bx.Get<T>(), lw = bw.Get<T>(), lz = bz.Get<T>();
    LocalTensor<uint32_t> ly = by.Get<uint32_t>();
    DataCopy(lx, xGm, n);
    DataCopy(ly, yGm, n);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    LocalTensor<T>& out = t.op == 0 ? lz : lw;
    Sort32(out, lx, ly, static_cast<int32_t>(n / 32));
    if (t.op == 1) {
        Duplicate(lz.template ReinterpretCast<uint32_t>(), 7u, static_cast<int32_t>(n * 2));
        PipeBarrier<PIPE_V>();
        const uint16_t queues = static_cast<uint16_t>(t.mode + 1);
        MrgSort4Info params;
        for (uint16_t q = 0; q < 4; ++q) params.elementLengths[q] = q < queues ? 32 : 0;
        params.ifExhaustedSuspension = t.scalar != 0.0f;
        params.validBit = static_cast<uint16_t>((1u << queues) - 1);
        params.repeatTimes = static_cast<uint8_t>(t.extra);
        MrgSortSrcList<T> list(lw[0], lw[32 * kPerEntry], lw[64 * kPerEntry], lw[96 * kPerEntry]);
        MrgSort(lz, list, params);
    }
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zGm, lz, n * kPerEntry);
    SetFlag<HardEvent::V_S>(EVENT_ID0);
    WaitFlag<HardEvent::V_S>(EVENT_ID0);
    uint16_t taken[4] = {0, 0, 0, 0};
    GetMrgSortResult(taken[0], taken[1], taken[2], taken[3]);
    for (int q = 0; q < 4; ++q) cntGm.SetValue(q, taken[q]);
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_sort_float32(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    RunSort<float>(x, y, z, tiling);
}
extern "C" __global__ __aicore__ void simtest_sort_float16(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    RunSort<half>(x, y, z, tiling);
}

namespace {

// Region proposals on 310P: x holds totalLength scores, y as many labels (T); ProposalConcat puts them into fields
// t.mode (the score's, 4, unless a test passes another) and 5 of proposals whose other fields stay unwritten,
// RpSort16 sorts each 16 in place, MrgSort4 merges the four queues of 16 (totalLength 64), and ProposalExtract
// writes the merged scores then labels to z.
template <typename T>
__aicore__ inline void RunProposalSort(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    constexpr uint32_t kQueue = 16, kQueues = 4, kN = kQueue * kQueues, kElems = 8;
    GlobalTensor<T> xGm, yGm, zGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), kN);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), kN);
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z), 2 * kN);
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, by, bw, bm, bz;
    pipe.InitBuffer(bx, kN * sizeof(T));
    pipe.InitBuffer(by, kN * sizeof(T));
    pipe.InitBuffer(bw, kN * kElems * sizeof(T));
    pipe.InitBuffer(bm, kN * kElems * sizeof(T));
    pipe.InitBuffer(bz, 2 * kN * sizeof(T));
    LocalTensor<T> lx = bx.Get<T>(), ly = by.Get<T>(), lw = bw.Get<T>(), lm = bm.Get<T>(), lz = bz.Get<T>();
    DataCopy(lx, xGm, kN);
    DataCopy(ly, yGm, kN);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    constexpr int32_t kRepeats = kN / 16;
    ProposalConcat(lw, lx, kRepeats, t.mode);
    ProposalConcat(lw, ly, kRepeats, 5);
    PipeBarrier<PIPE_V>();
    RpSort16(lw, lw, kRepeats);
    PipeBarrier<PIPE_V>();
    const uint16_t lengths[kQueues] = {kQueue, kQueue, kQueue, kQueue};
    MrgSortSrcList<T> list(lw[0], lw[kQueue * kElems], lw[2 * kQueue * kElems], lw[3 * kQueue * kElems]);
    MrgSort4(lm, list, MrgSort4Info(lengths, false, 15, 1));
    PipeBarrier<PIPE_V>();
    ProposalExtract(lz, lm, kRepeats, 4);
    ProposalExtract(lz[kN], lm, kRepeats, 5);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zGm, lz, 2 * kN);
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_proposal_float32(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    RunProposalSort<float>(x, y, z, tiling);
}
extern "C" __global__ __aicore__ void simtest_proposal_float16(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    RunProposalSort<half>(x, y, z, tiling);
}
