// Sort32, MrgSort and GetMrgSortResult (排序组合（ISASI）/Sort32.md, MrgSort.md, GetMrgSortResult.md): 8-byte
// (score, index) entries, the score in the low bytes (a float's 4, a half's 2 and 2 reserved bytes, written 0 by the
// twin), the uint32 index in the high 4; sorted by score, largest first, the earlier entry first on a tie. Atlas A2/A3
// only ("Atlas 推理系列产品AI Core：不支持").
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "sim/pipe_sync.h"  // NoteUbOperand
#include "sim/vector_core.h"
#include "sim/vector_repeat.h"  // CountRepeats

namespace AscendC {

constexpr int32_t MRG_SORT_ELEMENT_LEN = 4;  // queues of MrgSort (kernel_struct_proposal.h)

struct MrgSort4Info {
    __aicore__ MrgSort4Info() {}
    __aicore__ MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN], const bool ifExhaustedSuspensionIn,
                            const uint16_t validBitIn, const uint16_t repeatTimesIn)
        : ifExhaustedSuspension(ifExhaustedSuspensionIn),
          validBit(validBitIn),
          repeatTimes(static_cast<uint8_t>(repeatTimesIn)) {
        for (int32_t i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) elementLengths[i] = elementLengthsIn[i];
    }
    uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0};  // entries (8 bytes) of each queue, [0, 4095]
    bool ifExhaustedSuspension = false;                   // stop when a queue runs out
    uint16_t validBit = 0;                                // 3, 7 or 15: the first 2, 3 or 4 queues
    uint8_t repeatTimes = 1;
};

template <typename T>
struct MrgSortSrcList {
    __aicore__ MrgSortSrcList() {}
    __aicore__ MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In, const LocalTensor<T>& src3In,
                              const LocalTensor<T>& src4In)
        : src1(src1In), src2(src2In), src3(src3In), src4(src4In) {}
    LocalTensor<T> src1;
    LocalTensor<T> src2;
    LocalTensor<T> src3;
    LocalTensor<T> src4;
};

}  // namespace AscendC

namespace ascendc_sim {

inline constexpr uint64_t kSortEntryBytes = 8;

// Entries taken from each queue by the last MrgSort of the calling core (GetMrgSortResult).
inline thread_local uint16_t tlsMrgSortTaken[4] = {0, 0, 0, 0};

template <typename T>
float EntryScore(const uint8_t* entry) {
    T score;
    std::memcpy(&score, entry, sizeof(T));
    return static_cast<float>(score);
}

// One merge of MrgSort / MrgSort4 (MrgSort.md, MrgSort4.md): up to four queues of sorted entries (`entryBytes`
// each, the score a T at byte `scoreAt`), largest score first, the earlier queue first on a tie; with `suspend` it
// stops when a queue runs out. emit(entry) for each entry taken, in order; taken[q]: the entries taken of queue q.
template <typename T, typename Emit>
void MergeQueues(const uint8_t* const heads[], const uint16_t lengths[], int queues, uint32_t entryBytes,
                 uint32_t scoreAt, bool suspend, uint16_t taken[4], Emit&& emit) {
    uint64_t at[4] = {0, 0, 0, 0};
    for (;;) {
        int best = -1;
        float bestScore = 0.0f;
        bool exhausted = false;
        for (int q = 0; q < queues; ++q) {
            if (at[q] == lengths[q]) {
                exhausted = true;
                continue;
            }
            const float score = EntryScore<T>(heads[q] + at[q] * entryBytes + scoreAt);
            if (best < 0 || score > bestScore) best = q, bestScore = score;  // a tie keeps the earlier queue
        }
        if (best < 0 || (exhausted && suspend)) break;
        emit(heads[best] + at[best] * entryBytes);
        ++at[best];
    }
    for (int q = 0; q < queues; ++q) taken[q] = static_cast<uint16_t>(at[q]);
}

template <typename T>
void RequireSortSoc(const char* api) {
    CoreContext& c = Core();
    Poll(c);
    if (Soc(c).version == SocVersion::kAscend310P) Fail(api, Str("not available on ", Soc(c).name));
    RequireType<T>(api, kFloatTypes<T>);
}

template <typename T>
void RequireUbAligned(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t align) {
    if (t.UbOffset() % align != 0) {
        Fail(api, Str(role, " UB address ", t.UbOffset(), " is not ", align, "-byte aligned"));
    }
}

}  // namespace ascendc_sim

