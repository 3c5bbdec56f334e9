// The Add calibration kernel (kernels/add_calibration_kernels.cpp) of `ascendops bench calibrate`: modeled times
// only.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <string>
#include <vector>

#include "cost_overrides.h"
#include "kernel_runner.h"
#include "python/bindings/bench/kernels/add_calibration_tiling.h"

namespace py = pybind11;
using namespace pybind11::literals;
using namespace ascendc_sim::bench;

extern "C" void simtest_add_calibration(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

namespace {

py::dict RunAddCalibration(const py::dict& tiling, uint32_t blockDim, const std::string& soc, const py::dict& params) {
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
    ascendc_sim::LaunchConfig cfg = Config("simtest_add_calibration", soc, blockDim);
    cfg.trace = {};  // no span trace: only the modeled times are reported
    ascendc_sim::SocInfo custom{};
    OverrideCost(cfg, custom, params);
    const size_t bytes = size_t{t.rows} * t.cols * 2;
    Dev x(bytes), y(bytes), z(bytes);  // zeroed: the values do not matter to the cost
    auto td = TilingDev(t);
    const ascendc_sim::LaunchStats s =
        LaunchOrThrow(cfg, simtest_add_calibration, x.Get(), y.Get(), z.Get(), td->Get());
    size_t slowest = 0;
    for (size_t i = 0; i < s.cores.size(); ++i) {
        if (s.cores[i].timelineCycles > s.cores[slowest].timelineCycles) slowest = i;
    }
    const double f = custom.cost.freqMHz;
    return py::dict("modeled_device_us"_a = s.modeled.deviceUs, "modeled_slowest_core_us"_a = s.modeled.slowestCoreUs,
                    "modeled_bandwidth_us"_a = s.modeled.bandwidthUs, "modeled_launch_us"_a = s.modeled.launchUs,
                    "slowest_core"_a = ascendops::bridge::PipeTimes(s.cores[slowest], f));
}

}  // namespace

void Bind_calibration(py::module_& m) {
    m.def("run_add_calibration", &RunAddCalibration, py::arg("tiling"), py::arg("block_dim"),
          py::arg("soc") = "ascend910b", py::arg("params") = py::dict());
}
