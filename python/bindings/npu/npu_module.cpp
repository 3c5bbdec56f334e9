// ascendops._C_npu: the NPU backend of ascendops, for the NumPy API and the torch front alike (built by
// `pip install .` only when CMake finds the CANN toolkit). It calls the installed package's aclnn API - every
// function op_api/aclnn_*.h declares, from libascendops_opapi.so (the compositions) and the libcust_opapi.so it
// links (the pairs CANN generates from our OpDefs) - typed by those declarations, the same the CPU twin's _C calls;
// and, for the benchmark, CANN's built-in aclnnCast / aclnnEmbeddingDenseBackward from libopapi.so. A separate
// module from _C so the twin's acl shim and CANN's runtime never share one shared object. Every tensor argument is
// an Operand (npu_aclnn.h): a NumPy array or a torch tensor's device view; `stream` 0 is the module's own.
// Compiled only with the CANN toolkit; never run here.
#include <dlfcn.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "aclnn_cast.h"
#include "aclnn_embedding_dense_grad.h"
#include "aclnn_fused_gdn_decode.h"
#include "aclnn_fused_swiglu_grad.h"
#include "aclnn_split.h"
#include "npu_aclnn.h"

namespace py = pybind11;
using namespace pybind11::literals;

namespace ascendops::npu {
namespace {

// The package's functions, typed by our own declarations (a signature drift is a compile error here).
#define ASCENDOPS_PAIR(name)                                         \
    decltype(&aclnn##name##GetWorkspaceSize) name##Phase1 = nullptr; \
    decltype(&aclnn##name) name##Phase2 = nullptr;
struct PackageOps {
    ASCENDOPS_PAIR(AscendopsCast)
    ASCENDOPS_PAIR(AscendopsEmbeddingDenseGrad)
    ASCENDOPS_PAIR(AscendopsEmbeddingDenseBackward)
    ASCENDOPS_PAIR(AscendopsFusedGdnDecode)  // absent on ascend310p packages
    ASCENDOPS_PAIR(AscendopsSplit)
    ASCENDOPS_PAIR(AscendopsFusedSwigluGradB)
    ASCENDOPS_PAIR(AscendopsFusedSwigluGradW)
    ASCENDOPS_PAIR(AscendopsFusedSwigluGradX)
    ASCENDOPS_PAIR(AscendopsFusedSwigluGrad)
};
#undef ASCENDOPS_PAIR
PackageOps package;

// CANN's built-ins, typed from their documented prototypes (hicann/ops-math math/cast/docs/aclnnCast.md,
// hicann/ops-nn index/embedding_dense_grad/docs/aclnnEmbeddingDenseBackward.md).
using BuiltinCastPhase1 = aclnnStatus (*)(const aclTensor* self, aclDataType dtype, aclTensor* out,
                                          uint64_t* workspaceSize, aclOpExecutor** executor);
using BuiltinEdgPhase1 = aclnnStatus (*)(const aclTensor* grad, const aclTensor* indices, uint64_t numWeights,
                                         uint64_t paddingIdx, bool scaleGradByFreq, const aclTensor* out,
                                         uint64_t* workspaceSize, aclOpExecutor** executor);

template <typename Fn>
Fn Resolve(void* library, const char* name) {
    return reinterpret_cast<Fn>(Symbol(library, name));
}

// Resolves every pair from the package's libascendops_opapi.so (dlsym also searches the libcust_opapi.so it links).
// A pair the package was not built with (FusedGdnDecode, FusedSwigluGrad on an ascend310p package) stays null.
void LoadPackage(const std::string& path) {
    void* lib = OpenLibrary(path);
#define ASCENDOPS_RESOLVE(name)                                                                         \
    package.name##Phase1 =                                                                              \
        reinterpret_cast<decltype(package.name##Phase1)>(dlsym(lib, "aclnn" #name "GetWorkspaceSize")); \
    package.name##Phase2 = reinterpret_cast<decltype(package.name##Phase2)>(dlsym(lib, "aclnn" #name));
    ASCENDOPS_RESOLVE(AscendopsCast)
    ASCENDOPS_RESOLVE(AscendopsEmbeddingDenseGrad)
    ASCENDOPS_RESOLVE(AscendopsEmbeddingDenseBackward)
    ASCENDOPS_RESOLVE(AscendopsFusedGdnDecode)
    ASCENDOPS_RESOLVE(AscendopsSplit)
    ASCENDOPS_RESOLVE(AscendopsFusedSwigluGradB)
    ASCENDOPS_RESOLVE(AscendopsFusedSwigluGradW)
    ASCENDOPS_RESOLVE(AscendopsFusedSwigluGradX)
    ASCENDOPS_RESOLVE(AscendopsFusedSwigluGrad)
#undef ASCENDOPS_RESOLVE
    if (package.AscendopsCastPhase1 == nullptr || package.AscendopsEmbeddingDenseBackwardPhase1 == nullptr) {
        RaiseAclnnError(kRuntimeError, path +
                                           " is not the ascendops aclnn library (no aclnnAscendopsCast / "
                                           "aclnnAscendopsEmbeddingDenseBackward)");
    }
}

template <typename Fn>
Fn Need(Fn fn, const char* name) {
    if (fn == nullptr) {
        throw py::value_error(std::string("the installed ascendops package has no ") + name +
                              " (built for ascend910b and ascend910_93 only)");
    }
    return fn;
}

using Objects = std::vector<py::object>;

std::vector<Operand> Operands(const Objects& in, const Objects& out) {
    std::vector<Operand> all;
    for (const auto& v : in) all.push_back(Operand::In(v));
    for (const auto& v : out) all.push_back(Operand::Out(v));
    return all;
}

void WriteBack(const std::vector<Operand>& all, const Objects& out) {
    for (size_t i = 0; i < out.size(); ++i) all[all.size() - out.size() + i].WriteBack(out[i]);
}

// out = Cast(x); the generated pair's dstType attr is out's aclDataType number.
void Cast(const py::object& x, const py::object& out, uintptr_t stream) {
    auto t = Operands({x}, {out});
    RunAclnnOn(
        "aclnnAscendopsCast",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return package.AscendopsCastPhase1(t[0].Tensor(), t[1].Dtype(), t[1].Tensor(), ws, ex);
        },
        package.AscendopsCastPhase2, stream);
    WriteBack(t, {out});
}

// The kernel level: sorted indices and pos_idx given. out is zeroed by the pair (the OpDef's InitValue(0)).
void EmbeddingDenseGrad(const py::object& grad, const py::object& sortIndices, const py::object& posIdx,
                        const py::object& out, int64_t numWeights, int64_t paddingIdx, bool scale, uintptr_t stream) {
    auto t = Operands({grad, sortIndices, posIdx}, {out});
    RunAclnnOn(
        "aclnnAscendopsEmbeddingDenseGrad",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return package.AscendopsEmbeddingDenseGradPhase1(t[0].Tensor(), t[1].Tensor(), t[2].Tensor(), numWeights,
                                                             paddingIdx, scale, t[3].Tensor(), ws, ex);
        },
        package.AscendopsEmbeddingDenseGradPhase2, stream);
    WriteBack(t, {out});
}

// The user level: raw indices, sorted on the device by the composition.
void EmbeddingDenseBackward(const py::object& grad, const py::object& indices, const py::object& out,
                            int64_t numWeights, int64_t paddingIdx, bool scale, uintptr_t stream) {
    auto t = Operands({grad, indices}, {out});
    RunAclnnOn(
        "aclnnAscendopsEmbeddingDenseBackward",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return package.AscendopsEmbeddingDenseBackwardPhase1(t[0].Tensor(), t[1].Tensor(), numWeights, paddingIdx,
                                                                 scale, t[2].Tensor(), ws, ex);
        },
        package.AscendopsEmbeddingDenseBackwardPhase2, stream);
    WriteBack(t, {out});
}

// inputs: mixedQkv, a, b, aLog, dtBias, stateRef (updated in place), ssmStateIndices.
void FusedGdnDecode(const Objects& inputs, const py::object& out, double scale, double softplusThreshold,
                    uintptr_t stream) {
    if (inputs.size() != 7) throw py::value_error("inputs: mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices");
    auto phase1 = Need(package.AscendopsFusedGdnDecodePhase1, "FusedGdnDecode");
    auto t = Operands(inputs, {out});
    RunAclnnOn(
        "aclnnAscendopsFusedGdnDecode",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return phase1(t[0].Tensor(), t[1].Tensor(), t[2].Tensor(), t[3].Tensor(), t[4].Tensor(), t[5].Tensor(),
                          t[6].Tensor(), scale, softplusThreshold, t[7].Tensor(), ws, ex);
        },
        package.AscendopsFusedGdnDecodePhase2, stream);
    t[5].WriteBack(inputs[5]);
    WriteBack(t, {out});
}

void Split(const py::object& x, const std::vector<int64_t>& sections, int64_t dim, const Objects& outs,
           uintptr_t stream) {
    auto t = Operands({x}, outs);
    std::vector<aclTensor*> pieces;
    for (size_t i = 1; i < t.size(); ++i) pieces.push_back(t[i].NewHandle());
    aclTensorList* list = aclCreateTensorList(pieces.data(), pieces.size());  // owns (and destroys) its handles
    aclIntArray* split = aclCreateIntArray(sections.data(), sections.size());
    if (list == nullptr || split == nullptr) RaiseAclnnError(kRuntimeError, "aclCreateTensorList / IntArray failed");
    RunAclnnOn(
        "aclnnAscendopsSplit",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return package.AscendopsSplitPhase1(t[0].Tensor(), split, dim, list, ws, ex);
        },
        package.AscendopsSplitPhase2, stream);
    aclDestroyIntArray(split);
    aclDestroyTensorList(list);
    WriteBack(t, outs);
}

