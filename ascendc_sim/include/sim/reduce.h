// Reductions (FP32 accumulation), WholeReduceSum, BlockReduceSum and Brcb.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "sim/mask.h"
#include "sim/vector_core.h"
#include "sim/vector_repeat.h"  // RepeatOffset / RepeatExtent / CheckRepeatForm / CountRepeats

namespace ascendc_sim {

// The reduction special registers of the calling core (one thread per core): the last sum, the last max/min with
// its index.
inline thread_local float tlsReduceSum = 0.0f;
inline thread_local float tlsReduceValue = 0.0f;
inline thread_local uint32_t tlsReduceIndex = 0;

// Sum of n values by the documented binary tree: adjacent pairs, every partial sum rounded to T
// (归约计算/ReduceDataBlock.md 关键特性说明; ReduceRepeat.md). Missing lanes add zero.
template <typename T>
float TreeSum(const T* v, int64_t n) {
    std::vector<float> lanes(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) lanes[i] = static_cast<float>(v[i]);
    while (lanes.size() > 1) {
        if (lanes.size() % 2 != 0) lanes.push_back(0.0f);
        for (size_t i = 0; i < lanes.size() / 2; ++i) lanes[i] = static_cast<float>(T(lanes[2 * i] + lanes[2 * i + 1]));
        lanes.resize(lanes.size() / 2);
    }
    return lanes.empty() ? 0.0f : lanes[0];
}

// Way 2 of ReduceSum.md: the per-repeat sums are reduced again, perRepeat at a time, until one is left.
template <typename T>
float TreeSumRounds(std::vector<float> sums, int64_t perRepeat) {
    while (sums.size() > 1) {
        std::vector<T> round;
        for (float v : sums) round.push_back(T(v));
        std::vector<float> next;
        for (size_t at = 0; at < round.size(); at += perRepeat) {
            next.push_back(TreeSum<T>(round.data() + at, std::min<int64_t>(perRepeat, round.size() - at)));
        }
        sums = std::move(next);
    }
    return sums[0];
}

template <typename T>
int64_t AlignUpElems(int64_t n) {
    constexpr int64_t kPerBlock = 32 / sizeof(T);
    return (n + kPerBlock - 1) / kPerBlock * kPerBlock;
}

// The index as the reductions store it: the raw unsigned bits of T's width (ReduceRepeat.md 关键特性说明).
template <typename T>
T IndexAsT(uint32_t index) {
    using Bits = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
    const Bits b = static_cast<Bits>(index);
    T out;
    std::memcpy(&out, &b, sizeof(T));
    return out;
}

// The lanes a mask plan reads: its full repeats and its tail (counter mode), group g = repeat g (sim/definedness.h).
template <typename T>
std::vector<FlowOperand> PlanSources(const AscendC::LocalTensor<T>& src, const MaskPlan& plan, int64_t blkStride,
                                     int64_t repStride) {
    std::vector<FlowOperand> out;
    const uint64_t base = src.UbOffset();
    if (plan.repeats > 0) {
        out.push_back({Footprint::Repeats(base, sizeof(T), plan.mask, plan.repeats, blkStride, repStride)});
    }
    if (plan.tailMask != 0) {
        Footprint f = Footprint::Repeats(base + RepeatOffset<T>(plan.repeats, 0, blkStride, repStride) * sizeof(T),
                                         sizeof(T), plan.tailMask, 1, blkStride, repStride);
        f.firstGroup = plan.repeats;
        f.firstElem = plan.repeats * plan.mask;
        out.push_back({f});
    }
    return out;
}

// Per-repeat results: repeat r's `units(lanes)` elements at dst + r * pitchElems.
template <typename T, typename Units>
std::vector<FlowOperand> PlanResults(const AscendC::LocalTensor<T>& dst, const MaskPlan& plan, int64_t pitchElems,
                                     Units units) {
    std::vector<FlowOperand> out;
    const uint64_t base = dst.UbOffset(), pitch = static_cast<uint64_t>(pitchElems) * sizeof(T);
    auto group = [&](uint64_t at, uint64_t count, uint64_t first, uint64_t lanes) {
        Footprint f =
            Footprint::Contiguous(at, static_cast<uint64_t>(units(static_cast<int64_t>(lanes))), sizeof(T) * 8);
        f.groups = count;
        f.groupPitch = pitch;
        f.firstGroup = first;
        out.push_back({f});
    };
    if (plan.repeats > 0) group(base, plan.repeats, 0, plan.mask);
    if (plan.tailMask != 0) group(base + plan.repeats * pitch, 1, plan.repeats, plan.tailMask);
    return out;
}

// The footprints of a mask plan's parts (its repeats, its tail), for the pipe order of one operand.
struct PlanFootprints {
    Footprint parts[2];
    std::size_t count = 0;
    explicit PlanFootprints(const std::vector<FlowOperand>& ops) {
        for (const FlowOperand& o : ops) parts[count++] = o.fp;
    }
};

// A reduction's one result (and its register) from every source lane.
inline void ReduceAllFlow(CoreContext& c, const char* api, const FlowOperand& dst, std::vector<FlowOperand> srcs) {
    for (FlowOperand& s : srcs) s.whole = true;
    SetRegDefined(c, SpecialReg::kReduce, !Propagate(c, api, Flow::kWhole, {dst}, srcs).any);
}

// Count form of ReduceMax (isMax) / ReduceMin: the first extreme of `count` elements; with calIndex its index in
// dst[1] (IndexAsT).
template <typename T>
void ReduceExtremeCount(const char* api, bool isMax, const AscendC::LocalTensor<T>& dst,
                        const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& tmp, int32_t count,
                        bool calIndex) {
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    RequireCount(api, count);
    if (count == 0) return;
    const T* s = src.Operand(api, "src", count);
    tmp.Operand(api, "sharedTmpBuffer", (static_cast<uint64_t>(count) * sizeof(T) + 255) / 256);
    T* d = dst.Operand(api, "dst", calIndex ? 2 : 1);
    int32_t best = 0;
    for (int32_t i = 1; i < count; ++i) {
        const float v = static_cast<float>(s[i]), b = static_cast<float>(s[best]);
        if (isMax ? v > b : v < b) best = i;
    }
    d[0] = s[best];
    if (calIndex) d[1] = IndexAsT<T>(static_cast<uint32_t>(best));
    tlsReduceValue = static_cast<float>(s[best]);
    tlsReduceIndex = static_cast<uint32_t>(best);
    ReduceAllFlow(c, api, CountOperand(dst, calIndex ? 2 : 1), {CountOperand(src, count)});
    CountVector(c, VecClass::kReduce, count, sizeof(T));
}

// The frame of BlockReduceSum / Max / Min: each 32-byte block of each repeat, its lanes under the mask, goes to
// `reduceBlock(values, lanes)` (values has room for a whole block); repeat r's (up to 8) results land at
// dst[r * dstRepStride * 8 + b] (ReduceDataBlock.md: dstRepStride counts one repeat's results; src strides count
// 32-byte blocks) once the repeat is read. A block with no lane under the mask is not written.
template <typename T, typename ReduceBlock>
void BlockReduce(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 const MaskPlan& plan, int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride,
                 ReduceBlock reduceBlock) {
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    if (dstRepStride < 0 || srcBlkStride < 0 || srcRepStride < 0) {
        Fail(api, Str("negative stride (dstRepStride ", dstRepStride, ", srcBlkStride ", srcBlkStride,
                      ", srcRepStride ", srcRepStride, ")"));
    }
    const int64_t reps = PlannedRepeats(plan);
    if (!CheckRepeatForm<T>(api, plan.mask, reps)) return;
    constexpr int64_t kPerBlock = 32 / sizeof(T);
    // Block b's result (run b of repeat r's results) from block b (run b of repeat r's lanes).
    std::vector<FlowOperand> results = PlanResults(dst, plan, int64_t{dstRepStride} * 8,
                                                   [](int64_t lanes) { return (lanes + kPerBlock - 1) / kPerBlock; });
    for (FlowOperand& o : results) {
        o.fp.runs = o.fp.runElems;
        o.fp.runPitch = sizeof(T);
        o.fp.runElems = o.fp.lastRunElems = 1;
    }
    const std::vector<FlowOperand> sources = PlanSources(src, plan, srcBlkStride, srcRepStride);
    const PlanFootprints read(sources), written(results);
    const T* s = src.Operand(api, "src", PlannedExtent<T>(plan, srcBlkStride, srcRepStride), read.parts, read.count);
    T* d = dst.Operand(api, "dst",
                       (reps - 1) * dstRepStride * 8 + (PlannedLanes(plan, reps - 1) + kPerBlock - 1) / kPerBlock,
                       written.parts, written.count);
    for (int64_t r = 0; r < reps; ++r) {
        const int64_t lanes = PlannedLanes(plan, r);
        const int64_t blocks = (lanes + kPerBlock - 1) / kPerBlock;
        T results[8];
        for (int64_t b = 0; b < blocks; ++b) {
            T v[kPerBlock];
            const int64_t n = std::min(kPerBlock, lanes - b * kPerBlock);
            for (int64_t i = 0; i < n; ++i) v[i] = s[RepeatOffset<T>(r, b * kPerBlock + i, srcBlkStride, srcRepStride)];
            results[b] = reduceBlock(v, n);
        }
        for (int64_t b = 0; b < blocks; ++b) d[r * dstRepStride * 8 + b] = results[b];
    }
    Propagate(c, api, Flow::kRunwise, results, sources);
    CountRepeats(c, VecClass::kReduce, reps);
}

}  // namespace ascendc_sim

