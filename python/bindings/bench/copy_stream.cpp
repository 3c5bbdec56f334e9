// The read-only copy streams and the empty kernels (kernels/copy_stream_kernels.cpp, copy_stream_l1_kernels.cpp) of
// `ascendops bench calibrate`: modeled times only.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "calibration_report.h"
#include "cost_overrides.h"
#include "kernel_runner.h"
#include "python/bindings/bench/kernels/copy_stream_tiling.h"

namespace py = pybind11;
using namespace pybind11::literals;
using namespace ascendc_sim::bench;

extern "C" void simtest_copy_stream(uint8_t*, uint8_t*);
extern "C" void simtest_empty(uint8_t*);
extern "C" void simtest_copy_stream_l1(uint8_t*, uint8_t*);
extern "C" void simtest_empty_aic(uint8_t*);
extern "C" void simtest_empty_mix(uint8_t*, uint8_t*);

namespace {

CopyStreamTiling ParseTiling(const py::dict& tiling, uint32_t blockDim) {
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
    return t;
}

py::dict RunCopyStream(const py::dict& tiling, uint32_t blockDim, const std::string& soc, const py::dict& params) {
    const CopyStreamTiling t = ParseTiling(tiling, blockDim);
    ascendc_sim::LaunchConfig cfg = Config("simtest_copy_stream", soc, blockDim);
    cfg.trace = {};
    ascendc_sim::SocInfo custom{};
    OverrideCost(cfg, custom, params);
    Dev src(size_t{t.m} * t.n * 2);  // zeroed: the values do not matter to the cost
    auto td = TilingDev(t);
    return Report(LaunchOrThrow(cfg, simtest_copy_stream, src.Get(), td->Get()), custom);
}

// The AIC-only GM -> L1 ND2NZ stream (slab walk only: mode 0, no L2 bypass), blockDim AICs.
py::dict RunCopyStreamL1(const py::dict& tiling, uint32_t blockDim, const std::string& soc, const py::dict& params) {
    const CopyStreamTiling t = ParseTiling(tiling, blockDim);
    if (t.mode != kStreamSlab || t.l2Bypass != 0) throw py::value_error("the GM -> L1 stream walks mode 0 only");
    ascendc_sim::LaunchConfig cfg = Config("simtest_copy_stream_l1", soc, blockDim);
    cfg.trace = {};
    cfg.aicOnly = true;
    ascendc_sim::SocInfo custom{};
    OverrideCost(cfg, custom, params);
    Dev src(size_t{t.m} * t.n * 2);
    auto td = TilingDev(t);
    return Report(LaunchOrThrow(cfg, simtest_copy_stream_l1, src.Get(), td->Get()), custom);
}

// The empty kernel of one kernel type: "aiv" (AIV_ONLY), "aic" (AIC_ONLY) or "mix" (MIX_AIC_1_2, blockDim groups).
py::dict RunEmpty(uint32_t blockDim, const std::string& soc, const py::dict& params, const std::string& type) {
    if (type != "aiv" && type != "aic" && type != "mix") throw py::value_error("kernel_type must be aiv, aic or mix");
    ascendc_sim::LaunchConfig cfg = Config(type == "aiv" ? "simtest_empty" : "simtest_empty_" + type, soc, blockDim);
    cfg.trace = {};
    cfg.aicOnly = type == "aic";
    cfg.aivPerAic = type == "mix" ? 2 : 0;
    ascendc_sim::SocInfo custom{};
    OverrideCost(cfg, custom, params);
    Dev unused(32);
    if (type == "mix") return Report(LaunchOrThrow(cfg, simtest_empty_mix, unused.Get(), unused.Get()), custom);
    return Report(LaunchOrThrow(cfg, type == "aic" ? simtest_empty_aic : simtest_empty, unused.Get()), custom);
}

}  // namespace

void Bind_copy_stream(py::module_& m) {
    m.def("run_copy_stream", &RunCopyStream, py::arg("tiling"), py::arg("block_dim"), py::arg("soc") = "ascend910b",
          py::arg("params") = py::dict());
    m.def("run_copy_stream_l1", &RunCopyStreamL1, py::arg("tiling"), py::arg("block_dim"),
          py::arg("soc") = "ascend910b", py::arg("params") = py::dict());
    m.def("run_empty", &RunEmpty, py::arg("block_dim"), py::arg("soc") = "ascend910b", py::arg("params") = py::dict(),
          py::arg("kernel_type") = "aiv");
}
