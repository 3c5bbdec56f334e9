// FusedGdnDecode test hooks: phase 1 alone (null tensors; out made from out_shape and out_dtype), the index
// buffer size.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <vector>

#include "aclnn_fused_gdn_decode.h"
#include "op_host/fused_gdn_decode/fused_gdn_decode_tiling.h"
#include "phase1_only.h"

namespace py = pybind11;
using namespace py::literals;
using namespace ascendops::test_hooks;

namespace {

py::dict GetWorkspace(const std::vector<py::object>& arrays, const py::object& outShape, const py::object& outDtype,
                      double scale, double softplusThreshold) {
    if (arrays.size() != 7) throw py::value_error("arrays: mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices");
    std::vector<std::optional<DeviceTensor>> t;
    for (const auto& a : arrays) t.push_back(MaybeTensor(a));
    const auto out = MaybeOut(outShape, outDtype);
    return Phase1Only([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsFusedGdnDecodeGetWorkspaceSize(Handle(t[0]), Handle(t[1]), Handle(t[2]), Handle(t[3]),
                                                            Handle(t[4]), Handle(t[5]), Handle(t[6]), scale,
                                                            softplusThreshold, Handle(out), ws, ex);
    });
}

}  // namespace

void Bind_hooks_fused_gdn_decode(py::module_& m) {
    m.def("fused_gdn_decode_get_workspace", &GetWorkspace, "arrays"_a, "out_shape"_a, "out_dtype"_a, "scale"_a = 1.0f,
          "softplus_threshold"_a = 20.0f, "phase 1 of aclnnAscendopsFusedGdnDecode only (None = a null tensor)");
    m.def("fused_gdn_decode_index_buffer_elems", &ascendops::fused_gdn_decode::IndexBufferElems, "b"_a);
}