namespace AscendC {

struct BrcbRepeatParams {
    uint16_t dstBlkStride = 1;  // 32-byte blocks between the 8 broadcast blocks of one repeat
    uint16_t dstRepStride = 8;  // 32-byte blocks between repeats
    BrcbRepeatParams() = default;
    BrcbRepeatParams(uint16_t blk, uint16_t rep) : dstBlkStride(blk), dstRepStride(rep) {}
};

template <typename T, bool isSetMask = true>
__aicore__ inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
                                 ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>("ReduceSum", kFloatTypes<T>);
    RequireCount("ReduceSum", count);
    if (count == 0) return;  // documented NOP
    constexpr int64_t kPerRepeat = 256 / sizeof(T);
    const int64_t repeats = (count + kPerRepeat - 1) / kPerRepeat;
    // ReduceSum.md: A2/A3 count form = way 1 (tree in a repeat, repeats in order, no tmp); 310P = way 2 (tree
    // across repeats too, tmp = repeats rounded up to a block).
    const bool treeAcross = Soc(c).version == ascendc_sim::SocVersion::kAscend310P;
    const T* s = src.Operand("ReduceSum", "src", count);
    if (treeAcross) sharedTmpBuffer.Operand("ReduceSum", "sharedTmpBuffer", AlignUpElems<T>(repeats));
    T* d = dst.Operand("ReduceSum", "dst", 1);
    std::vector<float> sums;
    for (int64_t r = 0; r < repeats; ++r) {
        sums.push_back(TreeSum<T>(s + r * kPerRepeat, std::min<int64_t>(kPerRepeat, count - r * kPerRepeat)));
    }
    float total = 0.0f;
    if (treeAcross) {
        total = TreeSumRounds<T>(std::move(sums), kPerRepeat);
    } else {
        for (float v : sums) total = static_cast<float>(T(total + v));
    }
    d[0] = FromCompute<T>(total);
    tlsReduceSum = total;
    ReduceAllFlow(c, "ReduceSum", CountOperand(dst, 1), {CountOperand(src, count)});
    CountVector(c, VecClass::kReduce, count, sizeof(T));
}

