#include "op_host/fused_gdn_decode/fused_gdn_decode_tiling.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "op_host/common/tiling_util.h"

namespace ascendops::fused_gdn_decode {
namespace {

constexpr SocVersion kSupportedSocs[] = {SocVersion::kAscend910B, SocVersion::kAscend910_93, SocVersion::kAscend950};

constexpr uint64_t kMaxInt32 = 2147483647;

std::string ShapeString(const std::vector<int64_t>& s) {
    std::string out = "(";
    for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out + (s.size() == 1 ? ",)" : ")");
}

struct Operand {
    const char* name;
    const std::vector<int64_t>* shape;
    size_t rank;
    DataType type;
};

// Every tensor in argument order, with its rank rule and dtype (for messages and size checks).
std::array<Operand, 8> Operands(const TilingInput& in) {
    return {{
        {"mixedQkv", &in.mixedQkvShape, 2, in.mixedQkvType},
        {"a", &in.aShape, 2, in.aType},
        {"b", &in.bShape, 2, in.bType},
        {"aLog", &in.aLogShape, 1, in.aLogType},
        {"dtBias", &in.dtBiasShape, 1, in.dtBiasType},
        {"stateRef", &in.stateShape, 4, in.stateType},
        {"ssmStateIndices", &in.indicesShape, 1, in.indicesType},
        {"out", &in.outShape, 4, in.outType},
    }};
}

std::optional<Error> CheckRanks(const TilingInput& in) {
    const auto operands = Operands(in);
    for (const auto& op : operands) {
        if (op.shape->size() != op.rank) {
            return InvalidParam(std::string(op.name) + " rank " + std::to_string(op.shape->size()) + " must be " +
                                std::to_string(op.rank));
        }
        for (size_t d = 0; d < op.rank; ++d) {
            if ((*op.shape)[d] <= 0) {
                return InvalidParam(std::string(op.name) + " dim " + std::to_string(d) + " value " +
                                    std::to_string((*op.shape)[d]) + " must be > 0 (no empty tensors)");
            }
        }
    }
    return std::nullopt;
}

std::optional<Error> CheckDtypes(const TilingInput& in) {
    if (in.mixedQkvType != DataType::kBf16 && in.mixedQkvType != DataType::kFloat16) {
        return InvalidParam(std::string("mixedQkv dtype ") + DataTypeName(in.mixedQkvType) +
                            " must be bfloat16 or float16");
    }
    struct Same {
        const char* name;
        DataType type;
        DataType want;
        const char* rule;
    };
    const Same checks[] = {
        {"a", in.aType, in.mixedQkvType, "must equal mixedQkv's dtype"},
        {"b", in.bType, in.mixedQkvType, "must equal mixedQkv's dtype"},
        {"out", in.outType, in.mixedQkvType, "must equal mixedQkv's dtype"},
        {"aLog", in.aLogType, DataType::kFloat, "must be float32"},
    };
    for (const auto& c : checks) {
        if (c.type != c.want) {
            return InvalidParam(std::string(c.name) + " dtype " + DataTypeName(c.type) + " " + c.rule + " (" +
                                DataTypeName(c.want) + ")");
        }
    }
    const std::string mixedName = DataTypeName(in.mixedQkvType);
    if (in.dtBiasType != DataType::kFloat && in.dtBiasType != in.mixedQkvType) {
        return InvalidParam(std::string("dtBias dtype ") + DataTypeName(in.dtBiasType) +
                            " must be float32 or mixedQkv's dtype (" + mixedName + ")");
    }
    if (in.indicesType != DataType::kInt32 && in.indicesType != DataType::kInt64) {
        return InvalidParam(std::string("ssmStateIndices dtype ") + DataTypeName(in.indicesType) +
                            " must be int32 or int64");
    }
    if (in.stateType != DataType::kFloat && in.stateType != in.mixedQkvType) {
        return InvalidParam(std::string("stateRef dtype ") + DataTypeName(in.stateType) +
                            " must be float32 or mixedQkv's dtype (" + mixedName + ")");
    }
    return std::nullopt;
}

std::optional<FusedGdnDecodeKey> FindKey(const TilingInput& in) {
    for (const auto& c : kDtypeCombos) {
        if (c.input == in.mixedQkvType && c.state == in.stateType && c.bias == in.dtBiasType &&
            c.index == in.indicesType) {
            return c.key;
        }
    }
    return std::nullopt;
}

std::optional<Error> CheckAttrs(const TilingInput& in) {
    if (!std::isfinite(in.scale)) return InvalidParam("scale " + std::to_string(in.scale) + " must be finite");
    if (!std::isfinite(in.softplusThreshold)) {
        return InvalidParam("softplusThreshold " + std::to_string(in.softplusThreshold) + " must be finite");
    }
    return std::nullopt;
}

// Element count of a shape times bytes, or nullopt when it does not fit in int64.
std::optional<uint64_t> SafeBytes(const std::vector<int64_t>& shape, uint64_t bytes) {
    uint64_t total = bytes;
    for (int64_t d : shape) {
        if (__builtin_mul_overflow(total, static_cast<uint64_t>(d), &total) || total > INT64_MAX) return std::nullopt;
    }
    return total;
}

// Shape facts every later phase uses.
struct Dims {
    uint64_t b, h, hv, k, v, blockNum, mixedDim;
};

std::optional<Error> CheckSizes(const TilingInput& in) {
    for (const auto& op : Operands(in)) {
        if (!SafeBytes(*op.shape, DataTypeSize(op.type))) {
            return InvalidParam(std::string(op.name) + " shape " + ShapeString(*op.shape) +
                                " size in bytes must fit in int64");
        }
    }
    return std::nullopt;
}

// Every shape against the one b, hv, v, k read from mixedQkv, a and stateRef.
std::optional<Error> CheckShapesAgree(const TilingInput& in, const Dims& d) {
    const int64_t b = d.b, hv = d.hv, v = d.v, k = d.k;
    struct Expect {
        const char* name;
        const std::vector<int64_t>* shape;
        std::vector<int64_t> want;
    };
    const Expect expects[] = {
        {"a", &in.aShape, {b, hv}},
        {"b", &in.bShape, {b, hv}},
        {"aLog", &in.aLogShape, {hv}},
        {"dtBias", &in.dtBiasShape, {hv}},
        {"stateRef", &in.stateShape, {in.stateShape[0], hv, v, k}},
        {"ssmStateIndices", &in.indicesShape, {b}},
        {"out", &in.outShape, {b, 1, hv, v}},
    };
    for (const auto& e : expects) {
        if (*e.shape != e.want) {
            return InvalidParam(std::string(e.name) + " shape " + ShapeString(*e.shape) + " must be " +
                                ShapeString(e.want));
        }
    }
    return std::nullopt;
}

// k's range, h derived from mixedQkv's width, the float32 row padding and the uint32 fields.
Result<uint64_t> DeriveHeads(const TilingInput& in, const Dims& d) {
    if (d.k < kMinK || d.k > kMaxK) {
        return InvalidParam("k " + std::to_string(d.k) + " must be in [" + std::to_string(kMinK) + ", " +
                            std::to_string(kMaxK) + "]");
    }
    const uint64_t hvV = d.hv * d.v;  // both < 2^63 / 8 bytes each and their product is out's size: no overflow
    if (d.mixedDim <= hvV) {
        return InvalidParam("mixedQkv dim 1 value " + std::to_string(d.mixedDim) + " must be > hv*v (" +
                            std::to_string(hvV) + ") to hold q and k");
    }
    const uint64_t qkDim = d.mixedDim - hvV;
    if (qkDim % (2 * d.k) != 0) {
        return InvalidParam("mixedQkv dim 1 value " + std::to_string(d.mixedDim) + " minus hv*v gives q/k width " +
                            std::to_string(qkDim) + " that must be a multiple of 2*k (" + std::to_string(2 * d.k) +
                            ")");
    }
    const uint64_t h = qkDim / (2 * d.k);
    if (d.hv % h != 0) {
        return InvalidParam("hv " + std::to_string(d.hv) + " must be a multiple of the derived h " + std::to_string(h));
    }
    if (in.stateType == DataType::kFloat) {
        const uint64_t padBytes = (AlignUp(d.k, 16) - d.k) * 4;
        if (padBytes > kMaxPadBytes) {
            return InvalidParam("k " + std::to_string(d.k) + " with a float32 stateRef pads each row by " +
                                std::to_string(padBytes) + " bytes, more than the DataCopyPad limit " +
                                std::to_string(kMaxPadBytes));
        }
    }
    if (in.indicesType == DataType::kInt64 && d.blockNum > kMaxInt32 + 1) {
        return InvalidParam("stateRef dim 0 value " + std::to_string(d.blockNum) +
                            " must be <= " + std::to_string(kMaxInt32 + 1) +
                            " with int64 ssmStateIndices (the kernel holds slots as int32)");
    }
    if (d.v > UINT32_MAX) return InvalidParam("v " + std::to_string(d.v) + " must fit in uint32");
    if (d.b * d.hv > UINT32_MAX) {
        return InvalidParam("b*hv " + std::to_string(d.b * d.hv) + " gate elements must fit in uint32");
    }
    return h;
}

Result<Dims> CheckShapes(const TilingInput& in) {
    if (auto err = CheckSizes(in)) return *err;
    Dims d{};
    d.b = in.mixedQkvShape[0];
    d.mixedDim = in.mixedQkvShape[1];
    d.hv = in.aShape[1];
    d.blockNum = in.stateShape[0];
    d.v = in.stateShape[2];
    d.k = in.stateShape[3];
    if (auto err = CheckShapesAgree(in, d)) return *err;
    auto h = DeriveHeads(in, d);
    if (!h) return h.error();
    d.h = *h;
    return d;
}

}  // namespace

uint64_t KernelUbBytes(const UbEstimate& est, uint32_t k, uint32_t v, uint32_t rows, uint32_t stateBytes,
                       uint32_t biasBytes, bool banked) {
    return GdnKernelUbOf(est, GdnPrepLayoutOf(k, v, rows, 2, biasBytes), stateBytes, banked).totalBytes;
}

uint32_t ChoosePrepRows(const UbEstimate& est, uint64_t b, uint32_t k, uint32_t v, uint32_t stateBytes,
                        uint32_t biasBytes, bool banked, uint64_t ubBytes) {
    uint32_t rows = static_cast<uint32_t>(std::min<uint64_t>(b, kMaxPrepRows));
    while (rows > 1 && KernelUbBytes(est, k, v, rows, stateBytes, biasBytes, banked) > ubBytes) --rows;
    const uint64_t passes = CeilDiv(b, rows);
    return static_cast<uint32_t>(CeilDiv(b, passes));
}

uint32_t IndexBufferElems(uint64_t b) { return static_cast<uint32_t>(AlignUp(b, 8)); }

namespace {

std::optional<Error> CheckSoc(const Platform& platform) {
    if (std::find(std::begin(kSupportedSocs), std::end(kSupportedSocs), platform.soc->version) ==
        std::end(kSupportedSocs)) {
        return InvalidParam(std::string("soc ") + platform.soc->name +
                            " is not supported: fused_gdn_decode runs on AIV cores with DataCopyPad "
                            "(ascend910b, ascend910_93, ascend950)");
    }
    if (platform.coreNum == 0) return InvalidParam("coreNum 0 must be > 0");
    return std::nullopt;
}

// The V block (and with K tiles the state tile's columns) with its UB estimate. Both the estimate and the kernel's
// own layout at one prep row without bank pads must fit (the layout can exceed the estimate by a few hundred bytes:
// v / out rows of the prep area, the 16-bit folds' padded products).
struct BvChoice {
    uint32_t bv;
    uint32_t kTile;  // k: whole rows
    UbEstimate est;
};

// Element sizes that size UB buffers: the state, dtBias (the gating stage) and ssmStateIndices (the index buffer).
struct Widths {
    uint32_t state, bias, index;
};

// Whether (bv, kTile) fits; `needs` gets the larger of the estimate and the kernel's layout.
bool Fits(BvChoice& c, uint32_t k, uint32_t v, const Widths& w, uint32_t indexElems, const Platform& platform,
          uint64_t& needs) {
    c.est = EstimateUb(k, c.bv, w.state, indexElems, c.kTile);
    needs = std::max<uint64_t>(c.est.TotalBytes(), KernelUbBytes(c.est, k, v, 1, w.state, w.bias, false));
    return needs <= platform.UbUsableBytes();
}

// Whole rows: the largest bv candidate that fits (v itself when v is below every candidate).
Result<BvChoice> ChooseBv(uint32_t k, uint32_t v, const Widths& w, uint32_t indexElems, const Platform& platform) {
    BvChoice c{};
    c.kTile = k;
    uint64_t needs = 0;
    auto fits = [&](uint32_t candidate) {
        c.bv = candidate;
        return Fits(c, k, v, w, indexElems, platform, needs);
    };
    for (uint32_t candidate : kBvCandidates) {
        if (candidate <= v && fits(candidate)) return c;
    }
    const uint32_t fallback = std::min<uint32_t>(v, kBvCandidates[std::size(kBvCandidates) - 1]);
    if (fits(fallback)) return c;
    return InvalidParam("k " + std::to_string(k) + " needs " + std::to_string(needs) + " bytes of UB even at bv " +
                        std::to_string(fallback) + ", more than the " + std::to_string(platform.UbUsableBytes()) +
                        " bytes of " + platform.soc->name);
}

// K tiles (GdnKTiles), when no V block of whole rows fits: the rows of one task (bv 16, or the largest candidate
// below v, or v below 8) in the widest tiles of kKTileAlign-column multiples that fit; 16-bit state keeps tiles of
// at least 128 columns, whose products pair S k with S q (GdnPairedDots).
Result<BvChoice> ChooseKTiles(uint32_t k, uint32_t v, const Widths& w, uint32_t indexElems, const Platform& platform) {
    BvChoice c{};
    c.bv = std::min<uint32_t>(v, kBvCandidates[std::size(kBvCandidates) - 1]);
    for (uint32_t candidate : kBvCandidates) {
        if (candidate <= std::min(v, kRowsPerTask)) {
            c.bv = candidate;
            break;
        }
    }
    const uint32_t narrowest = w.state == 4 ? kKTileAlign : 2 * kKTileAlign;
    uint64_t needs = 0;
    for (c.kTile = (k - 1) / kKTileAlign * kKTileAlign; c.kTile >= narrowest; c.kTile -= kKTileAlign) {
        if (Fits(c, k, v, w, indexElems, platform, needs)) return c;
    }
    return InvalidParam("k " + std::to_string(k) + " needs " + std::to_string(needs) +
                        " bytes of UB even in tiles of " + std::to_string(narrowest) + " columns at bv " +
                        std::to_string(c.bv) + ", more than the " + std::to_string(platform.UbUsableBytes()) +
                        " bytes of " + platform.soc->name);
}

// How tasks cover the cores: every core walks all batch rows (tasks of kRowsPerTask value rows), or, when those tasks
// leave cores idle, at least two chunks' worth of whole heads fit and they busy more cores than the tasks, the batch
// rows are cut into chunks and each core applies one chunk's rows of its whole heads (GdnScanLayout: which rows a
// chunk's cores apply).
struct TaskPlan {
    uint32_t rowsPerTask, batchChunks, chunkRows, coresPerChunk;
    uint64_t totalTasks;  // tasks of one chunk
    CoreSplit split;      // a chunk's tasks over its cores
    uint32_t indexBytes;  // ssmStateIndices' element size: int64 ones are staged in the index buffer too
    uint32_t IndexElems(uint64_t b) const {
        const auto rows = static_cast<uint32_t>(b);
        return (batchChunks > 1 ? GdnScanLayoutOf(rows).total : IndexBufferElems(b)) +
               GdnIndexStageElems(rows, indexBytes);
    }
    uint32_t BlockDim() const { return batchChunks * static_cast<uint32_t>(split.parts); }
};

TaskPlan PlanTasks(const Dims& d, const Platform& platform, uint32_t indexBytes, bool allowSplit) {
    TaskPlan p{kRowsPerTask, 1, static_cast<uint32_t>(d.b), platform.coreNum, 0, {}, indexBytes};
    p.totalTasks = d.hv * CeilDiv(d.v, kRowsPerTask);
    const uint64_t chunks = std::min<uint64_t>(platform.coreNum / d.hv, CeilDiv(d.b, kMinChunkRows));
    const uint64_t chunkRows = chunks >= 2 ? CeilDiv(d.b, chunks) : d.b;
    const uint64_t splitCores = CeilDiv(d.b, chunkRows) * d.hv;  // a whole head of one chunk per core
    if (allowSplit && p.totalTasks < platform.coreNum && chunks >= 2 && splitCores > p.totalTasks) {
        p.rowsPerTask = static_cast<uint32_t>(d.v);
        p.totalTasks = d.hv;
        p.chunkRows = static_cast<uint32_t>(chunkRows);
        p.batchChunks = static_cast<uint32_t>(CeilDiv(d.b, chunkRows));
        p.coresPerChunk = static_cast<uint32_t>(d.hv);
    }
    p.split = SplitEvenly(p.totalTasks, p.coresPerChunk, 1);
    return p;
}

// The tiles `choose` sizes under the task plans in order of preference (the batch split, then without it), with the
// plan they were sized for in `plan`.
using Chooser = Result<BvChoice> (*)(uint32_t, uint32_t, const Widths&, uint32_t, const Platform&);
Result<BvChoice> ChooseWithPlan(Chooser choose, const Dims& d, const Platform& platform, const Widths& w,
                                TaskPlan& plan) {
    plan = PlanTasks(d, platform, w.index, true);
    auto k = static_cast<uint32_t>(d.k), v = static_cast<uint32_t>(d.v);
    Result<BvChoice> c = choose(k, v, w, plan.IndexElems(d.b), platform);
    if (c || plan.batchChunks == 1) return c;
    plan = PlanTasks(d, platform, w.index, false);
    return choose(k, v, w, plan.IndexElems(d.b), platform);
}

FusedGdnDecodeTilingData FillTilingData(const TilingInput& in, const Dims& d, const BvChoice& c, const TaskPlan& plan,
                                        const Platform& platform) {
    FusedGdnDecodeTilingData t{};
    t.b = static_cast<uint32_t>(d.b);
    t.h = static_cast<uint32_t>(d.h);
    t.hv = static_cast<uint32_t>(d.hv);
    t.k = static_cast<uint32_t>(d.k);
    t.v = static_cast<uint32_t>(d.v);
    t.bv = c.bv;
    t.vTiles = static_cast<uint32_t>(CeilDiv(t.v, c.bv));
    t.stateBufferNum = c.est.stateBufferNum;
    t.totalTasks = static_cast<uint32_t>(plan.totalTasks);
    t.tasksPerCore = static_cast<uint32_t>(plan.split.granulesPerPart);
    t.bigCores = static_cast<uint32_t>(plan.split.bigParts);
    t.indexBufferElems = plan.IndexElems(d.b);
    t.blockNum = std::min<uint64_t>(d.blockNum, kMaxInt32 + 1);  // no index reaches beyond (int64: CheckShapes)
    t.mixedStride = d.mixedDim;
    t.stateHeadStride = d.v * d.k;
    t.stateSlotStride = d.hv * t.stateHeadStride;
    t.outBatchStride = d.hv * d.v;
    t.scale = in.scale;
    t.softplusThreshold = in.softplusThreshold;
    t.ubRestBytes = static_cast<uint32_t>(platform.UbUsableBytes() - c.est.TotalBytes());
    const uint32_t stateBytes = DataTypeSize(in.stateType), biasBytes = DataTypeSize(in.dtBiasType);
    t.kTile = c.kTile;
    t.kTiles = static_cast<uint32_t>(CeilDiv(t.k, c.kTile));
    const bool bankPadsFit = KernelUbBytes(c.est, t.k, t.v, 1, stateBytes, biasBytes, true) <= platform.UbUsableBytes();
    t.ubBanked = t.kTiles == 1 && bankPadsFit ? 1 : 0;
    t.prepRows = ChoosePrepRows(c.est, plan.chunkRows, t.k, t.v, stateBytes, biasBytes, t.ubBanked != 0,
                                platform.UbUsableBytes());
    t.rowsPerTask = plan.rowsPerTask;
    t.batchChunks = plan.batchChunks;
    t.chunkRows = plan.chunkRows;
    t.coresPerChunk = plan.coresPerChunk;
    return t;
}

}  // namespace

Result<TilingResult> ComputeTiling(const TilingInput& in, const Platform& platform) {
    // validate
    if (auto err = CheckRanks(in)) return *err;
    if (auto err = CheckDtypes(in)) return *err;
    const auto key = FindKey(in);
    if (!key) return InvalidParam("the dtype combination has no kernel instance (kDtypeCombos)");
    if (auto err = CheckAttrs(in)) return *err;

    // platform
    if (auto err = CheckSoc(platform)) return *err;

    // shape
    auto dims = CheckShapes(in);
    if (!dims) return dims.error();

    // compute: tasks over cores (the batch split when tasks alone leave cores idle), the index buffer, then the
    // largest bv whose UB estimate fits (the split's scan buffers too, else no split); when no V block of whole
    // rows fits, the same in K tiles
    TaskPlan plan{};
    const Widths widths{DataTypeSize(in.stateType), DataTypeSize(in.dtBiasType), DataTypeSize(in.indicesType)};
    auto choice = ChooseWithPlan(&ChooseBv, *dims, platform, widths, plan);
    if (!choice) choice = ChooseWithPlan(&ChooseKTiles, *dims, platform, widths, plan);
    if (!choice) return choice.error();

    TilingResult r{};
    r.data = FillTilingData(in, *dims, *choice, plan, platform);
    // key
    r.tilingKey = static_cast<uint64_t>(*key);
    r.blockDim = plan.BlockDim();
    // workspace: none (no cross-core data)
    r.workspaceBytes = 0;
    r.ubBytes = KernelUbBytes(choice->est, r.data.k, r.data.v, r.data.prepRows, widths.state, widths.bias,
                              r.data.ubBanked != 0);
    return r;
}

}  // namespace ascendops::fused_gdn_decode
