// ascendops._C.cost: the cost model's parameter table with sources (`ascendops soc --cost`).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "op_host/common/platform.h"

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

// One row per (parameter, SoC): value, unit, label and source (ascendc_sim/platform/soc_cost_sources.cpp).
py::list CostParams() {
    py::list rows;
    for (const ascendops::SocInfo& soc : ascendops::kSocTable) {
        const bool v200 = soc.version == ascendops::SocVersion::kAscend310P;
        for (const ascendops::CostParamSource& p : ascendops::kCostParamSources) {
            rows.append(py::dict("soc"_a = soc.name, "param"_a = p.name, "value"_a = soc.cost.*(p.field),
                                 "unit"_a = p.unit, "label"_a = ascendops::EvidenceName(v200 ? p.v200Label : p.a2Label),
                                 "source"_a = v200 ? p.v200Source : p.a2Source));
        }
    }
    return rows;
}

}  // namespace

void Bind_cost(py::module_& m) {
    py::module_ s = m.def_submodule("cost", "the cost model: parameters with their sources");
    s.def("params", &CostParams, "every cost-model value per SoC with its label and source");
}
