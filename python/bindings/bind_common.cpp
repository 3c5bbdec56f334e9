// The shared facts, on both backends: the SoC and dtype tables.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "op_host/common/platform.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

// The product variants of a SoC row: name, vector and cube core counts, the Vector Cores of MIX_VECTOR_CORE, the
// device memory its config gives (0: none listed in the table).
py::list Variants(ascendops::SocVersion soc) {
    py::list rows;
    for (const auto& v : ascendops::kSocVariants) {
        if (v.soc == soc)
            rows.append(py::dict("name"_a = v.name, "vector_kernel_cores"_a = v.vectorKernelCoreNum,
                                 "cube_cores"_a = v.cubeCoreNum, "mix_vector_cores"_a = v.mixVectorCoreNum,
                                 "memory_bytes"_a = v.memoryBytes));
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
    return py::dict(
        "name"_a = s.name, "product"_a = s.product, "arch"_a = GetArchInfo(s.arch).name,
        "npu_arch"_a = GetArchInfo(s.arch).npuArch, "vector_kernel_cores"_a = s.vectorKernelCoreNum,
        "mix_vector_cores"_a = ascendops::VariantMixVectorCoreNum(s.version, s.vectorKernelCoreNum),
        "cube_cores"_a = s.cubeCoreNum, "ub_bytes"_a = s.ubBytes, "has_data_copy_pad"_a = s.hasDataCopyPad,
        "has_vector_shift"_a = s.hasVectorShift, "has_sync_all"_a = s.hasSyncAll,
        "mem_bandwidth_gbps"_a = c.memBandwidthGBps, "cost"_a = cost,
        "max_vector_kernel_cores"_a = ascendops::MaxVectorKernelCoreNum(s.version),
        "max_cube_cores"_a = ascendops::MaxCubeCoreNum(s.version), "variants"_a = Variants(s.version),
        "rules"_a = py::dict(
            "ub_usable_bytes"_a = s.rules.ubUsableBytes, "system_workspace_bytes"_a = s.rules.systemWorkspaceBytes,
            "saturation_only"_a = s.rules.saturationOnly, "ub_scratch_bytes"_a = s.rules.ubScratchBytes,
            "tpipe_bytes"_a = s.rules.tpipeBytes, "transcendental_ftz"_a = s.rules.transcendentalFtz));
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
}
