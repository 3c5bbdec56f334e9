// ascendops._C_test.simtest.vec_index / cmp_mask / type_traits: the CreateVecIndex, CmpMask and type-utility test
// kernels (tests/ut/sim/kernels/sample_api_kernels.cpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <map>
#include <string>

#include "kernel_runner.h"
#include "simtest_module.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

using Kernel2 = void (*)(uint8_t*, uint8_t*);
extern "C" void simtest_vec_index_float16(uint8_t*, uint8_t*);
extern "C" void simtest_vec_index_float32(uint8_t*, uint8_t*);
extern "C" void simtest_vec_index_int16(uint8_t*, uint8_t*);
extern "C" void simtest_vec_index_int32(uint8_t*, uint8_t*);
extern "C" void simtest_vec_index_uint16(uint8_t*, uint8_t*);
extern "C" void simtest_type_traits(uint8_t*);
extern "C" void simtest_cmp_mask_float16(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_cmp_mask_float32(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_cmp_mask_int32(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

namespace {

// A `room`-element UB buffer of `dtype` filled with 7, CreateVecIndex(buffer[offset], first, count); the buffer.
py::array RunVecIndex(const std::string& dtype, float first, uint32_t count, uint32_t room, uint32_t offset,
                      const std::string& soc) {
    static const std::map<std::string, Kernel2> kKernels = {{"float16", simtest_vec_index_float16},
                                                            {"float32", simtest_vec_index_float32},
                                                            {"int16", simtest_vec_index_int16},
                                                            {"int32", simtest_vec_index_int32},
                                                            {"uint16", simtest_vec_index_uint16}};
    auto it = kKernels.find(dtype);
    if (it == kKernels.end()) throw py::type_error("no CreateVecIndex test kernel for " + dtype);
    py::dtype dt(dtype);
    Dev dz(room * dt.itemsize());
    auto tiling = TilingDev(SimTestTiling{room, count, 0, 0, first, offset});
    Run(Config("simtest_vec_index_" + dtype, soc, 1), it->second, dz.Get(), tiling->Get());
    return Download(dz, dt, room);
}

// x, y of one dtype; Compare(x, y, mode, mask) into CmpMask (op 0) or SetCmpMask(x) (op 1), then GetCmpMask into
// a `room`-byte tensor of 0xEE; that tensor.
py::array RunCmpMask(const py::array& x, const py::array& y, uint64_t mask, int mode, int op, uint32_t room,
                     const std::string& soc) {
    static const std::map<std::string, Kernel4> kKernels = {{"float16", simtest_cmp_mask_float16},
                                                            {"float32", simtest_cmp_mask_float32},
                                                            {"int32", simtest_cmp_mask_int32}};
    std::string name = py::str(x.dtype());
    auto it = kKernels.find(name);
    if (it == kKernels.end()) throw py::type_error("no CmpMask test kernel for " + name);
    if (!y.dtype().is(x.dtype()) || y.size() != x.size()) throw py::value_error("x and y differ in dtype or size");
    auto dx = Upload(x);
    auto dy = Upload(y);
    Dev dz(room);
    auto tiling =
        TilingDev(SimTestTiling{static_cast<uint32_t>(x.size()), static_cast<uint32_t>(mask), op, mode, 0.0f, room});
    Run(Config("simtest_cmp_mask_" + name, soc, 1), it->second, dx->Get(), dy->Get(), dz.Get(), tiling->Get());
    return Download(dz, py::dtype("uint8"), room);
}

py::array RunTypeTraits(uint32_t count) {
    Dev dz(count * sizeof(int32_t));
    Run(Config("simtest_type_traits", "ascend910b", 1), simtest_type_traits, dz.Get());
    return Download(dz, py::dtype("int32"), count);
}

}  // namespace

void Bind_sim_sample_api(py::module_& m) {
    py::module_ s = SimtestModule(m);
    s.def("vec_index", &RunVecIndex, py::arg("dtype"), py::arg("first"), py::arg("count"), py::arg("room"),
          py::arg("offset") = 0, py::arg("soc") = "ascend910b");
    s.def("cmp_mask", &RunCmpMask, py::arg("x"), py::arg("y"), py::arg("mask"), py::arg("mode") = 0, py::arg("op") = 0,
          py::arg("room") = 128, py::arg("soc") = "ascend910b");
    s.def("type_traits", &RunTypeTraits, py::arg("count"));
}
