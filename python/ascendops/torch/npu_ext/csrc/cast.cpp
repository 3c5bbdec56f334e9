// Cast on torch_npu: the OpDef's generated pair aclnnAscendopsCast (op_api/aclnn_cast.h), input gathered densely on
// the device by at::Tensor::contiguous.
#include <c10/core/DeviceGuard.h>

#include "aclnn_call.h"
#include "aclnn_cast.h"
#include "kernels.h"

namespace ascendops::torch_npu_ext {

at::Tensor Cast(const at::Tensor& x, at::ScalarType dtype, std::optional<c10::string_view>, int64_t) {
    const c10::DeviceGuard guard(x.device());
    const int64_t dstType = AclDtypeOf(dtype, "dtype");
    const at::Tensor self = x.contiguous();
    at::Tensor out = at::empty(x.sizes(), x.options().dtype(dtype));
    auto args = std::make_shared<AclArgs>(x.device());
    aclTensor* selfT = args->Tensor(self, "x");
    aclTensor* outT = args->Tensor(out, "out");
    RunAclnn(
        "aclnnAscendopsCast", args,
        [&](uint64_t* size, aclOpExecutor** ex) {
            return aclnnAscendopsCastGetWorkspaceSize(selfT, dstType, outT, size, ex);
        },
        &aclnnAscendopsCast, x.device());
    return out;
}

}  // namespace ascendops::torch_npu_ext
