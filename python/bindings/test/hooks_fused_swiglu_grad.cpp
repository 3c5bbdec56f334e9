// FusedSwigluGrad test hooks: phase 1 alone of the b kernel and of the user-level call (None = a null tensor).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <vector>

#include "aclnn_fused_swiglu_grad.h"
#include "phase1_only.h"

namespace py = pybind11;
using namespace py::literals;
using namespace ascendops::test_hooks;

namespace {

py::dict GetWorkspaceB(const py::object& dy, const py::object& g, const py::object& fc, const py::object& dg,
                       const py::object& dfc, const py::object& dbG, const py::object& dbFc) {
    const std::optional<DeviceTensor> t[7] = {MaybeTensor(dy),  MaybeTensor(g),   MaybeTensor(fc),  MaybeTensor(dg),
                                              MaybeTensor(dfc), MaybeTensor(dbG), MaybeTensor(dbFc)};
    return Phase1Only([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsFusedSwigluGradBGetWorkspaceSize(Handle(t[0]), Handle(t[1]), Handle(t[2]), Handle(t[3]),
                                                              Handle(t[4]), Handle(t[5]), Handle(t[6]), ws, ex);
    });
}

// 11 arguments: 6 inputs (dy, g, fc, x, w_g, w_fc), 5 outputs (dx, dw_g, dw_fc, db_g, db_fc).
py::dict GetWorkspaceAll(const std::vector<py::object>& args) {
    if (args.size() != 11) throw py::value_error("expected 11 tensors (dy, g, fc, x, w_g, w_fc, dx, dw_g, dw_fc, ...)");
    std::vector<std::optional<DeviceTensor>> t;
    for (const auto& a : args) t.push_back(MaybeTensor(a));
    return Phase1Only([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsFusedSwigluGradGetWorkspaceSize(Handle(t[0]), Handle(t[1]), Handle(t[2]), Handle(t[3]),
                                                             Handle(t[4]), Handle(t[5]), Handle(t[6]), Handle(t[7]),
                                                             Handle(t[8]), Handle(t[9]), Handle(t[10]), ws, ex);
    });
}

}  // namespace

void Bind_hooks_fused_swiglu_grad(py::module_& m) {
    m.def("fused_swiglu_grad_b_get_workspace", &GetWorkspaceB, "dy"_a, "g"_a, "fc"_a, "dg"_a, "dfc"_a, "db_g"_a,
          "db_fc"_a, "phase 1 only (None = a null tensor)");
    m.def("fused_swiglu_grad_get_workspace", &GetWorkspaceAll, "tensors"_a,
          "phase 1 of the user-level call only (11 tensors, None = a null tensor)");
}