// calIndex stores the index of the (first) maximum in dst[1] as raw unsigned bits of T's width.
template <typename T, bool isSetMask = true>
__aicore__ inline void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const int32_t count, bool calIndex = false,
                                 ascendc_sim::CallSite = {}) {
    ascendc_sim::ReduceExtremeCount("ReduceMax", true, dst, src, sharedTmpBuffer, count, calIndex);
}

// One sum per repeat of `mask` elements; dstRepStride in elements, src strides in 32-byte blocks.
template <typename T, bool isSetMask = true>
__aicore__ inline void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                                      const int32_t repeatTimes, const int32_t dstRepStride, const int32_t srcBlkStride,
                                      const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "WholeReduceSum";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    const MaskPlan plan = PlanMask<T, isSetMask>(api, static_cast<uint64_t>(std::max(mask, 0)), repeatTimes);
    const int64_t reps = PlannedRepeats(plan);
    if (!CheckRepeatForm<T>(api, plan.mask, reps)) return;
    const std::vector<FlowOperand> sources = PlanSources(src, plan, srcBlkStride, srcRepStride);
    const std::vector<FlowOperand> results = PlanResults(dst, plan, dstRepStride, [](int64_t) { return int64_t{1}; });
    const PlanFootprints read(sources), written(results);
    const T* s = src.Operand(api, "src", PlannedExtent<T>(plan, srcBlkStride, srcRepStride), read.parts, read.count);
    T* d = dst.Operand(api, "dst", (reps - 1) * dstRepStride + 1, written.parts, written.count);
    std::vector<T> row(static_cast<size_t>(plan.mask));
    for (int64_t r = 0; r < reps; ++r) {
        const int64_t lanes = PlannedLanes(plan, r);
        for (int64_t i = 0; i < lanes; ++i) row[i] = s[RepeatOffset<T>(r, i, srcBlkStride, srcRepStride)];
        d[r * dstRepStride] = FromCompute<T>(TreeSum<T>(row.data(), lanes));
    }
    Propagate(c, api, Flow::kGrouped, results, sources);
    CountRepeats(c, VecClass::kReduce, reps);
}

