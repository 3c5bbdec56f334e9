// The vector calibration kernels of `ascendops bench calibrate` (kernels/gelu_calibration_kernels.cpp, sources S5;
// kernels/nd2nz_calibration_kernels.cpp, S6): modeled times only.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "calibration_report.h"
#include "cost_overrides.h"
#include "kernel_runner.h"
#include "python/bindings/bench/kernels/vector_calibration_tiling.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

extern "C" void simtest_gelu_calibration(uint8_t*, uint8_t*);
extern "C" void simtest_nd2nz_calibration(uint8_t*, uint8_t*, uint8_t*);

namespace {

py::dict RunGelu(const py::dict& tiling, uint32_t blockDim, const std::string& soc, const py::dict& params) {
    GeluCalibrationTiling t{};
    t.rows = tiling["rows"].cast<uint32_t>();
    t.cols = tiling["cols"].cast<uint32_t>();
    t.tileRows = tiling["tile_rows"].cast<uint32_t>();
    if (blockDim == 0 || t.tileRows == 0 || t.rows % t.tileRows != 0 || uint64_t{t.tileRows} * t.cols * 4 % 32 != 0)
        throw py::value_error("rows must be whole tiles of tile_rows rows, a tile whole 32-byte blocks");
    ascendc_sim::LaunchConfig cfg = Config("simtest_gelu_calibration", soc, blockDim);
    cfg.trace = {};
    ascendc_sim::SocInfo custom{};
    OverrideCost(cfg, custom, params);
    Dev x(size_t{t.rows} * t.cols * 4);  // zeros: GELU(0) = 0, no value matters to the cost
    auto td = TilingDev(t);
    return Report(LaunchOrThrow(cfg, simtest_gelu_calibration, x.Get(), td->Get()), custom);
}

py::dict RunNd2Nz(const py::dict& tiling, const std::string& soc, const py::dict& params) {
    Nd2NzCalibrationTiling t{};
    t.rows = tiling["rows"].cast<uint32_t>();
    t.cols = tiling["cols"].cast<uint32_t>();
    t.rowSplits = tiling["row_splits"].cast<uint32_t>();
    t.colSplits = tiling["col_splits"].cast<uint32_t>();
    t.tileRows = tiling["tile_rows"].cast<uint32_t>();
    t.tileCols = tiling["tile_cols"].cast<uint32_t>();
    t.nzC0Stride = tiling["nz_c0_stride"].cast<uint32_t>();
    if (t.rowSplits == 0 || t.colSplits == 0 || t.tileCols == 0 || t.tileCols % 16 != 0 ||
        t.cols % (t.colSplits * t.tileCols) != 0 || t.nzC0Stride < t.tileRows)
        throw py::value_error(
            "cols must be col_splits runs of whole tile_cols (a multiple of 16); "
            "nz_c0_stride >= tile_rows");
    ascendc_sim::LaunchConfig cfg = Config("simtest_nd2nz_calibration", soc, t.rowSplits * t.colSplits);
    cfg.trace = {};
    ascendc_sim::SocInfo custom{};
    OverrideCost(cfg, custom, params);
    Dev x(size_t{t.rows} * t.cols * 2), z(size_t{t.rows} * t.cols * 2);
    auto td = TilingDev(t);
    return Report(LaunchOrThrow(cfg, simtest_nd2nz_calibration, x.Get(), z.Get(), td->Get()), custom);
}

}  // namespace

void Bind_vector_calibration(py::module_& m) {
    m.def("run_gelu_calibration", &RunGelu, py::arg("tiling"), py::arg("block_dim"), py::arg("soc") = "ascend910b",
          py::arg("params") = py::dict());
    m.def("run_nd2nz_calibration", &RunNd2Nz, py::arg("tiling"), py::arg("soc") = "ascend910b",
          py::arg("params") = py::dict());
}
