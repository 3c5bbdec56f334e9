// The cost model's per-core figures as Python dicts, one definition for the launch report (bind_common.cpp), the
// calibration runs (bind_cost.cpp) and the twin's test kernels (bind_simtest.cpp). Times are modeled, never measured.
#pragma once
#include <pybind11/pybind11.h>

#include <algorithm>

#include "op_host/common/platform.h"
#include "sim/cost_model.h"
#include "sim/launch.h"
#include "sim/pipe_sync.h"
#include "sim/span_trace.h"

namespace ascendops::bridge {

// One name per pipe in sim/pipe_sync.h's Pipe order: msprof's per-pipe times (aiv_scalar_time, aiv_vec_time,
// aiv_mte2_time, aiv_mte3_time, aic_mte1_time, aic_mac_time, aic_fixpipe_time); the trace's pipe names likewise.
struct PipeName {
    const char* timeKey;
    const char* traceName;
};
inline constexpr PipeName kPipeNames[ascendc_sim::kPipeCount + 1] = {
    {"scalar_us", "S"},  {"vec_us", "V"},  {"mte2_us", "MTE2"},   {"mte3_us", "MTE3"},
    {"mte1_us", "MTE1"}, {"cube_us", "M"}, {"fixpipe_us", "FIX"}, {nullptr, "ALL"}};  // ALL: a barrier span

// Per-pipe busy time of one core in us, and its critical path (core_us). An AIC (with `soc`) adds its cube pipes,
// modeled from counts (sim/cost_model.h), and its core_us is the cost model's time of the core.
inline pybind11::dict PipeTimes(const ascendc_sim::CoreCost& c, double freqMHz,
                                const ascendops::SocInfo* soc = nullptr) {
    pybind11::dict d;
    double busy[ascendc_sim::kPipeCount];
    for (int p = 0; p < ascendc_sim::kPipeCount; ++p) busy[p] = c.pipeBusyCycles[p];
    double coreCycles = c.timelineCycles;
    if (soc != nullptr && (c.cubeMacs != 0 || c.cubeMacs32 != 0)) {
        using ascendc_sim::Pipe;
        const ascendc_sim::CubePipes cube = ascendc_sim::CubePipeCycles(c, *soc);
        busy[static_cast<int>(Pipe::kMte2)] += cube.mte2;
        busy[static_cast<int>(Pipe::kMte1)] += cube.mte1;
        busy[static_cast<int>(Pipe::kM)] += cube.m;
        busy[static_cast<int>(Pipe::kFix)] += cube.fix;
        coreCycles = ascendc_sim::CoreTimeUs(c, *soc) * freqMHz;
    }
    for (int p = 0; p < ascendc_sim::kPipeCount; ++p) d[kPipeNames[p].timeKey] = busy[p] / freqMHz;
    d["core_us"] = coreCycles / freqMHz;
    return d;
}

// The cube's counters of one core (zeros on an AIV): GM -> L1 bytes, their L2 share, the AIC's epilogue in us.
inline void AddCubeCost(pybind11::dict& d, const ascendc_sim::CoreCost& c, double freqMHz) {
    d["gm_to_l1_bytes"] = c.gmToL1Bytes;
    d["cube_l2_hit_share"] = c.cubeL2HitShare;
    d["cube_epilogue_us"] = std::max(0.0, c.cubeEpilogueCycles) / freqMHz;
}

// The requested core's spans as (pipe name, start cycle, end cycle, api) tuples; None when none was requested.
inline pybind11::object TraceDict(const ascendc_sim::SpanTrace& t, double freqMHz) {
    using namespace pybind11::literals;
    if (t.core < 0) return pybind11::none();
    pybind11::list spans;
    for (const ascendc_sim::PipeSpan& s : t.spans) {
        spans.append(pybind11::make_tuple(kPipeNames[s.pipe].traceName, s.start, s.end, s.api));
    }
    return pybind11::dict("core"_a = t.core, "freq_mhz"_a = freqMHz, "max_spans"_a = t.maxSpans,
                          "truncated"_a = t.truncated, "spans"_a = spans);
}

}  // namespace ascendops::bridge
