// ascendops._C_test.simtest.strided_*: the strided range records' queries (sim/strided_range.h), for a test against
// a byte model. A range is (start, count, len, pitch); `merged` builds it as the race log does (touching rows one
// row), else as the L2 read stamps do (each row kept).
#include <pybind11/pybind11.h>

#include <tuple>

#include "sim/strided_range.h"
#include "simtest_module.h"

namespace py = pybind11;

namespace {

using Rows = std::tuple<uint64_t, uint64_t, uint64_t, uint64_t>;

ascendc_sim::StridedRange Make(const Rows& r, bool merged) {
    const auto [start, count, len, pitch] = r;
    return merged ? ascendc_sim::StridedRange::Rows(start, count, len, pitch)
                  : ascendc_sim::StridedRange::Unmerged(start, count, len, pitch);
}

std::tuple<uint64_t, uint64_t> FirstOverlap(const Rows& a, const Rows& b, bool merged) {
    uint64_t lo = 0, hi = 0;
    Make(a, merged).FirstOverlap(Make(b, merged), lo, hi);
    return {lo, hi};
}

uint64_t BytesIn(const Rows& a, uint64_t lo, uint64_t hi, bool merged) { return Make(a, merged).BytesIn(lo, hi); }

}  // namespace

void Bind_sim_strided_range(py::module_& m) {
    py::module_ s = SimtestModule(m);
    s.def("strided_first_overlap", &FirstOverlap, py::arg("a"), py::arg("b"), py::arg("merged") = true);
    s.def("strided_bytes_in", &BytesIn, py::arg("a"), py::arg("lo"), py::arg("hi"), py::arg("merged") = true);
}
