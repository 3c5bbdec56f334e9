// ascendops._C.cost: the cost model's parameter table with sources (`ascendops soc --cost`) and the Add calibration
// kernels (tests/ut/sim/kernels/add_calibration_kernels.cpp) of `ascendops bench calibrate`: modeled times only.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "cost_dicts.h"
#include "op_host/common/platform.h"
#include "sim/cost_model.h"
#include "sim/launch.h"
#include "sim/timing.h"
#include "tests/ut/sim/kernels/add_calibration_tiling.h"

namespace py = pybind11;
using namespace pybind11::literals;

extern "C" void simtest_add_calibration(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

namespace {

// Zeroed device memory for one run (the values do not matter to the cost).
struct DeviceBuffer {
    explicit DeviceBuffer(size_t bytes) {
        if (aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) throw std::runtime_error("aclrtMalloc");
        aclrtMemset(p, bytes, 0, bytes);
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer() { aclrtFree(p); }
    uint8_t* Get() const { return static_cast<uint8_t*>(p); }
    void* p = nullptr;
};

py::dict RunAddCalibration(const py::dict& tiling, uint32_t blockDim, const std::string& soc) {
    auto v = ascendops::ParseSoc(soc);
    if (!v) throw py::value_error("unknown soc " + soc);
    AddCalibrationTiling t{};
    t.rows = tiling["rows"].cast<uint32_t>();
    t.cols = tiling["cols"].cast<uint32_t>();
    t.tile = tiling["tile"].cast<uint32_t>();
    t.buffers = tiling["buffers"].cast<uint32_t>();
    t.scalar = tiling["scalar"].cast<uint32_t>();
    t.l2Bypass = tiling["l2_bypass"].cast<uint32_t>();
    t.tileLimit = tiling["tile_limit"].cast<uint32_t>();
    t.ubBytes = tiling["ub_bytes"].cast<uint32_t>();
    t.idleQueue = tiling.contains("idle_queue") ? tiling["idle_queue"].cast<uint32_t>() : 0;
    auto offsets = tiling["offsets"].cast<std::vector<std::array<uint32_t, 3>>>();
    if (offsets.size() != t.buffers || t.buffers < 1 || t.buffers > 2)
        throw py::value_error("one offset row per buffer");
    for (size_t b = 0; b < offsets.size(); ++b) {
        for (int k = 0; k < 3; ++k) t.offsets[b][k] = offsets[b][k];
    }
    const size_t bytes = size_t{t.rows} * t.cols * 2;
    DeviceBuffer x(bytes), y(bytes), z(bytes), td(sizeof(t));
    aclrtMemcpy(td.p, sizeof(t), &t, sizeof(t), ACL_MEMCPY_HOST_TO_DEVICE);
    ascendc_sim::LaunchConfig cfg;
    cfg.kernel = "simtest_add_calibration";
    cfg.blockDim = blockDim;
    cfg.platform = ascendops::Platform::Of(*v);
    ascendops::Result<ascendc_sim::LaunchStats> r = [&] {
        py::gil_scoped_release release;
        return ascendc_sim::Launch(cfg, simtest_add_calibration, x.Get(), y.Get(), z.Get(), td.Get());
    }();
    if (!r.ok()) throw std::runtime_error(r.error().message);
    const ascendc_sim::LaunchStats& s = r.value();
    size_t slowest = 0;
    for (size_t i = 0; i < s.cores.size(); ++i) {
        if (s.cores[i].timelineCycles > s.cores[slowest].timelineCycles) slowest = i;
    }
    const double f = cfg.platform.soc->cost.freqMHz;
    return py::dict("modeled_device_us"_a = s.modeled.deviceUs, "modeled_slowest_core_us"_a = s.modeled.slowestCoreUs,
                    "modeled_bandwidth_us"_a = s.modeled.bandwidthUs, "modeled_launch_us"_a = s.modeled.launchUs,
                    "slowest_core"_a = ascendops::bridge::PipeTimes(s.cores[slowest], f));
}

// Beats of one vector repeat whose operands start at these UB offsets (write: a destination).
int BankBeats(const std::vector<std::pair<uint64_t, bool>>& operands, const std::string& soc) {
    auto v = ascendops::ParseSoc(soc);
    if (!v) throw py::value_error("unknown soc " + soc);
    std::vector<ascendc_sim::UbOperand> ops;
    for (const auto& [offset, write] : operands) ops.push_back({offset, write});
    return ascendc_sim::BankBeats(ops.data(), static_cast<int>(ops.size()), ascendops::GetSocInfo(*v).cost);
}

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
    py::module_ s = m.def_submodule("cost", "the cost model: parameters with sources, calibration runs");
    s.def("run_add_calibration", &RunAddCalibration, py::arg("tiling"), py::arg("block_dim"),
          py::arg("soc") = "ascend910b");
    s.def("bank_beats", &BankBeats, py::arg("operands"), py::arg("soc") = "ascend910b",
          "beats of one vector repeat over operands [(ub_offset, is_write), ...] (bank conflicts)");
    s.def("params", &CostParams, "every cost-model value per SoC with its label and source");
}