// One sum per 32-byte block: repeat r writes the sums of its (up to 8) blocks to dst[r * dstRepStride * 8 + b];
// dstRepStride counts reduced repeats (8 elements), src strides 32-byte blocks. Pairwise (binary-tree) adds in T
// per the docs; a block with no element under the mask is not written. half saturation at 65504 is not modeled.
template <typename T, bool isSetMask = true>
__aicore__ inline void BlockReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                      const int32_t mask, const int32_t dstRepStride, const int32_t srcBlkStride,
                                      const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "BlockReduceSum";
    const MaskPlan plan = PlanMask<T, isSetMask>(api, static_cast<uint64_t>(std::max(mask, 0)), repeatTime);
    BlockReduce(api, dst, src, plan, dstRepStride, srcBlkStride, srcRepStride, [](T* v, int64_t n) {
        constexpr int64_t kPerBlock = 32 / sizeof(T);
        for (int64_t i = n; i < kPerBlock; ++i) v[i] = T(0);
        for (int64_t width = kPerBlock / 2; width >= 1; width /= 2) {
            for (int64_t i = 0; i < width; ++i)
                v[i] = T(static_cast<float>(v[2 * i]) + static_cast<float>(v[2 * i + 1]));
        }
        return v[0];
    });
}

// Each repeat reads 8 elements and broadcasts each into one 32-byte block of dst.
template <typename T>
__aicore__ inline void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTime,
                            const BrcbRepeatParams& repeatParams, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "Brcb";
    CoreContext& c = Core();
    Poll(c);
    bool ok = kOneOf<T, int16_t, uint16_t, half, int32_t, uint32_t, float> ||
              (std::is_same_v<T, ascendc_sim::Bf16> && Soc(c).version != ascendc_sim::SocVersion::kAscend310P);
    RequireType<T>(api, ok);
    if (repeatTime == 0) return;
    constexpr int64_t kPerBlock = 32 / sizeof(T);
    const T* s = src.Operand(api, "src", int64_t{repeatTime} * 8);
    int64_t extent =
        (int64_t{repeatTime - 1} * repeatParams.dstRepStride + 7 * int64_t{repeatParams.dstBlkStride} + 1) * kPerBlock;
    // dst block (r, j) is one unit of 256 bits, fed by src element r * 8 + j.
    Footprint blocks = Footprint::Contiguous(dst.UbOffset(), 1, 256);
    blocks.groups = repeatTime;
    blocks.groupPitch = uint64_t{repeatParams.dstRepStride} * 32;
    blocks.runs = 8;
    blocks.runPitch = uint64_t{repeatParams.dstBlkStride} * 32;
    T* d = dst.Operand(api, "dst", extent, &blocks);
    for (int64_t r = 0; r < repeatTime; ++r) {
        for (int64_t j = 0; j < 8; ++j) {
            T* block = d + (r * repeatParams.dstRepStride + j * repeatParams.dstBlkStride) * kPerBlock;
            for (int64_t k = 0; k < kPerBlock; ++k) block[k] = s[r * 8 + j];
        }
    }
    Propagate(c, api, Flow::kElementwise, {{blocks}}, {CountOperand(src, int64_t{repeatTime} * 8)});
    // 8.1.RC1 dav_m200 kernel_operator_vec_brcb_impl.h: 310P's Brcb stages through the TMP_UB_OFFSET scratch (b32:
    // its first 256 bytes; b16: 768 bytes from +1 KB).
    if (Soc(c).version == ascendc_sim::SocVersion::kAscend310P) {
        UseUbScratch(c, api, sizeof(T) == 2 ? 1024 : 0, sizeof(T) == 2 ? 768 : 256);
    }
    CountRepeats(c, VecClass::kSimple, repeatTime);
}

}  // namespace AscendC
