#include "aclnn_cast.h"

#include <limits>
#include <map>
#include <memory>
#include <string>

#include "common/aclnn_context.h"
#include "common/kernel_launch.h"
#include "common/tensor_util.h"
#include "op_host/cast/cast_tiling.h"

#define ASCENDOPS_SIM_KERNEL(entry, variant) \
    extern "C" void entry##_##variant(uint8_t* x, uint8_t* y, uint8_t* workspace, uint8_t* tiling);
#include "sim_kernels_cast.inc"
#undef ASCENDOPS_SIM_KERNEL

namespace ascendops::cast {
namespace {

using CastEntry = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

// Kernel instances by "<src>_<dst>_<arch>" (the build's instance names).
const std::map<std::string, CastEntry>& CastInstances() {
    static const std::map<std::string, CastEntry> instances = {
#define ASCENDOPS_SIM_KERNEL(entry, variant) {#variant, &entry##_##variant},
#include "sim_kernels_cast.inc"
#undef ASCENDOPS_SIM_KERNEL
    };
    return instances;
}

std::string InstanceName(CastType src, CastType dst, const Platform& platform) {
    return std::string(kCastTypeTags[static_cast<int>(src)]) + "_" + kCastTypeTags[static_cast<int>(dst)] + "_" +
           ArchVariant(platform);
}

aclnnStatus GetWorkspaceSize(const aclTensor* selfTensor, int64_t dstType, aclTensor* outTensor,
                             uint64_t* workspaceSize, aclOpExecutor** executor) {
    auto self = ReadTensor(selfTensor, "self");
    if (!self) return Fail(self.error());
    auto out = ReadTensor(outTensor, "out");
    if (!out) return Fail(out.error());
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    if (dstType != static_cast<int64_t>(out->dtype)) {  // the aclDataType number, as the generated aclnn passes it
        const bool inRange = dstType >= 0 && dstType <= std::numeric_limits<int32_t>::max();
        const DataTypeInfo* known = inRange ? FindDataType(static_cast<DataType>(dstType)) : nullptr;
        const std::string given = known != nullptr ? std::string(known->name) : std::to_string(dstType);
        return Fail(InvalidParam("dstType " + given + " must equal out dtype " + DataTypeName(out->dtype)));
    }
    const DataType dst = out->dtype;
    if (auto e = CheckSameShape(*self, *out)) return Fail(*e);
    if (auto e = CheckContiguous(*out)) return Fail(*e);

    const Platform platform = CurrentPlatform();
    auto exec = std::make_unique<OpExecutor>();
    exec->op = "Cast";
    const uint64_t n = self->Numel();
    if (auto e = CheckPair(self->dtype, dst, platform)) return Fail(*e);
    if (n == 0) {  // empty tensor: nothing to launch
        *workspaceSize = 0;
        *executor = ToHandle(exec.release());
        return 0;
    }
    auto tiling = ComputeTiling({n, self->dtype, dst}, platform);
    if (!tiling) return Fail(tiling.error());

    const std::string name = InstanceName(*ToCastType(self->dtype), *ToCastType(dst), platform);
    auto instance = CastInstances().find(name);
    if (instance == CastInstances().end()) {
        return Fail(TilingError("no Cast kernel instance " + name + " was built"));
    }
    // A strided self is gathered into the workspace first; the kernel reads dense memory.
    const bool dense = self->IsContiguous();
    const uint64_t selfBytes = n * DataTypeSize(self->dtype);
    exec->workspaceSize = dense ? 0 : selfBytes;
    KernelLaunch launch{"cast_" + name, tiling->blockDim, tiling->tilingKey, selfBytes + n * DataTypeSize(dst)};
    AddOutput(launch, *out);
    exec->run = [launch, fn = instance->second, td = tiling->data, selfView = *self, outView = *out, dense](
                    void* workspace, uint64_t, aclrtStream stream) -> Result<LaunchReport> {
        uint8_t* x = selfView.ElementAddress();
        if (!dense) {
            CopyToContiguous(selfView, static_cast<uint8_t*>(workspace));
            x = static_cast<uint8_t*>(workspace);
        }
        return LaunchKernel(stream, launch, fn, td, x, outView.ElementAddress(), static_cast<uint8_t*>(nullptr));
    };
    *workspaceSize = exec->workspaceSize;
    *executor = ToHandle(exec.release());
    return 0;
}

}  // namespace
}  // namespace ascendops::cast

extern "C" aclnnStatus aclnnAscendopsCastGetWorkspaceSize(const aclTensor* self, int64_t dstType, aclTensor* out,
                                                          uint64_t* workspaceSize, aclOpExecutor** executor) {
    ascendops::BeginCall();
    return ascendops::cast::GetWorkspaceSize(self, dstType, out, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsCast(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                          aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
