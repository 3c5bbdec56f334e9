// The report of a launch. On the twin: the simulated launch's statistics and modeled times (the demo, the cost
// reports and the benchmarks read them). An NPU build has no model: only whether something was launched.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#ifndef ASCENDOPS_NPU
#include "sim/launch.h"
#endif

namespace ascendops {

#ifdef ASCENDOPS_NPU
struct LaunchReport {
    bool launched = false;
};

inline LaunchReport InSequence(const std::vector<LaunchReport>&, const char*) { return LaunchReport{true}; }
#else
struct LaunchReport {
    bool launched = false;
    ascendc_sim::LaunchStats stats;
    uint64_t rooflineBytes = 0;       // bytes that must move: inputs read + outputs written
    double rooflineUs = 0;            // at the nominal bandwidth
    double achievableRooflineUs = 0;  // at the achievable bandwidth, L2-kept writes left out (cost model)
    // A call of several launches: each launch's kernel and modeled device time, in order (empty for one launch).
    std::vector<std::pair<std::string, double> > parts;
};

// Launches that ran one after another on one stream, as one report named `kernel`: modeled times and roofline bytes
// add, the per-core costs are listed launch after launch; tiling key 0 (no single kernel's), blockDim the widest.
inline LaunchReport InSequence(const std::vector<LaunchReport>& launches, const char* kernel) {
    LaunchReport all;
    all.launched = true;
    all.stats.kernel = kernel;
    for (const LaunchReport& one : launches) {
        const ascendc_sim::ModeledTime& t = one.stats.modeled;
        all.stats.blockDim = std::max(all.stats.blockDim, one.stats.blockDim);
        all.stats.soc = one.stats.soc;  // no span trace: several timelines are no one core's
        all.stats.cores.insert(all.stats.cores.end(), one.stats.cores.begin(), one.stats.cores.end());
        all.stats.modeled.deviceUs += t.deviceUs;
        all.stats.modeled.slowestCoreUs += t.slowestCoreUs;
        all.stats.modeled.bandwidthUs += t.bandwidthUs;
        all.stats.modeled.launchUs += t.launchUs;
        all.rooflineBytes += one.rooflineBytes;
        all.rooflineUs += one.rooflineUs;
        all.parts.emplace_back(one.stats.kernel, t.deviceUs);
    }
    return all;
}
#endif

}  // namespace ascendops
