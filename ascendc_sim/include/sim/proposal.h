// Region proposals (排序组合（ISASI）/ProposalConcat.md, ProposalExtract.md, RpSort16.md, MrgSort4.md): a proposal is
// 8 elements of T (half or float) [x1, y1, x2, y2, score, label, reserved, reserved]. ProposalConcat writes 16
// consecutive elements into one field of 16 proposals a repeat, ProposalExtract reads them back; RpSort16 sorts each
// repeat's 16 proposals by score, largest first, the earlier one first on a tie; MrgSort4 merges up to four sorted
// queues of proposals (sim/sort.h's merge). Atlas 推理系列产品 AI Core only (each doc's 产品支持情况: A2/A3 "x").
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "sim/sort.h"

namespace ascendc_sim {

inline constexpr uint32_t kProposalElems = 8;        // elements of T in one region proposal
inline constexpr uint32_t kProposalsPerRepeat = 16;  // proposals one repeat handles
inline constexpr uint32_t kProposalScore = 4;        // the score's field (modeNumber 4)

template <typename T>
void RequireProposalSoc(const char* api) {
    CoreContext& c = Core();
    Poll(c);
    if (Soc(c).version != SocVersion::kAscend310P) {
        Fail(api, Str("not available on ", Soc(c).name, " (", api, ".md: Atlas 推理系列产品 AI Core only)"));
    }
    RequireType<T>(api, kFloatTypes<T>);
}

// repeatTime in [0, 255] and, for the field forms, modeNumber in [0, 5] (参数说明).
inline void RequireProposalRepeat(const char* api, int32_t repeatTime) {
    if (repeatTime < 0 || repeatTime > 255) Fail(api, Str("repeatTime ", repeatTime, " outside [0, 255]"));
}
inline void RequireProposalMode(const char* api, int32_t modeNumber) {
    if (modeNumber < 0 || modeNumber > 5) Fail(api, Str("modeNumber ", modeNumber, " outside [0, 5]"));
}

// Field `mode` of `count` proposals from UB offset `at`: one element of T every proposal.
template <typename T>
Footprint ProposalField(uint64_t at, uint64_t count, int32_t mode) {
    Footprint f;
    f.base = at + uint64_t(mode) * sizeof(T);
    f.elemBits = sizeof(T) * 8;
    f.groups = count;
    f.groupPitch = kProposalElems * sizeof(T);
    f.runElems = f.lastRunElems = 1;
    return f;
}

// ProposalConcat (into == true) or ProposalExtract: element i of the packed side <-> field `mode` of proposal i.
template <typename T>
void MoveProposalField(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                       int32_t repeatTime, int32_t mode, bool into) {
    RequireProposalSoc<T>(api);
    RequireProposalRepeat(api, repeatTime);
    RequireProposalMode(api, mode);
    if (repeatTime == 0) return;
    RequireUbAligned(api, "dst", dst, 32);  // 参数说明: start addresses 32-byte aligned
    RequireUbAligned(api, "src", src, 32);
    CoreContext& c = Core();
    const uint64_t n = uint64_t(repeatTime) * kProposalsPerRepeat;
    const AscendC::LocalTensor<T>& proposals = into ? dst : src;
    const AscendC::LocalTensor<T>& packed = into ? src : dst;
    const Footprint field = ProposalField<T>(proposals.UbOffset(), n, mode);
    const uint64_t extent = (n - 1) * kProposalElems + mode + 1;  // elements from the proposals' start
    T* f = proposals.Operand(api, into ? "dst" : "src", extent, &field);
    T* p = packed.Operand(api, into ? "src" : "dst", n);
    for (uint64_t i = 0; i < n; ++i) {
        T& slot = f[i * kProposalElems + mode];
        if (into) {
            slot = p[i];
        } else {
            p[i] = slot;
        }
    }
    const FlowOperand packedSide{Footprint::Contiguous(packed.UbOffset(), n, sizeof(T) * 8)};
    const FlowOperand fieldSide{field};
    Propagate(c, api, Flow::kElementwise, into ? &fieldSide : &packedSide, 1, into ? &packedSide : &fieldSide, 1);
    CountRepeats(c, VecClass::kSimple, repeatTime);
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
__aicore__ inline void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                      const int32_t modeNumber, ascendc_sim::CallSite = {}) {
    ascendc_sim::MoveProposalField("ProposalConcat", dst, src, repeatTime, modeNumber, true);
}

template <typename T>
__aicore__ inline void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                       const int32_t modeNumber, ascendc_sim::CallSite = {}) {
    ascendc_sim::MoveProposalField("ProposalExtract", dst, src, repeatTime, modeNumber, false);
}

// RpSort16.md: dst may be src (the doc's example sorts in place).
template <typename T>
__aicore__ inline void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "RpSort16";
    RequireProposalSoc<T>(api);
    RequireProposalRepeat(api, repeatTime);
    if (repeatTime == 0) return;
    RequireUbAligned(api, "dst", dst, 32);
    RequireUbAligned(api, "src", src, 32);
    CoreContext& c = Core();
    constexpr uint32_t kBytes = kProposalElems * sizeof(T), kGroup = kProposalsPerRepeat * kBytes;
    const uint64_t n = uint64_t(repeatTime) * kProposalsPerRepeat * kProposalElems;
    const auto* s = reinterpret_cast<const uint8_t*>(src.Operand(api, "src", n));
    auto* d = reinterpret_cast<uint8_t*>(dst.Operand(api, "dst", n));
    std::vector<uint8_t> group(kGroup);
    uint32_t order[kProposalsPerRepeat];
    for (int32_t r = 0; r < repeatTime; ++r) {
        std::memcpy(group.data(), s + uint64_t(r) * kGroup, kGroup);  // src may be dst
        for (uint32_t i = 0; i < kProposalsPerRepeat; ++i) order[i] = i;
        std::stable_sort(order, order + kProposalsPerRepeat, [&](uint32_t a, uint32_t b) {
            return EntryScore<T>(&group[a * kBytes + kProposalScore * sizeof(T)]) >
                   EntryScore<T>(&group[b * kBytes + kProposalScore * sizeof(T)]);
        });
        uint32_t offsets[kProposalsPerRepeat];
        for (uint32_t i = 0; i < kProposalsPerRepeat; ++i) {
            std::memcpy(d + uint64_t(r) * kGroup + i * kBytes, &group[order[i] * kBytes], kBytes);
            offsets[i] = order[i] * kBytes;
        }
        const uint64_t srcAt = src.UbOffset() + uint64_t(r) * kGroup, dstAt = dst.UbOffset() + uint64_t(r) * kGroup;
        const FlowOperand scores{ProposalField<T>(srcAt, kProposalsPerRepeat, kProposalScore)};
        if (AnyUndefinedScore(c, &scores, 1)) {  // the order itself is undefined
            Propagate(c, api, Flow::kWhole, {{Footprint::Contiguous(dstAt, kGroup, 8)}}, {scores});
        } else {
            PickFlow(c, api, dstAt, offsets, srcAt, kProposalsPerRepeat, kBytes, 0, kGroup);
        }
    }
    CountRepeats(c, VecClass::kSimple, repeatTime);
}

// MrgSort4.md: queues and dst 16-byte (half) / 32-byte (float) aligned, one proposal.
template <typename T>
__aicore__ inline void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params,
                                ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    RequireProposalSoc<T>("MrgSort4");
    constexpr uint32_t kBytes = kProposalElems * sizeof(T);
    MergeSortedQueues("MrgSort4", dst, src, params, {kBytes, kProposalScore * sizeof(T), kBytes});
}

}  // namespace AscendC
