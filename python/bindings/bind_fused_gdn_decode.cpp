// FusedGdnDecode: the aclnn pair (state updated in place: one copy each way) and the tiling.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "aclnn_fused_gdn_decode.h"
#include "common/aclnn_context.h"
#include "op_host/common/platform.h"
#include "op_host/fused_gdn_decode/fused_gdn_decode_tiling.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

using Shape = std::vector<int64_t>;

py::array Run(const py::array& mixedQkv, const py::array& a, const py::array& b, const py::array& aLog,
              const py::array& dtBias, py::array state, const py::array& indices, const Shape& outShape, double scale,
              double softplusThreshold) {
    using ascendops::bridge::DeviceTensor;
    ascendops::bridge::CheckUpdatable(state, "state");  // before any upload: the kernel's result goes back into it
    auto mixed = DeviceTensor::FromArray(mixedQkv);
    auto ta = DeviceTensor::FromArray(a), tb = DeviceTensor::FromArray(b);
    auto tLog = DeviceTensor::FromArray(aLog), tBias = DeviceTensor::FromArray(dtBias);
    auto tState = DeviceTensor::FromArray(state), tIdx = DeviceTensor::FromArray(indices);
    auto phase1 = [&](const DeviceTensor& out) {
        return [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsFusedGdnDecodeGetWorkspaceSize(mixed, ta, tb, tLog, tBias, tState, tIdx, scale,
                                                                softplusThreshold, out, ws, ex);
        };
    };
    ascendops::bridge::CheckBeforeAllocating(phase1(DeviceTensor::Probe(outShape, mixed.Dtype())));
    auto out = DeviceTensor::Empty(outShape, mixed.Dtype());
    ascendops::bridge::CallAclnn(phase1(out), aclnnAscendopsFusedGdnDecode);
    tState.CopyBackInto(state);  // stateRef: one copy to the device, one back, straight into the caller's array
    return out.ToArray();
}

// Phase 1 on Probe tensors of (shape, strides, dtype) specs: the fake kernel's and the torch front's check, the
// rules of the real call without memory. Raises AclnnError as the call would.
void Check(const std::vector<py::object>& specs, const Shape& outShape, double scale, double softplusThreshold) {
    using ascendops::bridge::DeviceTensor;
    if (specs.size() != 7) throw py::value_error("specs: mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices");
    std::vector<DeviceTensor> t;
    for (const auto& spec : specs) t.push_back(DeviceTensor::ProbeOf(spec));
    const auto out = DeviceTensor::Probe(outShape, t[0].Dtype());
    ascendops::bridge::CheckBeforeAllocating([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsFusedGdnDecodeGetWorkspaceSize(t[0], t[1], t[2], t[3], t[4], t[5], t[6], scale,
                                                            softplusThreshold, out, ws, ex);
    });
}

