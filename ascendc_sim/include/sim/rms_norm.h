// RmsNorm of lib/normalization (RmsNorm.md): per row of H of a [B, S, H] source,
//   dst = src / sqrt(sum(src^2) * reciprocalOfHLength + epsilon) * gamma,
// in float (a half source is cast first), rounded once to T; the sum of squares by the reductions' binary tree per
// 64-float repeat and the repeats' sums again (sim/reduce.h). The shape comes from the kernel's RmsNormTiling
// (bLength, sLength, hLength; 1 / the unpadded H); the temporary buffer, when passed, must be a live tensor.
#pragma once
#include <cstdint>
#include <vector>

#include "kernel_tiling/kernel_tiling.h"
#include "sim/reduce.h"
#include "sim/scalar_math.h"
#include "sim/vector_core.h"

namespace ascendc_sim {

template <typename T>
void RmsNormRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<uint8_t>* tmp, T epsilon,
                 const RmsNormTiling& tiling) {
    constexpr const char* kApi = "RmsNorm";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(kApi, kFloatTypes<T>);
    if (tmp != nullptr) tmp->CheckLive(kApi);
    const uint32_t h = tiling.hLength;
    if (h == 0 || h * sizeof(T) % 32 != 0)
        Fail(kApi, Str("tiling.hLength ", h, " must be positive and 32-byte aligned (RmsNorm.md)"));
    if (dst.UbOffset() == gamma.UbOffset()) Fail(kApi, "dstLocal and gammaLocal must not share space (RmsNorm.md)");
    const uint64_t rows = uint64_t{tiling.bLength} * tiling.sLength;
    T* d = dst.Operand(kApi, "dstLocal", rows * h);
    const T* s = src.Operand(kApi, "srcLocal", rows * h);
    const T* g = gamma.Operand(kApi, "gammaLocal", h);
    constexpr int64_t kFloatsPerRepeat = 64;
    std::vector<float> squares(h);
    for (uint64_t r = 0; r < rows; ++r) {
        const T* row = s + r * h;
        for (uint32_t j = 0; j < h; ++j) squares[j] = static_cast<float>(row[j]) * static_cast<float>(row[j]);
        std::vector<float> sums;
        for (int64_t at = 0; at < h; at += kFloatsPerRepeat)
            sums.push_back(TreeSum<float>(squares.data() + at, std::min<int64_t>(kFloatsPerRepeat, h - at)));
        const float meanSquare = TreeSumRounds<float>(sums, kFloatsPerRepeat) * tiling.reciprocalOfHLength;
        const float rms = fm::sqrt(meanSquare + static_cast<float>(epsilon));
        for (uint32_t j = 0; j < h; ++j) d[r * h + j] = T(static_cast<float>(row[j]) / rms * static_cast<float>(g[j]));
        Propagate(c, kApi, Flow::kWhole, {{Footprint::Contiguous(dst.UbOffset(r * h), h, sizeof(T) * 8)}},
                  {{Footprint::Contiguous(src.UbOffset(r * h), h, sizeof(T) * 8)}, CountOperand(gamma, h)});
    }
    CountVector(c, VecClass::kTranscendental, 4 * rows * h, sizeof(float));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isBasicBlock = false>
__aicore__ inline void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                               const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
                               const T epsilon, const RmsNormTiling& tiling, ascendc_sim::CallSite = {}) {
    ascendc_sim::RmsNormRows(dstLocal, srcLocal, gammaLocal, &sharedTmpBuffer, epsilon, tiling);
}
template <typename T, bool isBasicBlock = false>
__aicore__ inline void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                               const LocalTensor<T>& gammaLocal, const T epsilon, const RmsNormTiling& tiling,
                               ascendc_sim::CallSite = {}) {
    ascendc_sim::RmsNormRows(dstLocal, srcLocal, gammaLocal, nullptr, epsilon, tiling);
}

}  // namespace AscendC
