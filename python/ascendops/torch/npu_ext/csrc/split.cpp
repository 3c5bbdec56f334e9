// Split on torch_npu: the OpDef's generated pair aclnnAscendopsSplit (op_api/aclnn_split.h) writing one contiguous
// tensor per piece; the input gathered densely on the device by at::Tensor::contiguous.
#include <c10/core/DeviceGuard.h>
#include <c10/core/WrapDimMinimal.h>

#include "aclnn_call.h"
#include "aclnn_split.h"
#include "kernels.h"

namespace ascendops::torch_npu_ext {

std::vector<at::Tensor> Split(const at::Tensor& x, c10::SymIntArrayRef split_sections, int64_t dim,
                              std::optional<c10::string_view>, int64_t) {
    const c10::DeviceGuard guard(x.device());
    const c10::IntArrayRef sections = C10_AS_INTARRAYREF_SLOW(split_sections);
    const int64_t axis = c10::maybe_wrap_dim(dim, x.dim());  // IndexError naming the range, before any work
    std::vector<at::Tensor> outs;
    for (const int64_t length : sections) {
        std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
        shape[axis] = length;
        outs.push_back(at::empty(shape, x.options()));
    }
    const at::Tensor self = x.contiguous();
    auto args = std::make_shared<AclArgs>(x.device());
    aclTensor* selfT = args->Tensor(self, "x");
    aclIntArray* sectionsA = args->IntArray(sections);
    aclTensorList* outL = args->TensorList(outs, "out");
    RunAclnn(
        "aclnnAscendopsSplit", args,
        [&](uint64_t* size, aclOpExecutor** ex) {
            return aclnnAscendopsSplitGetWorkspaceSize(selfT, sectionsA, dim, outL, size, ex);
        },
        &aclnnAscendopsSplit, x.device());
    return outs;
}

}  // namespace ascendops::torch_npu_ext
