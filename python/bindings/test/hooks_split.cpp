// Split test hooks: phase 1 alone (null tensors, a list holding a null entry) and the ListTensorDesc layout.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <vector>

#include "aclnn_split.h"
#include "common/list_tensor_desc.h"
#include "phase1_only.h"
#include "sim/acl_tensor.h"

namespace py = pybind11;
using namespace ascendops::test_hooks;

namespace {

// `out_shapes` None is a null list; an entry None is a null tensor in it.
py::dict GetWorkspace(const py::object& x, const py::object& sections, int64_t dim, const py::object& outShapes,
                      const py::object& outDtype) {
    const auto self = MaybeTensor(x);
    std::vector<DeviceTensor> outs;
    std::vector<const aclTensor*> handles;
    std::optional<std::vector<int64_t>> values;
    if (!sections.is_none()) values = sections.cast<std::vector<int64_t>>();
    aclIntArray* splitSections = values ? aclCreateIntArray(values->data(), values->size()) : nullptr;
    aclTensorList* outList = nullptr;
    if (!outShapes.is_none()) {
        for (const py::handle& s : outShapes) {
            if (s.is_none()) {
                handles.push_back(nullptr);
                continue;
            }
            outs.push_back(
                DeviceTensor::Empty(s.cast<std::vector<int64_t>>(), ascendops::bridge::DataTypeFromPy(outDtype)));
            handles.push_back(outs.back().NewHandle());
        }
        // aclCreateTensorList refuses null entries; a list holding one is built directly (the twin's struct).
        outList = new aclTensorList{handles};
    }
    py::dict d = Phase1Only([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsSplitGetWorkspaceSize(Handle(self), splitSections, dim, outList, ws, ex);
    });
    aclDestroyTensorList(outList);
    aclDestroyIntArray(splitSections);
    return d;
}

// The ListTensorDesc words op_api builds for outputs of these shapes at these addresses (for the layout test).
std::vector<uint64_t> ListWords(const std::vector<std::vector<int64_t>>& shapes, const std::vector<uint64_t>& addrs) {
    std::vector<const void*> data;
    for (uint64_t a : addrs) data.push_back(reinterpret_cast<const void*>(a));
    return ascendops::ListTensorDescWords(shapes, data);
}

}  // namespace

void Bind_hooks_split(py::module_& m) {
    m.def("split_get_workspace", &GetWorkspace, py::arg("x"), py::arg("sections"), py::arg("dim"),
          py::arg("out_shapes"), py::arg("out_dtype"), "phase 1 of aclnnAscendopsSplit only (None = null)");
    m.def("split_list_words", &ListWords, py::arg("shapes"), py::arg("addresses"),
          "the ListTensorDesc buffer (uint64 words) op_api passes to the kernel as y");
}
