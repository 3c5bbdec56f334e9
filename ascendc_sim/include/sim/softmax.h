// SoftMax of the last axis (lib/activation/softmax.h, SoftMax.md) in ND layout, LogSoftMax and AdjustSoftMaxRes. Per
// row of srcM: max, e = exp(x - max), sum of e, dst = e / sum, computed in float and rounded once to T; the row's max
// and sum are written to every element of its 32-byte block of maxTensor / sumTensor (32 / sizeof(T) elements a row).
// The shape is the call's SoftMaxShapeInfo, else the tiling's srcM x srcK. NZ input and a config's
// SOFTMAX_OUTPUT_WITHOUT_BRC mode are refused by name; the temporary buffer must be a live tensor.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernel_tiling/kernel_tiling.h"
#include "sim/data_format.h"
#include "sim/pipe.h"
#include "sim/reduce.h"
#include "sim/scalar_math.h"
#include "sim/sync.h"
#include "sim/vector_core.h"
#include "sim/vector_ops.h"

namespace AscendC {

// 8.1.RC1 impl/activation/softmax/softmax_common/softmax_common_utils.h
struct SoftMaxShapeInfo {
    uint32_t srcM{0};
    uint32_t srcK{0};
    uint32_t oriSrcM{0};
    uint32_t oriSrcK{0};
};

// 8.1.RC1 lib/activation/softmax_utils.h
enum class SoftmaxMode { SOFTMAX_NORMAL = 0, SOFTMAX_OUTPUT_WITHOUT_BRC = 1 };
struct SoftmaxConfig {
    __aicore__ constexpr SoftmaxConfig(const bool isCheckTilingIn) : isCheckTiling(isCheckTilingIn) {}
    __aicore__ constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn,
                                       const SoftmaxMode modeIn = SoftmaxMode::SOFTMAX_NORMAL)
        : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn), mode(modeIn) {}
    bool isCheckTiling = true;
    uint32_t oriSrcM = 0;
    uint32_t oriSrcK = 0;
    SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};

}  // namespace AscendC

namespace ascendc_sim {

// A row's sum as the vector unit reduces it: the binary tree per 256-byte repeat, the repeats' sums again by it
// (sim/reduce.h, ReduceSum.md).
inline float RowTreeSum(const float* v, uint32_t k) {
    constexpr uint32_t kPerRepeat = 64;
    std::vector<float> sums;
    for (uint32_t at = 0; at < k; at += kPerRepeat)
        sums.push_back(TreeSum<float>(v + at, std::min(kPerRepeat, k - at)));
    return sums.empty() ? 0.0f : TreeSumRounds<float>(sums, kPerRepeat);
}

struct SoftMaxRowsOf {
    uint32_t m, k;
};

inline SoftMaxRowsOf SoftMaxShapeOf(const char* api, const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& s,
                                    uint32_t typeBytes) {
    const SoftMaxRowsOf r = s.srcM != 0 ? SoftMaxRowsOf{s.srcM, s.srcK} : SoftMaxRowsOf{tiling.srcM, tiling.srcK};
    if (r.k * typeBytes % 32 != 0) Fail(api, Str("srcK ", r.k, " is not 32-byte aligned (SoftMax.md)"));
    if (s.srcM != 0 && s.oriSrcK != 0 && s.oriSrcK != s.srcK)
        Fail(api,
             Str("SoftMaxShapeInfo.oriSrcK ", s.oriSrcK, " != srcK ", s.srcK, ": padded columns are not modelled"));
    return r;
}

// The checks every SoftMax-family call starts with; the rows x columns it computes.
template <typename T>
SoftMaxRowsOf SoftMaxBegin(CoreContext& c, const char* api, const AscendC::LocalTensor<uint8_t>* tmp,
                           const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info) {
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    if (tmp != nullptr) tmp->CheckLive(api);
    return SoftMaxShapeOf(api, tiling, info, sizeof(T));
}

// SoftMax over rows of `src` (LogSoftMax: log10 of it); sum / max (nullptr: the overloads without them) get a
// 32-byte block per row.
template <typename T, bool isDataFormatNZ, const AscendC::SoftmaxConfig& config, bool log10Out = false>
void SoftMaxRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>* sum,
                 const AscendC::LocalTensor<T>* max, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<uint8_t>* tmp, const SoftMaxTiling& tiling,
                 const AscendC::SoftMaxShapeInfo& info) {
    constexpr const char* kApi = log10Out ? "LogSoftMax" : "SoftMax";
    static_assert(!isDataFormatNZ, "SoftMax / LogSoftMax: isDataFormatNZ (NZ input) is not modelled by the twin");
    static_assert(config.mode == AscendC::SoftmaxMode::SOFTMAX_NORMAL,
                  "SoftMax: SoftmaxConfig mode SOFTMAX_OUTPUT_WITHOUT_BRC is not modelled by the twin");
    CoreContext& c = Core();
    const SoftMaxRowsOf r = SoftMaxBegin<T>(c, kApi, tmp, tiling, info);
    constexpr uint32_t kBlock = 32 / sizeof(T);
    const uint64_t n = uint64_t{r.m} * r.k;
    const T* s = src.Operand(kApi, "src", n);
    std::vector<T> in(s, s + n);  // dst may be src
    T* d = dst.Operand(kApi, "dst", n);
    T* sumOut = sum ? sum->Operand(kApi, "sumTensor", uint64_t{r.m} * kBlock) : nullptr;
    T* maxOut = max ? max->Operand(kApi, "maxTensor", uint64_t{r.m} * kBlock) : nullptr;
    std::vector<float> e(r.k);
    for (uint32_t row = 0; row < r.m; ++row) {
        const T* x = in.data() + uint64_t{row} * r.k;
        float hi = static_cast<float>(x[0]);
        for (uint32_t j = 1; j < r.k; ++j) hi = std::max(hi, static_cast<float>(x[j]));
        for (uint32_t j = 0; j < r.k; ++j) e[j] = fm::exp(static_cast<float>(x[j]) - hi);
        const float total = RowTreeSum(e.data(), r.k);
        for (uint32_t j = 0; j < r.k; ++j) {
            const float y = e[j] / total;
            d[uint64_t{row} * r.k + j] = T(log10Out ? fm::log(y) / 2.302585092994046f : y);
        }
        for (uint32_t b = 0; b < kBlock; ++b) {
            if (sumOut) sumOut[uint64_t{row} * kBlock + b] = T(total);
            if (maxOut) maxOut[uint64_t{row} * kBlock + b] = T(hi);
        }
        const FlowOperand rowIn{Footprint::Contiguous(src.UbOffset(uint64_t{row} * r.k), r.k, sizeof(T) * 8)};
        std::vector<FlowOperand> outs{{Footprint::Contiguous(dst.UbOffset(uint64_t{row} * r.k), r.k, sizeof(T) * 8)}};
        if (sum) outs.push_back({Footprint::Contiguous(sum->UbOffset(uint64_t{row} * kBlock), kBlock, sizeof(T) * 8)});
        if (max) outs.push_back({Footprint::Contiguous(max->UbOffset(uint64_t{row} * kBlock), kBlock, sizeof(T) * 8)});
        Propagate(c, kApi, Flow::kWhole, outs, std::vector<FlowOperand>{rowIn});
    }
    CountVector(c, VecClass::kTranscendental, n, sizeof(T));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                               const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                               const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                               const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ascendc_sim::SoftMaxRows<T, isDataFormatNZ, config>(dstTensor, &sumTensor, &maxTensor, srcTensor, &sharedTmpBuffer,
                                                        tiling, softmaxShapeInfo);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                               const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                               const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ascendc_sim::SoftMaxRows<T, isDataFormatNZ, config>(dstTensor, &sumTensor, &maxTensor, srcTensor, nullptr, tiling,
                                                        softmaxShapeInfo);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                               const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                               const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ascendc_sim::SoftMaxRows<T, false, config>(dstTensor, nullptr, nullptr, srcTensor, &sharedTmpBuffer, tiling,
                                               softmaxShapeInfo);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                               const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ascendc_sim::SoftMaxRows<T, false, config>(dstTensor, nullptr, nullptr, srcTensor, nullptr, tiling,
                                               softmaxShapeInfo);
}