py::dict Tiling(const std::vector<Shape>& shapes, const std::vector<std::string>& dtypes, float scale,
                float softplusThreshold, const std::string& soc, int64_t coreNum) {
    namespace fgd = ascendops::fused_gdn_decode;
    if (shapes.size() != 8 || dtypes.size() != 8) {
        throw py::value_error("shapes and dtypes list mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out");
    }
    std::vector<ascendops::DataType> types;
    for (const auto& name : dtypes) types.push_back(ascendops::bridge::DataTypeFromPy(py::str(name)));
    const ascendops::Platform platform = ascendops::bridge::PlatformArg(soc, coreNum);
    fgd::TilingInput in{shapes[0], shapes[1], shapes[2], shapes[3], shapes[4], shapes[5],
                        shapes[6], shapes[7], types[0],  types[1],  types[2],  types[3],
                        types[4],  types[5],  types[6],  types[7],  scale,     softplusThreshold};
    auto r = fgd::ComputeTiling(in, platform);
    if (!r) ascendops::bridge::Raise(r.error());
    const fgd::FusedGdnDecodeTilingData& t = r->data;
    const fgd::UbEstimate ub =
        fgd::EstimateUb(t.k, t.bv, ascendops::DataTypeSize(in.stateType), t.indexBufferElems, t.kTile);
    const fgd::GdnPrepLayout prep =
        fgd::GdnPrepLayoutOf(t.k, t.v, t.prepRows, 2, ascendops::DataTypeSize(in.dtBiasType));
    const fgd::GdnKernelUb kub = fgd::GdnKernelUbOf(ub, prep, ascendops::DataTypeSize(in.stateType), t.ubBanked != 0);
    py::dict ubDict(
        "align_k"_a = ub.alignK, "align_bv"_a = ub.alignBv, "align_tile_k"_a = ub.alignTileK,
        "lane_bytes"_a = ub.laneBytes, "queue_bytes"_a = ub.QueueBytes(), "compute_bytes"_a = ub.ComputeBytes(),
        "helper_bytes"_a = ub.HelperBytes(), "total_bytes"_a = ub.TotalBytes(), "ub_bytes"_a = platform.UbUsableBytes(),
        "prep_bytes"_a = prep.TotalBytes(), "pad_in"_a = kub.padIn, "state_in_len"_a = kub.stateInLen,
        "pad_out"_a = kub.padOut, "state_out_len"_a = kub.stateOutLen, "pad_matrix"_a = kub.padMatrix,
        "matrix_bytes"_a = kub.matrixBytes, "mat_p_offset"_a = kub.matPOffset, "pad_qk"_a = kub.padQk,
        "stage_bytes"_a = prep.stageBytes, "out_stage_bytes"_a = prep.outStageBytes, "index_bytes"_a = ub.indexBytes,
        "vec_bv_bytes"_a = ub.vecBvBytes, "delta_bytes"_a = ub.deltaBytes, "reduce_bytes"_a = ub.reduceBytes);
    py::dict d("block_dim"_a = r->blockDim, "workspace_bytes"_a = r->workspaceBytes, "ub_bytes"_a = r->ubBytes,
               "b"_a = t.b, "h"_a = t.h, "hv"_a = t.hv, "k"_a = t.k, "v"_a = t.v, "bv"_a = t.bv, "v_tiles"_a = t.vTiles,
               "state_buffer_num"_a = t.stateBufferNum, "total_tasks"_a = t.totalTasks,
               "tasks_per_core"_a = t.tasksPerCore, "big_cores"_a = t.bigCores,
               "index_buffer_elems"_a = t.indexBufferElems, "block_num"_a = t.blockNum,
               "mixed_stride"_a = t.mixedStride, "state_slot_stride"_a = t.stateSlotStride,
               "state_head_stride"_a = t.stateHeadStride, "out_batch_stride"_a = t.outBatchStride, "scale"_a = t.scale,
               "softplus_threshold"_a = t.softplusThreshold, "ub_rest_bytes"_a = t.ubRestBytes,
               "prep_rows"_a = t.prepRows, "ub_banked"_a = t.ubBanked, "rows_per_task"_a = t.rowsPerTask,
               "batch_chunks"_a = t.batchChunks, "chunk_rows"_a = t.chunkRows, "cores_per_chunk"_a = t.coresPerChunk,
               "k_tile"_a = t.kTile, "k_tiles"_a = t.kTiles, "ub"_a = ubDict);
    ascendops::bridge::AddKey(d, fgd::kFusedGdnDecodeKeyNames, r->tilingKey);
    return d;
}

}  // namespace

void Bind_fused_gdn_decode(py::module_& m) {
    m.def("fused_gdn_decode", &Run, "mixed_qkv"_a, "a"_a, "b"_a, "a_log"_a, "dt_bias"_a, "state"_a,
          "ssm_state_indices"_a, "out_shape"_a, "scale"_a, "softplus_threshold"_a,
          "aclnnAscendopsFusedGdnDecode on the current device; returns out, updates state (C-contiguous) in place.");
    m.def("fused_gdn_decode_check", &Check, "specs"_a, "out_shape"_a, "scale"_a, "softplus_threshold"_a,
          "phase 1 of aclnnAscendopsFusedGdnDecode on (shape, strides, dtype) specs: raises as the call would");
    m.def("fused_gdn_decode_tiling", &Tiling, "shapes"_a, "dtypes"_a, "scale"_a, "softplus_threshold"_a, "soc"_a,
          "core_num"_a = 0, "Host tiling of FusedGdnDecode as a dict (fields, key, blockDim, UB estimate terms).");
    m.def(
        "fused_gdn_decode_estimate_ub",
        [](uint32_t k, uint32_t v, uint32_t bv, uint32_t stateBytes, uint32_t indexElems) {
            auto e = ascendops::fused_gdn_decode::EstimateUb(k, bv, stateBytes, indexElems);
            return py::dict("align_k"_a = e.alignK, "align_bv"_a = e.alignBv, "state_buffer_num"_a = e.stateBufferNum,
                            "queue_bytes"_a = e.QueueBytes(), "compute_bytes"_a = e.ComputeBytes(),
                            "helper_bytes"_a = e.HelperBytes(), "total_bytes"_a = e.TotalBytes());
        },
        "k"_a, "v"_a, "bv"_a, "state_bytes"_a, "index_elems"_a);
    m.attr("fused_gdn_decode_key_names") =
        ascendops::bridge::KeyNameDict(ascendops::fused_gdn_decode::kFusedGdnDecodeKeyNames);
}
