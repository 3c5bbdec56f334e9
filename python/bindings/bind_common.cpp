// Shared facts and the simulated device: SoC and dtype tables, device selection and the last launch report. The
// test hooks live in the test-only _C_test (bindings/test/).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "cost_dicts.h"
#include "op_api/common/aclnn_context.h"
#include "op_host/common/platform.h"
#include "op_host/common/tiling_util.h"
#include "sim/sim_device.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

// The product variants of a SoC row: name, vector and cube core counts, the Vector Cores of MIX_VECTOR_CORE.
py::list Variants(ascendops::SocVersion soc) {
    py::list rows;
    for (const auto& v : ascendops::kSocVariants) {
        if (v.soc == soc)
            rows.append(py::dict("name"_a = v.name, "vector_kernel_cores"_a = v.vectorKernelCoreNum,
                                 "cube_cores"_a = v.cubeCoreNum, "mix_vector_cores"_a = v.mixVectorCoreNum));
    }
    return rows;
}

py::dict SocDict(const ascendops::SocInfo& s) {
    const auto& c = s.cost;
    py::dict cost("freq_mhz"_a = c.freqMHz, "gm_to_ub_bytes_per_cycle"_a = c.gmToUbBytesPerCycle,
                  "ub_to_gm_bytes_per_cycle"_a = c.ubToGmBytesPerCycle,
                  "vec_cycles_per_repeat"_a = c.vecCyclesPerRepeat, "vec_issue_cycles"_a = c.vecIssueCycles,
                  "scalar_gm_access_cycles"_a = c.scalarGmAccessCycles, "barrier_cycles"_a = c.barrierCycles,
                  "mem_bandwidth_gbps"_a = c.memBandwidthGBps, "launch_overhead_us"_a = c.launchOverheadUs);
    // vector_kernel_cores: the cores a vector kernel launches on (AIV on A2/A3, AI cores on 310P); mix_vector_cores:
    // 310P's Vector Cores, which only a KERNEL_TYPE_MIX_VECTOR_CORE launch adds beside them (0 elsewhere).
    return py::dict("name"_a = s.name, "product"_a = s.product, "arch"_a = GetArchInfo(s.arch).name,
                    "vector_kernel_cores"_a = s.vectorKernelCoreNum,
                    "mix_vector_cores"_a = ascendops::VariantMixVectorCoreNum(s.version, s.vectorKernelCoreNum),
                    "cube_cores"_a = s.cubeCoreNum, "ub_bytes"_a = s.ubBytes, "has_data_copy_pad"_a = s.hasDataCopyPad,
                    "has_vector_shift"_a = s.hasVectorShift, "has_sync_all"_a = s.hasSyncAll,
                    "mem_bandwidth_gbps"_a = c.memBandwidthGBps, "cost"_a = cost,
                    "max_vector_kernel_cores"_a = ascendops::MaxVectorKernelCoreNum(s.version),
                    "max_cube_cores"_a = ascendops::MaxCubeCoreNum(s.version), "variants"_a = Variants(s.version),
                    "rules"_a = py::dict("ub_usable_bytes"_a = s.rules.ubUsableBytes,
                                         "system_workspace_bytes"_a = s.rules.systemWorkspaceBytes,
                                         "saturation_only"_a = s.rules.saturationOnly));
}

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

py::list SocRows() {
    py::list rows;
    for (const auto& s : ascendops::kSocTable) rows.append(SocDict(s));
    return rows;
}

py::list DtypeRows() {
    py::list rows;
    for (const auto& d : ascendops::kDataTypes) {
        rows.append(py::dict("name"_a = d.name, "acl_value"_a = static_cast<int>(d.type), "bytes"_a = d.bytes));
    }
    return rows;
}

}  // namespace

void Bind_common(py::module_& m) {
    m.def("socs", &SocRows, "The SoC table (ascendc_sim/platform/soc.cpp): one dict per SoC.");
    m.def("dtypes", &DtypeRows, "The dtype table (ascendc_sim/platform/dtype.h): name, aclDataType value, bytes.");

    m.def(
        "set_sim_device",
        [](const std::string& soc, int64_t coreNum) {
            if (auto e = ascendops::SetSimDevice(ascendops::bridge::SocArg(soc), coreNum)) {
                ascendops::bridge::CheckAclnn(ascendops::Fail(*e));
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
}
