// The twin's side of the backend seam (backend.h), in ascendops._C and every other twin module: aclnn calls run on
// the default stream (the launch has run when the call returns), and the functions only the twin has: the simulated
// device (SoC, core count), the report of the last launch with its modeled costs, span traces and the cost model's
// parameters with their sources. Times are modeled by the cost model, never measured.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <iterator>
#include <string>

#include "ascendc_sim/platform/soc_cost_sources_950.h"
#include "backend.h"
#include "cost_dicts.h"
#include "op_api/common/aclnn_context.h"
#include "op_host/common/platform.h"
#include "sim/device_handoff.h"
#include "sim/sim_device.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

py::dict CoreDict(const ascendc_sim::CoreCost& c, double freqMHz, const ascendops::SocInfo* soc) {
    using ascendc_sim::VecClass;
    auto repeats = [&](VecClass k) { return c.vecRepeats[static_cast<int>(k)]; };
    py::dict vec("simple"_a = repeats(VecClass::kSimple), "cast"_a = repeats(VecClass::kCast),
                 "transcendental"_a = repeats(VecClass::kTranscendental), "reduce"_a = repeats(VecClass::kReduce));
    py::dict d("gm_to_ub_bytes"_a = c.gmToUbBytes, "ub_to_gm_bytes"_a = c.ubToGmBytes,
               "gm_bytes"_a = c.gmToUbBytes + c.ubToGmBytes, "ub_to_ub_bytes"_a = c.ubToUbBytes, "vec_repeats"_a = vec,
               "vec_instrs"_a = c.vecInstrs, "scalar_gm_accesses"_a = c.scalarGmAccesses, "barriers"_a = c.barriers,
               "ub_bytes_allocated"_a = c.ubBytesAllocated, "double_buffered"_a = c.doubleBuffered,
               "vector_core"_a = c.vectorCore, "pipe_busy_us"_a = ascendops::bridge::PipeTimes(c, freqMHz, soc));
    ascendops::bridge::AddCubeCost(d, c, freqMHz);
    return d;
}

// The launches of a call of several, each {kernel, modeled_device_us}, in order.
py::list Parts(const ascendops::LaunchReport& r) {
    py::list parts;
    for (const auto& [kernel, us] : r.parts) parts.append(py::dict("kernel"_a = kernel, "modeled_device_us"_a = us));
    return parts;
}

py::dict LaunchReportDict(const ascendops::LaunchReport& r) {
    const auto& s = r.stats;
    const double freqMHz = s.soc != nullptr ? s.soc->cost.freqMHz : 1.0;  // no SoC: nothing was launched
    py::list cores;
    py::list coreGmBytes;
    for (const auto& c : s.cores) {
        cores.append(CoreDict(c, freqMHz, s.soc));
        coreGmBytes.append(c.gmToUbBytes + c.ubToGmBytes);
    }
    return py::dict(
        "launched"_a = r.launched, "kernel"_a = s.kernel, "block_dim"_a = s.blockDim, "tiling_key"_a = s.tilingKey,
        "modeled_device_us"_a = s.modeled.deviceUs, "modeled_slowest_core_us"_a = s.modeled.slowestCoreUs,
        "modeled_bandwidth_us"_a = s.modeled.bandwidthUs, "modeled_launch_us"_a = s.modeled.launchUs,
        "roofline_us"_a = r.rooflineUs, "roofline_bytes"_a = r.rooflineBytes,
        "achievable_roofline_us"_a = r.achievableRooflineUs, "total_gm_bytes"_a = r.launched ? s.TotalGmBytes() : 0,
        "core_gm_bytes"_a = coreGmBytes, "cores"_a = cores, "parts"_a = Parts(r),
        "trace"_a = ascendops::bridge::TraceDict(s.trace, freqMHz));
}

// One row per (parameter, SoC): value, unit, label and source (ascendc_sim/platform/soc_cost_sources.cpp).
py::list CostParams() {
    // the 950 labels follow kCostParamSources row by row
    static_assert(std::size(ascendc_sim::k950CostSources) == std::size(ascendops::kCostParamSources));
    py::list rows;
    for (const ascendops::SocInfo& soc : ascendops::kSocTable) {
        if (soc.version == ascendops::SocVersion::kAscend950) {
            for (size_t i = 0; i < std::size(ascendc_sim::k950CostSources); ++i) {
                const auto& p = ascendc_sim::k950CostSources[i];
                rows.append(py::dict("soc"_a = soc.name, "param"_a = ascendops::kCostParamSources[i].name,
                                     "value"_a = soc.cost.*(p.field), "unit"_a = ascendops::kCostParamSources[i].unit,
                                     "label"_a = ascendops::EvidenceName(p.label), "source"_a = p.source));
            }
            continue;
        }
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

namespace ascendops::bridge {

aclrtStream Stream() { return nullptr; }

void* UploadCopy(const void* host, uint64_t bytes) {
    void* p = nullptr;
    CheckAcl(aclrtSimMallocCopy(&p, host, bytes), ("aclrtMalloc(" + std::to_string(bytes) + " bytes)").c_str());
    return p;
}

void* HandToHost(void* devPtr) { return ascendc_sim::DetachToHost(devPtr); }

void FreeHostBlock(void* block) { ascendc_sim::FreeDetached(block); }

void BindBackend(py::module_& m) {
    m.def(
        "set_sim_device",
        [](const std::string& soc, int64_t coreNum) {
            if (auto e = ascendops::SetSimDevice(ascendops::bridge::SocArg(soc), coreNum)) {
                ascendops::bridge::Raise(*e);
            }
        },
        "soc"_a, "core_num"_a = 0,
        "Makes the calling thread's simulated device `soc` with `core_num` cores (0: the SoC's own); per thread, "
        "as aclrtSetDevice. AclnnError 161002 for a core count outside the SoC's variants.");
    m.def(
        "sim_device",
        [] {
            ascendops::Platform p = ascendops::CurrentPlatform();
            return py::dict("soc"_a = p.soc->name, "core_num"_a = p.coreNum);
        },
        "The calling thread's simulated device.");
    m.def(
        "last_launch_report", [] { return LaunchReportDict(ascendops::LastLaunchReport()); },
        "Report of the last launch on this thread; times are modeled by the cost model, never measured.");
    m.def(
        "request_span_trace", [](int32_t core, uint32_t maxSpans) { ascendc_sim::SetTraceRequest({core, maxSpans}); },
        "core"_a, "max_spans"_a = ascendc_sim::kMaxTraceSpans,
        "Traces core `core`'s pipe timeline in this thread's next launches (report key 'trace': spans of at most "
        "max_spans, itself at most 50000); core -1 stops tracing.");
    m.def(
        "limit_vector_cores", [](int32_t count) { ascendc_sim::SetVectorCoreLimit(count); }, "count"_a,
        "Twin only: this thread's later operator calls (their tiling and launch; not the tiling() helpers) see at most "
        "`count` ascend310p Vector Cores (-1: the device's own), so a MIX_VECTOR_CORE kernel can be modeled on the AI "
        "cores alone.");
    py::module_ cost = m.def_submodule("cost", "the cost model: parameters with their sources");
    cost.def("params", &CostParams, "every cost-model value per SoC with its label and source");
}

}  // namespace ascendops::bridge
