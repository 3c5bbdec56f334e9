// ascendops._C.simtest: runs the CPU twin's own test kernels (tests/ut/sim/kernels) on NumPy arrays.
// Failures raise RuntimeError carrying the twin's message.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "acl/acl.h"
#include "cost_dicts.h"
#include "op_host/common/platform.h"
#include "sim/cast.h"
#include "sim/cost_model.h"
#include "sim/device_memory.h"
#include "sim/launch.h"
#include "tests/ut/sim/kernels/matmul_test_tiling.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

namespace py = pybind11;

#define SIMTEST_KERNEL3(name) extern "C" void name(uint8_t*, uint8_t*, uint8_t*);
#define SIMTEST_KERNEL4(name) extern "C" void name(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
SIMTEST_KERNEL3(simtest_copy)
SIMTEST_KERNEL3(simtest_copy_aicore)
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
SIMTEST_KERNEL4(simtest_cube_sync)
SIMTEST_KERNEL4(simtest_dcache)
#define SIMTEST_KERNEL5(name) extern "C" void name(uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*);
SIMTEST_KERNEL5(simtest_matmul_bf16_f32)
SIMTEST_KERNEL5(simtest_matmul_bf16_bf16)
SIMTEST_KERNEL5(simtest_matmul_f16_f32)
SIMTEST_KERNEL5(simtest_matmul_f16_f16)
extern "C" void simtest_cross_core(uint8_t*, uint8_t*);
SIMTEST_KERNEL4(simtest_matmul_static)
SIMTEST_KERNEL4(simtest_rules)
SIMTEST_KERNEL4(simtest_stream)
#define SIMTEST_CAST(S, D, sname, dname) SIMTEST_KERNEL3(simtest_cast_##sname##_##dname)
#include "tests/ut/sim/kernels/cast_pairs.inc"
#undef SIMTEST_CAST

namespace {

using Kernel3 = void (*)(uint8_t*, uint8_t*, uint8_t*);
using Kernel4 = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
using Kernel5 = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*);