namespace AscendC {

// Sort32.md: repeat r sorts src0[32r, 32r + 32) with the indices src1[32r, ...) into 32 entries at dst byte 256r.
template <typename T>
__aicore__ inline void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1,
                              const int32_t repeatTime, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "Sort32";
    RequireSortSoc<T>(api);
    CoreContext& c = Core();
    if (repeatTime < 0 || repeatTime > 255) Fail(api, Str("repeatTime ", repeatTime, " outside [0, 255]"));
    if (repeatTime == 0) return;  // documented NOP
    // 约束说明: each repeat's src0 128-byte (float) / 64-byte (half) aligned, src1 128-byte, dst 256-byte.
    RequireUbAligned(api, "src0", src0, 32 * sizeof(T));
    RequireUbAligned(api, "src1", src1, 128);
    RequireUbAligned(api, "dst", dst, 256);
    const int64_t n = int64_t{repeatTime} * 32;
    const T* s = src0.Operand(api, "src0", n);
    const uint32_t* idx = src1.Operand(api, "src1", n);
    auto* d = reinterpret_cast<uint8_t*>(dst.Operand(api, "dst", n * kSortEntryBytes / sizeof(T)));
    std::vector<int> order(32);
    for (int64_t r = 0; r < repeatTime; ++r) {
        for (int i = 0; i < 32; ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return static_cast<float>(s[r * 32 + a]) > static_cast<float>(s[r * 32 + b]);
        });
        for (int i = 0; i < 32; ++i) {
            uint8_t* e = d + (r * 32 + i) * kSortEntryBytes;
            std::memset(e, 0, 4);
            std::memcpy(e, &s[r * 32 + order[i]], sizeof(T));
            std::memcpy(e + 4, &idx[r * 32 + order[i]], 4);
        }
    }
    // Each repeat's 32 entries depend on its 32 scores and indices.
    const int64_t srcBlocks = 32 * sizeof(T) / 32;
    Propagate(c, api, Flow::kGrouped,
              {{Footprint::Repeats(dst.UbOffset(), sizeof(T), 256 / sizeof(T), repeatTime, 1, 8)}},
              {{Footprint::Repeats(src0.UbOffset(), sizeof(T), 32, repeatTime, 1, srcBlocks)},
               {Footprint::Repeats(src1.UbOffset(), 4, 32, repeatTime, 1, 4)}});
    CountRepeats(c, VecClass::kSimple, repeatTime);
}

}  // namespace AscendC

