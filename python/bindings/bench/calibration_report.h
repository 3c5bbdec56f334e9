// The report of a calibration kernel's launch (`ascendops bench calibrate`): modeled times only.
#pragma once
#include <pybind11/pybind11.h>

#include <numeric>

#include "cost_dicts.h"
#include "sim/cost_model.h"
#include "sim/launch.h"

namespace ascendc_sim::bench {

namespace py = pybind11;
using namespace pybind11::literals;

// The modeled times, the cores' mean time (the launch term is Task Duration beyond it) and the slowest core's pipes.
inline py::dict Report(const ascendc_sim::LaunchStats& s, const ascendc_sim::SocInfo& soc) {
    size_t slowest = 0;
    double sum = 0;
    uint64_t hit = 0;
    for (size_t i = 0; i < s.cores.size(); ++i) {
        const double us = ascendc_sim::CoreTimeUs(s.cores[i], soc);
        if (us > ascendc_sim::CoreTimeUs(s.cores[slowest], soc)) slowest = i;
        sum += us;
        hit += s.cores[i].l2HitReadBytes;
    }
    const double conflict = std::accumulate(s.cores.begin(), s.cores.end(), 0.0,
                                            [](double a, const auto& c) { return a + c.memConflictCost; });
    return py::dict("modeled_device_us"_a = s.modeled.deviceUs, "modeled_slowest_core_us"_a = s.modeled.slowestCoreUs,
                    "modeled_mean_core_us"_a = s.cores.empty() ? 0.0 : sum / static_cast<double>(s.cores.size()),
                    "modeled_bandwidth_us"_a = s.modeled.bandwidthUs, "modeled_launch_us"_a = s.modeled.launchUs,
                    "l2_hit_bytes"_a = hit, "conflict_bytes"_a = conflict,
                    "slowest_core"_a = s.cores.empty()
                                           ? py::dict()
                                           : ascendops::bridge::PipeTimes(s.cores[slowest], soc.cost.freqMHz));
}

}  // namespace ascendc_sim::bench
