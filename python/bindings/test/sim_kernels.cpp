// The twin's test-only vector, cast, rule, sync and copy kernels (tests/ut/sim/kernels) on NumPy arrays, the cast
// table, the bank-conflict beats, the live allocation count and what else the shared twin keeps between launches:
// ascendops._C_test.simtest.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "kernel_runner.h"
#include "sim/cast.h"
#include "sim/core_workers.h"
#include "sim/device_memory.h"
#include "sim/l2_reuse.h"
#include "sim/timing.h"
#include "sim/types.h"
#include "simtest_module.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

#define SIMTEST_KERNEL3(name) extern "C" void name(uint8_t*, uint8_t*, uint8_t*);
#define SIMTEST_KERNEL4(name) extern "C" void name(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
SIMTEST_KERNEL3(simtest_copy)
SIMTEST_KERNEL4(simtest_cast_add)
SIMTEST_KERNEL4(simtest_vec_float16)
SIMTEST_KERNEL4(simtest_vec_float32)
SIMTEST_KERNEL4(simtest_vec_int16)
SIMTEST_KERNEL4(simtest_vec_uint16)
SIMTEST_KERNEL4(simtest_vec_int32)
SIMTEST_KERNEL4(simtest_vec_int8)
SIMTEST_KERNEL4(simtest_strict)
SIMTEST_KERNEL3(simtest_atomic_int32)
SIMTEST_KERNEL3(simtest_atomic_float32)
SIMTEST_KERNEL4(simtest_sync)
SIMTEST_KERNEL3(simtest_copy_pad)
SIMTEST_KERNEL4(simtest_pipe_sync)
SIMTEST_KERNEL4(simtest_dcache)
SIMTEST_KERNEL4(simtest_rules)
SIMTEST_KERNEL3(simtest_ub_as_found)
SIMTEST_KERNEL3(simtest_kernel_fault)
SIMTEST_KERNEL4(simtest_sanitizer)
#define SIMTEST_CAST(S, D, sname, dname) SIMTEST_KERNEL3(simtest_cast_##sname##_##dname)
#include "tests/ut/sim/kernels/cast_pairs.inc"
#undef SIMTEST_CAST
#undef SIMTEST_KERNEL3
#undef SIMTEST_KERNEL4

