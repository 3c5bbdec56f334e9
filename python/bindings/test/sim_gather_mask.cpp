// ascendops._C_test.simtest.gather_mask / gatherb: the GatherMask and Gatherb test kernels
// (tests/ut/sim/kernels/gather_mask_kernels.cpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstring>
#include <map>
#include <string>

#include "kernel_runner.h"
#include "simtest_module.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

extern "C" void simtest_gather_mask_float16(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_gather_mask_uint16(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_gather_mask_float32(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_gather_mask_int32(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_gather_mask_uint32(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_gatherb_uint16(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_gatherb_uint32(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_gatherb_float32(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

namespace {

Kernel4 Find(const std::map<std::string, Kernel4>& kernels, const std::string& dtype, const char* what) {
    auto it = kernels.find(dtype);
    if (it == kernels.end()) throw py::type_error(std::string("no ") + what + " test kernel for " + dtype);
    return it->second;
}

uint32_t PackParams(const py::tuple& p) {
    if (p.size() != 4)
        throw py::value_error("params: (src0BlockStride, repeatTimes, src0RepeatStride, src1RepeatStride)");
    uint32_t packed = 0;
    for (int i = 0; i < 4; ++i) packed |= (p[i].cast<uint32_t>() & 0xFF) << (8 * i);
    return packed;
}

// GatherMask(dst, x, pattern (bytes) or built-in `fixed`, counter, mask, params, rsvdCnt) over a dst of 7s;
// returns (the dst bytes as x's dtype, rsvdCnt).
py::tuple RunGatherMask(const py::array& x, const py::array& pattern, int fixed, bool counter, uint32_t mask,
                        const py::tuple& params, bool inPlace, const std::string& soc) {
    static const std::map<std::string, Kernel4> kKernels = {{"float16", simtest_gather_mask_float16},
                                                            {"uint16", simtest_gather_mask_uint16},
                                                            {"float32", simtest_gather_mask_float32},
                                                            {"int32", simtest_gather_mask_int32},
                                                            {"uint32", simtest_gather_mask_uint32}};
    const std::string name = py::str(x.dtype());
    Kernel4 k = Find(kKernels, name, "GatherMask");
    auto dx = Upload(x);
    auto dy = Upload(pattern);
    const size_t bytes = x.nbytes();
    Dev dz(bytes + sizeof(uint64_t));
    auto tiling =
        TilingDev(SimTestTiling{static_cast<uint32_t>(x.size()), mask, fixed, (counter ? 1 : 0) | (inPlace ? 2 : 0),
                                static_cast<float>(pattern.nbytes()), PackParams(params)});
    Run(Config("simtest_gather_mask_" + name, soc, 1), k, dx->Get(), dy->Get(), dz.Get(), tiling->Get());
    py::array raw = Download(dz, py::dtype("uint8"), bytes + sizeof(uint64_t));
    uint64_t count = 0;
    std::memcpy(&count, static_cast<const uint8_t*>(raw.data()) + bytes, sizeof(count));
    return py::make_tuple(Download(dz, x.dtype(), static_cast<size_t>(x.size())), count);
}

// Gatherb(dst, x, offsets, offsets.size / 8, {dstBlkStride, dstRepStride}) over a dst of 7s of x's size; the dst.
py::array RunGatherb(const py::array& x, const py::array& offsets, int dstBlkStride, int dstRepStride,
                     const std::string& soc) {
    static const std::map<std::string, Kernel4> kKernels = {
        {"uint16", simtest_gatherb_uint16}, {"uint32", simtest_gatherb_uint32}, {"float32", simtest_gatherb_float32}};
    const std::string name = py::str(x.dtype());
    Kernel4 k = Find(kKernels, name, "Gatherb");
    auto dx = Upload(x);
    auto dy = Upload(offsets);
    Dev dz(x.nbytes());
    auto tiling = TilingDev(SimTestTiling{static_cast<uint32_t>(x.size()), static_cast<uint32_t>(offsets.size()), 0, 0,
                                          0.0f, static_cast<uint32_t>(dstBlkStride | (dstRepStride << 8))});
    Run(Config("simtest_gatherb_" + name, soc, 1), k, dx->Get(), dy->Get(), dz.Get(), tiling->Get());
    return Download(dz, x.dtype(), static_cast<size_t>(x.size()));
}

}  // namespace

void Bind_sim_gather_mask(py::module_& m) {
    py::module_ s = SimtestModule(m);
    s.def("gather_mask", &RunGatherMask, py::arg("x"), py::arg("pattern"), py::arg("fixed") = 0,
          py::arg("counter") = false, py::arg("mask") = 0, py::arg("params") = py::make_tuple(1, 1, 8, 8),
          py::arg("in_place") = false, py::arg("soc") = "ascend910b");
    s.def("gatherb", &RunGatherb, py::arg("x"), py::arg("offsets"), py::arg("dst_blk_stride") = 1,
          py::arg("dst_rep_stride") = 8, py::arg("soc") = "ascend910b");
}
