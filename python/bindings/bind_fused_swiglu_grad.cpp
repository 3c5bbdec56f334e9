// FusedSwigluGrad bindings: the aclnn pairs of the b, w and x kernels and the user-level call on NumPy arrays,
// its check and the host tilings.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "aclnn_fused_swiglu_grad.h"
#include "common/aclnn_context.h"
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

using namespace ascendops;
using namespace ascendops::fused_swiglu_grad;
using bridge::DeviceTensor;

// A dimension of a tensor, 0 when the tensor does not have it (the aclnn call then reports the rank).
int64_t Dim(const DeviceTensor& t, size_t axis) { return t.Shape().size() == 2 ? t.Shape()[axis] : 0; }

std::vector<int64_t> DbShape(const DeviceTensor& dy) { return {1, dy.Shape().size() == 2 ? dy.Shape()[1] : 0}; }

using Outputs = std::vector<DeviceTensor>;

// The bfloat16 outputs of `shapes` (which come from the inputs' shapes): phase 1 runs on Probe outputs first, so a
// call that breaks a rule is rejected before any output is allocated; then both phases on the real outputs.
template <typename Phase1, typename Phase2>
Outputs RunWithOutputs(const std::vector<std::vector<int64_t>>& shapes, Phase1&& phase1, Phase2&& phase2) {
    auto make = [&](bool probe) {
        Outputs outs;
        for (const auto& shape : shapes) {
            outs.push_back(probe ? DeviceTensor::Probe(shape, DataType::kBf16)
                                 : DeviceTensor::Empty(shape, DataType::kBf16));
        }
        return outs;
    };
    {
        const Outputs probes = make(true);
        bridge::CheckBeforeAllocating([&](uint64_t* ws, aclOpExecutor** ex) { return phase1(probes, ws, ex); });
    }
    Outputs outs = make(false);
    bridge::CallAclnn([&](uint64_t* ws, aclOpExecutor** ex) { return phase1(outs, ws, ex); }, phase2);
    return outs;
}

py::tuple Arrays(const Outputs& outs) {
    py::tuple arrays(outs.size());
    for (size_t i = 0; i < outs.size(); ++i) arrays[i] = outs[i].ToArray();
    return arrays;
}

py::tuple BKernel(const py::array& dy, const py::array& g, const py::array& fc) {
    auto tDy = DeviceTensor::FromArray(dy);
    auto tG = DeviceTensor::FromArray(g);
    auto tFc = DeviceTensor::FromArray(fc);
    return Arrays(RunWithOutputs(
        {tDy.Shape(), tDy.Shape(), DbShape(tDy), DbShape(tDy)},
        [&](const Outputs& o, uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsFusedSwigluGradBGetWorkspaceSize(tDy, tG, tFc, o[0], o[1], o[2], o[3], ws, ex);
        },
        aclnnAscendopsFusedSwigluGradB));
}

py::tuple WKernel(const py::array& x, const py::array& dg, const py::array& dfc) {
    auto tX = DeviceTensor::FromArray(x);
    auto tDg = DeviceTensor::FromArray(dg);
    auto tDfc = DeviceTensor::FromArray(dfc);
    const std::vector<int64_t> kn{Dim(tX, 1), Dim(tDg, 1)};
    return Arrays(RunWithOutputs(
        {kn, kn},
        [&](const Outputs& o, uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsFusedSwigluGradWGetWorkspaceSize(tX, tDg, tDfc, o[0], o[1], ws, ex);
        },
        aclnnAscendopsFusedSwigluGradW));
}

py::array XKernel(const py::array& dg, const py::array& dfc, const py::array& wG, const py::array& wFc) {
    auto tDg = DeviceTensor::FromArray(dg);
    auto tDfc = DeviceTensor::FromArray(dfc);
    auto tWg = DeviceTensor::FromArray(wG);
    auto tWfc = DeviceTensor::FromArray(wFc);
    const Outputs dx = RunWithOutputs(
        {{Dim(tDg, 0), Dim(tWg, 0)}},
        [&](const Outputs& o, uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsFusedSwigluGradXGetWorkspaceSize(tDg, tDfc, tWg, tWfc, o[0], ws, ex);
        },
        aclnnAscendopsFusedSwigluGradX);
    return dx[0].ToArray();
}

// The user-level call's outputs (dx, dw_g, dw_fc, db_g, db_fc) for inputs dy, g, fc, x, w_g, w_fc.
std::vector<std::vector<int64_t>> AllOutputShapes(const std::vector<DeviceTensor>& t) {
    const int64_t m = Dim(t[0], 0), n = Dim(t[0], 1), k = Dim(t[3], 1);
    return {{m, k}, {k, n}, {k, n}, {1, n}, {1, n}};
}

auto AllPhase1(const std::vector<DeviceTensor>& t) {
    return [&t](const Outputs& o, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsFusedSwigluGradGetWorkspaceSize(t[0], t[1], t[2], t[3], t[4], t[5], o[0], o[1], o[2], o[3],
                                                             o[4], ws, ex);
    };
}

