// The NPU benchmark's device timings (ascendops bench npu), in ascendops._C_npu only: the device time of our aclnn
// pair beside CANN's built-in on the same device tensors (tensor_bridge.h). Device events bracket phase 2 alone;
// phase 1 and the workspace allocation stay outside. The built-ins are typed from their documented prototypes
// (hicann/ops-math math/cast/docs/aclnnCast.md, hicann/ops-nn index/embedding_dense_grad/docs/
// aclnnEmbeddingDenseBackward.md) and resolved from CANN's libopapi.so at run time. Never run in this repository.
#include <dlfcn.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <string>
#include <vector>

#include "aclnn_cast.h"
#include "aclnn_embedding_dense_grad.h"
#include "backend.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace ascendops::bridge {
namespace {

using Phase2 = aclnnStatus (*)(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);
using BuiltinCastPhase1 = aclnnStatus (*)(const aclTensor* self, aclDataType dtype, aclTensor* out,
                                          uint64_t* workspaceSize, aclOpExecutor** executor);
using BuiltinEdgPhase1 = aclnnStatus (*)(const aclTensor* grad, const aclTensor* indices, uint64_t numWeights,
                                         uint64_t paddingIdx, bool scaleGradByFreq, const aclTensor* out,
                                         uint64_t* workspaceSize, aclOpExecutor** executor);

// A symbol of a CANN library opened with dlopen(RTLD_LOCAL); 361001 naming the library or symbol otherwise.
template <typename Fn>
Fn Resolve(const std::string& path, const char* symbol) {
    void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) RaiseRuntimeError("cannot load " + path + ": " + dlerror());
    void* fn = dlsym(library, symbol);
    if (fn == nullptr) RaiseRuntimeError(path + " has no " + symbol);
    return reinterpret_cast<Fn>(fn);
}

// Two events on the module's stream around phase 2 (aclrtEventElapsedTime: milliseconds).
class EventTimer {
public:
    EventTimer() {
        CheckAcl(aclrtCreateEvent(&start_), "aclrtCreateEvent");
        CheckAcl(aclrtCreateEvent(&stop_), "aclrtCreateEvent");
    }
    EventTimer(const EventTimer&) = delete;
    EventTimer& operator=(const EventTimer&) = delete;
    ~EventTimer() {
        if (start_ != nullptr) aclrtDestroyEvent(start_);
        if (stop_ != nullptr) aclrtDestroyEvent(stop_);
    }
    template <typename Run>
    double Us(Run&& run) {
        CheckAcl(aclrtRecordEvent(start_, Stream()), "aclrtRecordEvent");
        run();
        CheckAcl(aclrtRecordEvent(stop_, Stream()), "aclrtRecordEvent");
        CheckAcl(aclrtSynchronizeEvent(stop_), "aclrtSynchronizeEvent");
        float ms = 0.0f;
        CheckAcl(aclrtEventElapsedTime(&ms, start_, stop_), "aclrtEventElapsedTime");
        return 1000.0 * static_cast<double>(ms);
    }

private:
    aclrtEvent start_ = nullptr;
    aclrtEvent stop_ = nullptr;
};

// The median device time of phase 2 over `repeats` runs after `warmup` untimed ones, in microseconds.
template <typename Phase1>
double MedianDeviceUs(Phase1&& phase1, Phase2 phase2, int warmup, int repeats) {
    if (warmup < 0 || repeats < 1) throw py::value_error("warmup must be >= 0 and repeats >= 1");
    EventTimer timer;
    std::vector<double> us;
    for (int i = 0; i < warmup + repeats; ++i) {
        uint64_t size = 0;
        aclOpExecutor* executor = nullptr;
        CheckAclnn(phase1(&size, &executor));
        DeviceBuffer workspace(size);
        const double t = timer.Us([&] { CheckAclnn(phase2(workspace.Get(), size, executor, Stream())); });
        if (i >= warmup) us.push_back(t);  // the stop event has passed: the workspace may be freed next
    }
    std::nth_element(us.begin(), us.begin() + us.size() / 2, us.end());
    return us[us.size() / 2];
}

