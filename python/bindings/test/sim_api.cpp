// ascendops._C_test.simapi: runs the twin's kernel-API test kernel (tests/ut/sim/kernels/api_kernels.cpp), whose case
// and element count are passed by value, through the any-argument launch.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "kernel_runner.h"
#include "op_host/common/platform.h"
#include "sim/launch_any.h"
#include "tests/ut/sim/kernels/sim_api_case.h"

namespace py = pybind11;

extern "C" void simtest_api(uint8_t* x, uint8_t* y, uint8_t* z, SimApiCase k, uint32_t n);

namespace {

// x and y (float32, padded to `n`) in, z (n float32) out.
py::array_t<float> RunApi(int op, const py::array_t<float, py::array::c_style | py::array::forcecast>& x,
                          const py::array_t<float, py::array::c_style | py::array::forcecast>& y, uint32_t n, int mode,
                          float scalar, const std::string& soc) {
    auto v = ascendops::ParseSoc(soc);
    if (!v) throw py::value_error("unknown soc " + soc);
    const size_t bytes = std::max<size_t>(n, std::max(x.size(), y.size())) * sizeof(float);
    ascendc_sim::bench::Dev dx(bytes), dy(bytes), dz(bytes);
    dx.Upload(x.data(), x.nbytes());
    dy.Upload(y.data(), y.nbytes());
    ascendc_sim::LaunchConfig cfg;
    cfg.kernel = "simtest_api";
    cfg.platform = ascendops::Platform::Of(*v);
    auto r =
        ascendc_sim::LaunchKernel(cfg, simtest_api, dx.Get(), dy.Get(), dz.Get(), SimApiCase{op, mode, n, scalar}, n);
    if (!r) throw std::runtime_error(r.error().message);
    py::array_t<float> z(static_cast<py::ssize_t>(n));
    aclrtMemcpy(z.mutable_data(), n * sizeof(float), dz.Get(), n * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    return z;
}

}  // namespace

void Bind_sim_api(py::module_& m) {
    py::module_ s =
        m.def_submodule("simapi", "the twin's kernel-API test kernel (tests/ut/sim/kernels/api_kernels.cpp)");
    s.def("run", &RunApi, py::arg("op"), py::arg("x"), py::arg("y"), py::arg("n"), py::arg("mode") = 0,
          py::arg("scalar") = 0.0f, py::arg("soc") = "ascend910b");
}
