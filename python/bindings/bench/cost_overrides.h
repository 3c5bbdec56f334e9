// A launch's SoC with some cost parameters replaced (by their `ascendops soc --cost` names): the calibration refits the
// model on a subset of the published rows and runs the others with those values.
#pragma once
#include <pybind11/pybind11.h>

#include <string>

#include "ascendc_sim/platform/soc_cost_sources.h"
#include "sim/launch.h"

namespace ascendc_sim::bench {

// Points cfg at `custom`: cfg's SoC with each (name, value) of `params` in place; an unknown name is a ValueError.
inline void OverrideCost(ascendc_sim::LaunchConfig& cfg, ascendc_sim::SocInfo& custom, const pybind11::dict& params) {
    custom = *cfg.platform.soc;
    for (const auto& [key, value] : params) {
        const std::string name = key.cast<std::string>();
        bool found = false;
        for (const ascendc_sim::CostParamSource& p : ascendc_sim::kCostParamSources) {
            if (name == p.name) {
                custom.cost.*(p.field) = value.cast<double>();
                found = true;
            }
        }
        if (!found)
            throw pybind11::value_error("params: no cost parameter named '" + name + "' (ascendops soc --cost)");
    }
    cfg.platform.soc = &custom;
}

}  // namespace ascendc_sim::bench
