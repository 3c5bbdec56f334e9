#include "split_tiling.h"

#include <algorithm>
#include <iterator>
#include <numeric>
#include <optional>
#include <string>

#include "op_host/common/tiling_util.h"

namespace ascendops::split {
namespace {

// The dtypes of the spec; Split only moves bytes, so only the element size matters to the kernel.
std::string ListString(const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

// The largest tile (whole 32-byte blocks) of which kSplitBufferNum buffers fit the usable UB.
uint64_t TileBytesFor(uint64_t ubBytes) { return AlignDown(ubBytes / kSplitBufferNum, kBlockBytes); }

SplitKey KeyFor(const SplitTilingData& td, const Platform& platform) {
    const uint64_t pitchBytes = td.dimLen * td.inner * td.elemBytes;
    bool aligned = pitchBytes % kBlockBytes == 0;
    for (uint32_t p = 0; p < td.pieceNum && aligned; ++p)
        aligned = td.pieceLen[p] * td.inner * td.elemBytes % kBlockBytes == 0;
    if (aligned) return SplitKey::kAligned;
    return platform.soc->hasDataCopyPad ? SplitKey::kPad : SplitKey::kAlignedWindow;
}

// NARROW's geometry (split_tiling_data.h). Its x rows repeat every pitchLanes lanes; a run of whole rows that is
// whole 32-byte blocks and fits one 256-byte repeat lets one pattern per piece serve every repeat (src1RepeatStride 0,
// src0RepeatStride the run's blocks: GatherMask.md 表3), which needs x rows of at most 256 bytes.
struct NarrowPlan {
    uint64_t unitRows;     // rows of one core-split unit
    uint64_t repeatLanes;  // lanes of one repeat
    uint64_t xRowBytes;    // pitch
    uint64_t maxRowBytes;  // the widest piece's row
};

std::optional<NarrowPlan> PlanNarrow(const SplitTilingData& td) {
    const uint64_t lane = NarrowLaneBytes(td.elemBytes);
    const uint64_t pitchBytes = td.dimLen * td.inner * td.elemBytes;
    if (pitchBytes % lane != 0 || pitchBytes > kSplitRepeatBytes) return std::nullopt;
    uint64_t rowGcd = pitchBytes;
    uint64_t maxRowBytes = 0;
    for (uint32_t p = 0; p < td.pieceNum; ++p) {  // whole lanes per row, so every piece also starts on a lane
        const uint64_t rowBytes = td.pieceLen[p] * td.inner * td.elemBytes;
        if (rowBytes % lane != 0) return std::nullopt;
        rowGcd = std::gcd(rowGcd, rowBytes);
        maxRowBytes = std::max(maxRowBytes, rowBytes);
    }
    const uint64_t pitchLanes = pitchBytes / lane;
    const uint64_t period = std::lcm(pitchLanes, kBlockBytes / lane);  // whole rows and whole blocks
    const uint64_t laneLimit = kSplitRepeatBytes / lane;
    if (period > laneLimit) return std::nullopt;
    const uint64_t repeatLanes = laneLimit / period * period;
    // a unit: the x rows and every piece's rows whole blocks (aligned DataCopy both ways), and whole repeats
    const uint64_t unitRows = std::lcm(kBlockBytes / std::gcd(kBlockBytes, rowGcd), repeatLanes / pitchLanes);
    if (td.batch < unitRows) return std::nullopt;
    return NarrowPlan{unitRows, repeatLanes, pitchBytes, maxRowBytes};
}

// UB of NARROW for tiles of `rows` x rows: the double-buffered x tiles with one repeat of read slack (the last
// repeat reads 256 bytes from its start), the double-buffered packed pieces, one pattern block per piece, and the
// bound queue of `tailTileBytes` the tail rows go through.
uint64_t NarrowUbBytes(const NarrowPlan& plan, uint64_t rows, uint32_t pieceNum, uint64_t tailTileBytes) {
    return kSplitBufferNum * (rows * plan.xRowBytes + kSplitRepeatBytes) + kSplitBufferNum * rows * plan.maxRowBytes +
           pieceNum * kBlockBytes + kSplitBufferNum * tailTileBytes;
}

// NARROW's core split (units of rows), tiles and UB into r; false when not even one unit fits the UB. AI cores only:
// GatherMask is not on the Atlas inference products' Vector Core (GatherMask.md 产品支持情况).
bool NarrowTiling(TilingResult& r, const NarrowPlan& plan, uint64_t fullTileBytes, uint64_t totalBytes,
                  const Platform& platform) {
    SplitTilingData& td = r.data;
    const uint64_t units = td.batch / plan.unitRows;
    const uint64_t cores = std::max<uint64_t>(1, std::min<uint64_t>(platform.coreNum, totalBytes / kMinCoreBytes));
    const CoreSplit split = SplitEvenly(units, cores, 1);
    // the tail rows (fewer than a unit, last core) go through the bound queue: one unit of padded piece rows at most
    const uint64_t tailTileBytes = std::min(fullTileBytes, plan.unitRows * AlignUp(plan.maxRowBytes, kBlockBytes));
    const uint64_t fixedBytes = NarrowUbBytes(plan, 0, td.pieceNum, tailTileBytes);
    const uint64_t unitBytes = NarrowUbBytes(plan, plan.unitRows, td.pieceNum, tailTileBytes) - fixedBytes;
    const uint64_t ub = platform.UbUsableBytes();
    const uint64_t unitRepeats = plan.unitRows * plan.xRowBytes / NarrowLaneBytes(td.elemBytes) / plan.repeatLanes;
    // a tile: whole units, at most 255 repeats per GatherMask, no more than one core's share, inside the UB
    const uint64_t chunkUnits =
        std::min({ub > fixedBytes ? (ub - fixedBytes) / unitBytes : 0, kSplitMaxRepeats / unitRepeats,
                  split.granulesPerPart + (split.bigParts > 0 ? 1 : 0)});
    if (chunkUnits == 0) return false;
    td.narrowUnitRows = static_cast<uint32_t>(plan.unitRows);
    td.narrowRepeatLanes = static_cast<uint32_t>(plan.repeatLanes);
    td.narrowChunkRows = static_cast<uint32_t>(chunkUnits * plan.unitRows);
    td.tileElems = static_cast<uint32_t>(tailTileBytes / td.elemBytes);
    td.granuleElems = plan.unitRows * td.dimLen * td.inner;  // x elements of one unit
    td.granuleNum = units;
    for (uint32_t p = 0; p < td.pieceNum; ++p) td.pieceGranuleStart[p] = 0;  // every piece spans every unit
    td.pieceGranuleStart[td.pieceNum] = units;
    td.blockDim = static_cast<uint32_t>(split.parts);
    td.granulesPerCore = split.granulesPerPart;
    td.bigCores = split.bigParts;
    r.tilingKey = static_cast<uint64_t>(SplitKey::kNarrow);
    r.blockDim = td.blockDim;
    r.workspaceBytes = 0;
    r.ubBytes = NarrowUbBytes(plan, td.narrowChunkRows, td.pieceNum, tailTileBytes);
    r.vectorCores = false;
    return true;
}

// Keys whose kernel is KERNEL_TYPE_MIX_VECTOR_CORE where the SoC documents it (ascend310p; split.cpp declares the
// same per key): ALIGNED_WINDOW is bound by its cores' scalar edge work, not memory, so 7 more cores shorten it, and
// in the model they never lengthen it (docs/cost_model.md, Vector Cores). Split does no arithmetic: inf/nan mode
// is moot.
constexpr SplitKey kVectorCoreKeys[] = {SplitKey::kAlignedWindow};

bool UsesVectorCores(SplitKey key, const Platform& platform) {
    if ((platform.soc->rules.kernelTypeMask & KernelTypeBit(KernelType::kMixVectorCore)) == 0) return false;
    return std::find(std::begin(kVectorCoreKeys), std::end(kVectorCoreKeys), key) != std::end(kVectorCoreKeys);
}

}  // namespace

std::optional<Error> CheckDtype(DataType dtype) {
    for (DataType t : kSplitTypes) {
        if (t == dtype) return std::nullopt;
    }
    return InvalidParam(std::string("self dtype ") + DataTypeName(dtype) +
                        " is not supported by Split (bool, int8, uint8, int16, float16, bfloat16, int32, float32, "
                        "int64)");
}

Result<uint32_t> CheckShape(const std::vector<int64_t>& shape, const std::vector<int64_t>& sections, int64_t dim) {
    const auto rank = static_cast<int64_t>(shape.size());
    if (rank == 0) return InvalidParam("self is rank 0: a scalar has no dim to split");
    if (rank > static_cast<int64_t>(kMaxRank)) {
        return InvalidParam("self rank " + std::to_string(rank) + " exceeds the maximum of " +
                            std::to_string(kMaxRank));
    }
    for (int64_t d : shape) {
        if (d < 0) return InvalidParam("self shape " + ListString(shape) + " has a negative dim " + std::to_string(d));
    }
    if (dim < -rank || dim >= rank) {
        return InvalidParam("dim " + std::to_string(dim) + " is out of range [" + std::to_string(-rank) + ", " +
                            std::to_string(rank - 1) + "] for rank " + std::to_string(rank));
    }
    const auto axis = static_cast<uint32_t>(dim < 0 ? dim + rank : dim);
    if (sections.empty()) return InvalidParam("splitSections is empty: a split has at least one piece");
    if (sections.size() > kSplitMaxPieces) {
        return InvalidParam("splitSections has " + std::to_string(sections.size()) +
                            " pieces: one call supports at most " + std::to_string(kSplitMaxPieces) + " outputs");
    }
    for (int64_t s : sections) {
        if (s < 0)
            return InvalidParam("splitSections " + ListString(sections) + " has a negative section " +
                                std::to_string(s));
    }
    int64_t sum = 0;  // never above shape[axis], so it cannot wrap
    for (int64_t s : sections) {
        if (s > shape[axis] - sum) {
            return InvalidParam("splitSections " + ListString(sections) + " sum to more than self.shape[" +
                                std::to_string(axis) + "] = " + std::to_string(shape[axis]));
        }
        sum += s;
    }
    if (sum != shape[axis]) {
        return InvalidParam("splitSections " + ListString(sections) + " sum to " + std::to_string(sum) +
                            ", but self.shape[" + std::to_string(axis) + "] is " + std::to_string(shape[axis]));
    }
    if (!CheckedBytes(shape, 1)) {
        return InvalidParam("self shape " + ListString(shape) + " has more than 2^63 - 1 elements");
    }
    return axis;
}

Result<TilingResult> ComputeTiling(const TilingInput& in, const Platform& platform) {
    // validate
    if (auto e = CheckDtype(in.dtype)) return *e;
    auto axis = CheckShape(in.shape, in.sections, in.dim);
    if (!axis) return axis.error();
    TilingResult r{};
    SplitTilingData& td = r.data;
    td.batch = 1;
    td.inner = 1;
    for (uint32_t i = 0; i < in.shape.size(); ++i) {
        if (i < *axis) td.batch *= static_cast<uint64_t>(in.shape[i]);
        if (i > *axis) td.inner *= static_cast<uint64_t>(in.shape[i]);
    }
    td.dimLen = static_cast<uint64_t>(in.shape[*axis]);
    td.elemBytes = DataTypeSize(in.dtype);
    td.pieceNum = static_cast<uint32_t>(in.sections.size());
    const std::optional<uint64_t> checkedBytes = CheckedBytes(in.shape, td.elemBytes);
    if (!checkedBytes) return InvalidParam("self shape " + ListString(in.shape) + " holds more than 2^63 - 1 bytes");
    const uint64_t totalBytes = *checkedBytes;  // bounds every product below (batch, inner, pieces: factors of it)
    if (totalBytes == 0) {
        return InvalidParam("self is empty: an empty split launches no kernel (handled before tiling)");
    }

    // platform: the UB the runtime leaves to kernels, and the cores worth using
    const uint64_t tileBytes = TileBytesFor(platform.UbUsableBytes());
    if (tileBytes < kBlockBytes) {
        return InvalidParam("Split needs two UB buffers of at least " + std::to_string(2 * kBlockBytes) +
                            " bytes; the usable UB of " + std::to_string(platform.UbUsableBytes()) +
                            " bytes does not fit them");
    }
    for (uint32_t p = 0; p < td.pieceNum; ++p) td.pieceLen[p] = static_cast<uint64_t>(in.sections[p]);
    const SplitKey key = KeyFor(td, platform);
    if (key != SplitKey::kAligned) {
        if (const std::optional<NarrowPlan> plan = PlanNarrow(td)) {
            if (NarrowTiling(r, *plan, tileBytes, totalBytes, platform)) return r;
        }
    }
    const bool vectorCores = UsesVectorCores(key, platform);
    // blockDim counts AI + Vector Cores under MIX_VECTOR_CORE (如何在矢量编程时启用Vector-Core.md)
    const uint64_t launchCores = platform.coreNum + (vectorCores ? MixVectorCoreNum(platform) : 0);
    const uint64_t cores = std::max<uint64_t>(1, std::min<uint64_t>(launchCores, totalBytes / kMinCoreBytes));

    // compute: granules of whole 32-byte blocks, at most kGranulesPerCore per core at full spread
    const uint64_t granuleBytes =
        std::max(kBlockBytes, AlignUp(CeilDiv(totalBytes, cores * kGranulesPerCore), kBlockBytes));
    td.granuleElems = granuleBytes / td.elemBytes;
    td.tileElems = static_cast<uint32_t>(tileBytes / td.elemBytes);
    uint64_t granules = 0;
    for (uint32_t p = 0; p < td.pieceNum; ++p) {
        td.pieceGranuleStart[p] = granules;
        const uint64_t elems = PieceElems(td, p);
        if (elems > 0) granules += std::max<uint64_t>(1, elems / td.granuleElems);  // the last takes the remainder
    }
    td.pieceGranuleStart[td.pieceNum] = granules;
    td.granuleNum = granules;
    const CoreSplit split = SplitEvenly(granules, cores, 1);
    td.blockDim = static_cast<uint32_t>(split.parts);
    td.granulesPerCore = split.granulesPerPart;
    td.bigCores = split.bigParts;

    // key and workspace
    r.tilingKey = static_cast<uint64_t>(key);
    r.blockDim = td.blockDim;
    // a MIX kernel type needs a non-zero workspace (设置Kernel类型.md): the system reserve, nothing of Split's own
    r.workspaceBytes = vectorCores ? platform.SystemWorkspaceBytes() : 0;
    r.ubBytes = kSplitBufferNum * tileBytes;
    r.vectorCores = vectorCores;
    return r;
}

}  // namespace ascendops::split