namespace {

py::dtype DtypeOf(const std::string& name) {
    if (name == "bfloat16") return py::dtype::from_args(py::module_::import("ml_dtypes").attr("bfloat16"));
    return py::dtype(name);
}

// Elements rounded up to whole 256-byte repeats, so every count form and Compare are legal.
size_t PaddedCount(size_t n, size_t elemBytes) {
    size_t per = 256 / elemBytes;
    return (n + per - 1) / per * per;
}

py::tuple RunVec(int op, const py::array& x, const py::array& y, float scalar, int mode, uint32_t count,
                 const std::string& soc) {
    static const std::map<std::string, Kernel4> kKernels = {
        {"float16", simtest_vec_float16}, {"float32", simtest_vec_float32}, {"int16", simtest_vec_int16},
        {"uint16", simtest_vec_uint16},   {"int32", simtest_vec_int32},     {"int8", simtest_vec_int8}};
    std::string name = py::str(x.dtype());
    auto it = kKernels.find(name);
    if (it == kKernels.end()) throw py::type_error("no vector test kernel for " + name);
    size_t n = PaddedCount(x.size(), x.itemsize());
    auto dx = Upload(x, n * x.itemsize());
    auto dy = Upload(y, n * x.itemsize());
    Dev dz(n * x.itemsize());
    auto dt = TilingDev({static_cast<uint32_t>(n), 0, op, mode, scalar, count});
    py::dict stats = Run(Config("simtest_vec_" + name, soc, 1), it->second, dx->Get(), dy->Get(), dz.Get(), dt->Get());
    return py::make_tuple(Download(dz, x.dtype(), n), stats);
}

py::tuple RunCast(const py::array& x, const std::string& dst, int mode, const std::string& soc) {
    static const std::map<std::string, Kernel3> kKernels = {
#define SIMTEST_CAST(S, D, sname, dname) {#sname "->" #dname, simtest_cast_##sname##_##dname},
#include "tests/ut/sim/kernels/cast_pairs.inc"
#undef SIMTEST_CAST
    };
    std::string src = py::str(x.dtype());
    auto it = kKernels.find(src + "->" + dst);
    if (it == kKernels.end()) throw py::type_error("no cast test kernel for " + src + "->" + dst);
    py::dtype dstType = DtypeOf(dst);
    size_t n = (x.size() + 255) / 256 * 256;
    size_t tile = std::min<size_t>(n, 4096);
    while (n % tile != 0) tile -= 256;
    auto dx = Upload(x, n * x.itemsize());
    Dev dz(n * dstType.itemsize());
    auto dt = TilingDev({static_cast<uint32_t>(n), static_cast<uint32_t>(tile), 0, mode, 0.0f, 0});
    py::dict stats = Run(Config("simtest_cast_" + src + "_" + dst, soc, 1), it->second, dx->Get(), dz.Get(), dt->Get());
    return py::make_tuple(Download(dz, dstType, n), stats);
}

py::dict RunStrict(int scenario, const std::string& soc, uint32_t blockDim, uint32_t n, uint32_t extra, double timeout,
                   size_t wsBytes) {
    Dev dx(n * 2), dy(n * 2), dws(wsBytes);
    auto dt = TilingDev({n, 0, 0, scenario, 0.0f, extra});
    return Run(Config("simtest_strict", soc, blockDim, timeout), simtest_strict, dx.Get(), dy.Get(), dws.Get(),
               dt->Get());
}

// tests/ut/sim/kernels/pipe_sync_kernels.cpp: y (float16) after one scenario; `obey` adds the missing sync.
py::array RunPipeSync(const py::array& x, int scenario, bool obey, const std::string& soc) {
    auto dx = Upload(x);
    Dev dy(x.nbytes()), dws(32);
    auto dt = TilingDev({static_cast<uint32_t>(x.size()), 0, 0, scenario, 0.0f, obey ? 1u : 0u});
    Run(Config("simtest_pipe_sync", soc, 1), simtest_pipe_sync, dx->Get(), dy.Get(), dws.Get(), dt->Get());
    return Download(dy, x.dtype(), x.size());
}

// tests/ut/sim/kernels/dcache_kernels.cpp: y (64 float16, zeroed before) after one scenario.
py::array RunDcache(int scenario, bool obey, const std::string& soc, uint32_t blockDim) {
    Dev dx(32), dy(128), dws(1024);
    auto dt = TilingDev({64, 0, 0, scenario, 0.0f, obey ? 1u : 0u});
    Run(Config("simtest_dcache", soc, blockDim), simtest_dcache, dx.Get(), dy.Get(), dws.Get(), dt->Get());
    return Download(dy, py::dtype("float16"), 64);
}

// Kernel-wide rules (tests/ut/sim/kernels/rule_kernels.cpp): x and y hold n elements of `dtype`; ws_bytes 0 passes
// no workspace; ws_fill is the workspace's byte value; vector_cores launches as KERNEL_TYPE_MIX_VECTOR_CORE.
py::tuple RunRules(int scenario, const std::string& soc, uint32_t blockDim, const py::array& x, uint32_t extra,
                   uint64_t tilingKey, size_t wsBytes, int wsFill, bool vectorCores) {
    auto dx = Upload(x, 64);
    Dev dy(std::max<size_t>(x.nbytes(), size_t{blockDim} * 32));
    std::unique_ptr<Dev> dws = wsBytes != 0 ? std::make_unique<Dev>(wsBytes) : nullptr;
    if (dws) aclrtMemset(dws->Get(), wsBytes, wsFill, wsBytes);
    auto dt = TilingDev({static_cast<uint32_t>(x.size()), 0, 0, scenario, 0.0f, extra});
    ascendc_sim::LaunchConfig cfg = Config("simtest_rules", soc, blockDim);
    cfg.tilingKey = tilingKey;
    cfg.vectorCores = vectorCores;
    py::dict stats = Run(cfg, simtest_rules, dx->Get(), dy.Get(), dws ? dws->Get() : nullptr, dt->Get());
    return py::make_tuple(Download(dy, x.dtype(), x.size()), stats);
}

// tests/ut/sim/kernels/lifetime_kernels.cpp: y (32 floats per block) after blocks [0, writers) copied x through UB
// and the others copied their UB as they found it.
// host_x: x is passed as its host address, no device memory (a GM argument is checked where it is accessed).
py::array RunUbAsFound(const py::array& x, const std::string& soc, uint32_t blockDim, uint32_t writers, bool hostX) {
    if (x.nbytes() != size_t{blockDim} * 128) throw py::value_error("x must hold 32 floats per block");
    auto dx = Upload(x);
    auto* xArg = hostX ? static_cast<uint8_t*>(const_cast<void*>(x.data())) : dx->Get();
    Dev dy(x.nbytes());
    auto dt = TilingDev({static_cast<uint32_t>(x.size()), 0, 0, 0, 0.0f, writers});
    ascendc_sim::LaunchConfig cfg = Config("simtest_ub_as_found", soc, blockDim);
    cfg.outputs = {{dy.Get(), x.nbytes()}};  // as an aclnn call: undefined bytes stored there fail
    Run(cfg, simtest_ub_as_found, xArg, dy.Get(), dt->Get());
    return Download(dy, x.dtype(), x.size());
}

// tests/ut/sim/kernels/lifetime_kernels.cpp: a launch whose kernel faults on the host in `mode` (0: a scalar read
// through a `__ubuf__` pointer, 1: an integer division by zero); raises the launch's error.
void RunKernelFault(int mode, const std::string& soc, uint32_t blockDim) {
    Dev dx(32), dy(32);
    auto dt = TilingDev({64, 0, 0, mode, 0.0f, 0});
    Run(Config("simtest_kernel_fault", soc, blockDim), simtest_kernel_fault, dx.Get(), dy.Get(), dt->Get());
}

// The sanitizer probes (tests/ut/sim/kernels/sanitizer_kernels.cpp): x holds 64 halves 0..63; y 64 halves, zeroed
// or (fresh_output) unwritten; declare_output makes y the launch's output whose every byte must be written.
py::tuple RunSanitizer(int probe, const std::string& soc, uint32_t blockDim, uint32_t extra, bool freshOutput,
                       bool declareOutput) {
    constexpr uint32_t kN = 64;
    std::vector<uint16_t> halves(kN);
    for (uint32_t i = 0; i < kN; ++i) halves[i] = ascendc_sim::FloatToHalfBits(static_cast<float>(i));
    Dev dx(kN * 2), dy(kN * 2, !freshOutput), dws(1024);
    dx.Upload(halves.data(), kN * 2);
    const ascendops::SocInfo& info = ascendops::GetSocInfo(*ascendops::ParseSoc(soc));
    auto dt = TilingDev(
        {kN, static_cast<uint32_t>(info.rules.ubUsableBytes), 0, probe, static_cast<float>(info.ubBytes), extra});
    ascendc_sim::LaunchConfig cfg = Config("simtest_sanitizer", soc, blockDim);
    if (declareOutput) cfg.outputs = {{dy.Get(), kN * 2}};
    py::dict stats = Run(cfg, simtest_sanitizer, dx.Get(), dy.Get(), dws.Get(), dt->Get());
    return py::make_tuple(Download(dy, py::dtype("float16"), kN), stats);
}

py::tuple RunAtomic(const py::array& x, uint32_t cores, const std::string& soc, const std::string& op) {
    static const std::map<std::string, int32_t> kOps = {{"add", 0}, {"max", 1}, {"min", 2}};
    if (kOps.count(op) == 0) throw py::value_error("op: add, max or min");
    std::string name = py::str(x.dtype());
    Kernel3 k = name == "int32" ? simtest_atomic_int32 : name == "float32" ? simtest_atomic_float32 : nullptr;
    if (k == nullptr) throw py::type_error("atomic test kernel takes int32 or float32");
    uint32_t n = static_cast<uint32_t>(x.size() / cores);
    auto dx = Upload(x);
    Dev dy(n * 4);
    auto dt = TilingDev({n * cores, n, kOps.at(op), 0, 0.0f, 0});
    py::dict stats = Run(Config("simtest_atomic_" + name, soc, cores), k, dx->Get(), dy.Get(), dt->Get());
    return py::make_tuple(Download(dy, x.dtype(), n), stats);
}

py::tuple RunSync(uint32_t cores, bool hardware, uint32_t rounds, const std::string& soc, double timeout) {
    Dev dy(cores * 32), dz(cores * 32), dws(cores * 32);
    auto dt = TilingDev({cores, 0, 0, hardware ? 1 : 0, 0.0f, rounds});
    py::dict stats =
        Run(Config("simtest_sync", soc, cores, timeout), simtest_sync, dy.Get(), dz.Get(), dws.Get(), dt->Get());
    return py::make_tuple(Download(dz, py::dtype("float32"), cores * 8), stats);
}

py::array RunCopyPad(const py::array& x, uint32_t rows, uint32_t rowBytes, uint32_t gapBytes, float pad,
                     const std::string& soc) {
    uint32_t rowUb = (rowBytes + 31) / 32 * 32;
    size_t outBytes = size_t{rows} * rowUb + size_t{rows} * rowBytes;
    auto dx = Upload(x);
    Dev dy((outBytes + 31) / 32 * 32);
    auto dt = TilingDev({rows, gapBytes, 0, 0, pad, rowBytes});
    Run(Config("simtest_copy_pad", soc, 1), simtest_copy_pad, dx->Get(), dy.Get(), dt->Get());
    return Download(dy, py::dtype("float16"), outBytes / 2);
}

// The copy kernel twice on ascend910b: x -> y, then y -> z (the second launch reads what the first wrote); with
// `host_write`, y is written again from the host in between (aclrtMemcpy). The two launches' stats.
py::tuple RunCopyChain(const py::array& x, uint32_t blockDim, uint32_t tile, bool hostWrite) {
    auto dx = Upload(x);
    Dev dy(x.nbytes()), dz(x.nbytes());
    auto dt = TilingDev({static_cast<uint32_t>(x.size()), tile, 0, 0, 0.0f, 2});
    ascendc_sim::LaunchConfig cfg = Config("simtest_copy", "ascend910b", blockDim);
    py::dict first = Run(cfg, simtest_copy, dx->Get(), dy.Get(), dt->Get());
    if (hostWrite) dy.Upload(x.data(), x.nbytes());
    py::dict second = Run(cfg, simtest_copy, dy.Get(), dz.Get(), dt->Get());
    return py::make_tuple(first, second);
}

py::tuple RunCastAdd(const py::array& x, const py::array& y, uint32_t blockDim, uint32_t tile, const std::string& soc) {
    auto dx = Upload(x);
    auto dy = Upload(y);
    Dev dz(x.nbytes());
    auto dt = TilingDev({static_cast<uint32_t>(x.size()), tile, 0, 0, 0.0f, 0});
    py::dict stats =
        Run(Config("simtest_cast_add", soc, blockDim), simtest_cast_add, dx->Get(), dy->Get(), dz.Get(), dt->Get());
    return py::make_tuple(Download(dz, x.dtype(), x.size()), stats);
}

// Every (src, dst, mode) triple the twin accepts for `soc`.
std::vector<std::tuple<std::string, std::string, std::string>> CastTable(const std::string& soc) {
    auto v = ascendops::ParseSoc(soc);
    if (!v) throw py::value_error("unknown soc " + soc);
    std::vector<std::tuple<std::string, std::string, std::string>> out;
    for (const auto& s : ascendops::kDataTypes) {
        for (const auto& d : ascendops::kDataTypes) {
            for (int m = 0; m <= static_cast<int>(ascendc_sim::RoundMode::CAST_ODD); ++m) {
                auto mode = static_cast<ascendc_sim::RoundMode>(m);
                if (ascendc_sim::CastSupported(*v, s.type, d.type, mode)) {
                    out.emplace_back(s.name, d.name, ascendc_sim::RoundModeName(mode));
                }
            }
        }
    }
    return out;
}

// Beats of one vector repeat whose operands start at these UB offsets (write: a destination).
int BankBeats(const std::vector<std::pair<uint64_t, bool>>& operands, const std::string& soc) {
    auto v = ascendops::ParseSoc(soc);
    if (!v) throw py::value_error("unknown soc " + soc);
    std::vector<ascendc_sim::UbOperand> ops;
    for (const auto& [offset, write] : operands) ops.push_back({offset, write});
    return ascendc_sim::BankBeats(ops.data(), static_cast<int>(ops.size()), ascendops::GetSocInfo(*v).cost);
}

// What the twin keeps from one launch to the next: the L2 model's launches, spans and bytes, the idle core workers
// and the live device allocations.
py::dict TwinFootprint() {
    const ascendc_sim::L2Footprint l2 = ascendc_sim::HeldInL2();
    py::dict d;
    d["l2_launches"] = l2.launches;
    d["l2_spans"] = l2.spans;
    d["l2_bytes"] = l2.bytes;
    d["idle_workers"] = ascendc_sim::IdleWorkerCount();
    d["live_allocations"] = ascendc_sim::LiveAllocationCount();
    return d;
}

}  // namespace

