// CANN's ge::Shape (graph/tensor.h) as far as host tiling code uses it: the dims of a tensor and their product.
// The advanced APIs' tiling functions take it as AscendC::TensorShape (asc-devkit include/adv_api/utils/types.h).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ge {

using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFF;

class Shape {
public:
    Shape() = default;
    explicit Shape(const std::vector<int64_t>& dims) : dims_(dims) {}

    // graph/tensor.h: a scalar (no dims) has no valid dims; GetDims() still lists what was given
    size_t GetDimNum() const { return dims_.size(); }
    int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
    graphStatus SetDim(size_t idx, int64_t value) {
        if (idx >= dims_.size()) return GRAPH_FAILED;
        dims_[idx] = value;
        return GRAPH_SUCCESS;
    }
    std::vector<int64_t> GetDims() const { return dims_; }

    // graph/tensor.h GetShapeSize: -1 for an unknown dim (-1, -2), 0 for a scalar, an empty tensor or an overflow
    int64_t GetShapeSize() const {
        if (dims_.empty()) return 0;
        for (int64_t d : dims_) {
            if (d < 0) return -1;
        }
        int64_t size = 1;
        for (int64_t d : dims_) {
            if (d == 0) return 0;
            if (size > INT64_MAX / d) return 0;
            size *= d;
        }
        return size;
    }

private:
    std::vector<int64_t> dims_;
};

}  // namespace ge

namespace AscendC {
using TensorShape = ge::Shape;
}  // namespace AscendC