// Device memory owned by the binding for one call, zeroed.
class Dev {
public:
    explicit Dev(size_t bytes) : bytes_(bytes) {
        if (aclrtMalloc(&p_, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) throw std::runtime_error("aclrtMalloc");
        aclrtMemset(p_, bytes_, 0, bytes_);
    }
    Dev(const Dev&) = delete;
    Dev& operator=(const Dev&) = delete;
    ~Dev() { aclrtFree(p_); }
    uint8_t* Get() const { return static_cast<uint8_t*>(p_); }
    void Upload(const void* src, size_t bytes) const { aclrtMemcpy(p_, bytes_, src, bytes, ACL_MEMCPY_HOST_TO_DEVICE); }

private:
    void* p_ = nullptr;
    size_t bytes_;
};

std::unique_ptr<Dev> Upload(const py::array& a, size_t minBytes = 0) {
    auto d = std::make_unique<Dev>(std::max<size_t>(a.nbytes(), minBytes));
    d->Upload(a.data(), a.nbytes());
    return d;
}

py::array Download(const Dev& d, const py::dtype& dt, size_t count) {
    py::array out(dt, std::vector<py::ssize_t>{static_cast<py::ssize_t>(count)});
    aclrtMemcpy(out.mutable_data(), out.nbytes(), d.Get(), out.nbytes(), ACL_MEMCPY_DEVICE_TO_HOST);
    return out;
}

std::unique_ptr<Dev> TilingDev(const SimTestTiling& t) {
    auto d = std::make_unique<Dev>(sizeof(t));
    d->Upload(&t, sizeof(t));
    return d;
}

py::dtype DtypeOf(const std::string& name) {
    if (name == "bfloat16") return py::dtype::from_args(py::module_::import("ml_dtypes").attr("bfloat16"));
    return py::dtype(name);
}

ascendc_sim::LaunchConfig Config(const std::string& kernel, const std::string& soc, uint32_t blockDim,
                                 double timeout = 10.0) {
    auto v = ascendops::ParseSoc(soc);
    if (!v) throw py::value_error("unknown soc " + soc);
    ascendc_sim::LaunchConfig cfg;
    cfg.kernel = kernel;
    cfg.blockDim = blockDim;
    cfg.platform = ascendops::Platform::Of(*v);
    cfg.deadlockTimeoutSeconds = timeout;
    cfg.trace = ascendc_sim::CurrentTraceRequest();
    return cfg;
}

py::dict StatsDict(const ascendc_sim::LaunchStats& s, const ascendops::SocInfo& soc) {
    py::list cores;
    for (const ascendc_sim::CoreCost& c : s.cores) {
        py::dict d;
        d["gm_to_ub_bytes"] = c.gmToUbBytes;
        d["ub_to_gm_bytes"] = c.ubToGmBytes;
        d["ub_to_ub_bytes"] = c.ubToUbBytes;
        d["vec_repeats"] = std::vector<uint64_t>(std::begin(c.vecRepeats), std::end(c.vecRepeats));
        d["vec_instrs"] = c.vecInstrs;
        d["scalar_gm_accesses"] = c.scalarGmAccesses;
        d["barriers"] = c.barriers;
        d["ub_bytes_allocated"] = c.ubBytesAllocated;
        d["double_buffered"] = c.doubleBuffered;
        d["cube_macs"] = c.cubeMacs;
        ascendops::bridge::AddCubeCost(d, c, soc.cost.freqMHz);
        d["l1_to_l0_bytes"] = c.l1ToL0aBytes + c.l1ToL0bBytes;
        d["l1_to_l0a_bytes"] = c.l1ToL0aBytes;
        d["l1_to_l0b_bytes"] = c.l1ToL0bBytes;
        d["l0c_to_gm_bytes"] = c.l0cToGmBytes;
        d["pipe_busy_us"] = ascendops::bridge::PipeTimes(c, soc.cost.freqMHz, &soc);
        d["vector_core"] = c.vectorCore;
        cores.append(d);
    }
    py::dict out;
    out["kernel"] = s.kernel;
    out["block_dim"] = s.blockDim;
    out["rounds"] = s.rounds;
    out["cores"] = cores;
    out["total_gm_bytes"] = s.TotalGmBytes();
    out["modeled_device_us"] = s.modeled.deviceUs;
    out["modeled_slowest_core_us"] = s.modeled.slowestCoreUs;
    out["modeled_bandwidth_us"] = s.modeled.bandwidthUs;
    out["modeled_launch_us"] = s.modeled.launchUs;
    out["trace"] = ascendops::bridge::TraceDict(s.trace, soc.cost.freqMHz);
    // Every GM byte the kernel moves counts as roofline bytes: the test kernels move only what they must.
    out["roofline_us"] = ascendc_sim::RooflineUs(s.TotalGmBytes(), soc);
    out["achievable_roofline_us"] =
        ascendc_sim::AchievableRooflineUs(s.TotalGmBytes(), ascendc_sim::WrittenShareOf(s, s.TotalGmBytes()), soc);
    return out;
}

template <typename... A>
py::dict Run(const ascendc_sim::LaunchConfig& cfg, void (*k)(A...), A... args) {
    ascendops::Result<ascendc_sim::LaunchStats> r = [&] {
        py::gil_scoped_release release;
        return ascendc_sim::Launch(cfg, k, args...);
    }();
    if (!r.ok()) throw std::runtime_error(r.error().message);
    return StatsDict(r.value(), *cfg.platform.soc);
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

// tests/ut/sim/kernels/cube_sync_kernels.cpp: [C, C2] (2 m x n float32) of the hand-written cube sequence; a_zz and
// b_zn hold the two K chunks of A (Zz) and B (Zn) as the kernel loads them.
py::array RunCubeSync(const py::array& aZz, const py::array& bZn, uint32_t m, uint32_t k, uint32_t n, int scenario,
                      const std::string& soc) {
    auto da = Upload(aZz), db = Upload(bZn);
    Dev dc(size_t{2} * m * n * sizeof(float));
    auto dt = TilingDev({m, 2 * k, static_cast<int32_t>(n), scenario, 0.0f, 0});  // k: one of the two K chunks
    ascendc_sim::LaunchConfig cfg = Config("simtest_cube_sync", soc, 1);
    cfg.aivPerAic = 2;
    Run(cfg, simtest_cube_sync, da->Get(), db->Get(), dc.Get(), dt->Get());
    return Download(dc, py::dtype("float32"), size_t{2} * m * n);
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

py::tuple RunAtomic(const py::array& x, uint32_t cores, const std::string& soc) {
    std::string name = py::str(x.dtype());
    Kernel3 k = name == "int32" ? simtest_atomic_int32 : name == "float32" ? simtest_atomic_float32 : nullptr;
    if (k == nullptr) throw py::type_error("atomic test kernel takes int32 or float32");
    uint32_t n = static_cast<uint32_t>(x.size() / cores);
    auto dx = Upload(x);
    Dev dy(n * 4);
    auto dt = TilingDev({n * cores, n, 0, 0, 0.0f, 0});
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

py::tuple RunCopy(const py::array& x, uint32_t blockDim, uint32_t tile, const std::string& soc, uint32_t buffers,
                  bool inOrder) {
    if (buffers != 1 && buffers != 2) throw py::value_error("buffers must be 1 or 2, got " + std::to_string(buffers));
    auto dx = Upload(x);
    Dev dy(x.nbytes());
    auto dt = TilingDev({static_cast<uint32_t>(x.size()), tile, 0, inOrder ? 1 : 0, 0.0f, buffers});
    ascendc_sim::LaunchConfig cfg = Config("simtest_copy", soc, blockDim);
    const bool aivOnly =
        cfg.platform.soc->rules.kernelTypeMask & (1u << static_cast<int>(ascendops::KernelType::kAivOnly));
    if (!aivOnly) cfg.kernel = "simtest_copy_aicore";
    py::dict stats = Run(cfg, aivOnly ? simtest_copy : simtest_copy_aicore, dx->Get(), dy.Get(), dt->Get());
    return py::make_tuple(Download(dy, x.dtype(), x.size()), stats);
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

// tests/ut/sim/kernels/stream_kernels.cpp: x (float16: a copy; float32: a cast to float16 after `passes` Exp passes)
// in tiles of `tile` elements on block_dim blocks; vector_cores launches it as KERNEL_TYPE_MIX_VECTOR_CORE (with a
// workspace of the system's size, as a MIX type needs one), else as the SoC's vector kernel type.
py::tuple RunStream(const py::array& x, uint32_t blockDim, uint32_t tile, const std::string& soc, uint32_t passes,
                    bool vectorCores) {
    const std::string name = py::str(x.dtype());
    if (name != "float16" && name != "float32") throw py::type_error("stream kernel takes float16 or float32");
    if (tile == 0 || x.size() % tile != 0) throw py::value_error("x's size must be a multiple of tile");
    ascendc_sim::LaunchConfig cfg = Config("simtest_stream", soc, blockDim);
    cfg.vectorCores = vectorCores;
    using ascendops::KernelType;
    const bool aivOnly = cfg.platform.soc->rules.kernelTypeMask & ascendops::KernelTypeBit(KernelType::kAivOnly);
    const KernelType type = vectorCores ? KernelType::kMixVectorCore
                            : aivOnly   ? KernelType::kAivOnly
                                        : KernelType::kAiCore;
    auto dx = Upload(x);
    Dev dy(x.size() * 2);
    Dev dws(std::max<uint64_t>(32, cfg.platform.SystemWorkspaceBytes()));
    const int32_t op = name == "float16" ? 0 : 1;  // a copy, or a cast to float16
    auto dt = TilingDev({static_cast<uint32_t>(x.size()), tile, op, static_cast<int32_t>(type), 0.0f, passes});
    py::dict stats = Run(cfg, simtest_stream, dx->Get(), dy.Get(), dws.Get(), dt->Get());
    return py::make_tuple(Download(dy, py::dtype("float16"), x.size()), stats);
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

double Seconds(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Wall-clock throughput (elements/s) of the twin against NumPy doing the same work.
py::dict Bench(uint32_t n, const std::string& soc, uint32_t blockDim, uint32_t tile) {
    if (n % (blockDim * tile) != 0) throw py::value_error("n must be a multiple of block_dim * tile");
    py::module_ np = py::module_::import("numpy");
    py::array x = np.attr("ones")(n, "float16");
    py::array y = np.attr("ones")(n, "float32");
    auto dx = Upload(x);
    auto dy = Upload(y);
    Dev dz(size_t{n} * 2);
    auto dt = TilingDev({n, tile, 0, 0, 0.0f, 0});
    auto t0 = std::chrono::steady_clock::now();
    Run(Config("simtest_cast_add", soc, blockDim), simtest_cast_add, dx->Get(), dy->Get(), dz.Get(), dt->Get());
    double castAdd = Seconds(t0);
    t0 = std::chrono::steady_clock::now();
    Run(Config("simtest_copy", soc, blockDim), simtest_copy, dx->Get(), dz.Get(), dt->Get());
    double copy = Seconds(t0);

    py::object f32 = np.attr("float32"), f16 = np.attr("float16");
    t0 = std::chrono::steady_clock::now();
    np.attr("add")(x.attr("astype")(f32), y).attr("astype")(f16);
    double npCastAdd = Seconds(t0);
    py::array z = np.attr("empty_like")(x);
    t0 = std::chrono::steady_clock::now();
    np.attr("copyto")(z, x);
    double npCopy = Seconds(t0);

    py::dict out;
    out["n"] = n;
    out["cast_add_twin_eps"] = n / castAdd;
    out["cast_add_numpy_eps"] = n / npCastAdd;
    out["copy_twin_eps"] = n / copy;
    out["copy_numpy_eps"] = n / npCopy;
    return out;
}

// The TCubeTiling fields by name: one table for dict <-> struct in both directions.
using CubeField = int32_t ascendops::CubeTiling::*;
const std::pair<const char*, CubeField> kCubeFields[] = {
    {"usedCoreNum", &ascendops::CubeTiling::usedCoreNum},
    {"M", &ascendops::CubeTiling::M},
    {"N", &ascendops::CubeTiling::N},
    {"Ka", &ascendops::CubeTiling::Ka},
    {"Kb", &ascendops::CubeTiling::Kb},
    {"singleCoreM", &ascendops::CubeTiling::singleCoreM},
    {"singleCoreN", &ascendops::CubeTiling::singleCoreN},
    {"singleCoreK", &ascendops::CubeTiling::singleCoreK},
    {"baseM", &ascendops::CubeTiling::baseM},
    {"baseN", &ascendops::CubeTiling::baseN},
    {"baseK", &ascendops::CubeTiling::baseK},
    {"depthA1", &ascendops::CubeTiling::depthA1},
    {"depthB1", &ascendops::CubeTiling::depthB1},
    {"stepM", &ascendops::CubeTiling::stepM},
    {"stepN", &ascendops::CubeTiling::stepN},
    {"isBias", &ascendops::CubeTiling::isBias},
    {"transLength", &ascendops::CubeTiling::transLength},
    {"iterateOrder", &ascendops::CubeTiling::iterateOrder},
    {"stepKa", &ascendops::CubeTiling::stepKa},
    {"stepKb", &ascendops::CubeTiling::stepKb},
    {"dbL0A", &ascendops::CubeTiling::dbL0A},
    {"dbL0B", &ascendops::CubeTiling::dbL0B},
    {"dbL0C", &ascendops::CubeTiling::dbL0C},
};

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
    ascendops::Result<ascendc_sim::LaunchStats> r = [&] {
        py::gil_scoped_release release;
        return ascendc_sim::Launch(cfg, it->second, da->Get(), db->Get(), dbias->Get(), dc->Get(), dt->Get());
    }();
    if (!r.ok()) throw std::runtime_error(r.error().message);
    py::dict stats = StatsDict(r.value(), *cfg.platform.soc);
    py::list pipes;  // per core: modeled us of each cube pipe
    for (const ascendc_sim::CoreCost& c : r.value().cores) {
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
    return d;
}

// The cross-core flag kernel on `groups` 1:2 groups: the values each AIV wrote (mode 1: a flag nobody sets).
// tests/ut/sim/kernels/matmul_kernels.cpp simtest_matmul_static: C (64 x 48 float32) of A (64 x 64) B (64 x 48)
// bfloat16 with a constant-tiling Matmul template; `tiling` is the runtime TCubeTiling the modes pass.
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

void Bind_simtest(py::module_& m) {
    py::module_ s = m.def_submodule("simtest", "test kernels of the CPU twin (tests/ut/sim)");
    s.def("run_vec", &RunVec, py::arg("op"), py::arg("x"), py::arg("y"), py::arg("scalar") = 0.0f, py::arg("mode") = 0,
          py::arg("count") = 0, py::arg("soc") = "ascend910b");
    s.def("run_cast", &RunCast, py::arg("x"), py::arg("dst"), py::arg("mode"), py::arg("soc") = "ascend910b");
    s.def("run_strict", &RunStrict, py::arg("scenario"), py::arg("soc") = "ascend910b", py::arg("block_dim") = 1,
          py::arg("n") = 64, py::arg("extra") = 0, py::arg("timeout") = 10.0, py::arg("ws_bytes") = 1024);
    s.def("run_pipe_sync", &RunPipeSync, py::arg("x"), py::arg("scenario"), py::arg("obey"),
          py::arg("soc") = "ascend910b");
    s.def("run_cube_sync", &RunCubeSync, py::arg("a_zz"), py::arg("b_zn"), py::arg("m"), py::arg("k"), py::arg("n"),
          py::arg("scenario"), py::arg("soc") = "ascend910b");
    s.def("run_dcache", &RunDcache, py::arg("scenario"), py::arg("obey"), py::arg("soc") = "ascend910b",
          py::arg("block_dim") = 1);
    s.def("run_rules", &RunRules, py::arg("scenario"), py::arg("soc"), py::arg("block_dim") = 1, py::arg("x"),
          py::arg("extra") = 0, py::arg("tiling_key") = 0, py::arg("ws_bytes") = 0, py::arg("ws_fill") = 0,
          py::arg("vector_cores") = false);
    s.def("run_atomic", &RunAtomic, py::arg("x"), py::arg("cores"), py::arg("soc") = "ascend910b");
    s.def("run_sync", &RunSync, py::arg("cores"), py::arg("hardware"), py::arg("rounds") = 3,
          py::arg("soc") = "ascend910b", py::arg("timeout") = 10.0);
    s.def("run_copy_pad", &RunCopyPad, py::arg("x"), py::arg("rows"), py::arg("row_bytes"), py::arg("gap_bytes"),
          py::arg("pad"), py::arg("soc") = "ascend910b");
    s.def("run_copy", &RunCopy, py::arg("x"), py::arg("block_dim"), py::arg("tile"), py::arg("soc") = "ascend910b",
          py::arg("buffers") = 2, py::arg("in_order") = false);
    s.def("run_copy_chain", &RunCopyChain, py::arg("x"), py::arg("block_dim"), py::arg("tile"),
          py::arg("host_write") = false);
    s.def("run_stream", &RunStream, py::arg("x"), py::arg("block_dim"), py::arg("tile"), py::arg("soc") = "ascend310p",
          py::arg("passes") = 0, py::arg("vector_cores") = false);
    s.def("run_cast_add", &RunCastAdd, py::arg("x"), py::arg("y"), py::arg("block_dim"), py::arg("tile"),
          py::arg("soc") = "ascend910b");
    s.def("cast_table", &CastTable, py::arg("soc"));
    s.def("live_allocations", &ascendc_sim::LiveAllocationCount);
    s.def("matmul_tiling", &MatmulTilingDict, py::arg("m"), py::arg("n"), py::arg("k"), py::arg("ab") = "bfloat16",
          py::arg("c") = "float32", py::arg("trans_a") = false, py::arg("trans_b") = false, py::arg("bias") = false,
          py::arg("dim") = 1, py::arg("soc") = "ascend910b", py::arg("fix_base_m") = -1, py::arg("fix_base_n") = -1,
          py::arg("l1") = -1);
    s.def("run_matmul", &RunMatmul, py::arg("a"), py::arg("b"), py::arg("bias"), py::arg("c0"), py::arg("tiling"),
          py::arg("trans_a") = false, py::arg("trans_b") = false, py::arg("mode") = 0, py::arg("atomic") = 0,
          py::arg("groups") = 1, py::arg("soc") = "ascend910b", py::arg("timeout") = 10.0);
    s.def("run_matmul_static", &RunMatmulStatic, py::arg("a"), py::arg("b"), py::arg("tiling"), py::arg("mode"));
    s.def("cube_info", &CubeInfo, py::arg("soc"));
    s.def("run_cross_core", &RunCrossCore, py::arg("groups"), py::arg("mode") = 0, py::arg("soc") = "ascend910b",
          py::arg("timeout") = 10.0);
    s.def("bench", &Bench, py::arg("n") = 1u << 24, py::arg("soc") = "ascend910b", py::arg("block_dim") = 8,
          py::arg("tile") = 8192);
}
