// op_api's host overhead for `ascendops bench` (its host_us column): the median wall time of an operator's phase 1
// (checks + tiling + executor) on empty tensors of the benched shapes, in microseconds.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "aclnn_cast.h"
#include "aclnn_embedding_dense_grad.h"
#include "aclnn_fused_gdn_decode.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

using ascendops::DataType;
using ascendops::bridge::DataTypeFromPy;
using ascendops::bridge::DeviceTensor;
using Shape = std::vector<int64_t>;

double CastUs(const Shape& shape, const py::object& src, const py::object& dst, int repeats) {
    auto self = DeviceTensor::Empty(shape, DataTypeFromPy(src));
    auto out = DeviceTensor::Empty(shape, DataTypeFromPy(dst));
    const auto dstType = static_cast<int64_t>(DataTypeFromPy(dst));
    return ascendops::bridge::MedianPhase1Us(repeats, [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsCastGetWorkspaceSize(self, dstType, out, ws, ex);
    });
}

double EmbeddingDenseBackwardUs(const Shape& gradShape, int64_t numWeights, bool scaleGradByFreq, int repeats) {
    auto g = DeviceTensor::Empty(gradShape, DataType::kFloat);
    int64_t n = 1;
    for (size_t d = 0; d + 1 < gradShape.size(); ++d) n *= gradShape[d];
    auto i = DeviceTensor::Empty({n}, DataType::kInt32);
    auto out = DeviceTensor::Empty({numWeights, gradShape.back()}, DataType::kFloat);
    return ascendops::bridge::MedianPhase1Us(repeats, [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(g, i, numWeights, -1, scaleGradByFreq, out, ws, ex);
    });
}

double FusedGdnDecodeUs(const std::vector<Shape>& shapes, const std::vector<std::string>& dtypes, int repeats) {
    std::vector<DeviceTensor> t;
    for (size_t i = 0; i < 8; ++i)
        t.push_back(DeviceTensor::Empty(shapes.at(i), DataTypeFromPy(py::str(dtypes.at(i)))));
    return ascendops::bridge::MedianPhase1Us(repeats, [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsFusedGdnDecodeGetWorkspaceSize(t[0], t[1], t[2], t[3], t[4], t[5], t[6], 1.0f, 20.0f, t[7],
                                                            ws, ex);
    });
}

}  // namespace

void Bind_host_overhead(py::module_& m) {
    m.def("cast_host_overhead_us", &CastUs, "shape"_a, "src"_a, "dst"_a, "repeats"_a = 1001,
          "median microseconds of aclnnAscendopsCastGetWorkspaceSize");
    m.def("embedding_dense_grad_host_overhead_us", &EmbeddingDenseBackwardUs, "grad_shape"_a, "num_weights"_a,
          "scale_grad_by_freq"_a = false, "repeats"_a = 1001,
          "median microseconds of aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize");
    m.def("fused_gdn_decode_host_overhead_us", &FusedGdnDecodeUs, "shapes"_a, "dtypes"_a, "repeats"_a = 201,
          "median microseconds of aclnnAscendopsFusedGdnDecodeGetWorkspaceSize");
}
