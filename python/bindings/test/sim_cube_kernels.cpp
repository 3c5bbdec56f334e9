// The twin's test-only cube kernels (tests/ut/sim/kernels): the hand-written cube sequence, the constant-tiling
// Matmul and the cross-core flags: ascendops._C_test.simtest.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "cube_fields.h"
#include "kernel_runner.h"
#include "python/bindings/bench/kernels/matmul_test_tiling.h"
#include "simtest_module.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

extern "C" void simtest_cube_sync(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_matmul_static(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_cross_core(uint8_t*, uint8_t*);

namespace {

// tests/ut/sim/kernels/cube_sync_kernels.cpp: [C, C2] (2 m x n float32) of the hand-written cube sequence; a_zz and
// b_zn hold the two K chunks of A (Zz) and B (Zn) as the kernel loads them.
py::array RunCubeSync(const py::array& aZz, const py::array& bZn, uint32_t m, uint32_t k, uint32_t n, int scenario,
                      const std::string& soc) {
    auto da = Upload(aZz), db = Upload(bZn);
    Dev dc(size_t{2} * m * n * sizeof(float));
    auto dt = TilingDev({m, 2 * k, static_cast<int32_t>(n), scenario, 0.0f, 0});  // k: one of the two K chunks
    ascendc_sim::LaunchConfig cfg = Config("simtest_cube_sync", soc, 1);
    cfg.aivPerAic = 2;
    cfg.outputs = {{dc.Get(), size_t{2} * m * n * sizeof(float)}};  // as an aclnn call: undefined bytes there fail
    Run(cfg, simtest_cube_sync, da->Get(), db->Get(), dc.Get(), dt->Get());
    return Download(dc, py::dtype("float32"), size_t{2} * m * n);
}

// python/bindings/bench/kernels/matmul_kernels.cpp simtest_matmul_static: C (64 x 48 float32) of A (64 x 64)
// B (64 x 48) bfloat16 with a constant-tiling Matmul template; `tiling` is the runtime TCubeTiling the modes pass.
py::array RunMatmulStatic(const py::array& a, const py::array& b, const py::dict& tiling, int32_t mode) {
    MatmulTestTiling t{};
    for (const auto& [name, field] : kCubeFields) {
        if (tiling.contains(name)) t.cube.*field = tiling[name].cast<int32_t>();
    }
    t.mode = mode;
    auto da = Upload(a), db = Upload(b);
    Dev dc(64 * 48 * sizeof(float));
    auto dt = std::make_unique<Dev>(sizeof(t));
    dt->Upload(&t, sizeof(t));
    ascendc_sim::LaunchConfig cfg = Config("simtest_matmul_static", "ascend910b", 1);
    cfg.aivPerAic = 2;
    Run(cfg, simtest_matmul_static, da->Get(), db->Get(), dc.Get(), dt->Get());
    return Download(dc, py::dtype("float32"), 64 * 48);
}

// The cross-core flag kernel on `groups` 1:2 groups: the values each AIV wrote (mode 1: a flag nobody sets).
py::array RunCrossCore(uint32_t groups, int32_t mode, const std::string& soc, double timeout) {
    MatmulTestTiling t{};
    t.mode = mode;
    Dev out(64 * 16 * 4);
    auto dt = std::make_unique<Dev>(sizeof(t));
    dt->Upload(&t, sizeof(t));
    ascendc_sim::LaunchConfig cfg = Config("simtest_cross_core", soc, groups, timeout);
    cfg.aivPerAic = 2;
    Run(cfg, simtest_cross_core, out.Get(), dt->Get());
    return Download(out, py::dtype("int32"), 64 * 16);
}

}  // namespace

void Bind_sim_cube_kernels(py::module_& m) {
    py::module_ s = SimtestModule(m);
    s.def("run_cube_sync", &RunCubeSync, py::arg("a_zz"), py::arg("b_zn"), py::arg("m"), py::arg("k"), py::arg("n"),
          py::arg("scenario"), py::arg("soc") = "ascend910b");
    s.def("run_matmul_static", &RunMatmulStatic, py::arg("a"), py::arg("b"), py::arg("tiling"), py::arg("mode"));
    s.def("run_cross_core", &RunCrossCore, py::arg("groups"), py::arg("mode") = 0, py::arg("soc") = "ascend910b",
          py::arg("timeout") = 10.0);
}
