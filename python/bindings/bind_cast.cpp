// Cast bindings: the aclnn pair on NumPy arrays, the host tiling and the plan table (for tests and the CLI).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <vector>

#include "aclnn_cast.h"
#include "common/aclnn_context.h"
#include "common/tensor_util.h"
#include "op_host/cast/cast_tiling.h"
#include "op_host/common/tiling_util.h"
#include "tensor_bridge.h"

namespace py = pybind11;

namespace {

using namespace ascendops;
using namespace ascendops::cast;

const char* RoundName(CastRound r) {
    static constexpr const char* kNames[] = {"CAST_NONE",  "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                                             "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
    return kNames[static_cast<uint32_t>(r)];
}

py::array Cast(const py::array& x, const py::object& dtype) {
    auto self = bridge::DeviceTensor::FromArray(x);
    const DataType dst = bridge::DataTypeFromPy(dtype);
    auto out = bridge::DeviceTensor::Empty(self.Shape(), dst);
    const auto dstType = static_cast<int64_t>(dst);
    bridge::CallAclnn(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsCastGetWorkspaceSize(self, dstType, out, ws, ex);
        },
        aclnnAscendopsCast);
    return out.ToArray();
}

// Phase 1 on Probe tensors: x of a (shape, strides, dtype) spec, out C-contiguous of x's shape and `dtype` (the
// fake kernel's check). Raises AclnnError as the call would.
void Check(const py::object& xSpec, const py::object& dtype) {
    const auto self = bridge::DeviceTensor::ProbeOf(xSpec);
    const DataType dst = bridge::DataTypeFromPy(dtype);
    const auto out = bridge::DeviceTensor::Probe(self.Shape(), dst);
    bridge::CheckBeforeAllocating([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsCastGetWorkspaceSize(self, static_cast<int64_t>(dst), out, ws, ex);
    });
}

py::dict Tiling(const std::vector<int64_t>& shape, const py::object& src, const py::object& dst, const std::string& soc,
                int64_t coreNum) {
    const Platform platform = bridge::PlatformArg(soc, coreNum);
    const DataType srcType = bridge::DataTypeFromPy(src);
    if (!CheckedBytes(shape, DataTypeSize(srcType))) {
        bridge::Raise(InvalidParam("self shape " + ShapeString(shape) + " holds more than 2^63 - 1 bytes"));
    }
    uint64_t totalElements = 1;
    for (int64_t d : shape) totalElements *= static_cast<uint64_t>(d);
    const DataType dstType = bridge::DataTypeFromPy(dst);
    auto r = ComputeTiling({totalElements, srcType, dstType}, platform);
    if (!r) bridge::Raise(r.error());
    const CastTilingData& td = r->data;
    py::dict d;
    bridge::AddKey(d, kCastKeyNames, r->tilingKey);
    d["path"] = PathName(static_cast<CastPath>(r->tilingKey));
    d["block_dim"] = r->blockDim;
    d["workspace_bytes"] = r->workspaceBytes;
    d["total_elements"] = td.totalElements;
    d["tile_elems"] = td.tileElems;
    d["granule_elems"] = td.granuleElems;
    d["granules_per_core"] = td.granulesPerCore;
    d["big_cores"] = td.bigCores;
    d["tail_elems"] = td.tailElems;
    d["round_mode"] = RoundName(static_cast<CastRound>(td.roundMode));
    d["mid_round_mode"] = RoundName(static_cast<CastRound>(td.midRoundMode));
    d["use_pad"] = td.usePad != 0;
    d["scratch_bytes_per_elem"] = ScratchBytesPerElem(platform.soc->version, srcType, dstType);
    d["ub_bytes"] = r->ubBytes;
    py::list elems, tiles;
    for (uint32_t i = 0; i < td.blockDim; ++i) {
        const uint64_t n = CoreElems(td, i);
        elems.append(n);
        tiles.append(n / td.tileElems + (n % td.tileElems != 0 ? 1 : 0));
    }
    d["core_elems"] = elems;
    d["core_starts"] = [&] {
        py::list starts;
        for (uint32_t i = 0; i < td.blockDim; ++i) starts.append(CoreStart(td, i));
        return starts;
    }();
    d["core_tiles"] = tiles;
    return d;
}

// Every (src, dst) pair of the dtype table with its path on `soc` ("UNSUPPORTED" where Cast does not deliver it).
py::list PlanTable(const std::string& soc) {
    const SocVersion v = bridge::SocArg(soc);
    py::list rows;
    for (const auto& s : kDataTypes) {
        for (const auto& d : kDataTypes) {
            py::dict row;
            row["src"] = s.name;
            row["dst"] = d.name;
            row["path"] = PathName(PathClass(v, s.type, d.type));
            row["round_mode"] = RoundName(RoundModeOf(v, s.type, d.type));
            row["scratch_bytes_per_elem"] = ScratchBytesPerElem(v, s.type, d.type);
            rows.append(row);
        }
    }
    return rows;
}

}  // namespace

void Bind_cast(py::module_& m) {
    m.def("cast", &Cast, py::arg("x"), py::arg("dtype"),
          "aclnnAscendopsCast on the current device; returns a new array");
    m.def("cast_check", &Check, py::arg("x_spec"), py::arg("dtype"),
          "phase 1 of aclnnAscendopsCast on a (shape, strides, dtype) spec: raises as the call would");
    m.def("cast_tiling", &Tiling, py::arg("shape"), py::arg("src"), py::arg("dst"), py::arg("soc"),
          py::arg("core_num") = 0, "Cast host tiling as a dict");
    m.def("cast_plan_table", &PlanTable, py::arg("soc"), "Cast path of every dtype pair on a SoC");
    m.attr("cast_key_names") = bridge::KeyNameDict(kCastKeyNames);
}
