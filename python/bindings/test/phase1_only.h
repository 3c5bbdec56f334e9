// Phase 1 alone, with arguments a binding would never build (None = a null tensor): the op_api validation tests.
// The executor of a successful phase 1 is never run, only dropped.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "common/aclnn_context.h"
#include "tensor_bridge.h"

namespace ascendops::test_hooks {

namespace py = pybind11;
using bridge::DeviceTensor;

inline std::optional<DeviceTensor> MaybeTensor(const py::object& a) {
    if (a.is_none()) return std::nullopt;
    return DeviceTensor::FromArray(a.cast<py::array>());
}

// An empty tensor of shape and dtype, none for a None shape.
inline std::optional<DeviceTensor> MaybeOut(const py::object& shape, const py::object& dtype) {
    if (shape.is_none()) return std::nullopt;
    return DeviceTensor::Empty(shape.cast<std::vector<int64_t>>(), bridge::DataTypeFromPy(dtype));
}

inline aclTensor* Handle(const std::optional<DeviceTensor>& t) { return t ? t->Get() : nullptr; }

// {status, message, workspace_size} of phase1(&workspace, &executor).
template <typename Phase1>
py::dict Phase1Only(Phase1&& phase1) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus status = phase1(&workspace, &executor);
    bridge::ReleaseUnrun(executor);
    py::dict d;
    d["status"] = status;
    d["message"] = status == 0 ? std::string() : std::string(aclGetRecentErrMsg());
    d["workspace_size"] = workspace;
    return d;
}

}  // namespace ascendops::test_hooks
