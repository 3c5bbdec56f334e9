// The advanced Sum (lib/reduce/sum.h): per row of `outter`, dst[row] = the sum of the row's first n elements; rows
// are inner elements apart, inner being n rounded up to 32 bytes (Sum.md). Summed by the reductions' binary tree
// per 256-byte repeat, the repeats' sums again by it (sim/reduce.h TreeSum); the temporary buffer, when passed,
// must be a live tensor.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "sim/reduce.h"
#include "sim/vector_core.h"

namespace AscendC {

// 8.1.RC1 impl/reduce/sum/sum_common_impl.h
struct SumParams {
    uint32_t outter = 1;
    uint32_t inner;  // n rounded up to 32 bytes, in elements
    uint32_t n;      // the elements each row sums
};

}  // namespace AscendC

namespace ascendc_sim {

template <typename T>
void AdvancedSum(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<uint8_t>* tmp, const AscendC::SumParams& p) {
    constexpr const char* kApi = "Sum";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(kApi, kFloatTypes<T>);
    if (tmp != nullptr) tmp->CheckLive(kApi);
    if (p.inner * sizeof(T) % 32 != 0)
        Fail(kApi, Str("SumParams.inner ", p.inner, " is not a multiple of 32 bytes (Sum.md: n aligned to 32 B)"));
    if (p.n == 0 || p.n > p.inner) Fail(kApi, Str("SumParams.n ", p.n, " must be in [1, inner = ", p.inner, "]"));
    const T* s = src.Operand(kApi, "src", uint64_t{p.outter} * p.inner);
    T* d = dst.Operand(kApi, "dst", p.outter);
    constexpr int64_t kPerRepeat = 256 / sizeof(T);
    for (uint32_t row = 0; row < p.outter; ++row) {
        const T* r = s + uint64_t{row} * p.inner;
        std::vector<float> sums;
        for (int64_t at = 0; at < p.n; at += kPerRepeat) {
            sums.push_back(TreeSum<T>(r + at, std::min<int64_t>(kPerRepeat, p.n - at)));
        }
        d[row] = T(TreeSumRounds<T>(sums, kPerRepeat));
        Propagate(c, kApi, Flow::kWhole, {{Footprint::Contiguous(dst.UbOffset(row), 1, sizeof(T) * 8)}},
                  {{Footprint::Contiguous(src.UbOffset(uint64_t{row} * p.inner), p.n, sizeof(T) * 8)}});
    }
    CountVector(c, VecClass::kReduce, uint64_t{p.outter} * p.inner, sizeof(T));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ inline void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const SumParams& sumParams,
                           ascendc_sim::CallSite = {}) {
    ascendc_sim::AdvancedSum(dstTensor, srcTensor, &sharedTmpBuffer, sumParams);
}
template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ inline void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SumParams& sumParams,
                           ascendc_sim::CallSite = {}) {
    ascendc_sim::AdvancedSum(dstTensor, srcTensor, nullptr, sumParams);
}

}  // namespace AscendC
