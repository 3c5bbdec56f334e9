// EmbeddingDenseGrad test hooks: phase 1 alone (either entry) and the kernel level on a filled workspace.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "aclnn_embedding_dense_grad.h"
#include "phase1_only.h"

namespace py = pybind11;
using namespace py::literals;
using namespace ascendops::test_hooks;

namespace {

using ascendops::bridge::CheckAcl;
using ascendops::bridge::CheckAclnn;
using ascendops::bridge::Raise;

// Kernel level with the workspace filled with `fill` bytes before phase 2 (as in CANN's flow, nothing zeroes the
// workspace, so the kernel must not need it zeroed).
py::array OnFilledWorkspace(const py::array& grad, const py::array& sortIndices, const py::array& posIdx,
                            int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq, int fill) {
    auto g = DeviceTensor::FromArray(grad);
    auto s = DeviceTensor::FromArray(sortIndices);
    auto p = DeviceTensor::FromArray(posIdx);
    if (auto e = ascendops::embedding_dense_grad::CheckBeforeOut(g, s, p, numWeights, paddingIdx, scaleGradByFreq)) {
        Raise(*e);
    }
    auto out = DeviceTensor::Empty({numWeights, g.Shape().back()}, ascendops::DataType::kFloat);
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    CheckAclnn(aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(g, s, p, numWeights, paddingIdx, scaleGradByFreq, out,
                                                                &size, &executor));
    ascendops::bridge::DeviceBuffer workspace(size);
    CheckAcl(aclrtMemset(workspace.Get(), size, fill, size), "aclrtMemset");
    aclnnStatus status = 0;
    aclError synced = 0;
    {
        py::gil_scoped_release release;
        status = aclnnAscendopsEmbeddingDenseGrad(workspace.Get(), size, executor, nullptr);
        if (status == 0) synced = aclrtSynchronizeStream(nullptr);
    }
    CheckAclnn(status);
    CheckAcl(synced, "aclrtSynchronizeStream");
    return out.ToArray();
}

// pos_idx given selects the kernel-level entry.
py::dict GetWorkspace(const py::object& grad, const py::object& indices, const py::object& posIdx, bool kernelLevel,
                      int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq, const py::object& outShape,
                      const py::object& outDtype) {
    const auto g = MaybeTensor(grad), i = MaybeTensor(indices), p = MaybeTensor(posIdx);
    const auto out = MaybeOut(outShape, outDtype);
    return Phase1Only([&](uint64_t* ws, aclOpExecutor** ex) {
        return kernelLevel
                   ? aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(Handle(g), Handle(i), Handle(p), numWeights,
                                                                      paddingIdx, scaleGradByFreq, Handle(out), ws, ex)
                   : aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(Handle(g), Handle(i), numWeights, paddingIdx,
                                                                          scaleGradByFreq, Handle(out), ws, ex);
    });
}

}  // namespace

void Bind_hooks_embedding_dense_grad(py::module_& m) {
    m.def("embedding_dense_grad_on_filled_workspace", &OnFilledWorkspace, "grad"_a, "sort_indices"_a, "pos_idx"_a,
          "num_weights"_a, "padding_idx"_a, "scale_grad_by_freq"_a, "fill"_a,
          "kernel level on a workspace of `fill` bytes (nothing zeroes it)");
    m.def("embedding_dense_grad_get_workspace", &GetWorkspace, "grad"_a, "indices"_a, "pos_idx"_a, "kernel_level"_a,
          "num_weights"_a, "padding_idx"_a, "scale_grad_by_freq"_a, "out_shape"_a, "out_dtype"_a,
          "phase 1 only (None = a null tensor)");
}
