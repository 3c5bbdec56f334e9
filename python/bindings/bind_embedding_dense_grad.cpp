// EmbeddingDenseGrad bindings: both aclnn pairs on NumPy arrays, phase 1 alone (validation tests), the host
// tiling and the host overhead of phase 1.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "aclnn_embedding_dense_grad.h"
#include "common/aclnn_context.h"
#include "op_host/embedding_dense_grad/embedding_dense_grad_tiling.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

using namespace ascendops;
using namespace ascendops::embedding_dense_grad;
using bridge::DeviceTensor;

// The [numWeights, D] output, allocated only once every argument has passed phase 1's checks.
DeviceTensor CheckedOut(const DeviceTensor& grad, const DeviceTensor& indices, const DeviceTensor* pos,
                        int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq) {
    if (auto e = CheckBeforeOut(grad, indices, pos ? pos->Get() : nullptr, numWeights, paddingIdx, scaleGradByFreq)) {
        bridge::CheckAclnn(Fail(*e));
    }
    return DeviceTensor::Empty({numWeights, grad.Shape().back()}, DataType::kFloat);
}

// User level: raw indices (any rank), sorted by the composition (on the twin: its CPU stable sort).
py::array Backward(const py::array& grad, const py::array& indices, int64_t numWeights, int64_t paddingIdx,
                   bool scaleGradByFreq) {
    auto g = DeviceTensor::FromArray(grad);
    auto i = DeviceTensor::FromArray(indices);
    auto out = CheckedOut(g, i, nullptr, numWeights, paddingIdx, scaleGradByFreq);
    bridge::CallAclnn(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(g, i, numWeights, paddingIdx, scaleGradByFreq,
                                                                        out, ws, ex);
        },
        aclnnAscendopsEmbeddingDenseBackward);
    return out.ToArray();
}

// Phase 1 of the user-level call on Probe tensors of (shape, strides, dtype) specs (the fake kernel's and the
// torch front's check). Raises AclnnError as the call would.
void Check(const py::object& gradSpec, const py::object& indicesSpec, int64_t numWeights, int64_t paddingIdx,
           bool scaleGradByFreq) {
    const auto g = DeviceTensor::ProbeOf(gradSpec);
    const auto i = DeviceTensor::ProbeOf(indicesSpec);
    if (auto e = CheckBeforeOut(g, i, nullptr, numWeights, paddingIdx, scaleGradByFreq)) bridge::CheckAclnn(Fail(*e));
    const auto out = DeviceTensor::Probe({numWeights, g.Shape().back()}, DataType::kFloat);
    bridge::CheckBeforeAllocating([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(g, i, numWeights, paddingIdx, scaleGradByFreq, out,
                                                                    ws, ex);
    });
}

// Kernel level: sorted indices and pos_idx given.
py::array Sorted(const py::array& grad, const py::array& sortIndices, const py::array& posIdx, int64_t numWeights,
                 int64_t paddingIdx, bool scaleGradByFreq) {
    auto g = DeviceTensor::FromArray(grad);
    auto s = DeviceTensor::FromArray(sortIndices);
    auto p = DeviceTensor::FromArray(posIdx);
    auto out = CheckedOut(g, s, &p, numWeights, paddingIdx, scaleGradByFreq);
    bridge::CallAclnn(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(g, s, p, numWeights, paddingIdx, scaleGradByFreq,
                                                                    out, ws, ex);
        },
        aclnnAscendopsEmbeddingDenseGrad);
    return out.ToArray();
}

