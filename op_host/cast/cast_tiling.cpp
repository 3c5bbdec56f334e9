#include "cast_tiling.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <string>

#include "op_host/common/tiling_util.h"

namespace ascendops::cast {
namespace {

constexpr std::pair<DataType, CastType> kCastTypeOf[] = {
    {DataType::kFloat16, CastType::kF16}, {DataType::kFloat, CastType::kF32}, {DataType::kInt32, CastType::kI32},
    {DataType::kInt16, CastType::kI16},   {DataType::kInt8, CastType::kI8},   {DataType::kUint8, CastType::kU8},
    {DataType::kBool, CastType::kBool},   {DataType::kInt64, CastType::kI64}, {DataType::kBf16, CastType::kBf16},
};

std::string PairName(DataType src, DataType dst) { return std::string(DataTypeName(src)) + " -> " + DataTypeName(dst); }

CastPlan PlanFor(SocVersion soc, DataType src, DataType dst) {
    auto s = ToCastType(src);
    auto d = ToCastType(dst);
    if (!s || !d) return {};
    return PlanOf(ArchOf(soc), *s, *d);
}

}  // namespace

std::optional<CastType> ToCastType(DataType t) {
    for (const auto& [dtype, castType] : kCastTypeOf) {
        if (dtype == t) return castType;
    }
    return std::nullopt;
}

// Cast's plan column of each core architecture, in Arch order. dav-3510 takes the c220 column: every pair its plans
// convert directly is a direct pair on ascend950 too (the twin's cast table, which checks each step).
constexpr CastArch kCastArchOf[] = {CastArch::kM200, CastArch::kC220, CastArch::kC220};
static_assert(std::size(kCastArchOf) == static_cast<size_t>(Arch::kCount), "a plan column per architecture");

CastArch ArchOf(SocVersion soc) { return kCastArchOf[static_cast<int>(GetSocInfo(soc).arch)]; }

const char* PathName(CastPath path) { return NameOfKey(kCastKeyNames, static_cast<uint64_t>(path), "UNSUPPORTED"); }

CastPath PathClass(SocVersion soc, DataType src, DataType dst) { return PlanFor(soc, src, dst).path; }

uint32_t ScratchBytesPerElem(SocVersion soc, DataType src, DataType dst) {
    auto s = ToCastType(src);
    auto d = ToCastType(dst);
    if (!s || !d || PlanOf(ArchOf(soc), *s, *d).path == CastPath::kUnsupported) return 0;
    CastScratch m = ScratchOf(ArchOf(soc), *s, *d);
    return m.table + m.scratch;
}

CastRound RoundModeOf(SocVersion soc, DataType src, DataType dst) { return PlanFor(soc, src, dst).round; }

uint64_t UbBytesFor(const CastPlan& plan, CastType src, CastType dst, CastArch arch, uint64_t tileElems) {
    const CastScratch m = ScratchOf(arch, src, dst);
    // SAMEWIDTH_8BIT moves each tile through one bound queue (no separate output buffer).
    const uint64_t queueBytes = plan.path == CastPath::kSameWidth8Bit ? kCastBufferNum * BytesOf(src)
                                                                      : kCastBufferNum * (BytesOf(src) + BytesOf(dst));
    return tileElems * (queueBytes + m.table + m.scratch) + kZeroTailBytes;
}

std::optional<Error> CheckPair(DataType src, DataType dst, const Platform& platform) {
    if (PathClass(platform.soc->version, src, dst) != CastPath::kUnsupported) return std::nullopt;
    return InvalidParam("dtype pair " + PairName(src, dst) + " is not supported by Cast on " + platform.soc->name +
                        " (see the delivered dtype matrix)");
}

Result<TilingResult> ComputeTiling(const TilingInput& in, const Platform& platform) {
    // validate
    if (auto e = CheckPair(in.src, in.dst, platform)) return *e;
    const CastType src = *ToCastType(in.src);
    const CastType dst = *ToCastType(in.dst);
    const CastArch arch = ArchOf(platform.soc->version);
    const CastPlan plan = PlanOf(arch, src, dst);
    if (in.totalElements == 0) {
        return InvalidParam("totalElements 0: an empty tensor launches no kernel (handled before tiling)");
    }
    const uint64_t widest = std::max(BytesOf(src), BytesOf(dst));
    if (in.totalElements > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) / widest) {
        return InvalidParam("totalElements " + std::to_string(in.totalElements) + " of " + std::to_string(widest) +
                            "-byte elements exceeds 2^63 - 1 bytes");
    }

    // platform: cores and UB
    const uint64_t ubBytes = platform.UbUsableBytes();

    // shape: split into blocks that are whole 32-byte blocks of both the source and the destination
    const uint32_t minBytes = BytesOf(src) < BytesOf(dst) ? BytesOf(src) : BytesOf(dst);
    const uint64_t granuleElems = kBlockBytes / minBytes;
    // At least kMinCoreBytes of source per core: below that a core's launch and tail cost dwarf its work.
    const uint64_t cores =
        std::max<uint64_t>(1, std::min<uint64_t>(platform.coreNum, in.totalElements * BytesOf(src) / kMinCoreBytes));
    const CoreSplit split = SplitEvenly(in.totalElements, cores, granuleElems);

    // compute: the largest tile (multiple of 256 elements) whose buffers fit UB
    const uint64_t perElem = UbBytesFor(plan, src, dst, arch, 1) - kZeroTailBytes;
    const uint64_t tileElems = AlignDown((ubBytes - kZeroTailBytes) / perElem, kTileAlignElems);
    if (tileElems == 0) {
        return TilingError("Cast " + PairName(in.src, in.dst) + " needs " + std::to_string(perElem) +
                           " UB bytes per element: not even one 256-element tile fits " + std::to_string(ubBytes));
    }

    TilingResult r{};
    r.data.totalElements = in.totalElements;
    r.data.blockDim = static_cast<uint32_t>(split.parts);
    r.data.tileElems = static_cast<uint32_t>(tileElems);
    r.data.granuleElems = granuleElems;
    r.data.granulesPerCore = split.granulesPerPart;
    r.data.bigCores = split.bigParts;
    r.data.tailElems = split.tailUnits;
    r.data.roundMode = static_cast<uint32_t>(plan.round);
    r.data.midRoundMode = static_cast<uint32_t>(plan.midRound);
    r.data.usePad = platform.soc->hasDataCopyPad ? 1 : 0;

    // key and workspace
    r.tilingKey = static_cast<uint64_t>(plan.path);
    r.blockDim = r.data.blockDim;
    r.workspaceBytes = 0;
    r.ubBytes = UbBytesFor(plan, src, dst, arch, tileElems);
    return r;
}

}  // namespace ascendops::cast