py::dict BenchCast(const py::array& x, int64_t srcType, const py::array& out, int64_t dstType,
                   const std::string& builtinLibrary, int warmup, int repeats) {
    auto dx = DeviceTensor::FromArray(x);
    auto dy = DeviceTensor::FromArray(out);
    if (static_cast<int64_t>(dx.Dtype()) != srcType || static_cast<int64_t>(dy.Dtype()) != dstType) {
        throw py::value_error("src_type and dst_type must be the arrays' aclDataType numbers");
    }
    py::dict r;
    r["ours_us"] = MedianDeviceUs(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAscendopsCastGetWorkspaceSize(dx, dstType, dy, ws, ex); },
        aclnnAscendopsCast, warmup, repeats);
    if (!builtinLibrary.empty()) {
        auto phase1 = Resolve<BuiltinCastPhase1>(builtinLibrary, "aclnnCastGetWorkspaceSize");
        const auto dst = static_cast<aclDataType>(dstType);
        r["builtin_us"] = MedianDeviceUs([&](uint64_t* ws, aclOpExecutor** ex) { return phase1(dx, dst, dy, ws, ex); },
                                         Resolve<Phase2>(builtinLibrary, "aclnnCast"), warmup, repeats);
    }
    return r;
}

// Ours at the kernel level (indices sorted on the host beforehand: not timed); the built-in on the raw indices.
py::dict BenchEmbeddingDenseGrad(const py::array& grad, const py::array& indices, const py::array& sortIndices,
                                 const py::array& posIdx, const py::array& out, int64_t numWeights, int64_t paddingIdx,
                                 bool scaleGradByFreq, const std::string& builtinLibrary, int warmup, int repeats) {
    auto dg = DeviceTensor::FromArray(grad);
    auto ds = DeviceTensor::FromArray(sortIndices);
    auto dp = DeviceTensor::FromArray(posIdx);
    auto dout = DeviceTensor::FromArray(out);
    py::dict r;
    r["ours_us"] = MedianDeviceUs(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(dg, ds, dp, numWeights, paddingIdx, scaleGradByFreq,
                                                                    dout, ws, ex);
        },
        aclnnAscendopsEmbeddingDenseGrad, warmup, repeats);
    if (!builtinLibrary.empty()) {
        auto phase1 = Resolve<BuiltinEdgPhase1>(builtinLibrary, "aclnnEmbeddingDenseBackwardGetWorkspaceSize");
        auto di = DeviceTensor::FromArray(indices);
        // paddingIdx < 0 means "none" in the built-in's uint64_t parameter too (its doc: negative = no padding row).
        r["builtin_us"] = MedianDeviceUs(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return phase1(dg, di, static_cast<uint64_t>(numWeights), static_cast<uint64_t>(paddingIdx),
                              scaleGradByFreq, dout, ws, ex);
            },
            Resolve<Phase2>(builtinLibrary, "aclnnEmbeddingDenseBackward"), warmup, repeats);
    }
    return r;
}

}  // namespace

void BindDeviceBench(py::module_& m) {
    m.def("bench_cast", &BenchCast, "x"_a, "src_type"_a, "out"_a, "dst_type"_a, "builtin_library"_a, "warmup"_a,
          "repeats"_a, "device time (median us) of aclnnAscendopsCast and, with the library, CANN's aclnnCast");
    m.def("bench_embedding_dense_grad", &BenchEmbeddingDenseGrad, "grad"_a, "indices"_a, "sort_indices"_a, "pos_idx"_a,
          "out"_a, "num_weights"_a, "padding_idx"_a, "scale_grad_by_freq"_a, "builtin_library"_a, "warmup"_a,
          "repeats"_a,
          "device time (median us) of aclnnAscendopsEmbeddingDenseGrad and, with the library, CANN's "
          "aclnnEmbeddingDenseBackward");
}

}  // namespace ascendops::bridge
