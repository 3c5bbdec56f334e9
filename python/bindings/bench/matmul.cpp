// The twin's Matmul kernels (kernels/matmul_kernels.cpp) as `ascendops bench matmul` runs them: the host Matmul
// tiling, the kernel run with its modeled per-pipe times, and the SoC's cube facts.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "cube_fields.h"
#include "kernel_runner.h"
#include "python/bindings/bench/kernels/matmul_test_tiling.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

#define MATMUL_KERNEL(name) extern "C" void name(uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*);
MATMUL_KERNEL(simtest_matmul_bf16_f32)
MATMUL_KERNEL(simtest_matmul_bf16_bf16)
MATMUL_KERNEL(simtest_matmul_f16_f32)
MATMUL_KERNEL(simtest_matmul_f16_f16)
#undef MATMUL_KERNEL

namespace {

ascendops::DataType MatmulDtype(const std::string& name) {
    static const std::map<std::string, ascendops::DataType> kTypes = {{"bfloat16", ascendops::DataType::kBf16},
                                                                      {"float16", ascendops::DataType::kFloat16},
                                                                      {"float32", ascendops::DataType::kFloat}};
    auto it = kTypes.find(name);
    if (it == kTypes.end()) throw py::type_error("matmul dtype " + name + " not in bfloat16/float16/float32");
    return it->second;
}

// The host tiling (twin path) as a dict of TCubeTiling fields; RuntimeError carries the tiling's message.
py::dict MatmulTilingDict(int32_t m, int32_t n, int32_t k, const std::string& ab, const std::string& c, bool transA,
                          bool transB, bool bias, int32_t dim, const std::string& soc, int32_t fixM, int32_t fixN,
                          int32_t l1) {
    auto v = ascendops::ParseSoc(soc);
    if (!v) throw py::value_error("unknown soc " + soc);
    ascendops::MultiCoreMatmulTiling t(ascendops::Platform::Of(*v));
    t.SetDim(dim);
    t.SetAType(MatmulDtype(ab), transA);
    t.SetBType(MatmulDtype(ab), transB);
    t.SetCType(MatmulDtype(c));
    t.SetBiasType(ascendops::DataType::kFloat);
    t.SetBias(bias);
    t.SetShape(m, n, k);
    t.SetOrgShape(m, n, k);
    t.SetBufferSpace(l1);
    t.SetFixSplit(fixM, fixN);
    ascendops::CubeTiling out{};
    if (t.GetTiling(out) == -1) throw std::runtime_error(t.LastError());
    py::dict d;
    for (const auto& [name, field] : kCubeFields) d[name] = out.*field;
    return d;
}

// Runs a Matmul test kernel (MIX 1:2, `groups` AIC:AIV groups). c0: C's initial content (atomic accumulation).
py::tuple RunMatmul(const py::array& a, const py::array& b, const py::object& bias, const py::array& c0,
                    const py::dict& tiling, bool transA, bool transB, int32_t mode, int32_t atomic, uint32_t groups,
                    const std::string& soc, double timeout) {
    static const std::map<std::pair<std::string, std::string>, Kernel5> kKernels = {
        {{"bfloat16", "float32"}, simtest_matmul_bf16_f32},
        {{"bfloat16", "bfloat16"}, simtest_matmul_bf16_bf16},
        {{"float16", "float32"}, simtest_matmul_f16_f32},
        {{"float16", "float16"}, simtest_matmul_f16_f16}};
    std::pair<std::string, std::string> key{py::str(a.dtype()), py::str(c0.dtype())};
    auto it = kKernels.find(key);
    if (it == kKernels.end()) throw py::type_error("no matmul test kernel for " + key.first + " -> " + key.second);
    MatmulTestTiling t{};
    for (const auto& [name, field] : kCubeFields) {
        if (tiling.contains(name)) t.cube.*field = tiling[name].cast<int32_t>();
    }
    t.transA = transA, t.transB = transB, t.hasBias = !bias.is_none(), t.atomic = atomic, t.mode = mode;
    auto da = Upload(a), db = Upload(b), dc = Upload(c0);
    auto dbias = bias.is_none() ? std::make_unique<Dev>(64) : Upload(bias.cast<py::array>());
    auto dt = std::make_unique<Dev>(sizeof(t));
    dt->Upload(&t, sizeof(t));
    ascendc_sim::LaunchConfig cfg = Config("simtest_matmul", soc, groups, timeout);
    cfg.aivPerAic = 2;
    const ascendc_sim::LaunchStats s =
        LaunchOrThrow(cfg, it->second, da->Get(), db->Get(), dbias->Get(), dc->Get(), dt->Get());
    py::dict stats = StatsDict(s, *cfg.platform.soc);
    py::list pipes;  // per core: modeled us of each cube pipe
    for (const ascendc_sim::CoreCost& c : s.cores) {
        ascendc_sim::CubePipes p = ascendc_sim::CubePipeCycles(c, *cfg.platform.soc);
        double f = cfg.platform.soc->cost.freqMHz;
        pipes.append(py::dict(py::arg("m") = p.m / f, py::arg("mte2") = p.mte2 / f, py::arg("mte1") = p.mte1 / f,
                              py::arg("fix") = p.fix / f));
    }
    stats["cube_pipes_us"] = pipes;
    return py::make_tuple(Download(*dc, c0.dtype(), c0.size()), stats);
}

// The cube row of the SoC table with the clock, AIC count and memory bandwidth (for rooflines).
py::dict CubeInfo(const std::string& soc) {
    auto v = ascendops::ParseSoc(soc);
    if (!v) throw py::value_error("unknown soc " + soc);
    const ascendops::SocInfo& info = ascendops::GetSocInfo(*v);
    const ascendops::SocCubeInfo* cube = ascendops::FindSocCubeInfo(*v);
    if (cube == nullptr) throw py::value_error("no cube row for " + soc);
    py::dict d;
    d["separated"] = cube->separated;
    d["aiv_per_aic"] = cube->aivPerAic;
    d["cube_cores"] = info.cubeCoreNum;
    d["freq_mhz"] = info.cost.freqMHz;
    d["mem_bandwidth_gbps"] = info.cost.memBandwidthGBps;
    d["macs_per_cycle_16"] = cube->macsPerCycle16;
    d["l1_bytes"] = cube->l1Bytes;
    d["l0a_bytes"] = cube->l0aBytes;
    d["l0b_bytes"] = cube->l0bBytes;
    d["l0c_bytes"] = cube->l0cBytes;
    d["bias_table_bytes"] = cube->biasTableBytes;
    d["fixpipe_bytes"] = cube->fixpipeBytes;
    d["gm_to_l1_bytes_per_cycle"] = cube->gmToL1BytesPerCycle;
    d["l2_to_l1_bytes_per_cycle"] = cube->l2ToL1BytesPerCycle;
    d["l1_to_l0a_bytes_per_cycle"] = cube->l1ToL0aBytesPerCycle;
    d["l1_to_l0b_bytes_per_cycle"] = cube->l1ToL0bBytesPerCycle;
    return d;
}

}  // namespace

void Bind_matmul(py::module_& m) {
    m.def("cube_info", &CubeInfo, py::arg("soc"));
    m.def("matmul_tiling", &MatmulTilingDict, py::arg("m"), py::arg("n"), py::arg("k"), py::arg("ab") = "bfloat16",
          py::arg("c") = "float32", py::arg("trans_a") = false, py::arg("trans_b") = false, py::arg("bias") = false,
          py::arg("dim") = 1, py::arg("soc") = "ascend910b", py::arg("fix_base_m") = -1, py::arg("fix_base_n") = -1,
          py::arg("l1") = -1);
    m.def("run_matmul", &RunMatmul, py::arg("a"), py::arg("b"), py::arg("bias"), py::arg("c0"), py::arg("tiling"),
          py::arg("trans_a") = false, py::arg("trans_b") = false, py::arg("mode") = 0, py::arg("atomic") = 0,
          py::arg("groups") = 1, py::arg("soc") = "ascend910b", py::arg("timeout") = 10.0);
}
