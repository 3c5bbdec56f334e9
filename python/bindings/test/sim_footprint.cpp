// ascendops._C_test.simtest.footprint_byte_ranges: a footprint's byte ranges (sim/definedness.h), what the pipe order
// and definedness checks walk, for a test against a byte model.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <utility>
#include <vector>

#include "sim/definedness.h"
#include "simtest_module.h"

namespace py = pybind11;

namespace {

std::vector<std::pair<uint64_t, uint64_t>> ByteRanges(uint64_t base, uint32_t elemBits, uint64_t groups,
                                                      uint64_t groupPitch, uint64_t runs, uint64_t runPitch,
                                                      uint64_t runElems, uint64_t lastRunElems) {
    ascendc_sim::Footprint f;
    f.base = base;
    f.elemBits = elemBits;
    f.groups = groups, f.groupPitch = groupPitch;
    f.runs = runs, f.runPitch = runPitch;
    f.runElems = runElems, f.lastRunElems = lastRunElems;
    std::vector<std::pair<uint64_t, uint64_t>> out;
    f.ByteRanges(out);
    return out;
}

}  // namespace

void Bind_sim_footprint(py::module_& m) {
    py::module_ s = SimtestModule(m);
    s.def("footprint_byte_ranges", &ByteRanges, py::arg("base"), py::arg("elem_bits"), py::arg("groups"),
          py::arg("group_pitch"), py::arg("runs"), py::arg("run_pitch"), py::arg("run_elems"),
          py::arg("last_run_elems"));
}
