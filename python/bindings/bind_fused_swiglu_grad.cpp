// FusedSwigluGrad bindings: the b kernel's aclnn pair on NumPy arrays, phase 1 alone (validation tests) and the host
// tiling.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "aclnn_fused_swiglu_grad.h"
#include "common/aclnn_context.h"
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

using namespace ascendops;
using namespace ascendops::fused_swiglu_grad;
using bridge::DeviceTensor;

std::vector<int64_t> DbShape(const DeviceTensor& dy) { return {1, dy.Shape().size() == 2 ? dy.Shape()[1] : 0}; }

py::tuple BKernel(const py::array& dy, const py::array& g, const py::array& fc) {
    auto tDy = DeviceTensor::FromArray(dy);
    auto tG = DeviceTensor::FromArray(g);
    auto tFc = DeviceTensor::FromArray(fc);
    auto dg = DeviceTensor::Empty(tDy.Shape(), DataType::kBf16);
    auto dfc = DeviceTensor::Empty(tDy.Shape(), DataType::kBf16);
    auto dbG = DeviceTensor::Empty(DbShape(tDy), DataType::kBf16);
    auto dbFc = DeviceTensor::Empty(DbShape(tDy), DataType::kBf16);
    bridge::CallAclnn(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsFusedSwigluGradBGetWorkspaceSize(tDy, tG, tFc, dg, dfc, dbG, dbFc, ws, ex);
        },
        aclnnAscendopsFusedSwigluGradB);
    return py::make_tuple(dg.ToArray(), dfc.ToArray(), dbG.ToArray(), dbFc.ToArray());
}

std::optional<DeviceTensor> Maybe(const py::object& a) {
    if (a.is_none()) return std::nullopt;
    return DeviceTensor::FromArray(a.cast<py::array>());
}

// Phase 1 only, with arguments a binding would never build (None = a null tensor). Returns {status, message,
// workspace_size}.
py::dict GetWorkspace(const py::object& dy, const py::object& g, const py::object& fc, const py::object& dg,
                      const py::object& dfc, const py::object& dbG, const py::object& dbFc) {
    std::optional<DeviceTensor> t[7] = {Maybe(dy), Maybe(g), Maybe(fc), Maybe(dg), Maybe(dfc), Maybe(dbG), Maybe(dbFc)};
    auto get = [&](int i) { return t[i] ? t[i]->Get() : nullptr; };
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus status = aclnnAscendopsFusedSwigluGradBGetWorkspaceSize(get(0), get(1), get(2), get(3), get(4),
                                                                              get(5), get(6), &workspace, &executor);
    delete executor;  // never run
    return py::dict("status"_a = status, "message"_a = status == 0 ? std::string() : std::string(aclGetRecentErrMsg()),
                    "workspace_size"_a = workspace);
}

py::dict SplitDict(const SgSplit& s) {
    return py::dict("parts"_a = s.parts, "per"_a = s.per, "big"_a = s.big, "unit"_a = s.unit, "tail"_a = s.tail);
}

py::dict BTiling(const std::vector<std::vector<int64_t>>& shapes, const std::vector<std::string>& dtypes,
                 const std::string& soc, int64_t coreNum) {
    const Platform platform = bridge::PlatformArg(soc, coreNum);
    if (shapes.size() != 3 || dtypes.size() != 3) throw py::value_error("expected 3 shapes and 3 dtypes (dy, g, fc)");
    BTilingInput in;
    for (int i = 0; i < 3; ++i) {
        in.shapes[i] = shapes[i];
        in.dtypes[i] = bridge::DataTypeFromPy(py::str(dtypes[i]));
    }
    auto r = ComputeBTiling(in, platform);
    if (!r) bridge::CheckAclnn(Fail(r.error()));
    const FusedSwigluGradBTilingData& t = r->data;
    return py::dict("key"_a = r->tilingKey, "block_dim"_a = r->blockDim, "workspace_bytes"_a = r->workspaceBytes,
                    "rows"_a = t.rows, "cols"_a = t.cols, "used_core_num"_a = t.usedCoreNum, "tile_rows"_a = t.tileRows,
                    "col_chunk"_a = t.colChunk, "col_chunk_num"_a = t.colChunkNum, "last_col_chunk"_a = t.lastColChunk,
                    "partial_pitch"_a = t.partialPitch, "chunks"_a = SplitDict(t.chunks),
                    "core_chunks"_a = SplitDict(t.coreChunks), "core_cols"_a = SplitDict(t.coreCols),
                    "partial_offset"_a = t.partialOffset, "ub_bytes"_a = SgBLayout(t.tileRows, t.colChunk).Total(),
                    "ub_capacity"_a = platform.UbUsableBytes());
}

}  // namespace

void Bind_fused_swiglu_grad(py::module_& m) {
    m.def("fused_swiglu_grad_b", &BKernel, "dy"_a, "g"_a, "fc"_a,
          "aclnnAscendopsFusedSwigluGradB on the current device -> (dg, dfc, db_g, db_fc)");
    m.def("fused_swiglu_grad_b_get_workspace", &GetWorkspace, "dy"_a, "g"_a, "fc"_a, "dg"_a, "dfc"_a, "db_g"_a,
          "db_fc"_a, "phase 1 only (None = a null tensor)");
    m.def("fused_swiglu_grad_b_tiling", &BTiling, "shapes"_a, "dtypes"_a, "soc"_a = "ascend910b", "core_num"_a = 0,
          "FusedSwigluGrad b-kernel host tiling as a dict");
}