// The FusedSwigluGrad pairs: b (dy, g, fc -> dg, dfc, db_g, db_fc), w (x, dg, dfc -> dw_g, dw_fc), x (dg, dfc, w_g,
// w_fc -> dx) and the whole backward (dy, g, fc, x, w_g, w_fc -> dx, dw_g, dw_fc, db_g, db_fc).
void SwigluB(const Objects& in, const Objects& out, uintptr_t stream) {
    auto phase1 = Need(package.AscendopsFusedSwigluGradBPhase1, "FusedSwigluGradB");
    auto t = Operands(in, out);
    RunAclnnOn(
        "aclnnAscendopsFusedSwigluGradB",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return phase1(t[0].Tensor(), t[1].Tensor(), t[2].Tensor(), t[3].Tensor(), t[4].Tensor(), t[5].Tensor(),
                          t[6].Tensor(), ws, ex);
        },
        package.AscendopsFusedSwigluGradBPhase2, stream);
    WriteBack(t, out);
}

void SwigluW(const Objects& in, const Objects& out, uintptr_t stream) {
    auto phase1 = Need(package.AscendopsFusedSwigluGradWPhase1, "FusedSwigluGradW");
    auto t = Operands(in, out);
    RunAclnnOn(
        "aclnnAscendopsFusedSwigluGradW",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return phase1(t[0].Tensor(), t[1].Tensor(), t[2].Tensor(), t[3].Tensor(), t[4].Tensor(), ws, ex);
        },
        package.AscendopsFusedSwigluGradWPhase2, stream);
    WriteBack(t, out);
}

