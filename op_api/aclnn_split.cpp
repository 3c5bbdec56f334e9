#include "aclnn_split.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/aclnn_context.h"
#include "common/kernel_launch.h"
#include "common/list_tensor_desc.h"
#include "common/tensor_util.h"
#include "op_host/split/split_tiling.h"
#include "sim/acl_tensor.h"

#define ASCENDOPS_SIM_KERNEL(entry, variant) \
    extern "C" void entry##_##variant(uint8_t* x, uint8_t* y, uint8_t* workspace, uint8_t* tiling);
#include "sim_kernels_ascendops_split.inc"
#undef ASCENDOPS_SIM_KERNEL

namespace ascendops::split {
namespace {

using SplitEntry = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

// Kernel instances by "b<element bytes>_<arch>" (the build's instance names).
const std::map<std::string, SplitEntry>& SplitInstances() {
    static const std::map<std::string, SplitEntry> instances = {
#define ASCENDOPS_SIM_KERNEL(entry, variant) {#variant, &entry##_##variant},
#include "sim_kernels_ascendops_split.inc"
#undef ASCENDOPS_SIM_KERNEL
    };
    return instances;
}

std::string InstanceName(uint32_t elemBytes, const Platform& platform) {
    return "b" + std::to_string(elemBytes) + "_" + ArchVariant(platform);
}

// Every out[i]: present, contiguous, dtype of self, shape of self with shape[axis] = sections[i].
Result<std::vector<TensorView>> ReadOutputs(const aclTensorList* out, const TensorView& self,
                                            const std::vector<int64_t>& sections, uint32_t axis) {
    if (out->Size() != sections.size()) {
        return InvalidParam("out holds " + std::to_string(out->Size()) + " tensors, but splitSections has " +
                            std::to_string(sections.size()) + " pieces");
    }
    std::vector<TensorView> views;
    static const std::vector<std::string> kNames = [] {
        std::vector<std::string> names;
        for (uint32_t i = 0; i < kSplitMaxPieces; ++i) names.push_back("out[" + std::to_string(i) + "]");
        return names;
    }();
    for (uint64_t i = 0; i < out->Size(); ++i) {
        auto v = ReadTensor((*out)[i], kNames[i].c_str());
        if (!v) return v.error();
        if (auto e = CheckDtype(*v, self.dtype)) return *e;
        std::vector<int64_t> expected = self.shape;
        expected[axis] = sections[i];
        if (v->shape != expected) {
            return InvalidParam(v->name + " shape " + ShapeString(v->shape) + " must be " + ShapeString(expected) +
                                " (self shape with dim " + std::to_string(axis) + " = splitSections[" +
                                std::to_string(i) + "])");
        }
        if (auto e = CheckContiguous(*v)) return *e;
        views.push_back(*v);
    }
    return views;
}

// The executor's device work: a strided self gathered into the workspace (behind the kernel's own kernelBytes), the
// output list placed in device memory, then the launch.
decltype(OpExecutor::run) MakeRun(const KernelLaunch& launch, SplitEntry fn, const SplitTilingData& td,
                                  const TensorView& selfView, std::vector<uint64_t> descWords, bool dense,
                                  uint64_t kernelBytes) {
    return [launch, fn, td, selfView, descWords = std::move(descWords), dense, kernelBytes](
               void* workspace, uint64_t, aclrtStream stream) -> Result<LaunchReport> {
        uint8_t* x = selfView.ElementAddress();
        if (!dense) {
            x = static_cast<uint8_t*>(workspace) + kernelBytes;
            CopyToContiguous(selfView, x);
        }
        uint8_t* kernelWorkspace = kernelBytes != 0 ? static_cast<uint8_t*>(workspace) : nullptr;
        const uint64_t descBytes = descWords.size() * sizeof(uint64_t);
        void* desc = nullptr;
        if (aclrtMalloc(&desc, descBytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
            aclrtMemcpy(desc, descBytes, descWords.data(), descBytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
            if (desc != nullptr) aclrtFree(desc);
            return Error{Status::kRuntimeError, launch.kernel + ": cannot place the output list in device memory"};
        }
        auto report = LaunchKernel(stream, launch, fn, td, x, static_cast<uint8_t*>(desc), kernelWorkspace);
        aclrtFree(desc);
        return report;
    };
}

aclnnStatus GetWorkspaceSize(const aclTensor* selfTensor, const aclIntArray* splitSections, int64_t dim,
                             aclTensorList* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
    auto self = ReadTensor(selfTensor, "self");
    if (!self) return Fail(self.error());
    if (splitSections == nullptr) return Fail(NullPointer("splitSections is null"));
    if (out == nullptr) return Fail(NullPointer("out is null"));
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    if (auto e = split::CheckDtype(self->dtype)) return Fail(*e);
    std::vector<int64_t> sections;  // Size() / operator[]: how CANN's op_api code reads an aclIntArray
    for (uint64_t i = 0; i < splitSections->Size(); ++i) sections.push_back((*splitSections)[i]);
    auto axis = CheckShape(self->shape, sections, dim);
    if (!axis) return Fail(axis.error());
    auto outs = ReadOutputs(out, *self, sections, *axis);
    if (!outs) return Fail(outs.error());

    const Platform platform = CurrentPlatform();
    auto exec = std::make_unique<OpExecutor>();
    exec->op = "AscendopsSplit";
    const uint64_t n = self->Numel();
    if (n == 0) {  // empty input: every piece is empty too, nothing to launch
        *workspaceSize = 0;
        *executor = ToHandle(exec.release());
        return 0;
    }
    auto tiling = ComputeTiling({self->shape, self->dtype, sections, dim}, platform);
    if (!tiling) return Fail(tiling.error());
    const std::string name = InstanceName(tiling->data.elemBytes, platform);
    auto instance = SplitInstances().find(name);
    if (instance == SplitInstances().end()) {
        return Fail(TilingError("no Split kernel instance " + name + " was built"));
    }
    std::vector<std::vector<int64_t>> shapes;
    std::vector<const void*> data;
    for (const TensorView& v : *outs) {
        shapes.push_back(v.shape);
        data.push_back(v.ElementAddress());
    }
    const std::vector<uint64_t> descWords = ListTensorDescWords(shapes, data);

    // The kernel's workspace (the system reserve a MIX_VECTOR_CORE key needs) comes first; a strided self is
    // gathered behind it, and the kernel reads dense memory.
    const bool dense = self->IsContiguous();
    const uint64_t selfBytes = n * DataTypeSize(self->dtype);
    exec->workspaceSize = tiling->workspaceBytes + (dense ? 0 : selfBytes);
    KernelLaunch launch{"ascendops_split_" + name, tiling->blockDim, tiling->tilingKey, 2 * selfBytes};
    launch.vectorCores = tiling->vectorCores;
    for (const TensorView& v : *outs) AddOutput(launch, v);
    exec->run = MakeRun(launch, instance->second, tiling->data, *self, descWords, dense, tiling->workspaceBytes);
    *workspaceSize = exec->workspaceSize;
    *executor = ToHandle(exec.release());
    return 0;
}

}  // namespace
}  // namespace ascendops::split

extern "C" aclnnStatus aclnnAscendopsSplitGetWorkspaceSize(const aclTensor* self, const aclIntArray* splitSections,
                                                           int64_t dim, aclTensorList* out, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor) {
    ascendops::BeginCall();
    return ascendops::split::GetWorkspaceSize(self, splitSections, dim, out, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsSplit(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
