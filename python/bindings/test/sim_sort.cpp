// ascendops._C_test.simtest.sort / gm_fill: the Sort32 / MrgSort test kernels (tests/ut/sim/kernels/sort_kernels.cpp)
// and the GM Fill ones (gm_fill_kernels.cpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <map>
#include <string>

#include "kernel_runner.h"
#include "simtest_module.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

extern "C" void simtest_sort_float32(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_sort_float16(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_proposal_float32(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_proposal_float16(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_gm_fill_float32(uint8_t*, uint8_t*);
extern "C" void simtest_gm_fill_int16(uint8_t*, uint8_t*);
extern "C" void simtest_gm_fill_uint8(uint8_t*, uint8_t*);

namespace {

// Sort32 of (scores, indices); merge: MrgSort of the first `queues` Sort32 queues (repeat_times, suspend). Returns
// the entries' bytes (scores.size * 8, 7s where MrgSort wrote none) and GetMrgSortResult's counts.
py::tuple RunSort(const py::array& scores, const py::array& indices, bool merge, int queues, int repeatTimes,
                  bool suspend, const std::string& soc) {
    static const std::map<std::string, Kernel4> kKernels = {{"float32", simtest_sort_float32},
                                                            {"float16", simtest_sort_float16}};
    const std::string name = py::str(scores.dtype());
    auto it = kKernels.find(name);
    if (it == kKernels.end()) throw py::type_error("no Sort32 test kernel for " + name);
    auto dx = Upload(scores);
    auto dy = Upload(indices);
    const size_t bytes = static_cast<size_t>(scores.size()) * 8;
    Dev dz(bytes + 16);
    auto tiling = TilingDev(SimTestTiling{static_cast<uint32_t>(scores.size()), 0, merge ? 1 : 0, queues - 1,
                                          suspend ? 1.0f : 0.0f, static_cast<uint32_t>(repeatTimes)});
    Run(Config("simtest_sort_" + name, soc, 1), it->second, dx->Get(), dy->Get(), dz.Get(), tiling->Get());
    py::array raw = Download(dz, py::dtype("uint8"), bytes + 16);
    return py::make_tuple(raw[py::slice(0, static_cast<py::ssize_t>(bytes), 1)],
                          raw[py::slice(static_cast<py::ssize_t>(bytes), static_cast<py::ssize_t>(bytes + 16), 1)]);
}

// The region-proposal pipeline of 64 (scores, labels) (tests/ut/sim/kernels/sort_kernels.cpp), the scores
// concatenated into field `score_field`; returns the merged scores then labels.
py::array RunProposalSort(const py::array& scores, const py::array& labels, int scoreField, const std::string& soc) {
    static const std::map<std::string, Kernel4> kKernels = {{"float32", simtest_proposal_float32},
                                                            {"float16", simtest_proposal_float16}};
    const std::string name = py::str(scores.dtype());
    auto it = kKernels.find(name);
    if (it == kKernels.end()) throw py::type_error("no proposal test kernel for " + name);
    if (scores.size() != 64 || labels.size() != 64) throw py::value_error("scores and labels: 64 each");
    auto dx = Upload(scores);
    auto dy = Upload(labels);
    Dev dz(2 * scores.nbytes());
    auto tiling = TilingDev(SimTestTiling{64, 0, 0, scoreField, 0.0f, 0});
    Run(Config("simtest_proposal_" + name, soc, 1), it->second, dx->Get(), dy->Get(), dz.Get(), tiling->Get());
    return Download(dz, scores.dtype(), 128);
}

// A zeroed GM buffer of `room` elements of `dtype`, then Fill(buffer, size, value) (after an InitBuffer when
// `late`); the buffer.
py::array RunGmFill(const std::string& dtype, uint32_t room, uint32_t size, float value, bool late,
                    const std::string& soc) {
    using Kernel2 = void (*)(uint8_t*, uint8_t*);
    static const std::map<std::string, Kernel2> kKernels = {
        {"float32", simtest_gm_fill_float32}, {"int16", simtest_gm_fill_int16}, {"uint8", simtest_gm_fill_uint8}};
    auto it = kKernels.find(dtype);
    if (it == kKernels.end()) throw py::type_error("no Fill test kernel for " + dtype);
    py::dtype dt(dtype);
    Dev dy(room * dt.itemsize());
    auto tiling = TilingDev(SimTestTiling{room, size, late ? 1 : 0, 0, value, 0});
    Run(Config("simtest_gm_fill_" + dtype, soc, 1), it->second, dy.Get(), tiling->Get());
    return Download(dy, dt, room);
}

}  // namespace

void Bind_sim_sort(py::module_& m) {
    py::module_ s = SimtestModule(m);
    s.def("sort", &RunSort, py::arg("scores"), py::arg("indices"), py::arg("merge") = false, py::arg("queues") = 4,
          py::arg("repeat_times") = 1, py::arg("suspend") = false, py::arg("soc") = "ascend910b");
    s.def("proposal_sort", &RunProposalSort, py::arg("scores"), py::arg("labels"), py::arg("score_field") = 4,
          py::arg("soc") = "ascend310p");
    s.def("gm_fill", &RunGmFill, py::arg("dtype"), py::arg("room"), py::arg("size"), py::arg("value"),
          py::arg("late") = false, py::arg("soc") = "ascend910b");
}
