// Test hooks of the host tiling helpers (op_host/common/tiling_util.h): tests/ut/test_common.py.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "op_host/common/tiling_util.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

// Listing more parts than this is never a tiling case (cores are counted in tens).
constexpr uint64_t kMaxListedParts = 1 << 16;

py::dict SplitEvenlyDict(uint64_t total, uint64_t maxParts, uint64_t granuleUnits) {
    ascendops::CoreSplit s = ascendops::SplitEvenly(total, maxParts, granuleUnits);
    if (s.parts > kMaxListedParts) {
        throw py::value_error("split into " + std::to_string(s.parts) + " parts: more than " +
                              std::to_string(kMaxListedParts) + " are not listed");
    }
    py::list units;
    py::list starts;
    for (uint64_t i = 0; i < s.parts; ++i) {
        units.append(s.UnitsOf(i));
        starts.append(s.StartOf(i));
    }
    return py::dict("parts"_a = s.parts, "blocks_per_part"_a = s.granulesPerPart, "big_parts"_a = s.bigParts,
                    "tail_units"_a = s.tailUnits, "block_units"_a = s.granuleUnits, "units"_a = units,
                    "starts"_a = starts);
}

}  // namespace

void Bind_hooks_tiling_util(py::module_& m) {
    m.def("ceil_div", &ascendops::CeilDiv, "a"_a, "b"_a);
    m.def("align_up", &ascendops::AlignUp, "a"_a, "b"_a);
    m.def("align_down", &ascendops::AlignDown, "a"_a, "b"_a);
    m.def("split_evenly", &SplitEvenlyDict, "total"_a, "max_parts"_a, "block_units"_a,
          "SplitEvenly as a dict of CoreSplit fields plus per-part units and starts.");
}