void Bind_sim_kernels(py::module_& m) {
    py::module_ s = SimtestModule(m);
    s.def("run_vec", &RunVec, py::arg("op"), py::arg("x"), py::arg("y"), py::arg("scalar") = 0.0f, py::arg("mode") = 0,
          py::arg("count") = 0, py::arg("soc") = "ascend910b");
    s.def("run_cast", &RunCast, py::arg("x"), py::arg("dst"), py::arg("mode"), py::arg("soc") = "ascend910b");
    s.def("run_strict", &RunStrict, py::arg("scenario"), py::arg("soc") = "ascend910b", py::arg("block_dim") = 1,
          py::arg("n") = 64, py::arg("extra") = 0, py::arg("timeout") = 10.0, py::arg("ws_bytes") = 1024);
    s.def("run_pipe_sync", &RunPipeSync, py::arg("x"), py::arg("scenario"), py::arg("obey"),
          py::arg("soc") = "ascend910b");
    s.def("run_dcache", &RunDcache, py::arg("scenario"), py::arg("obey"), py::arg("soc") = "ascend910b",
          py::arg("block_dim") = 1);
    s.def("run_rules", &RunRules, py::arg("scenario"), py::arg("soc"), py::arg("block_dim") = 1, py::arg("x"),
          py::arg("extra") = 0, py::arg("tiling_key") = 0, py::arg("ws_bytes") = 0, py::arg("ws_fill") = 0,
          py::arg("vector_cores") = false);
    s.def("run_sanitizer", &RunSanitizer, py::arg("probe"), py::arg("soc") = "ascend910b", py::arg("block_dim") = 1,
          py::arg("extra") = 0, py::arg("fresh_output") = false, py::arg("declare_output") = false);
    s.def("run_atomic", &RunAtomic, py::arg("x"), py::arg("cores"), py::arg("soc") = "ascend910b",
          py::arg("op") = "add");
    s.def("run_sync", &RunSync, py::arg("cores"), py::arg("hardware"), py::arg("rounds") = 3,
          py::arg("soc") = "ascend910b", py::arg("timeout") = 10.0);
    s.def("run_copy_pad", &RunCopyPad, py::arg("x"), py::arg("rows"), py::arg("row_bytes"), py::arg("gap_bytes"),
          py::arg("pad"), py::arg("soc") = "ascend910b");
    s.def("run_copy_chain", &RunCopyChain, py::arg("x"), py::arg("block_dim"), py::arg("tile"),
          py::arg("host_write") = false);
    s.def("run_cast_add", &RunCastAdd, py::arg("x"), py::arg("y"), py::arg("block_dim"), py::arg("tile"),
          py::arg("soc") = "ascend910b");
    s.def("cast_table", &CastTable, py::arg("soc"));
    s.def("live_allocations", &ascendc_sim::LiveAllocationCount, "device allocations alive in the (one) twin");
    s.def("run_ub_as_found", &RunUbAsFound, py::arg("x"), py::arg("soc"), py::arg("block_dim"), py::arg("writers"),
          py::arg("host_x") = false);
    s.def("run_kernel_fault", &RunKernelFault, py::arg("mode"), py::arg("soc"), py::arg("block_dim"));
    s.def("twin_footprint", &TwinFootprint, "what the twin keeps between launches (L2 model, idle workers, memory)");
    s.def("bank_beats", &BankBeats, py::arg("operands"), py::arg("soc") = "ascend910b",
          "beats of one vector repeat over operands [(ub_offset, is_write), ...] (bank conflicts)");
}
