// aclnnAscendopsFusedSwigluGrad: the whole SwiGLU backward in one call - the b kernel (dg, dfc into the workspace,
// db_g, db_fc), then the w kernel (dw_g, dw_fc), then the x kernel (dx), on one stream in that order. The twin's
// implementation; on the NPU the same sequence is composed from the opp package's three generated aclnn pairs
// (aclnn_fused_swiglu_grad.h says how).
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aclnn_fused_swiglu_grad.h"
#include "common/aclnn_context.h"
#include "common/kernel_launch.h"
#include "common/tensor_util.h"
#include "fused_swiglu_grad_common.h"
#include "fused_swiglu_grad_kernels.h"
#include "op_host/common/tiling_util.h"
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"

namespace ascendops::fused_swiglu_grad {
namespace {

constexpr uint32_t kAivPerAic = 2;  // the w and x kernels are KERNEL_TYPE_MIX_AIC_1_2
enum Arg { kDy, kG, kFc, kX, kWg, kWfc, kDx, kDwG, kDwFc, kDbG, kDbFc, kArgCount };
constexpr const char* kArgNames[kArgCount] = {"dy", "g",    "fc",    "x",    "w_g",  "w_fc",
                                              "dx", "dw_g", "dw_fc", "db_g", "db_fc"};

struct Plan {
    BTilingResult b;
    WTilingResult w;
    XTilingResult x;
    uint64_t dgOffset, dfcOffset, kernelOffset;  // workspace: [dg][dfc][kernel workspace][staged inputs]
    StagedInputs staged;
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
    const uint64_t kernelBytes = std::max({p.b.workspaceBytes, p.w.workspaceBytes, p.x.workspaceBytes});
    auto staged = StageInputs(std::vector<TensorView>(a.begin(), a.begin() + 6), p.kernelOffset + kernelBytes);
    if (!staged) return staged.error();
    p.staged = *staged;
    return p;
}

// The three launches run one after another on the stream: modeled times and roofline bytes add, the per-core costs
// are listed launch after launch; tiling key 0 (no single kernel's), blockDim the widest launch's.
LaunchReport Serial(const LaunchReport (&r)[3]) {
    LaunchReport all;
    all.launched = true;
    all.stats.kernel = "fused_swiglu_grad (b, w, x)";
    for (const LaunchReport& one : r) {
        const ascendc_sim::ModeledTime& t = one.stats.modeled;
        all.stats.blockDim = std::max(all.stats.blockDim, one.stats.blockDim);
        all.stats.soc = one.stats.soc;  // no span trace: three timelines are no one core's
        all.stats.cores.insert(all.stats.cores.end(), one.stats.cores.begin(), one.stats.cores.end());
        all.stats.modeled.deviceUs += t.deviceUs;
        all.stats.modeled.slowestCoreUs += t.slowestCoreUs;
        all.stats.modeled.bandwidthUs += t.bandwidthUs;
        all.stats.modeled.launchUs += t.launchUs;
        all.rooflineBytes += one.rooflineBytes;
        all.rooflineUs += one.rooflineUs;
        all.parts.emplace_back(one.stats.kernel, t.deviceUs);
    }
    return all;
}

Result<LaunchReport> RunAll(const Plan& p, const std::vector<TensorView>& a, uint8_t* ws, aclrtStream stream) {
    const std::vector<TensorView> inputs(a.begin(), a.begin() + 6);
    const std::vector<uint8_t*> in = p.staged.Addresses(inputs, ws);
    uint8_t* dg = ws + p.dgOffset;
    uint8_t* dfc = ws + p.dfcOffset;
    uint8_t* kernelWs = ws + p.kernelOffset;
    const uint64_t mn = uint64_t{p.b.data.rows} * p.b.data.cols * sizeof(uint16_t);
    const uint64_t kn = uint64_t{p.w.data.k} * p.w.data.n * sizeof(uint16_t);
    const uint64_t mk = uint64_t{p.x.data.rows} * p.x.data.k * sizeof(uint16_t);
    const uint64_t db = uint64_t{p.b.data.cols} * sizeof(uint16_t);
    LaunchReport reports[3];
    const KernelLaunch kb{"fused_swiglu_grad_b", p.b.blockDim, p.b.tilingKey, 5 * mn + 2 * db};
    auto rb = LaunchKernel(stream, kb, &fused_swiglu_grad_b_default, p.b.data, in[kDy], in[kG], in[kFc], dg, dfc,
                           a[kDbG].ElementAddress(), a[kDbFc].ElementAddress(), kernelWs);
    if (!rb) return rb.error();
    reports[0] = *rb;
    const KernelLaunch kw{"fused_swiglu_grad_w", p.w.blockDim, p.w.tilingKey, mk + 2 * mn + 2 * kn, kAivPerAic};
    auto rw = LaunchKernel(stream, kw, &fused_swiglu_grad_w_default, p.w.data, in[kX], dg, dfc,
                           a[kDwG].ElementAddress(), a[kDwFc].ElementAddress(), kernelWs);
    if (!rw) return rw.error();
    reports[1] = *rw;
    const KernelLaunch kx{"fused_swiglu_grad_x", p.x.blockDim, p.x.tilingKey, 2 * mn + 2 * kn + mk, kAivPerAic};
    auto rx = LaunchKernel(stream, kx, &fused_swiglu_grad_x_default, p.x.data, dg, dfc, in[kWg], in[kWfc],
                           a[kDx].ElementAddress(), kernelWs);
    if (!rx) return rx.error();
    reports[2] = *rx;
    return Serial(reports);
}

aclnnStatus Build(const std::vector<TensorView>& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    auto plan = MakePlan(a, CurrentPlatform());
    if (!plan) return Fail(plan.error());
    if (auto e = CheckOutputs(a)) return Fail(*e);
    auto exec = std::make_unique<aclOpExecutor>();
    exec->op = "FusedSwigluGrad";
    if (plan->b.data.rows == 0) {  // M = 0: dx empty; dw and db are sums over no rows: zero
        exec->run = [a](void*, uint64_t, aclrtStream) -> Result<LaunchReport> {
            for (int i = kDwG; i < kArgCount; ++i) {
                const uint64_t bytes = a[i].Numel() * sizeof(uint16_t);
                aclrtMemset(a[i].ElementAddress(), bytes, 0, bytes);
            }
            return LaunchReport{};
        };
        *workspaceSize = 0;
        *executor = exec.release();
        return 0;
    }
    exec->workspaceSize = plan->staged.total;
    exec->run = [p = *plan, a](void* ws, uint64_t, aclrtStream stream) {
        return RunAll(p, a, static_cast<uint8_t*>(ws), stream);
    };
    *workspaceSize = exec->workspaceSize;
    *executor = exec.release();
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
    auto args = sg::ReadViews(tensors, sg::kArgNames, sg::kArgCount);
    if (!args) return ascendops::Fail(args.error());
    return sg::Build(*args, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsFusedSwigluGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                     aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