// Kernel level with the workspace filled with `fill` bytes before phase 2 (test hook: as in CANN's flow, nothing
// zeroes the workspace, so the kernel must not need it zeroed).
py::array SortedOnFilledWorkspace(const py::array& grad, const py::array& sortIndices, const py::array& posIdx,
                                  int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq, int fill) {
    auto g = DeviceTensor::FromArray(grad);
    auto s = DeviceTensor::FromArray(sortIndices);
    auto p = DeviceTensor::FromArray(posIdx);
    auto out = CheckedOut(g, s, &p, numWeights, paddingIdx, scaleGradByFreq);
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    bridge::CheckAclnn(aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(g, s, p, numWeights, paddingIdx,
                                                                        scaleGradByFreq, out, &size, &executor));
    bridge::DeviceBuffer workspace(size);
    bridge::CheckAcl(aclrtMemset(workspace.Get(), size, fill, size), "aclrtMemset");
    aclnnStatus status = 0;
    aclError synced = 0;
    {
        py::gil_scoped_release release;
        status = aclnnAscendopsEmbeddingDenseGrad(workspace.Get(), size, executor, nullptr);
        if (status == 0) synced = aclrtSynchronizeStream(nullptr);
    }
    bridge::CheckAclnn(status);
    bridge::CheckAcl(synced, "aclrtSynchronizeStream");
    return out.ToArray();
}

std::optional<DeviceTensor> Maybe(const py::object& a) {
    if (a.is_none()) return std::nullopt;
    return DeviceTensor::FromArray(a.cast<py::array>());
}

// Phase 1 only, with arguments a binding would never build (None = null tensor); pos_idx given selects the
// kernel-level entry. Returns {status, message, workspace_size}.
py::dict GetWorkspace(const py::object& grad, const py::object& indices, const py::object& posIdx, bool kernelLevel,
                      int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq, const py::object& outShape,
                      const py::object& outDtype) {
    auto g = Maybe(grad), i = Maybe(indices), p = Maybe(posIdx);
    std::optional<DeviceTensor> out;
    if (!outShape.is_none()) {
        out.emplace(DeviceTensor::Empty(outShape.cast<std::vector<int64_t>>(), bridge::DataTypeFromPy(outDtype)));
    }
    auto get = [](const std::optional<DeviceTensor>& t) { return t ? t->Get() : nullptr; };
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus status =
        kernelLevel ? aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(get(g), get(i), get(p), numWeights, paddingIdx,
                                                                       scaleGradByFreq, get(out), &workspace, &executor)
                    : aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(
                          get(g), get(i), numWeights, paddingIdx, scaleGradByFreq, get(out), &workspace, &executor);
    ascendops::DestroyExecutor(executor);  // never run
    return py::dict("status"_a = status, "message"_a = status == 0 ? std::string() : std::string(aclGetRecentErrMsg()),
                    "workspace_size"_a = workspace);
}

const char* CopyModeName(uint32_t mode) {
    static constexpr const char* kNames[] = {"BLOCK", "PAD", "SCALAR", "WINDOW"};
    return mode < 4 ? kNames[mode] : "UNKNOWN";
}

py::dict Tiling(const std::vector<int64_t>& gradShape, int64_t indicesNumel, int64_t numWeights, int64_t paddingIdx,
                bool scaleGradByFreq, const std::string& soc, int64_t coreNum) {
    const Platform platform = bridge::PlatformArg(soc, coreNum);
    TilingInput in;
    in.gradShape = gradShape;
    in.indicesNumel = indicesNumel;
    in.numWeights = numWeights;
    in.paddingIdx = paddingIdx;
    in.scaleGradByFreq = scaleGradByFreq;
    auto r = ComputeTiling(in, platform);
    if (!r) bridge::CheckAclnn(Fail(r.error()));
    const EmbeddingDenseGradTilingData& t = r->data;
    py::list starts, counts;
    for (uint32_t c = 0; c < t.usedCoreNum; ++c) {
        starts.append(EdgRowStart(t, c));
        counts.append(EdgRowCount(t, c));
    }
    py::dict d("block_dim"_a = r->blockDim, "workspace_bytes"_a = r->workspaceBytes, "num_rows"_a = t.numRows,
               "dim_size"_a = t.dimSize, "num_weights"_a = t.numWeights, "padding_idx"_a = t.paddingIdx,
               "scale_grad_by_freq"_a = t.scaleGradByFreq != 0, "copy_mode"_a = CopyModeName(t.copyMode),
               "used_core_num"_a = t.usedCoreNum, "former_core_num"_a = t.formerCoreNum,
               "former_row_num"_a = t.formerRowNum, "tail_row_num"_a = t.tailRowNum, "col_chunk"_a = t.colChunk,
               "col_chunk_num"_a = t.colChunkNum, "last_col_chunk"_a = t.lastColChunk, "idx_batch"_a = t.idxBatch,
               "group_rows"_a = t.groupRows, "ub_bytes"_a = r->ubBytes, "ub_capacity"_a = platform.UbUsableBytes(),
               "core_row_starts"_a = starts, "core_row_counts"_a = counts);
    bridge::AddKey(d, kEmbeddingDenseGradKeyNames, r->tilingKey);
    return d;
}