namespace ascendc_sim {

// Whether a score of `n` footprints holds an undefined byte.
inline bool AnyUndefinedScore(CoreContext& c, const FlowOperand* scores, std::size_t n) {
    const UndefMap& m = c.def.ub;
    if (m.Empty()) return false;
    for (std::size_t i = 0; i < n; ++i) {
        const Footprint& f = scores[i].fp;
        if (f.Empty() || !m.AnyUndef(f.base, f.End())) continue;
        bool any = false;
        f.ForEachRun(
            [&](uint64_t b, uint64_t e, uint64_t, uint64_t, uint64_t, uint64_t) { any = any || m.AnyUndef(b, e); });
        if (any) return true;
    }
    return false;
}

// The entry layout a merge sorts: its bytes, where its score (a T) is, the alignment of each queue and of dst.
struct SortEntryLayout {
    uint32_t bytes, scoreAt, align;
};

// MrgSort.md / MrgSort4.md: merges the valid queues (validBit 3, 7, 15) into dst by score; repeatTimes > 1 needs
// four queues of one length stored one after another, ifExhaustedSuspension false and validBit 15 (参数说明
// repeatTimes). An entry is carried whole, its undefined bytes with it; the order depends on every score.
template <typename T>
void MergeSortedQueues(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::MrgSortSrcList<T>& src,
                       const AscendC::MrgSort4Info& params, SortEntryLayout entry) {
    CoreContext& c = Core();
    const int queues = params.validBit == 3 ? 2 : params.validBit == 7 ? 3 : params.validBit == 15 ? 4 : 0;
    if (queues == 0) Fail(api, Str("validBit ", params.validBit, " is not 3, 7 or 15"));
    if (params.repeatTimes == 0) return;  // documented NOP
    const AscendC::LocalTensor<T>* lists[4] = {&src.src1, &src.src2, &src.src3, &src.src4};
    uint64_t total = 0;
    for (int q = 0; q < queues; ++q) {
        if (params.elementLengths[q] > 4095) {
            Fail(api, Str("elementLengths[", q, "] ", params.elementLengths[q], " outside [0, 4095]"));
        }
        total += params.elementLengths[q];
    }
    const uint64_t stride = total * entry.bytes;  // bytes a repeat advances src and dst
    if (params.repeatTimes > 1) {
        bool chained = queues == 4 && !params.ifExhaustedSuspension;
        for (int q = 1; q < 4 && chained; ++q) {
            chained = params.elementLengths[q] == params.elementLengths[0] &&
                      lists[q]->UbOffset() == lists[0]->UbOffset() + q * params.elementLengths[0] * entry.bytes;
        }
        if (!chained) {
            Fail(api, Str("repeatTimes ", int{params.repeatTimes},
                          " needs 4 queues of one length stored one after another, ifExhaustedSuspension false and "
                          "validBit 15"));
        }
    }
    const uint64_t reps = params.repeatTimes;
    const uint8_t* heads[4] = {};
    std::vector<FlowOperand> scores;
    uint64_t lowest = UINT64_MAX, highest = 0;
    for (int q = 0; q < queues; ++q) {
        const AscendC::LocalTensor<T>& t = *lists[q];
        t.CheckLive(api);
        RequireUbAligned(api, "a src queue", t, entry.align);
        const uint64_t bytes = (reps - 1) * stride + params.elementLengths[q] * entry.bytes;
        if (bytes > uint64_t{t.GetSize()} * sizeof(T)) {
            Fail(api, Str("queue ", q + 1, " covers ", bytes, " bytes but its LocalTensor has ",
                          uint64_t{t.GetSize()} * sizeof(T)));
        }
        NoteUbOperand(c, api, "src", t.Data(), bytes);
        heads[q] = reinterpret_cast<const uint8_t*>(t.Data());
        lowest = std::min(lowest, t.UbOffset());
        highest = std::max(highest, t.UbOffset() + bytes);
    }
    for (uint64_t r = 0; r < reps; ++r) {  // scores[r * queues + q]: the scores of queue q in repeat r
        for (int q = 0; q < queues; ++q) {
            const uint64_t at = lists[q]->UbOffset() + r * stride + entry.scoreAt;
            scores.push_back({Footprint::Rows(at, params.elementLengths[q], sizeof(T), entry.bytes)});
        }
    }
    RequireUbAligned(api, "dst", dst, entry.align);
    const uint64_t dstBytes = reps * stride;
    auto* d = reinterpret_cast<uint8_t*>(dst.Operand(api, "dst", dstBytes / sizeof(T)));
    for (int q = 0; q < queues; ++q) {  // 约束说明: no overlap of src and dst
        const uint64_t b = lists[q]->UbOffset(), e = b + (reps - 1) * stride + params.elementLengths[q] * entry.bytes;
        if (b < dst.UbOffset() + dstBytes && dst.UbOffset() < e) Fail(api, Str("dst overlaps queue ", q + 1));
    }
    const uint8_t* ub = Core().ub;
    uint16_t taken[4] = {0, 0, 0, 0};
    std::vector<uint32_t> picked;  // each entry written, as its UB offset from `lowest`
    for (uint64_t r = 0; r < reps; ++r) {
        const uint8_t* at[4];
        for (int q = 0; q < queues; ++q) at[q] = heads[q] + r * stride;
        picked.clear();
        MergeQueues<T>(at, params.elementLengths, queues, entry.bytes, entry.scoreAt, params.ifExhaustedSuspension,
                       taken, [&](const uint8_t* e) { picked.push_back(static_cast<uint32_t>(e - ub - lowest)); });
        for (std::size_t i = 0; i < picked.size(); ++i) {
            std::memcpy(d + r * stride + i * entry.bytes, ub + lowest + picked[i], entry.bytes);
        }
        const uint64_t dstAt = dst.UbOffset() + r * stride;
        const std::size_t first = static_cast<std::size_t>(r) * queues;
        if (AnyUndefinedScore(c, scores.data() + first, queues)) {  // the order itself is undefined
            const FlowOperand all{Footprint::Contiguous(dstAt, picked.size(), entry.bytes * 8)};
            Propagate(c, api, Flow::kWhole, &all, 1, scores.data() + first, queues);
        } else {
            PickFlow(c, api, dstAt, picked.data(), lowest, static_cast<uint32_t>(picked.size()), entry.bytes, 0,
                     highest - lowest);
        }
    }
    std::copy(taken, taken + 4, tlsMrgSortTaken);
    CountVector(c, VecClass::kSimple, dstBytes, 1);
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
__aicore__ inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params,
                               ascendc_sim::CallSite = {}) {
    ascendc_sim::RequireSortSoc<T>("MrgSort");
    // 约束说明: src 8-byte aligned (MrgSort.md)
    ascendc_sim::MergeSortedQueues("MrgSort", dst, src, params, {ascendc_sim::kSortEntryBytes, 0, 8});
}

// GetMrgSortResult.md: the entries of each queue the last MrgSort (with ifExhaustedSuspension) consumed.
__aicore__ inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                                        uint16_t& mrgSortList4, ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
    mrgSortList1 = ascendc_sim::tlsMrgSortTaken[0];
    mrgSortList2 = ascendc_sim::tlsMrgSortTaken[1];
    mrgSortList3 = ascendc_sim::tlsMrgSortTaken[2];
    mrgSortList4 = ascendc_sim::tlsMrgSortTaken[3];
}

}  // namespace AscendC
