// FusedSwigluGrad on torch_npu: the three OpDefs' generated pairs queued in order on the current stream, b (dg, dfc,
// db), w (dw) and x (dx) (op_api/aclnn_fused_swiglu_grad.h), with dg and dfc from the caching allocator and the
// inputs gathered densely on the device; the same composition as the package's aclnnAscendopsFusedSwigluGrad.
#include <c10/core/DeviceGuard.h>

#include "aclnn_call.h"
#include "aclnn_fused_swiglu_grad.h"
#include "kernels.h"

namespace ascendops::torch_npu_ext {
namespace {

int64_t Dim(const at::Tensor& t, int64_t i) { return t.dim() > i ? t.size(i) : 0; }  // the pairs reject ranks

}  // namespace

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> FusedSwigluGrad(
    const at::Tensor& dy, const at::Tensor& g, const at::Tensor& fc, const at::Tensor& x, const at::Tensor& w_g,
    const at::Tensor& w_fc, std::optional<c10::string_view>, int64_t) {
    const c10::DeviceGuard guard(dy.device());
    const int64_t m = Dim(dy, 0), n = Dim(dy, 1), k = Dim(x, 1);
    const at::TensorOptions options = dy.options();
    at::Tensor dx = at::empty({m, k}, options), dwG = at::empty({k, n}, options), dwFc = at::empty({k, n}, options);
    at::Tensor dbG = at::empty({1, n}, options), dbFc = at::empty({1, n}, options);
    const at::Tensor dg = at::empty({m, n}, options), dfc = at::empty({m, n}, options);

    auto b = std::make_shared<AclArgs>(dy.device());
    const at::Tensor dyD = dy.contiguous(), gD = g.contiguous(), fcD = fc.contiguous();
    aclTensor *dyT = b->Tensor(dyD, "dy"), *gT = b->Tensor(gD, "g"), *fcT = b->Tensor(fcD, "fc");
    aclTensor *dgT = b->Tensor(dg, "dg"), *dfcT = b->Tensor(dfc, "dfc");
    aclTensor *dbGT = b->Tensor(dbG, "db_g"), *dbFcT = b->Tensor(dbFc, "db_fc");
    auto w = std::make_shared<AclArgs>(dy.device());
    const at::Tensor xD = x.contiguous();
    aclTensor *xT = w->Tensor(xD, "x"), *dgW = w->Tensor(dg, "dg"), *dfcW = w->Tensor(dfc, "dfc");
    aclTensor *dwGT = w->Tensor(dwG, "dw_g"), *dwFcT = w->Tensor(dwFc, "dw_fc");
    auto xa = std::make_shared<AclArgs>(dy.device());
    const at::Tensor wGD = w_g.contiguous(), wFcD = w_fc.contiguous();
    aclTensor *dgX = xa->Tensor(dg, "dg"), *dfcX = xa->Tensor(dfc, "dfc");
    aclTensor *wGT = xa->Tensor(wGD, "w_g"), *wFcT = xa->Tensor(wFcD, "w_fc"), *dxT = xa->Tensor(dx, "dx");
    if (m == 0) {  // sums over no rows: dw and db are zero, dx is empty, nothing to launch
        dwG.zero_(), dwFc.zero_(), dbG.zero_(), dbFc.zero_();
        return {dx, dwG, dwFc, dbG, dbFc};
    }
    const PreparedCall calls[] = {
        PreparedCall::Prepare(
            "aclnnAscendopsFusedSwigluGradB", b,
            [&](uint64_t* size, aclOpExecutor** ex) {
                return aclnnAscendopsFusedSwigluGradBGetWorkspaceSize(dyT, gT, fcT, dgT, dfcT, dbGT, dbFcT, size, ex);
            },
            &aclnnAscendopsFusedSwigluGradB, dy.device()),
        PreparedCall::Prepare(
            "aclnnAscendopsFusedSwigluGradW", w,
            [&](uint64_t* size, aclOpExecutor** ex) {
                return aclnnAscendopsFusedSwigluGradWGetWorkspaceSize(xT, dgW, dfcW, dwGT, dwFcT, size, ex);
            },
            &aclnnAscendopsFusedSwigluGradW, dy.device()),
        PreparedCall::Prepare(
            "aclnnAscendopsFusedSwigluGradX", xa,
            [&](uint64_t* size, aclOpExecutor** ex) {
                return aclnnAscendopsFusedSwigluGradXGetWorkspaceSize(dgX, dfcX, wGT, wFcT, dxT, size, ex);
            },
            &aclnnAscendopsFusedSwigluGradX, dy.device()),
    };
    for (const PreparedCall& call : calls) call.Queue();  // b, then w and x, which read b's dg and dfc
    return {dx, dwG, dwFc, dbG, dbFc};
}

}  // namespace ascendops::torch_npu_ext
