// EmbeddingDenseGrad bindings: both aclnn pairs on NumPy arrays, their checks and the host tiling.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

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

// The [numWeights, D] output, allocated only once every argument has passed phase 1's checks and `moreChecks`.
template <typename MoreChecks>
DeviceTensor CheckedOut(const DeviceTensor& grad, const DeviceTensor& indices, const DeviceTensor* pos,
                        int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq, MoreChecks&& moreChecks) {
    if (auto e = CheckBeforeOut(grad, indices, pos ? pos->Get() : nullptr, numWeights, paddingIdx, scaleGradByFreq)) {
        bridge::Raise(*e);
    }
    moreChecks();
    return DeviceTensor::Empty({numWeights, grad.Shape().back()}, DataType::kFloat);
}

// User level: raw indices (any rank), sorted by the composition (on the twin: its CPU stable sort).
py::array Backward(const py::array& grad, const py::array& indices, int64_t numWeights, int64_t paddingIdx,
                   bool scaleGradByFreq) {
    auto g = DeviceTensor::FromArray(grad);
    auto i = DeviceTensor::FromArray(indices);
    auto out = CheckedOut(g, i, nullptr, numWeights, paddingIdx, scaleGradByFreq, [] {});
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
    if (auto e = CheckBeforeOut(g, i, nullptr, numWeights, paddingIdx, scaleGradByFreq)) bridge::Raise(*e);
    const auto out = DeviceTensor::Probe({numWeights, g.Shape().back()}, DataType::kFloat);
    bridge::CheckBeforeAllocating([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(g, i, numWeights, paddingIdx, scaleGradByFreq, out,
                                                                    ws, ex);
    });
}

// The kernel level's precondition, which its aclnn pair leaves unchecked (docs/ops/embedding_dense_grad.md): here the
// indices are host memory, so they are checked before anything is allocated. `sortIndices` has passed phase 1's
// dtype check (INT32).
void CheckAscending(const py::array& sortIndices) {
    const auto flat = py::array_t<int32_t, py::array::c_style | py::array::forcecast>::ensure(sortIndices);
    const int32_t* v = flat.data();
    for (py::ssize_t i = 1; i < flat.size(); ++i) {
        if (v[i] < v[i - 1]) {
            bridge::Raise(InvalidParam("sortIndices must be ascending: element " + std::to_string(i) + " (" +
                                       std::to_string(v[i]) + ") is below element " + std::to_string(i - 1) + " (" +
                                       std::to_string(v[i - 1]) + ")"));
        }
    }
}

// Kernel level: sorted indices and pos_idx given.
py::array Sorted(const py::array& grad, const py::array& sortIndices, const py::array& posIdx, int64_t numWeights,
                 int64_t paddingIdx, bool scaleGradByFreq) {
    auto g = DeviceTensor::FromArray(grad);
    auto s = DeviceTensor::FromArray(sortIndices);
    auto p = DeviceTensor::FromArray(posIdx);
    auto out = CheckedOut(g, s, &p, numWeights, paddingIdx, scaleGradByFreq, [&] { CheckAscending(sortIndices); });
    bridge::CallAclnn(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(g, s, p, numWeights, paddingIdx, scaleGradByFreq,
                                                                    out, ws, ex);
        },
        aclnnAscendopsEmbeddingDenseGrad);
    return out.ToArray();
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
    if (!r) bridge::Raise(r.error());
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
               "group_rows"_a = t.groupRows, "row_buffers"_a = t.rowBuffers, "ub_bytes"_a = r->ubBytes,
               "ub_capacity"_a = platform.UbUsableBytes(), "core_row_starts"_a = starts, "core_row_counts"_a = counts);
    bridge::AddKey(d, kEmbeddingDenseGradKeyNames, r->tilingKey);
    return d;
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
    m.def("embedding_dense_grad_tiling", &Tiling, "grad_shape"_a, "indices_numel"_a, "num_weights"_a,
          "padding_idx"_a = -1, "scale_grad_by_freq"_a = false, "soc"_a = "ascend310p", "core_num"_a = 0,
          "EmbeddingDenseGrad host tiling as a dict");
    m.attr("embedding_dense_grad_key_names") = bridge::KeyNameDict(kEmbeddingDenseGradKeyNames);
}
