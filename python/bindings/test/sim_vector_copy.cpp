// ascendops._C_test.simtest.copy: the Copy test kernels (tests/ut/sim/kernels/vector_copy_kernels.cpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <map>
#include <string>

#include "kernel_runner.h"
#include "simtest_module.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

extern "C" void simtest_copy_float16(uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_copy_float32(uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_copy_int32(uint8_t*, uint8_t*, uint8_t*);

namespace {

// Copy(z, x, mask, repeat_times, (dstStride, srcStride, dstRepeatSize, srcRepeatSize)) over a z of 7s of x's size
// (counter: the mask register in Counter mode); z.
py::array RunCopy(const py::array& x, uint32_t mask, int repeatTimes, const py::tuple& params, bool counter,
                  const std::string& soc) {
    using Kernel3 = void (*)(uint8_t*, uint8_t*, uint8_t*);
    static const std::map<std::string, Kernel3> kKernels = {
        {"float16", simtest_copy_float16}, {"float32", simtest_copy_float32}, {"int32", simtest_copy_int32}};
    const std::string name = py::str(x.dtype());
    auto it = kKernels.find(name);
    if (it == kKernels.end()) throw py::type_error("no Copy test kernel for " + name);
    if (params.size() != 4) throw py::value_error("params: (dstStride, srcStride, dstRepeatSize, srcRepeatSize)");
    uint32_t packed = 0;
    for (int i = 0; i < 4; ++i) packed |= (params[i].cast<uint32_t>() & 0xFF) << (8 * i);
    auto dx = Upload(x);
    Dev dz(x.nbytes());
    auto tiling =
        TilingDev(SimTestTiling{static_cast<uint32_t>(x.size()), mask, counter ? 1 : 0, repeatTimes, 0.0f, packed});
    Run(Config("simtest_copy_" + name, soc, 1), it->second, dx->Get(), dz.Get(), tiling->Get());
    return Download(dz, x.dtype(), static_cast<size_t>(x.size()));
}

}  // namespace

void Bind_sim_vector_copy(py::module_& m) {
    py::module_ s = SimtestModule(m);
    s.def("copy", &RunCopy, py::arg("x"), py::arg("mask"), py::arg("repeat_times"),
          py::arg("params") = py::make_tuple(1, 1, 8, 8), py::arg("counter") = false, py::arg("soc") = "ascend910b");
}
