// RepeatSum / BlockSum: the repeat and block sums by the names the compiled headers give them. The 8.x headers
// declare WholeReduceSum / BlockReduceSum; the 9.x ones (the only ones that know dav-3510) declare ReduceRepeat /
// ReduceDataBlock<ReduceType::SUM> instead (asc-devkit include/basic_api/kernel_operator_vec_reduce_intf.h:41-82).
// A 9.x header set is recognised by its basic_api/reg_compute folder, which no 8.x set has.
#pragma once
#include "kernel_operator.h"
#include "op_kernel/common/kernel_family.h"

#if (defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510) || __has_include("basic_api/reg_compute/kernel_reg_compute_utils.h")
#define ASCENDOPS_REDUCE_9X 1
#else
#define ASCENDOPS_REDUCE_9X 0
#endif

namespace ascendops {
namespace ASCENDOPS_KERNEL_FAMILY {

// dst[r * dstRepStride] = the sum of repeat r's `mask` elements (src strides in 32-byte blocks).
template <typename T>
__aicore__ inline void RepeatSum(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, int32_t mask,
                                 int32_t repeatTime, int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride) {
#if ASCENDOPS_REDUCE_9X
    AscendC::ReduceRepeat<AscendC::ReduceType::SUM, T, T>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride,
                                                          srcRepStride);
#else
    AscendC::WholeReduceSum<T>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride);
#endif
}

// The sum of each 32-byte block of each repeat, 8 per repeat at dst[r * dstRepStride * 8].
template <typename T>
__aicore__ inline void BlockSum(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                                int32_t repeatTime, int32_t mask, int32_t dstRepStride, int32_t srcBlkStride,
                                int32_t srcRepStride) {
#if ASCENDOPS_REDUCE_9X
    AscendC::ReduceDataBlock<AscendC::ReduceType::SUM, T, T>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride,
                                                             srcRepStride);
#else
    AscendC::BlockReduceSum<T>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride);
#endif
}

}  // namespace ASCENDOPS_KERNEL_FAMILY
using namespace ASCENDOPS_KERNEL_FAMILY;
}  // namespace ascendops
