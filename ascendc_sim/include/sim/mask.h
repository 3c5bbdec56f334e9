// Mask control of the vector unit (SetVectorMask, SetMaskCount / SetMaskNorm, ResetMask) and how the repeat forms
// read the mask register when called with isSetMask = false and MASK_PLACEHOLDER (SIMD-API 掩码操作/*.md).
#pragma once
#include <cstdint>

#include "sim/context.h"
#include "sim/qualifiers.h"

namespace AscendC {

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };
// The mask argument of a repeat form with isSetMask = false: ignored, the register decides.
constexpr uint64_t MASK_PLACEHOLDER = 0;

// Normal mode: bit i of high:low enables lane i of every repeat. Counter mode: low counts the elements of the
// whole instruction and the repeat count is derived from it.
template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ static inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow,
                                            ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    c.mask.high = mode == MaskMode::COUNTER ? 0 : maskHigh;
    c.mask.low = maskLow;
}
// The first `len` lanes (normal mode) or `len` elements (counter mode).
template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ static inline void SetVectorMask(int32_t len, ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    if (len < 0) ascendc_sim::Fail("SetVectorMask", ascendc_sim::Str("len ", len, " is negative"));
    if (mode == MaskMode::COUNTER) {
        c.mask.high = 0;
        c.mask.low = static_cast<uint64_t>(len);
        return;
    }
    constexpr int32_t kLanes = 256 / sizeof(T);
    if (len > kLanes) {
        ascendc_sim::Fail("SetVectorMask", ascendc_sim::Str("len ", len, " exceeds the ", kLanes, " lanes"));
    }
    c.mask.low = len >= 64 ? ~uint64_t{0} : (uint64_t{1} << len) - 1;
    c.mask.high = len <= 64 ? 0 : (len >= 128 ? ~uint64_t{0} : (uint64_t{1} << (len - 64)) - 1);
}
__aicore__ inline void ResetMask(ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    c.mask.high = c.mask.low = ~uint64_t{0};
}
__aicore__ inline void SetMaskCount(ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
    ascendc_sim::Core().mask.counter = true;
}
__aicore__ inline void SetMaskNorm(ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
    ascendc_sim::Core().mask.counter = false;
}
// The global state a static-tensor kernel sets at its start (TPipe's constructor does it otherwise): no atomic
// add, normal mask mode, every lane on (kernel_tpipe_impl.h TPipe::InitSocState; 系统初始化/InitSocState.md).
__aicore__ inline void InitSocState(ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    c.atomicAdd = false;
    c.mask = ascendc_sim::VectorMask{};
}

}  // namespace AscendC

namespace ascendc_sim {

// A repeat form's lanes as at most two runs of a continuous mask: `repeats` repeats of `mask` lanes, then one of
// `tailMask` (0: none). Lane masks that are not a prefix are outside the twin's model and fail by name.
struct MaskPlan {
    uint64_t mask = 0;
    int64_t repeats = 0;
    uint64_t tailMask = 0;
};

inline int PrefixLanes(uint64_t bits) {
    int n = 0;
    while (n < 64 && ((bits >> n) & 1u) != 0) ++n;
    return n < 64 && (bits >> n) != 0 ? -1 : n;
}

template <typename T, bool isSetMask>
MaskPlan PlanMask(const char* api, uint64_t mask, int64_t repeatTime) {
    if constexpr (isSetMask) {
        return {mask, repeatTime, 0};
    } else {
        const VectorMask& m = Core().mask;
        constexpr uint64_t kLanes = 256 / sizeof(T);
        if (m.counter) {  // repeatTime is derived from the element count
            return {kLanes, static_cast<int64_t>(m.low / kLanes), m.low % kLanes};
        }
        const int low = PrefixLanes(m.low);
        const int high = low == 64 ? PrefixLanes(m.high) : (m.high == 0 ? 0 : -1);
        if (low < 0 || high < 0) {
            Fail(api, Str("mask register 0x", std::hex, m.high, ":0x", m.low, std::dec,
                          " is not a run of lanes from lane 0; the twin models only such masks"));
        }
        const uint64_t lanes = std::min<uint64_t>(static_cast<uint64_t>(low + high), kLanes);
        if (lanes == 0) Fail(api, "the mask register enables no lane");
        return {lanes, repeatTime, 0};
    }
}

// Repeats a plan runs (a counter-mode tail is one more) and the lanes of repeat r.
inline int64_t PlannedRepeats(const MaskPlan& p) { return p.repeats + (p.tailMask != 0 ? 1 : 0); }
inline int64_t PlannedLanes(const MaskPlan& p, int64_t r) {
    return p.tailMask != 0 && r == p.repeats ? static_cast<int64_t>(p.tailMask) : static_cast<int64_t>(p.mask);
}

// The bit-mask argument form (mask[0] lanes 0-63, mask[1] lanes 64-127) as a continuous mask.
template <typename T>
uint64_t BitMaskLanes(const char* api, const uint64_t mask[]) {
    constexpr bool kTwoWords = sizeof(T) <= 2;
    const int low = PrefixLanes(mask[0]);
    const int high = kTwoWords ? (low == 64 ? PrefixLanes(mask[1]) : (mask[1] == 0 ? 0 : -1)) : 0;
    if (low < 0 || high < 0 || low + high == 0) {
        Fail(api, Str("bit mask is not a non-empty run of lanes from lane 0; the twin models only such masks"));
    }
    return static_cast<uint64_t>(low + high);
}

}  // namespace ascendc_sim
