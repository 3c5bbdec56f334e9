// The twin's copy and stream kernels (kernels/copy_add_kernels.cpp, kernels/stream_kernels.cpp) as
// `ascendops bench sim` and `bench copy` run them: the twin's wall-clock throughput against NumPy, and the
// modeled times of a copy or a stream.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <chrono>
#include <string>

#include "kernel_runner.h"

namespace py = pybind11;
using namespace ascendc_sim::bench;

extern "C" void simtest_copy(uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_copy_aicore(uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_cast_add(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
extern "C" void simtest_stream(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

namespace {

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

// python/bindings/bench/kernels/stream_kernels.cpp: x (float16: a copy; float32: a cast to float16 after `passes` Exp
// passes) in tiles of `tile` elements on block_dim blocks; vector_cores launches it as KERNEL_TYPE_MIX_VECTOR_CORE
// (with a workspace of the system's size, as a MIX type needs one), else as the SoC's vector kernel type.
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

}  // namespace

void Bind_throughput(py::module_& m) {
    m.def("run_copy", &RunCopy, py::arg("x"), py::arg("block_dim"), py::arg("tile"), py::arg("soc") = "ascend910b",
          py::arg("buffers") = 2, py::arg("in_order") = false);
    m.def("run_stream", &RunStream, py::arg("x"), py::arg("block_dim"), py::arg("tile"), py::arg("soc") = "ascend310p",
          py::arg("passes") = 0, py::arg("vector_cores") = false);
    m.def("bench", &Bench, py::arg("n") = 1u << 24, py::arg("soc") = "ascend910b", py::arg("block_dim") = 8,
          py::arg("tile") = 8192);
}
