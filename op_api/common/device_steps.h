// The seam of a composition (aclnnAscendopsEmbeddingDenseBackward, aclnnAscendopsFusedSwigluGrad): the device steps
// it takes besides our kernels, queued on the call's stream in order with them; none moves data through the host.
// One definition per backend: device_steps_sim.cpp (the CPU twin: CPU implementations of the built-ins' documented
// semantics, device memory being host memory there) and device_steps_npu.cpp (CANN's built-in aclnn operators).
// Our kernels themselves are reached through their kernel-level aclnn pairs (sub_call.h).
#pragma once
#include <cstdint>
#include <optional>

#include "acl/acl.h"
#include "common/tensor_util.h"
#include "op_host/common/platform.h"

namespace ascendops::device {

// The view's elements, row-major, into `dense` (view.Numel() elements of view.dtype): aclnnInplaceCopy from the
// strided view into a contiguous tensor over `dense` (CANN: "supports non-contiguous tensors").
std::optional<Error> MakeContiguous(const TensorView& view, uint8_t* dense, aclrtStream stream);

// Raw indices (INT32 or INT64, any rank and strides, n elements) -> `sorted` (n INT32, ascending, stable) and `pos`
// (n INT32, each sorted element's flat row-major position in `indices`). A value outside the INT32 range becomes an
// index no row has (the kernel skips it like any invalid index): -1 on the twin; on the NPU the clamp to
// [-1, 2^31 - 1] (num_weights <= 2^31 - 1, so 2^31 - 1 is never a row). NPU: aclnnSort (stable), aclnnClamp,
// aclnnCast.
std::optional<Error> SortIndices(const TensorView& indices, int32_t* sorted, int32_t* pos, aclrtStream stream);

// `bytes` zero bytes at `dev`: aclrtMemsetAsync.
std::optional<Error> Zero(void* dev, uint64_t bytes, aclrtStream stream);

}  // namespace ascendops::device
