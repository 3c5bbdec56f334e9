// The twin's dav-3510 test kernel (tests/ut/sim/kernels/arch3510_kernels.cpp) on NumPy arrays:
// ascendops._C_test.simtest.run_arch3510.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>

#include "kernel_runner.h"
#include "simtest_module.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

extern "C" void simtest_arch3510(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

namespace {

// y (float32, as x) of instruction `op` in form `mode` (see the kernel) on `soc`.
py::array RunArch3510(const py::array& x, int32_t op, int32_t mode, const std::string& soc) {
    if (x.size() == 0 || x.size() % 64 != 0 || x.itemsize() != 4) {
        throw py::value_error("x must hold a positive multiple of 64 float32 values");
    }
    auto dx = Upload(x);
    Dev dy(x.nbytes());
    auto dt = TilingDev({static_cast<uint32_t>(x.size()), 0, op, mode, 0.0f, 0});
    ascendc_sim::LaunchConfig cfg = Config("simtest_arch3510", soc, 1);
    cfg.outputs = {{dy.Get(), x.nbytes()}};
    Run(cfg, simtest_arch3510, dx->Get(), dy.Get(), static_cast<uint8_t*>(nullptr), dt->Get());
    return Download(dy, py::dtype("float32"), x.size());
}

}  // namespace

void Bind_sim_arch_kernels(py::module_& m) {
    py::module_ s = SimtestModule(m);
    s.def("run_arch3510", &RunArch3510, py::arg("x"), py::arg("op"), py::arg("mode") = 0, py::arg("soc") = "ascend950");
}