void SwigluX(const Objects& in, const Objects& out, uintptr_t stream) {
    auto phase1 = Need(package.AscendopsFusedSwigluGradXPhase1, "FusedSwigluGradX");
    auto t = Operands(in, out);
    RunAclnnOn(
        "aclnnAscendopsFusedSwigluGradX",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return phase1(t[0].Tensor(), t[1].Tensor(), t[2].Tensor(), t[3].Tensor(), t[4].Tensor(), ws, ex);
        },
        package.AscendopsFusedSwigluGradXPhase2, stream);
    WriteBack(t, out);
}

void Swiglu(const Objects& in, const Objects& out, uintptr_t stream) {
    auto phase1 = Need(package.AscendopsFusedSwigluGradPhase1, "FusedSwigluGrad");
    auto t = Operands(in, out);
    RunAclnnOn(
        "aclnnAscendopsFusedSwigluGrad",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return phase1(t[0].Tensor(), t[1].Tensor(), t[2].Tensor(), t[3].Tensor(), t[4].Tensor(), t[5].Tensor(),
                          t[6].Tensor(), t[7].Tensor(), t[8].Tensor(), t[9].Tensor(), t[10].Tensor(), ws, ex);
        },
        package.AscendopsFusedSwigluGradPhase2, stream);
    WriteBack(t, out);
}

aclDataType Acl(int64_t dtype) { return static_cast<aclDataType>(dtype); }

// Device time (median us, device events) of ours and, when `builtinLibrary` is given, CANN's aclnnCast on x.
py::dict BenchCast(const py::array& x, int64_t srcType, py::array out, int64_t dstType,
                   const std::string& builtinLibrary, int warmup, int repeats) {
    auto dx = DeviceArray::Upload(x, Acl(srcType));
    auto dy = DeviceArray::Upload(out, Acl(dstType));
    py::dict r;
    r["ours_us"] = MedianDeviceUs(
        "aclnnAscendopsCast",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return package.AscendopsCastPhase1(dx.Tensor(), dstType, dy.Tensor(), ws, ex);
        },
        package.AscendopsCastPhase2, warmup, repeats);
    if (!builtinLibrary.empty()) {
        void* lib = OpenLibrary(builtinLibrary);
        auto phase1 = Resolve<BuiltinCastPhase1>(lib, "aclnnCastGetWorkspaceSize");
        r["builtin_us"] = MedianDeviceUs(
            "aclnnCast",
            [&](uint64_t* ws, aclOpExecutor** ex) { return phase1(dx.Tensor(), Acl(dstType), dy.Tensor(), ws, ex); },
            Resolve<Phase2>(lib, "aclnnCast"), warmup, repeats);
    }
    return r;
}

