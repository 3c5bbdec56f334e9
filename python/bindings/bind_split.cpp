// Split bindings: the aclnn pair on NumPy arrays (a list of outputs), its check and the host tiling.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <vector>

#include "aclnn_split.h"
#include "common/aclnn_context.h"
#include "op_host/split/split_tiling.h"
#include "tensor_bridge.h"

namespace py = pybind11;

namespace {

using namespace ascendops;
using namespace ascendops::split;

// The outputs aclnn expects (self shape with shape[dim] = sections[i]); none when the arguments break a rule, so
// that op_api reports the rule itself.
// `make` is DeviceTensor::Empty, or DeviceTensor::Probe for a check without memory.
std::vector<bridge::DeviceTensor> OutputsFor(const bridge::DeviceTensor& self, const std::vector<int64_t>& sections,
                                             int64_t dim,
                                             bridge::DeviceTensor (*make)(const std::vector<int64_t>&, DataType)) {
    std::vector<bridge::DeviceTensor> outs;
    auto axis = CheckShape(self.Shape(), sections, dim);
    if (!axis) return outs;
    for (int64_t s : sections) {
        std::vector<int64_t> shape = self.Shape();
        shape[*axis] = s;
        outs.push_back(make(shape, self.Dtype()));
    }
    return outs;
}

bridge::DeviceTensor Contiguous(const std::vector<int64_t>& shape, DataType dtype) {
    return bridge::DeviceTensor::Empty(shape, dtype);
}

bridge::DeviceTensor ContiguousProbe(const std::vector<int64_t>& shape, DataType dtype) {
    return bridge::DeviceTensor::Probe(shape, dtype);
}

// Phase 1 on Probe tensors: self of a (shape, strides, dtype) spec and its outputs (the fake kernel's check).
// Raises AclnnError as the call would.
void Check(const py::object& xSpec, const std::vector<int64_t>& sections, int64_t dim) {
    const auto self = bridge::DeviceTensor::ProbeOf(xSpec);
    const std::vector<bridge::DeviceTensor> outs = OutputsFor(self, sections, dim, &ContiguousProbe);
    bridge::DeviceTensorList outList(outs);
    aclIntArray* splitSections = aclCreateIntArray(sections.data(), sections.size());
    std::unique_ptr<aclIntArray, decltype(&aclDestroyIntArray)> own(splitSections, &aclDestroyIntArray);
    bridge::CheckBeforeAllocating([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendopsSplitGetWorkspaceSize(self, splitSections, dim, outList, ws, ex);
    });
}

py::list Split(const py::array& x, const std::vector<int64_t>& sections, int64_t dim) {
    auto self = bridge::DeviceTensor::FromArray(x);
    std::vector<bridge::DeviceTensor> outs = OutputsFor(self, sections, dim, &Contiguous);
    bridge::DeviceTensorList outList(outs);
    aclIntArray* splitSections = aclCreateIntArray(sections.data(), sections.size());
    std::unique_ptr<aclIntArray, decltype(&aclDestroyIntArray)> own(splitSections, &aclDestroyIntArray);
    bridge::CallAclnn(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsSplitGetWorkspaceSize(self, splitSections, dim, outList, ws, ex);
        },
        aclnnAscendopsSplit);
    py::list result;
    for (auto& o : outs) result.append(o.TakeArray());
    return result;
}

py::dict Tiling(const std::vector<int64_t>& shape, const py::object& dtype, const std::vector<int64_t>& sections,
                int64_t dim, const std::string& soc, int64_t coreNum) {
    const Platform platform = bridge::PlatformArg(soc, coreNum);
    auto r = ComputeTiling({shape, bridge::DataTypeFromPy(dtype), sections, dim}, platform);
    if (!r) bridge::Raise(r.error());
    const SplitTilingData& td = r->data;
    py::dict d;
    bridge::AddKey(d, kSplitKeyNames, r->tilingKey);
    d["block_dim"] = r->blockDim;
    d["mix_vector_core"] = r->vectorCores;  // KERNEL_TYPE_MIX_VECTOR_CORE: block_dim counts AI + Vector Cores
    d["workspace_bytes"] = r->workspaceBytes;
    d["ub_bytes"] = r->ubBytes;
    d["ub_budget"] = platform.UbUsableBytes();  // the usable UB the tile is sized from
    d["batch"] = td.batch;
    d["dim_len"] = td.dimLen;
    d["inner"] = td.inner;
    d["piece_num"] = td.pieceNum;
    d["elem_bytes"] = td.elemBytes;
    d["tile_elems"] = td.tileElems;
    d["granule_elems"] = td.granuleElems;
    d["granule_num"] = td.granuleNum;
    d["granules_per_core"] = td.granulesPerCore;
    d["big_cores"] = td.bigCores;
    d["narrow_unit_rows"] = td.narrowUnitRows;  // NARROW only (0 otherwise)
    d["narrow_repeat_lanes"] = td.narrowRepeatLanes;
    d["narrow_chunk_rows"] = td.narrowChunkRows;
    py::list lens, starts, coreGranules;
    for (uint32_t p = 0; p < td.pieceNum; ++p) lens.append(td.pieceLen[p]);
    for (uint32_t p = 0; p <= td.pieceNum; ++p) starts.append(td.pieceGranuleStart[p]);
    for (uint32_t i = 0; i < td.blockDim; ++i) coreGranules.append(CoreGranules(td, i));
    d["piece_len"] = lens;
    d["piece_granule_start"] = starts;
    d["core_granules"] = coreGranules;
    return d;
}

}  // namespace

void Bind_split(py::module_& m) {
    m.def("split", &Split, py::arg("x"), py::arg("sections"), py::arg("dim"),
          "aclnnAscendopsSplit on the current device; returns a list of new arrays");
    m.def("split_check", &Check, py::arg("x_spec"), py::arg("sections"), py::arg("dim"),
          "phase 1 of aclnnAscendopsSplit on a (shape, strides, dtype) spec: raises as the call would");
    m.def("split_tiling", &Tiling, py::arg("shape"), py::arg("dtype"), py::arg("sections"), py::arg("dim"),
          py::arg("soc"), py::arg("core_num") = 0, "Split host tiling as a dict");
    m.attr("split_key_names") = bridge::KeyNameDict(kSplitKeyNames);
}
