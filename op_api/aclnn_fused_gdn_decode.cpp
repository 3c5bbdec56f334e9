#include "aclnn_fused_gdn_decode.h"

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>

#include "common/aclnn_context.h"
#include "common/kernel_launch.h"
#include "common/tensor_util.h"
#include "op_host/common/tiling_util.h"
#include "op_host/fused_gdn_decode/fused_gdn_decode_tiling.h"

#define ASCENDOPS_SIM_KERNEL(entry, variant)                                                                     \
    extern "C" void entry##_##variant(uint8_t* mixedQkv, uint8_t* a, uint8_t* b, uint8_t* aLog, uint8_t* dtBias, \
                                      uint8_t* stateRef, uint8_t* indices, uint8_t* out, uint8_t* stateOut,      \
                                      uint8_t* workspace, uint8_t* tiling);
#include "sim_kernels_fused_gdn_decode.inc"
#undef ASCENDOPS_SIM_KERNEL

namespace ascendops::fused_gdn_decode {
namespace {

// The read-only inputs in kernel argument order; a strided one is gathered into the workspace first.
constexpr size_t kInputCount = 6;
constexpr const char* kInputNames[kInputCount] = {"mixedQkv", "a", "b", "aLog", "dtBias", "ssmStateIndices"};

// A Float attr arrives as double (the generated aclnn's type); the kernel computes in float. NaN and infinities pass
// through unchanged, so the tiling's finiteness rule names them; a finite value beyond float's range is rejected here.
Result<float> NarrowAttr(double value, const char* name) {
    if (std::isfinite(value) && std::fabs(value) > std::numeric_limits<float>::max()) {
        return InvalidParam(std::string(name) + " " + std::to_string(value) +
                            " is outside the float range (the kernel "
                            "computes in float)");
    }
    return static_cast<float>(value);
}

using GdnEntry = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*,
                          uint8_t*, uint8_t*);

// The twin compiles the kernel per core architecture of its SoCs (c220 = A2/A3, 3510 = ascend950), as CANN compiles
// it per SoC; an NPU build has its one entry for the SoC it was built for ("default").
GdnEntry KernelFor(const Platform& platform) {
    static const std::map<std::string, GdnEntry> instances = {
#define ASCENDOPS_SIM_KERNEL(entry, variant) {#variant, &entry##_##variant},
#include "sim_kernels_fused_gdn_decode.inc"
#undef ASCENDOPS_SIM_KERNEL
    };
    return InstanceFor(instances, platform);
}

// The executor: strided inputs gathered into the workspace (each at its own aligned offset), then the launch.
std::unique_ptr<OpExecutor> MakeExecutor(const TilingResult& tiling, const std::array<TensorView, kInputCount>& inputs,
                                         const TensorView& state, const TensorView& out) {
    auto exec = std::make_unique<OpExecutor>();
    exec->op = "FusedGdnDecode";
    std::array<uint64_t, kInputCount> gatherOffset{};
    uint64_t workspace = 0;
    uint64_t inputBytes = 0;
    for (size_t i = 0; i < kInputCount; ++i) {
        const uint64_t bytes = inputs[i].Numel() * DataTypeSize(inputs[i].dtype);
        inputBytes += bytes;
        gatherOffset[i] = workspace;
        if (!inputs[i].IsContiguous()) workspace += AlignUp(bytes, kBlockBytes);
    }
    // Roofline: every row's state slot read and written once (all indices valid), inputs read, out written.
    const FusedGdnDecodeTilingData& td = tiling.data;
    const uint64_t stateBytes = 2ull * td.b * td.stateSlotStride * DataTypeSize(state.dtype);
    KernelLaunch launch{"fused_gdn_decode", tiling.blockDim, tiling.tilingKey,
                        stateBytes + inputBytes + out.Numel() * DataTypeSize(out.dtype)};
    AddOutput(launch, out);
    AddOutput(launch, state);  // updated in place: slots no index names keep the bytes the caller wrote
    exec->workspaceSize = workspace;
    exec->run = [launch, td, inputs, gatherOffset, stateView = state, outView = out,
                 kernel = KernelFor(CurrentPlatform())](void* ws, uint64_t,
                                                        aclrtStream stream) -> Result<LaunchReport> {
        std::array<uint8_t*, kInputCount> args{};
        for (size_t i = 0; i < kInputCount; ++i) {
            args[i] = inputs[i].ElementAddress();
            if (!inputs[i].IsContiguous()) {
                args[i] = static_cast<uint8_t*>(ws) + gatherOffset[i];
                CopyToContiguous(inputs[i], args[i]);
            }
        }
        return LaunchKernel(stream, launch, kernel, td, args[0], args[1], args[2], args[3], args[4],
                            stateView.ElementAddress(), args[5], outView.ElementAddress(), stateView.ElementAddress(),
                            static_cast<uint8_t*>(nullptr));
    };
    return exec;
}

aclnnStatus GetWorkspaceSize(const std::array<const aclTensor*, kInputCount>& inputTensors, aclTensor* stateTensor,
                             double scaleAttr, double softplusAttr, aclTensor* outTensor, uint64_t* workspaceSize,
                             aclOpExecutor** executor) {
    std::array<TensorView, kInputCount> inputs;
    for (size_t i = 0; i < kInputCount; ++i) {
        auto view = ReadTensor(inputTensors[i], kInputNames[i]);
        if (!view) return Fail(view.error());
        inputs[i] = *view;
    }
    auto state = ReadTensor(stateTensor, "stateRef");
    if (!state) return Fail(state.error());
    auto out = ReadTensor(outTensor, "out");
    if (!out) return Fail(out.error());
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    auto scale = NarrowAttr(scaleAttr, "scale");
    if (!scale) return Fail(scale.error());
    auto softplusThreshold = NarrowAttr(softplusAttr, "softplusThreshold");
    if (!softplusThreshold) return Fail(softplusThreshold.error());
    if (auto e = CheckContiguous(*state)) return Fail(*e);  // updated in place: no gather / scatter round trip
    if (auto e = CheckContiguous(*out)) return Fail(*e);

    const auto& [mixed, a, b, aLog, dtBias, indices] = inputs;
    TilingInput in{mixed.shape,   a.shape,      b.shape,       aLog.shape, dtBias.shape, state->shape,
                   indices.shape, out->shape,   mixed.dtype,   a.dtype,    b.dtype,      aLog.dtype,
                   dtBias.dtype,  state->dtype, indices.dtype, out->dtype, *scale,       *softplusThreshold};
    const Platform platform = CurrentPlatform();
    auto tiling = ComputeTiling(in, platform);
    if (!tiling) return Fail(tiling.error());

    auto exec = MakeExecutor(*tiling, inputs, *state, *out);
    *workspaceSize = exec->workspaceSize;
    *executor = ToHandle(exec.release());
    return 0;
}

}  // namespace
}  // namespace ascendops::fused_gdn_decode

extern "C" aclnnStatus aclnnAscendopsFusedGdnDecodeGetWorkspaceSize(const aclTensor* mixedQkv, const aclTensor* a,
                                                                    const aclTensor* b, const aclTensor* aLog,
                                                                    const aclTensor* dtBias, aclTensor* stateRef,
                                                                    const aclTensor* ssmStateIndices, double scale,
                                                                    double softplusThreshold, aclTensor* out,
                                                                    uint64_t* workspaceSize, aclOpExecutor** executor) {
    ascendops::BeginCall();
    return ascendops::fused_gdn_decode::GetWorkspaceSize({mixedQkv, a, b, aLog, dtBias, ssmStateIndices}, stateRef,
                                                         scale, softplusThreshold, out, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsFusedGdnDecode(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                    aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
