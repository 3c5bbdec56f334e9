// FusedSwigluGrad w- and x-kernel tilings (MIX, Matmul API), in fixed phases:
// validate -> platform -> shape -> compute (blocks, groups, cube tiling) -> key -> workspace.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "op_host/common/platform.h"
#include "op_host/common/tiling_util.h"
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"

namespace ascendops::fused_swiglu_grad {
namespace {

constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr uint32_t kMaxCastRows = 4095;  // DataCopyPad blockCount limit
// The x kernel's cast pass strides over slot and dx rows of K elements: K * 4 bytes is a 32-bit DataCopyPad stride.
constexpr int64_t kXMaxK = (int64_t{1} << 30) - 1;
constexpr uint32_t kFractalRows = 16;  // cube fractal edge: base blocks are multiples of it

std::string ShapeText(const std::vector<int64_t>& shape) {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

// One dimension of one operand against its letter's range and its earlier binding.
std::optional<Error> CheckDim(const SgOperand& op, const std::vector<int64_t>& shape, int axis,
                              std::map<char, std::pair<int64_t, const char*>>& bound) {
    const char letter = axis == 0 ? op.rows : op.cols;
    const int64_t v = shape[axis];
    const int64_t lo = letter == 'M' ? 0 : 1;
    if (v < lo || v > kInt32Max) {
        return InvalidParam(std::string(op.name) + " " + letter + " " + std::to_string(v) + " (shape " +
                            ShapeText(shape) + ") must be in [" + std::to_string(lo) + ", 2^31 - 1]");
    }
    auto it = bound.find(letter);
    if (it == bound.end()) {
        bound[letter] = {v, op.name};
    } else if (it->second.first != v) {
        return InvalidParam(std::string(op.name) + " shape " + ShapeText(shape) + " must be [" + op.rows + ", " +
                            op.cols + "] with " + letter + " = " + std::to_string(it->second.first) + " (from " +
                            it->second.second + ")");
    }
    return std::nullopt;
}

struct CubeShape {
    uint32_t groups;  // AIC:AIV groups usable
};

// MIX 1:2 groups: one AIC per two AIVs of the platform, at most the SoC's AICs.
Result<CubeShape> Groups(const Platform& platform) {
    const SocInfo& soc = *platform.soc;
    const SocCubeInfo* cube = FindSocCubeInfo(soc.version);
    if (soc.version == SocVersion::kAscend310P || cube == nullptr || !cube->separated) {
        return InvalidParam(std::string("soc ") + soc.name +
                            " is not supported by FusedSwigluGrad (needs ascend910b, ascend910_93 or ascend950)");
    }
    const uint32_t groups = std::min(platform.coreNum / cube->aivPerAic, soc.cubeCoreNum);
    if (groups == 0) {
        return InvalidParam("core_num " + std::to_string(platform.coreNum) +
                            " must be >= 2: the w and x kernels run AIC:AIV 1:2 groups (2 AIVs each)");
    }
    return CubeShape{groups};
}

// Work units of a launch: the kernels index them in uint32 and step through them by the AIV count, so a count above
// 2^31 - 1 is rejected (161002 naming the product) rather than wrapped.
Result<uint32_t> CheckedUnits(uint64_t units, const std::string& product) {
    if (units > static_cast<uint64_t>(kInt32Max)) {
        return InvalidParam("work units " + product + " = " + std::to_string(units) + " must be <= 2^31 - 1");
    }
    return static_cast<uint32_t>(units);
}

// Groups actually launched: one per unit at most. Units fill every AIC before any AIC serves a second AIV (the cube,
// not the AIV, bounds these kernels).
uint32_t GroupsFor(uint32_t units, uint32_t groups) { return std::min(units, groups); }

// The w kernel's block: the one whose busiest AIC streams the fewest panel rows (units on it x (blockK + blockN):
// every unit streams its x^T and dg panels over all M), then the larger block. Seed tiles [128, 256] as the start.
std::pair<uint32_t, uint32_t> ChooseWBlock(uint32_t k, uint32_t n, uint32_t groups) {
    std::pair<uint32_t, uint32_t> best{std::min(k, 128u), std::min(n, 256u)};
    auto busiest = [&](uint32_t bk, uint32_t bn) {
        return CeilDiv(2 * CeilDiv(k, bk) * CeilDiv(n, bn), groups) * (bk + bn);
    };
    uint64_t bestRows = busiest(best.first, best.second);
    for (uint32_t bk = kFractalRows; bk <= std::min<uint32_t>(kWMaxBlockSide, AlignUp(k, kFractalRows));
         bk += kFractalRows) {
        for (uint32_t bn = kFractalRows; bn <= std::min<uint32_t>(kWMaxBlockSide, AlignUp(n, kFractalRows));
             bn += kFractalRows) {
            if (uint64_t{bk} * bn > kWMaxBlockElems) break;
            const uint64_t rows = busiest(bk, bn);
            if (rows < bestRows || (rows == bestRows && uint64_t{bk} * bn > uint64_t{best.first} * best.second)) {
                best = {bk, bn}, bestRows = rows;
            }
        }
    }
    return {std::min(k, best.first), std::min(n, best.second)};
}

// The x kernel's busiest AIC in cycles for blocks bm x bk (the launch-wide figures the twin's cost model and its
// platform-config rates give): each unit reads its dg / dfc panel [bm, N] once (L1 holds it whole) and its w_g / w_fc
// panel [bk, N] once; the launch's distinct bytes (dg, dfc, w_g, w_fc) miss L2 and every re-read hits it, spread over
// all bytes alike. The AIC takes the slowest of its cube pipes over its units, then one unit's cast pass on its AIV.
double XBusiestCycles(uint32_t rows, uint32_t k, uint32_t n, uint32_t bm, uint32_t bk, uint32_t groups,
                      const SocCubeInfo& cube, const SocCostParams& cost) {
    constexpr double kElem = 2;  // BF16 bytes
    const double mBlocks = static_cast<double>(CeilDiv(rows, bm)), kBlocks = static_cast<double>(CeilDiv(k, bk));
    const double units = mBlocks * kBlocks;
    const double perAic = std::ceil(units / std::min<double>(units, groups));
    const double read = 2.0 * n * kElem * (double{rows} * kBlocks + double{k} * mBlocks);  // two products
    const double distinct = 2.0 * n * kElem * (double{rows} + k);
    const double hit = read > distinct ? 1.0 - distinct / read : 0.0;
    const double perByte = (1.0 - hit) / cube.gmToL1BytesPerCycle + hit / cube.l2ToL1BytesPerCycle;
    const double bmr = std::min(bm, rows), bkr = std::min(bk, k);
    const double mte2 = 2.0 * (bmr + bkr) * n * kElem * perByte;
    const double macs =
        2.0 * AlignUp(bm, kFractalRows) * AlignUp(bk, kFractalRows) * AlignUp(n, kFractalRows) / cube.macsPerCycle16;
    const double fix = 2.0 * bmr * bkr * sizeof(float) / cube.l0cToGmBytesPerCycle;
    const double slotRead = cost.l2ReadBytesPerCycle > 0 ? cost.l2ReadBytesPerCycle : cost.gmToUbBytesPerCycle;
    const double cast = bmr * bkr * (sizeof(float) / slotRead + kElem / cost.ubToGmBytesPerCycle);
    return perAic * std::max({mte2, macs, fix}) + cast;
}

// The x kernel's block: blockK an even split of K into blocks of up to kXMaxBlockK columns, split further only while
// every unit still has an AIC of its own (the twin charges no fixed cost per IterateAll, the hardware does: its
// messages and pipeline fill), blockM a multiple of 16 whose dg panel [blockM, N] L1 holds whole with K loaded once
// (TCubeTiling docs: "K方向全载") beside a double-buffered w step of baseN rows; the pair whose busiest AIC needs the
// fewest cycles (XBusiestCycles), then the larger block. blockM kXFallbackBlockM when no panel fits.
std::pair<uint32_t, uint32_t> ChooseXBlock(uint32_t rows, uint32_t k, uint32_t n, uint32_t groups, uint32_t baseN,
                                           const SocCubeInfo& cube, const SocCostParams& cost) {
    constexpr uint64_t kBaseK = 64, kElem = 2;  // the twin tiling's baseK for BF16; BF16 bytes
    const uint64_t panelK = AlignUp(n, kBaseK);
    const uint64_t streamed = uint64_t{baseN} * kBaseK * kElem * 2;
    const uint64_t minSplits = CeilDiv(k, kXMaxBlockK);
    const uint64_t maxSplits = std::max(minSplits, std::min<uint64_t>(groups, CeilDiv(k, kFractalRows)));
    std::pair<uint32_t, uint32_t> best{0, 0};
    double bestCycles = 0;
    auto consider = [&](uint32_t bm, uint32_t bk) {
        const uint64_t splits = CeilDiv(k, bk);
        if (splits > minSplits && CeilDiv(rows, bm) * splits > groups) return;
        const double cycles = XBusiestCycles(rows, k, n, bm, bk, groups, cube, cost);
        const bool larger = uint64_t{bm} * bk > uint64_t{best.first} * best.second;
        if (best.first == 0 || cycles < bestCycles || (cycles == bestCycles && larger)) {
            best = {bm, bk}, bestCycles = cycles;
        }
    };
    uint32_t lastBk = 0;
    for (uint64_t splits = minSplits; splits <= maxSplits; ++splits) {
        const auto bk = static_cast<uint32_t>(std::min<uint64_t>(k, AlignUp(CeilDiv(k, splits), kFractalRows)));
        if (bk == lastBk) continue;
        lastBk = bk;
        bool fits = false;
        for (uint32_t bm = kFractalRows; bm <= kXMaxBlockM; bm += kFractalRows) {
            if (uint64_t{bm} * panelK * kElem + streamed > cube.l1Bytes) break;
            fits = true;
            consider(std::min(rows, bm), bk);
            if (bm >= rows) break;
        }
        if (!fits) consider(std::min(rows, kXFallbackBlockM), bk);
    }
    return best;
}

// The Matmul calls of one block: the tiling describes one AIV's block; the kernel loops over its blocks.
MatmulTilingCall BlockCubeCall(const MatmulTypes& types, uint32_t m, uint32_t n, uint32_t k) {
    MatmulTilingCall call;
    call.types = types;
    call.m = static_cast<int32_t>(m), call.n = static_cast<int32_t>(n), call.k = static_cast<int32_t>(k);
    call.dim = 1;
    return call;
}

// The cube tiling of one block into the tiling data. Twin build: the twin's MultiCoreMatmulTiling, here. CANN build:
// CANN's matmul_tiling fills it in the tiling-context function (fused_swiglu_grad_tiling_context.cpp), which has the
// framework's platform info that API needs; `call` (the result's cubeCall) carries the same calls there.
std::optional<Error> FillCube(SgCubeTiling& out, const Platform& platform, const MatmulTilingCall& call) {
#ifdef ASCENDOPS_WITH_CANN
    (void)out, (void)platform, (void)call;
    return std::nullopt;
#else
    auto t = MatmulTiling(platform, call);
    if (!t) return TilingError("FusedSwigluGrad cube tiling: " + t.error().message);
    out = *t;
    return std::nullopt;
#endif
}

}  // namespace

std::optional<Error> CheckOperands(const SgOperand* ops, size_t count, const std::vector<int64_t>* shapes,
                                   const DataType* dtypes) {
    std::map<char, std::pair<int64_t, const char*>> bound;
    for (size_t i = 0; i < count; ++i) {
        const SgOperand& op = ops[i];
        if (dtypes[i] != DataType::kBf16) {
            return InvalidParam(std::string(op.name) + " dtype " + DataTypeName(dtypes[i]) + " must be bfloat16");
        }
        if (shapes[i].size() != 2) {
            return InvalidParam(std::string(op.name) + " rank " + std::to_string(shapes[i].size()) + " " +
                                ShapeText(shapes[i]) + " must be 2 ([" + op.rows + ", " + op.cols + "])");
        }
        for (int axis = 0; axis < 2; ++axis) {
            if (auto e = CheckDim(op, shapes[i], axis, bound)) return e;
        }
    }
    return std::nullopt;
}

Result<WTilingResult> ComputeWTiling(const WTilingInput& in, const Platform& platform) {
    // validate, platform
    if (auto e = CheckOperands(kWOperands, 3, in.shapes, in.dtypes)) return *e;
    auto shape = Groups(platform);
    if (!shape) return shape.error();

    // shape: x [M, K], dg [M, N]
    FusedSwigluGradWTilingData td{};
    td.rows = static_cast<uint32_t>(in.shapes[0][0]);
    td.k = static_cast<uint32_t>(in.shapes[0][1]);
    td.n = static_cast<uint32_t>(in.shapes[1][1]);
    if (td.rows == 0) return WTilingResult{{td, static_cast<uint64_t>(FusedSwigluGradKey::kW), 0, 0, 0}, {}};

    // compute: blocks of dw, units over the AIVs, the cube tiling of one block (A = x^T, reduction M)
    std::tie(td.blockK, td.blockN) = ChooseWBlock(td.k, td.n, shape->groups);
    td.kBlocks = static_cast<uint32_t>(CeilDiv(td.k, td.blockK));
    td.nBlocks = static_cast<uint32_t>(CeilDiv(td.n, td.blockN));
    auto units =
        CheckedUnits(uint64_t{2} * td.kBlocks * td.nBlocks,
                     "2 x ceil(K " + std::to_string(td.k) + " / blockK " + std::to_string(td.blockK) + ") x ceil(N " +
                         std::to_string(td.n) + " / blockN " + std::to_string(td.blockN) + ")");
    if (!units) return units.error();
    td.units = *units;
    td.groups = GroupsFor(td.units, shape->groups);
    const MatmulTypes types{DataType::kBf16, DataType::kBf16, DataType::kBf16, DataType::kFloat, true, false};
    MatmulTilingCall call = BlockCubeCall(types, td.blockK, td.blockN, td.rows);
    call.fixBaseM = static_cast<int32_t>(AlignUp(td.blockK, kFractalRows));
    call.fixBaseN = static_cast<int32_t>(AlignUp(td.blockN, kFractalRows));
    if (auto e = FillCube(td.cube, platform, call)) return *e;

    // key, workspace: the system reserve only (the Matmul messages); no UB of its own (cube only)
    return WTilingResult{
        {td, static_cast<uint64_t>(FusedSwigluGradKey::kW), td.groups, platform.SystemWorkspaceBytes(), 0}, call};
}

Result<XTilingResult> ComputeXTiling(const XTilingInput& in, const Platform& platform) {
    // validate, platform
    if (auto e = CheckOperands(kXOperands, 4, in.shapes, in.dtypes)) return *e;
    auto shape = Groups(platform);
    if (!shape) return shape.error();

    // shape: dg [M, N], w_g [K, N]
    FusedSwigluGradXTilingData td{};
    td.rows = static_cast<uint32_t>(in.shapes[0][0]);
    td.n = static_cast<uint32_t>(in.shapes[0][1]);
    td.k = static_cast<uint32_t>(in.shapes[2][0]);
    if (in.shapes[2][0] > kXMaxK) {
        return InvalidParam("w_g K " + std::to_string(in.shapes[2][0]) + " must be <= " + std::to_string(kXMaxK) +
                            " (dx rows of K * 4 bytes: a 32-bit DataCopyPad stride)");
    }
    if (td.rows == 0) return XTilingResult{{td, static_cast<uint64_t>(FusedSwigluGradKey::kX), 0, 0, 0}, {}};

    // compute: blocks of dx, units over the AIVs, the cast pass's UB piece, the cube tiling (B = w^T, reduction N)
    std::tie(td.blockM, td.blockK) = ChooseXBlock(td.rows, td.k, td.n, shape->groups, XBaseN(platform.soc->arch),
                                                  *FindSocCubeInfo(platform.soc->version), platform.soc->cost);
    td.kBlocks = static_cast<uint32_t>(CeilDiv(td.k, td.blockK));
    td.mBlocks = static_cast<uint32_t>(CeilDiv(td.rows, td.blockM));
    auto units =
        CheckedUnits(uint64_t{td.mBlocks} * td.kBlocks,
                     "ceil(M " + std::to_string(td.rows) + " / blockM " + std::to_string(td.blockM) + ") x ceil(K " +
                         std::to_string(td.k) + " / blockK " + std::to_string(td.blockK) + ")");
    if (!units) return units.error();
    td.units = *units;
    td.groups = GroupsFor(td.units, shape->groups);
    const uint64_t perRow = SgXCastUbBytes(1, td.blockK);
    td.castRows =
        static_cast<uint32_t>(std::min<uint64_t>({platform.UbUsableBytes() / perRow, td.blockM, kMaxCastRows}));
    if (td.castRows == 0) return TilingError("UB leaves no room for one cast row of " + std::to_string(td.blockK));
    const MatmulTypes types{DataType::kBf16, DataType::kBf16, DataType::kFloat, DataType::kFloat, false, true};
    MatmulTilingCall call = BlockCubeCall(types, td.blockM, td.blockK, td.n);
    call.fixBaseM = static_cast<int32_t>(AlignUp(td.blockM, kFractalRows));
    call.fixBaseN =
        static_cast<int32_t>(std::min<uint64_t>(XBaseN(platform.soc->arch), AlignUp(td.blockK, kFractalRows)));
    if (auto e = FillCube(td.cube, platform, call)) return *e;

    // key, workspace: system reserve, then one FP32 slot [blockM, blockK] per AIV
    td.slotOffset = 0;
    const uint64_t slotBytes = uint64_t{2} * td.groups * td.blockM * td.blockK * sizeof(float);
    return XTilingResult{{td, static_cast<uint64_t>(FusedSwigluGradKey::kX), td.groups,
                          platform.SystemWorkspaceBytes() + slotBytes, SgXCastUbBytes(td.castRows, td.blockK)},
                         call};
}

}  // namespace ascendops::fused_swiglu_grad
