// Cast test hooks: phase 1 alone (null tensors, a mismatched out).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "aclnn_cast.h"
#include "phase1_only.h"

namespace py = pybind11;
using namespace ascendops::test_hooks;

void Bind_hooks_cast(py::module_& m) {
    m.def(
        "cast_get_workspace",
        [](const py::object& x, const py::object& dtype, const py::object& outShape, const py::object& outDtype) {
            const auto self = MaybeTensor(x);
            const auto out = MaybeOut(outShape, outDtype);
            const auto dst = static_cast<int64_t>(ascendops::bridge::DataTypeFromPy(dtype));
            return Phase1Only([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnAscendopsCastGetWorkspaceSize(Handle(self), dst, Handle(out), ws, ex);
            });
        },
        py::arg("x"), py::arg("dtype"), py::arg("out_shape"), py::arg("out_dtype"),
        "phase 1 of aclnnAscendopsCast only (None = a null tensor)");
}
