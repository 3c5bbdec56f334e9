// aclnnAscendopsFusedSwigluGrad: the whole SwiGLU backward in one call, on both backends - the b kernel (dg, dfc into
// the workspace, db_g, db_fc), then the w kernel (dw_g, dw_fc), then the x kernel (dx), on one stream in that order,
// each through its kernel-level pair (sub_call.h: op_api's own on the twin, the opp package's generated pair on the
// NPU). Strided inputs are made contiguous on the device first (device_steps.h).
#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aclnn_fused_swiglu_grad.h"
#include "common/aclnn_context.h"
#include "common/device_steps.h"
#include "common/sub_call.h"
#include "common/tensor_util.h"
#include "op_host/common/tiling_util.h"
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"

namespace ascendops::fused_swiglu_grad {
namespace {

enum Arg { kDy, kG, kFc, kX, kWg, kWfc, kDx, kDwG, kDwFc, kDbG, kDbFc, kArgCount };
constexpr const char* kArgNames[kArgCount] = {"dy", "g",    "fc",    "x",    "w_g",  "w_fc",
                                              "dx", "dw_g", "dw_fc", "db_g", "db_fc"};

struct Plan {
    BTilingResult b;
    WTilingResult w;
    XTilingResult x;
    uint64_t dgOffset, dfcOffset, kernelOffset;     // workspace: [dg][dfc][kernel workspace][staged inputs]
    uint64_t kernelBytes;                           // the largest of the three kernels' workspaces
    std::array<std::optional<uint64_t>, 6> staged;  // per input: its dense copy's offset, or none (used in place)
    uint64_t total;
};

std::optional<Error> CheckOutputs(const std::vector<TensorView>& a) {
    const int64_t m = a[kDy].shape[0], n = a[kDy].shape[1], k = a[kX].shape[1];
    const std::vector<int64_t> shapes[] = {{m, k}, {k, n}, {k, n}, {1, n}, {1, n}};
    for (int i = kDx; i < kArgCount; ++i) {
        const TensorView& o = a[i];
        if (auto e = CheckDtype(o, DataType::kBf16)) return e;
        if (o.shape != shapes[i - kDx]) {
            return InvalidParam(o.name + " shape " + ShapeString(o.shape) + " must be " + ShapeString(shapes[i - kDx]));
        }
        if (auto e = CheckContiguous(o)) return e;
    }
    return std::nullopt;
}

Result<Plan> MakePlan(const std::vector<TensorView>& a, const Platform& platform) {
    std::vector<int64_t> shapes[6];
    DataType dtypes[6];
    for (int i = 0; i < 6; ++i) shapes[i] = a[i].shape, dtypes[i] = a[i].dtype;
    if (auto e = CheckOperands(kSgOperands, 6, shapes, dtypes)) return *e;
    Plan p{};
    auto b = ComputeBTiling(BTilingInput{{shapes[kDy], shapes[kG], shapes[kFc]}}, platform);
    if (!b) return b.error();
    const std::vector<int64_t>& mn = shapes[kDy];
    auto w = ComputeWTiling(WTilingInput{{shapes[kX], mn, mn}}, platform);
    if (!w) return w.error();
    auto x = ComputeXTiling(XTilingInput{{mn, mn, shapes[kWg], shapes[kWfc]}}, platform);
    if (!x) return x.error();
    p.b = *b, p.w = *w, p.x = *x;
    const uint64_t dBytes = AlignUp(uint64_t(mn[0]) * mn[1] * sizeof(uint16_t), kBlockBytes);
    p.dgOffset = 0;
    p.dfcOffset = dBytes;
    p.kernelOffset = 2 * dBytes;
    p.kernelBytes = std::max({p.b.workspaceBytes, p.w.workspaceBytes, p.x.workspaceBytes});
    p.total = p.kernelOffset + p.kernelBytes;
    for (int i = 0; i < 6; ++i) {
        if (a[i].IsContiguous()) continue;
        p.staged[i] = p.total;
        p.total += AlignUp(a[i].Numel() * sizeof(uint16_t), kBlockBytes);
    }
    return p;
}

Result<LaunchReport> RunAll(const Plan& p, const std::vector<TensorView>& a, uint8_t* ws, aclrtStream stream) {
    std::vector<OwnedTensor> t;  // the eleven tensors as the kernel-level pairs see them
    for (int i = 0; i < kArgCount; ++i) {
        if (i < 6 && p.staged[i]) {
            if (auto e = device::MakeContiguous(a[i], ws + *p.staged[i], stream)) return *e;
            t.push_back(OwnedTensor::Dense(a[i].shape, DataType::kBf16, ws + *p.staged[i]));
        } else {
            t.push_back(OwnedTensor::Of(a[i]));
        }
    }
    const OwnedTensor dg = OwnedTensor::Dense(a[kDy].shape, DataType::kBf16, ws + p.dgOffset);
    const OwnedTensor dfc = OwnedTensor::Dense(a[kDy].shape, DataType::kBf16, ws + p.dfcOffset);
    uint8_t* kernelWs = ws + p.kernelOffset;
    std::vector<LaunchReport> reports;
    auto b = CallPair(
        "aclnnAscendopsFusedSwigluGradB",
        [&](uint64_t* size, aclOpExecutor** ex) {
            return aclnnAscendopsFusedSwigluGradBGetWorkspaceSize(t[kDy].Get(), t[kG].Get(), t[kFc].Get(), dg.Get(),
                                                                  dfc.Get(), t[kDbG].Get(), t[kDbFc].Get(), size, ex);
        },
        &aclnnAscendopsFusedSwigluGradB, kernelWs, p.kernelBytes, stream);
    if (!b) return b.error();
    reports.push_back(*b);
    auto w = CallPair(
        "aclnnAscendopsFusedSwigluGradW",
        [&](uint64_t* size, aclOpExecutor** ex) {
            return aclnnAscendopsFusedSwigluGradWGetWorkspaceSize(t[kX].Get(), dg.Get(), dfc.Get(), t[kDwG].Get(),
                                                                  t[kDwFc].Get(), size, ex);
        },
        &aclnnAscendopsFusedSwigluGradW, kernelWs, p.kernelBytes, stream);
    if (!w) return w.error();
    reports.push_back(*w);
    auto x = CallPair(
        "aclnnAscendopsFusedSwigluGradX",
        [&](uint64_t* size, aclOpExecutor** ex) {
            return aclnnAscendopsFusedSwigluGradXGetWorkspaceSize(dg.Get(), dfc.Get(), t[kWg].Get(), t[kWfc].Get(),
                                                                  t[kDx].Get(), size, ex);
        },
        &aclnnAscendopsFusedSwigluGradX, kernelWs, p.kernelBytes, stream);
    if (!x) return x.error();
    reports.push_back(*x);
    return InSequence(reports, "fused_swiglu_grad (b, w, x)");
}

aclnnStatus Build(const std::vector<TensorView>& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    auto plan = MakePlan(a, CurrentPlatform());
    if (!plan) return Fail(plan.error());
    if (auto e = CheckOutputs(a)) return Fail(*e);
    auto exec = std::make_unique<OpExecutor>();
    exec->op = "FusedSwigluGrad";
    if (plan->b.data.rows == 0) {  // M = 0: dx empty; dw and db are sums over no rows: zero
        exec->run = [a](void*, uint64_t, aclrtStream stream) -> Result<LaunchReport> {
            for (int i = kDwG; i < kArgCount; ++i) {
                if (auto e = device::Zero(a[i].ElementAddress(), a[i].Numel() * sizeof(uint16_t), stream)) return *e;
            }
            return LaunchReport{};
        };
        *workspaceSize = 0;
        *executor = ToHandle(exec.release());
        return 0;
    }
    exec->workspaceSize = plan->total;
    exec->run = [p = *plan, a](void* ws, uint64_t, aclrtStream stream) {
        return RunAll(p, a, static_cast<uint8_t*>(ws), stream);
    };
    *workspaceSize = exec->workspaceSize;
    *executor = ToHandle(exec.release());
    return 0;
}

}  // namespace
}  // namespace ascendops::fused_swiglu_grad

extern "C" aclnnStatus aclnnAscendopsFusedSwigluGradGetWorkspaceSize(
    const aclTensor* dy, const aclTensor* g, const aclTensor* fc, const aclTensor* x, const aclTensor* wG,
    const aclTensor* wFc, aclTensor* dx, aclTensor* dwG, aclTensor* dwFc, aclTensor* dbG, aclTensor* dbFc,
    uint64_t* workspaceSize, aclOpExecutor** executor) {
    ascendops::BeginCall();
    namespace sg = ascendops::fused_swiglu_grad;
    const aclTensor* tensors[] = {dy, g, fc, x, wG, wFc, dx, dwG, dwFc, dbG, dbFc};
    if (auto e = ascendops::CheckDevice()) return ascendops::Fail(*e);
    auto args = ascendops::ReadTensors(tensors, sg::kArgNames, sg::kArgCount);
    if (!args) return ascendops::Fail(args.error());
    return sg::Build(*args, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsFusedSwigluGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                     aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