// Ours (kernel level, indices sorted on the host beforehand: not timed) and the built-in on the raw indices.
py::dict BenchEmbeddingDenseGrad(const py::array& grad, const py::array& indices, const py::array& sortIndices,
                                 const py::array& posIdx, py::array out, int64_t numWeights, int64_t paddingIdx,
                                 bool scaleGradByFreq, const std::string& builtinLibrary, int warmup, int repeats) {
    auto dg = DeviceArray::Upload(grad, ACL_FLOAT);
    auto ds = DeviceArray::Upload(sortIndices, ACL_INT32);
    auto dp = DeviceArray::Upload(posIdx, ACL_INT32);
    auto dout = DeviceArray::Upload(out, ACL_FLOAT);
    py::dict r;
    r["ours_us"] = MedianDeviceUs(
        "aclnnAscendopsEmbeddingDenseGrad",
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return package.AscendopsEmbeddingDenseGradPhase1(dg.Tensor(), ds.Tensor(), dp.Tensor(), numWeights,
                                                             paddingIdx, scaleGradByFreq, dout.Tensor(), ws, ex);
        },
        package.AscendopsEmbeddingDenseGradPhase2, warmup, repeats);
    if (!builtinLibrary.empty()) {
        void* lib = OpenLibrary(builtinLibrary);
        auto phase1 = Resolve<BuiltinEdgPhase1>(lib, "aclnnEmbeddingDenseBackwardGetWorkspaceSize");
        auto di = DeviceArray::Upload(indices, ACL_INT32);
        // paddingIdx < 0 means "none" in the built-in's uint64_t parameter too (its doc: negative = no padding row).
        r["builtin_us"] = MedianDeviceUs(
            "aclnnEmbeddingDenseBackward",
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return phase1(dg.Tensor(), di.Tensor(), static_cast<uint64_t>(numWeights),
                              static_cast<uint64_t>(paddingIdx), scaleGradByFreq, dout.Tensor(), ws, ex);
            },
            Resolve<Phase2>(lib, "aclnnEmbeddingDenseBackward"), warmup, repeats);
    }
    return r;
}

}  // namespace
}  // namespace ascendops::npu

PYBIND11_MODULE(_C_npu, m) {
    using namespace ascendops::npu;
    m.doc() = "ascendops NPU backend: the installed opp package's aclnn functions on an Ascend device";
    m.def("device_count", &DeviceCount, "aclrtGetDeviceCount (0: the driver reports no device)");
    m.def("open_device", &OpenDevice, "device_id"_a, "aclInit once, aclrtSetDevice, a stream; returns the SoC name");
    m.def("load_package", &LoadPackage, "path"_a, "dlopen the package's libascendops_opapi.so, resolve its pairs");
    m.def("cast", &Cast, "x"_a, "out"_a, "stream"_a = 0);
    m.def("embedding_dense_grad", &EmbeddingDenseGrad, "grad"_a, "sort_indices"_a, "pos_idx"_a, "out"_a,
          "num_weights"_a, "padding_idx"_a, "scale_grad_by_freq"_a, "stream"_a = 0);
    m.def("embedding_dense_backward", &EmbeddingDenseBackward, "grad"_a, "indices"_a, "out"_a, "num_weights"_a,
          "padding_idx"_a, "scale_grad_by_freq"_a, "stream"_a = 0);
    m.def("fused_gdn_decode", &FusedGdnDecode, "inputs"_a, "out"_a, "scale"_a, "softplus_threshold"_a, "stream"_a = 0);
    m.def("split", &Split, "x"_a, "sections"_a, "dim"_a, "outs"_a, "stream"_a = 0);
    m.def("fused_swiglu_grad_b", &SwigluB, "inputs"_a, "outputs"_a, "stream"_a = 0);
    m.def("fused_swiglu_grad_w", &SwigluW, "inputs"_a, "outputs"_a, "stream"_a = 0);
    m.def("fused_swiglu_grad_x", &SwigluX, "inputs"_a, "outputs"_a, "stream"_a = 0);
    m.def("fused_swiglu_grad", &Swiglu, "inputs"_a, "outputs"_a, "stream"_a = 0);
    m.def("bench_cast", &BenchCast, "x"_a, "src_type"_a, "out"_a, "dst_type"_a, "builtin_library"_a, "warmup"_a,
          "repeats"_a);
    m.def("bench_embedding_dense_grad", &BenchEmbeddingDenseGrad, "grad"_a, "indices"_a, "sort_indices"_a, "pos_idx"_a,
          "out"_a, "num_weights"_a, "padding_idx"_a, "scale_grad_by_freq"_a, "builtin_library"_a, "warmup"_a,
          "repeats"_a);
}
