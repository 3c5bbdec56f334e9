// The read-only copy streams and the empty kernel (kernels/copy_stream_kernels.cpp) of `ascendops bench calibrate`:
// modeled times only.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <numeric>
#include <string>

#include "cost_overrides.h"
#include "kernel_runner.h"
#include "python/bindings/bench/kernels/copy_stream_tiling.h"

namespace py = pybind11;
using namespace pybind11::literals;
using namespace ascendc_sim::bench;

extern "C" void simtest_copy_stream(uint8_t*, uint8_t*);
extern "C" void simtest_empty(uint8_t*);

namespace {

// The modeled times, the cores' mean time (the launch term is Task Duration beyond it) and the slowest core's pipes.
py::dict Report(const ascendc_sim::LaunchStats& s, const ascendc_sim::SocInfo& soc) {
    size_t slowest = 0;
    double sum = 0;
    uint64_t hit = 0;
    for (size_t i = 0; i < s.cores.size(); ++i) {
        if (s.cores[i].timelineCycles > s.cores[slowest].timelineCycles) slowest = i;
        sum += ascendc_sim::CoreTimeUs(s.cores[i], soc);
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

py::dict RunCopyStream(const py::dict& tiling, uint32_t blockDim, const std::string& soc, const py::dict& params) {
    CopyStreamTiling t{};
    t.m = tiling["m"].cast<uint32_t>();
    t.n = tiling["n"].cast<uint32_t>();
    t.tileM = tiling["tile_m"].cast<uint32_t>();
    t.tileN = tiling["tile_n"].cast<uint32_t>();
    t.mode = tiling["mode"].cast<uint32_t>();
    t.l2Bypass = tiling["l2_bypass"].cast<uint32_t>();
    if (t.mode > kStreamStaggered) throw py::value_error("mode must be 0-4 (CopyStreamMode)");
    if (blockDim == 0 || t.m % blockDim != 0 || (t.m / blockDim) % t.tileM != 0 || t.tileN == 0 || t.tileN > t.n)
        throw py::value_error("m must split into block_dim runs of whole tile_m rows; 0 < tile_n <= n");
    ascendc_sim::LaunchConfig cfg = Config("simtest_copy_stream", soc, blockDim);
    cfg.trace = {};
    ascendc_sim::SocInfo custom{};
    OverrideCost(cfg, custom, params);
    Dev src(size_t{t.m} * t.n * 2);  // zeroed: the values do not matter to the cost
    auto td = TilingDev(t);
    return Report(LaunchOrThrow(cfg, simtest_copy_stream, src.Get(), td->Get()), custom);
}

py::dict RunEmpty(uint32_t blockDim, const std::string& soc, const py::dict& params) {
    ascendc_sim::LaunchConfig cfg = Config("simtest_empty", soc, blockDim);
    cfg.trace = {};
    ascendc_sim::SocInfo custom{};
    OverrideCost(cfg, custom, params);
    Dev unused(32);
    return Report(LaunchOrThrow(cfg, simtest_empty, unused.Get()), custom);
}

}  // namespace

void Bind_copy_stream(py::module_& m) {
    m.def("run_copy_stream", &RunCopyStream, py::arg("tiling"), py::arg("block_dim"), py::arg("soc") = "ascend910b",
          py::arg("params") = py::dict());
    m.def("run_empty", &RunEmpty, py::arg("block_dim"), py::arg("soc") = "ascend910b", py::arg("params") = py::dict());
}