// Median wall time of aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize (checks + tiling + executor), microseconds.
double HostOverheadUs(const std::vector<int64_t>& gradShape, int64_t numWeights, bool scaleGradByFreq, int repeats) {
    auto g = DeviceTensor::Empty(gradShape, DataType::kFloat);
    int64_t n = 1;
    for (size_t d = 0; d + 1 < gradShape.size(); ++d) n *= gradShape[d];
    auto i = DeviceTensor::Empty({n}, DataType::kInt32);
    auto out = DeviceTensor::Empty({numWeights, gradShape.back()}, DataType::kFloat);
    return bridge::MedianPhase1Us(repeats, [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(g, i, numWeights, -1, scaleGradByFreq, out, ws, ex);
    });
}

}  // namespace

void Bind_embedding_dense_grad(py::module_& m) {
    m.def("embedding_dense_backward", &Backward, "grad"_a, "indices"_a, "num_weights"_a, "padding_idx"_a,
          "scale_grad_by_freq"_a, "aclnnAscendopsEmbeddingDenseBackward (raw indices) on the current device");
    m.def("embedding_dense_backward_check", &Check, "grad_spec"_a, "indices_spec"_a, "num_weights"_a, "padding_idx"_a,
          "scale_grad_by_freq"_a,
          "phase 1 of aclnnAscendopsEmbeddingDenseBackward on (shape, strides, dtype) specs: raises as the call would");
    m.def("embedding_dense_grad", &Sorted, "grad"_a, "sort_indices"_a, "pos_idx"_a, "num_weights"_a, "padding_idx"_a,
          "scale_grad_by_freq"_a, "aclnnAscendopsEmbeddingDenseGrad (sorted indices + pos_idx)");
    m.def("embedding_dense_grad_on_filled_workspace", &SortedOnFilledWorkspace, "grad"_a, "sort_indices"_a, "pos_idx"_a,
          "num_weights"_a, "padding_idx"_a, "scale_grad_by_freq"_a, "fill"_a,
          "kernel level on a workspace of `fill` bytes (test hook: nothing zeroes it)");
    m.def("embedding_dense_grad_get_workspace", &GetWorkspace, "grad"_a, "indices"_a, "pos_idx"_a, "kernel_level"_a,
          "num_weights"_a, "padding_idx"_a, "scale_grad_by_freq"_a, "out_shape"_a, "out_dtype"_a,
          "phase 1 only (None = a null tensor)");
    m.def("embedding_dense_grad_tiling", &Tiling, "grad_shape"_a, "indices_numel"_a, "num_weights"_a,
          "padding_idx"_a = -1, "scale_grad_by_freq"_a = false, "soc"_a = "ascend310p", "core_num"_a = 0,
          "EmbeddingDenseGrad host tiling as a dict");
    m.def("embedding_dense_grad_host_overhead_us", &HostOverheadUs, "grad_shape"_a, "num_weights"_a,
          "scale_grad_by_freq"_a = false, "repeats"_a = 1001,
          "median microseconds of aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize");
    m.attr("embedding_dense_grad_key_names") = bridge::KeyNameDict(kEmbeddingDenseGradKeyNames);
}
