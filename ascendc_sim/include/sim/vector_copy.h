// Copy, UB -> UB in repeats under a mask (Memory矢量计算/数据搬运/Copy（UBToUB掩码式高维数据搬运）.md): strides in
// 32-byte blocks, block strides up to 65535 and repeat strides up to 4095. In Counter mode its mask counts the
// elements of each repeat, ceil(mask * sizeof(T) / 32) blocks, and repeatTime stays in force (约束说明), unlike the
// other repeat forms.
#pragma once
#include <cstdint>
#include <type_traits>
#include <vector>

#include "sim/mask.h"
#include "sim/vector_core.h"
#include "sim/vector_repeat.h"  // RepeatOffset / RepeatExtent / CheckRepeatDst / CountRepeats

namespace AscendC {

// kernel_struct_data_copy.h.
struct CopyRepeatParams {
    __aicore__ CopyRepeatParams() {}
    __aicore__ CopyRepeatParams(const uint16_t dstStrideIn, const uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                                uint16_t srcRepeatSizeIn)
        : dstStride(dstStrideIn),
          srcStride(srcStrideIn),
          dstRepeatSize(dstRepeatSizeIn),
          srcRepeatSize(srcRepeatSizeIn) {}
    uint16_t dstStride = 1;  // DEFAULT_DATA_COPY_STRIDE
    uint16_t srcStride = 1;
    uint16_t dstRepeatSize = DEFAULT_REPEAT_STRIDE;
    uint16_t srcRepeatSize = DEFAULT_REPEAT_STRIDE;
};

}  // namespace AscendC

namespace ascendc_sim {

template <typename T>
void CopyRepeats(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 uint64_t lanes, int64_t repeatTime, const AscendC::CopyRepeatParams& p, bool counter) {
    CoreContext& c = Core();
    constexpr uint64_t kPerRepeat = 256 / sizeof(T);
    if (p.dstRepeatSize > 4095 || p.srcRepeatSize > 4095) {
        Fail(api, Str("dstRepeatSize ", p.dstRepeatSize, " / srcRepeatSize ", p.srcRepeatSize, " outside [0, 4095]"));
    }
    if (repeatTime == 0) return;  // documented NOP
    if (lanes < 1 || (!counter && lanes > kPerRepeat)) {
        Fail(api, Str("mask ", lanes, " outside [1, ", kPerRepeat, "] (Normal mode)"));
    }
    const int64_t m = static_cast<int64_t>(lanes);
    const FlowOperand dstOp{
        Footprint::Repeats(dst.UbOffset(), sizeof(T), lanes, repeatTime, p.dstStride, p.dstRepeatSize)};
    const FlowOperand srcOp{
        Footprint::Repeats(src.UbOffset(), sizeof(T), lanes, repeatTime, p.srcStride, p.srcRepeatSize)};
    T* d = dst.Operand(api, "dst", RepeatExtent<T>(m, repeatTime, p.dstStride, p.dstRepeatSize), &dstOp.fp);
    const T* s = src.Operand(api, "src", RepeatExtent<T>(m, repeatTime, p.srcStride, p.srcRepeatSize), &srcOp.fp);
    CheckRepeatDst(api, d, p.dstStride, p.dstRepeatSize, s, p.srcStride, p.srcRepeatSize, lanes, repeatTime);
    std::vector<T> held(lanes);  // a repeat reads before it writes
    for (int64_t r = 0; r < repeatTime; ++r) {
        for (int64_t i = 0; i < m; ++i) held[i] = s[RepeatOffset<T>(r, i, p.srcStride, p.srcRepeatSize)];
        for (int64_t i = 0; i < m; ++i) d[RepeatOffset<T>(r, i, p.dstStride, p.dstRepeatSize)] = held[i];
    }
    Propagate(c, api, Flow::kElementwise, {dstOp}, {srcOp});
    CountRepeats(c, VecClass::kSimple, repeatTime);
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isSetMask = true>
__aicore__ inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask,
                            const uint8_t repeatTime, const CopyRepeatParams& repeatParams,
                            ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "Copy";
    CoreContext& c = Core();
    Poll(c);
    if (Soc(c).version == SocVersion::kAscend310P) Fail(api, Str("not available on ", Soc(c).name));
    RequireType<T>(api, kOneOf<T, int16_t, uint16_t, half, Bf16, int32_t, uint32_t, float>);
    uint64_t lanes = mask;
    if constexpr (!isSetMask) {  // the mask register: Counter mode counts each repeat's elements (约束说明)
        lanes = c.mask.counter ? c.mask.low : PlanMask<T, false>(api, mask, repeatTime).mask;
    }
    CopyRepeats(api, dst, src, lanes, repeatTime, repeatParams, c.mask.counter);
}

template <typename T, bool isSetMask = true>
__aicore__ inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
                            const uint8_t repeatTime, const CopyRepeatParams& repeatParams,
                            ascendc_sim::CallSite = {}) {
    Copy<T, isSetMask>(dst, src, isSetMask ? ascendc_sim::BitMaskLanes<T>("Copy", mask) : 0, repeatTime, repeatParams);
}

}  // namespace AscendC