// The user-level call: dy, g, fc, x, w_g, w_fc -> (dx, dw_g, dw_fc, db_g, db_fc).
py::tuple All(const std::vector<py::array>& in) {
    if (in.size() != 6) throw py::value_error("expected 6 inputs (dy, g, fc, x, w_g, w_fc)");
    std::vector<DeviceTensor> t;
    for (const auto& a : in) t.push_back(DeviceTensor::FromArray(a));
    return Arrays(RunWithOutputs(AllOutputShapes(t), AllPhase1(t), aclnnAscendopsFusedSwigluGrad));
}

// Phase 1 of the user-level call on Probe tensors of (shape, strides, dtype) specs (dy, g, fc, x, w_g, w_fc): the
// fake kernel's and the torch front's check. Raises AclnnError as the call would.
void CheckAll(const std::vector<py::object>& specs) {
    if (specs.size() != 6) throw py::value_error("expected 6 specs (dy, g, fc, x, w_g, w_fc)");
    std::vector<DeviceTensor> t;
    for (const auto& spec : specs) t.push_back(DeviceTensor::ProbeOf(spec));
    Outputs o;
    for (const auto& shape : AllOutputShapes(t)) o.push_back(DeviceTensor::Probe(shape, DataType::kBf16));
    bridge::CheckBeforeAllocating([&](uint64_t* ws, aclOpExecutor** ex) { return AllPhase1(t)(o, ws, ex); });
}

py::dict SplitDict(const SgSplit& s) {
    return py::dict("parts"_a = s.parts, "per"_a = s.per, "big"_a = s.big, "unit"_a = s.unit, "tail"_a = s.tail);
}

py::dict BTiling(const std::vector<std::vector<int64_t>>& shapes, const std::vector<std::string>& dtypes,
                 const std::string& soc, int64_t coreNum) {
    const Platform platform = bridge::PlatformArg(soc, coreNum);
    if (shapes.size() != 3 || dtypes.size() != 3) throw py::value_error("expected 3 shapes and 3 dtypes (dy, g, fc)");
    BTilingInput in;
    for (int i = 0; i < 3; ++i) {
        in.shapes[i] = shapes[i];
        in.dtypes[i] = bridge::DataTypeFromPy(py::str(dtypes[i]));
    }
    auto r = ComputeBTiling(in, platform);
    if (!r) bridge::Raise(r.error());
    const FusedSwigluGradBTilingData& t = r->data;
    py::dict d("block_dim"_a = r->blockDim, "workspace_bytes"_a = r->workspaceBytes, "rows"_a = t.rows,
               "cols"_a = t.cols, "used_core_num"_a = t.usedCoreNum, "tile_rows"_a = t.tileRows,
               "col_chunk"_a = t.colChunk, "col_chunk_num"_a = t.colChunkNum, "last_col_chunk"_a = t.lastColChunk,
               "partial_pitch"_a = t.partialPitch, "chunks"_a = SplitDict(t.chunks),
               "core_chunks"_a = SplitDict(t.coreChunks), "core_cols"_a = SplitDict(t.coreCols),
               "partial_offset"_a = t.partialOffset, "ub_bytes"_a = r->ubBytes,
               "ub_capacity"_a = platform.UbUsableBytes());
    bridge::AddKey(d, kFusedSwigluGradKeyNames, r->tilingKey);
    return d;
}

py::dict CubeDict(const ascendops::CubeTiling& c) {
    return py::dict("usedCoreNum"_a = c.usedCoreNum, "M"_a = c.M, "N"_a = c.N, "Ka"_a = c.Ka, "Kb"_a = c.Kb,
                    "singleCoreM"_a = c.singleCoreM, "singleCoreN"_a = c.singleCoreN, "singleCoreK"_a = c.singleCoreK,
                    "baseM"_a = c.baseM, "baseN"_a = c.baseN, "baseK"_a = c.baseK, "stepKa"_a = c.stepKa,
                    "stepKb"_a = c.stepKb, "depthA1"_a = c.depthA1, "depthB1"_a = c.depthB1, "dbL0C"_a = c.dbL0C,
                    "iterateOrder"_a = c.iterateOrder);
}

template <typename In>
In CubeInput(const std::vector<std::vector<int64_t>>& shapes, const std::vector<std::string>& dtypes, size_t count) {
    if (shapes.size() != count || dtypes.size() != count) {
        throw py::value_error("expected " + std::to_string(count) + " shapes and dtypes");
    }
    In in;
    for (size_t i = 0; i < count; ++i) {
        in.shapes[i] = shapes[i];
        in.dtypes[i] = bridge::DataTypeFromPy(py::str(dtypes[i]));
    }
    return in;
}

