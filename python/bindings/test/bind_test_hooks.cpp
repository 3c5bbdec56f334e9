// Test hooks of the tensor bridge and of the error path (tests/ut/test_common.py).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "op_api/common/aclnn_context.h"
#include "op_host/common/platform.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

py::dict TensorDict(const ascendops::bridge::DeviceTensor& t) {
    return py::dict("dtype"_a = ascendops::DataTypeName(t.Dtype()), "shape"_a = t.Shape(), "strides"_a = t.Strides(),
                    "offset"_a = t.Offset(), "storage_elements"_a = t.StorageElements());
}

}  // namespace

void Bind_test_hooks(py::module_& m) {
    m.def(
        "_bridge_roundtrip",
        [](const py::array& a) {
            auto t = ascendops::bridge::DeviceTensor::FromArray(a);
            return py::make_tuple(t.ToArray(), TensorDict(t));
        },
        "array"_a, "NumPy -> device tensor -> NumPy; returns (array, view description).");
    m.def(
        "_bridge_empty",
        [](const std::vector<int64_t>& shape, const py::object& dtype) {
            auto t = ascendops::bridge::DeviceTensor::Empty(shape, ascendops::bridge::DataTypeFromPy(dtype));
            return TensorDict(t);
        },
        "shape"_a, "dtype"_a);
    m.def(
        "_raise_aclnn",
        [](int32_t code, const std::string& message) {
            ascendops::bridge::CheckAclnn(
                ascendops::Fail(ascendops::Error{static_cast<ascendops::Status>(code), message}));
        },
        "code"_a, "message"_a, "Records `message` as the recent error and raises it as AclnnError (0: no error).");
    m.def(
        "_recent_error", [] { return std::string(aclGetRecentErrMsg()); },
        "aclGetRecentErrMsg() of the twin (the one _C uses too).");
}