// LogSoftMax: log10 of SoftMax's result (LogSoftMax.md of CANN 8.5 and asc-devkit's sample; its 8.0 page said ln),
// max and sum as SoftMax gives them.
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ inline void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sumTensor,
                                  const LocalTensor<T>& maxTensor, const LocalTensor<T>& src,
                                  const LocalTensor<uint8_t>& sharedTmpBuffer, const LogSoftMaxTiling& tiling,
                                  const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ascendc_sim::SoftMaxRows<T, isDataFormatNZ, SOFTMAX_DEFAULT_CFG, true>(dst, &sumTensor, &maxTensor, src,
                                                                           &sharedTmpBuffer, tiling, softmaxShapeInfo);
}

// Rows whose max (the first element of the row's block, or of each element with stepSizeMode 1) has the bits
// `from` get `to` in their srcK results; true when some row did (softmax_base_impl.h, AdjustSoftMaxRes.md).
template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>
__aicore__ inline bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes, const LocalTensor<T2>& maxTensor,
                                        const uint32_t from, const T1 to, const SoftMaxShapeInfo& softmaxShapeInfo) {
    static_assert(!isDataFormatNZ, "AdjustSoftMaxRes: isDataFormatNZ (NZ input) is not modelled by the twin");
    // the maxima are read by the scalar unit after the vector wrote them: the implementation's own V->S sync
    TPipe* pipe = GetTPipePtr();
    if (pipe == nullptr) ascendc_sim::Fail("AdjustSoftMaxRes", "needs a TPipe (its V->S event comes from it)");
    const auto id = static_cast<event_t>(pipe->FetchEventID(HardEvent::V_S));
    SetFlag<HardEvent::V_S>(id);
    WaitFlag<HardEvent::V_S>(id);
    const uint32_t step = stepSizeMode ? 1 : 32 / sizeof(T2);
    const uint32_t m = softmaxShapeInfo.srcM, k = softmaxShapeInfo.srcK;
    bool any = false;
    for (uint32_t row = 0; row < m; ++row) {
        const T2 v = maxTensor.GetValue(row * step);
        uint32_t bits = 0;
        std::memcpy(&bits, &v, sizeof(T2));
        if (bits != (sizeof(T2) == 2 ? (from & 0xFFFFu) : from)) continue;
        any = true;
        Duplicate(softMaxRes[uint64_t{row} * k], to, static_cast<int32_t>(k));
    }
    return any;
}

}  // namespace AscendC