template <typename R>
py::dict CommonFields(const R& r, py::dict d) {
    bridge::AddKey(d, kFusedSwigluGradKeyNames, r.tilingKey);
    d["ub_bytes"] = r.ubBytes;
    d["block_dim"] = r.blockDim;
    d["workspace_bytes"] = r.workspaceBytes;
    d["cube"] = CubeDict(r.data.cube);
    // The Matmul calls behind `cube`: what the CANN build hands CANN's matmul_tiling instead of the twin's.
    const MatmulTilingCall& c = r.cubeCall;
    d["cube_call"] = py::dict("m"_a = c.m, "n"_a = c.n, "k"_a = c.k, "dim"_a = c.dim, "trans_a"_a = c.types.transA,
                              "trans_b"_a = c.types.transB, "fix_base_m"_a = c.fixBaseM, "fix_base_n"_a = c.fixBaseN);
    return d;
}

// Host tiling of the w kernel for x [M, K], dg, dfc [M, N].
py::dict WTiling(const std::vector<std::vector<int64_t>>& shapes, const std::vector<std::string>& dtypes,
                 const std::string& soc, int64_t coreNum) {
    const Platform platform = bridge::PlatformArg(soc, coreNum);
    auto r = ComputeWTiling(CubeInput<WTilingInput>(shapes, dtypes, 3), platform);
    if (!r) bridge::Raise(r.error());
    const FusedSwigluGradWTilingData& t = r->data;
    return CommonFields(
        *r, py::dict("rows"_a = t.rows, "k"_a = t.k, "n"_a = t.n, "block_k"_a = t.blockK, "block_n"_a = t.blockN,
                     "k_blocks"_a = t.kBlocks, "n_blocks"_a = t.nBlocks, "units"_a = t.units, "groups"_a = t.groups));
}

// Host tiling of the x kernel for dg, dfc [M, N], w_g, w_fc [K, N].
py::dict XTiling(const std::vector<std::vector<int64_t>>& shapes, const std::vector<std::string>& dtypes,
                 const std::string& soc, int64_t coreNum) {
    const Platform platform = bridge::PlatformArg(soc, coreNum);
    auto r = ComputeXTiling(CubeInput<XTilingInput>(shapes, dtypes, 4), platform);
    if (!r) bridge::Raise(r.error());
    const FusedSwigluGradXTilingData& t = r->data;
    return CommonFields(
        *r, py::dict("rows"_a = t.rows, "k"_a = t.k, "n"_a = t.n, "block_m"_a = t.blockM, "block_k"_a = t.blockK,
                     "m_blocks"_a = t.mBlocks, "k_blocks"_a = t.kBlocks, "units"_a = t.units, "groups"_a = t.groups,
                     "cast_rows"_a = t.castRows, "slot_offset"_a = t.slotOffset,
                     "ub_capacity"_a = platform.UbUsableBytes()));  // ub_bytes: the result's, in CommonFields
}

}  // namespace

void Bind_fused_swiglu_grad(py::module_& m) {
    m.attr("fused_swiglu_grad_key_names") = bridge::KeyNameDict(kFusedSwigluGradKeyNames);
    m.def("fused_swiglu_grad_b", &BKernel, "dy"_a, "g"_a, "fc"_a,
          "aclnnAscendopsFusedSwigluGradB on the current device -> (dg, dfc, db_g, db_fc)");
    m.def("fused_swiglu_grad_b_tiling", &BTiling, "shapes"_a, "dtypes"_a, "soc"_a = "ascend910b", "core_num"_a = 0,
          "FusedSwigluGrad b-kernel host tiling as a dict");
    m.def("fused_swiglu_grad_w", &WKernel, "x"_a, "dg"_a, "dfc"_a,
          "aclnnAscendopsFusedSwigluGradW on the current device -> (dw_g, dw_fc)");
    m.def("fused_swiglu_grad_x", &XKernel, "dg"_a, "dfc"_a, "w_g"_a, "w_fc"_a,
          "aclnnAscendopsFusedSwigluGradX on the current device -> dx");
    m.def("fused_swiglu_grad", &All, "inputs"_a,
          "aclnnAscendopsFusedSwigluGrad on (dy, g, fc, x, w_g, w_fc) -> (dx, dw_g, dw_fc, db_g, db_fc)");
    m.def("fused_swiglu_grad_check", &CheckAll, "specs"_a,
          "phase 1 of aclnnAscendopsFusedSwigluGrad on (shape, strides, dtype) specs: raises as the call would");
    m.def("fused_swiglu_grad_w_tiling", &WTiling, "shapes"_a, "dtypes"_a, "soc"_a = "ascend910b", "core_num"_a = 0,
          "FusedSwigluGrad w-kernel host tiling as a dict");
    m.def("fused_swiglu_grad_x_tiling", &XTiling, "shapes"_a, "dtypes"_a, "soc"_a = "ascend910b", "core_num"_a = 0,
          "FusedSwigluGrad x-kernel host tiling as a dict");
}
