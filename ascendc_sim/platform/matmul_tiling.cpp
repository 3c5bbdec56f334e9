#include "ascendc_sim/platform/matmul_tiling.h"

#include <algorithm>
#include <sstream>

#include "ascendc_sim/platform/int_math.h"

namespace ascendc_sim {
inline namespace platform {
namespace {

template <typename... Args>
std::string Cat(const Args&... args) {
    std::ostringstream os;
    (os << ... << args);
    return os.str();
}

constexpr int64_t kFractal = 16;  // baseM/baseN and the M/N fractal edge (Mmad data formats)

// C0: elements of one 32-byte fractal row (Matmul docs: float 8, half/bfloat16 16).
int64_t C0Size(DataType t) { return 32 / std::max<int64_t>(DataTypeSize(t), 1); }

struct TypeRow {
    DataType ab, bias, c;
};
// A2/A3 rows of the docs' table "Matmul输入输出数据类型的支持列表" for float/half/bfloat16 inputs (A == B).
constexpr TypeRow kSeparatedTypeRows[] = {
    {DataType::kFloat, DataType::kFloat, DataType::kFloat},
    {DataType::kFloat, DataType::kFloat, DataType::kFloat16},
    {DataType::kFloat, DataType::kFloat, DataType::kBf16},
    {DataType::kFloat, DataType::kFloat16, DataType::kFloat},
    {DataType::kFloat, DataType::kFloat16, DataType::kFloat16},
    {DataType::kFloat, DataType::kFloat16, DataType::kBf16},
    {DataType::kFloat16, DataType::kFloat, DataType::kFloat},
    {DataType::kFloat16, DataType::kFloat, DataType::kFloat16},
    {DataType::kFloat16, DataType::kFloat, DataType::kBf16},
    {DataType::kFloat16, DataType::kFloat16, DataType::kFloat},
    {DataType::kFloat16, DataType::kFloat16, DataType::kFloat16},
    {DataType::kFloat16, DataType::kFloat16, DataType::kBf16},
    {DataType::kBf16, DataType::kFloat, DataType::kFloat},
    {DataType::kBf16, DataType::kFloat, DataType::kBf16},
    {DataType::kBf16, DataType::kFloat, DataType::kFloat16},
    {DataType::kBf16, DataType::kFloat16, DataType::kFloat},
    {DataType::kBf16, DataType::kFloat16, DataType::kFloat16},
};
// Atlas inference AI Core (310P) rows of the same table: half inputs only.
constexpr TypeRow kCoupledTypeRows[] = {
    {DataType::kFloat16, DataType::kFloat, DataType::kFloat},
    {DataType::kFloat16, DataType::kFloat, DataType::kFloat16},
};

template <std::size_t N>
bool HasRow(const TypeRow (&rows)[N], const MatmulTypes& t) {
    return std::any_of(std::begin(rows), std::end(rows),
                       [&](const TypeRow& r) { return r.ab == t.a && r.bias == t.bias && r.c == t.c; });
}

std::string TypeName(DataType t) { return DataTypeName(t); }

std::string CheckPositive(const CubeTiling& t) {
    const std::pair<const char*, int32_t> fields[] = {{"singleCoreM", t.singleCoreM},
                                                      {"singleCoreN", t.singleCoreN},
                                                      {"singleCoreK", t.singleCoreK},
                                                      {"baseM", t.baseM},
                                                      {"baseN", t.baseN},
                                                      {"baseK", t.baseK},
                                                      {"depthA1", t.depthA1},
                                                      {"depthB1", t.depthB1},
                                                      {"stepM", t.stepM},
                                                      {"stepN", t.stepN},
                                                      {"stepKa", t.stepKa},
                                                      {"stepKb", t.stepKb}};
    for (const auto& [name, value] : fields) {
        if (value <= 0) return Cat("TCubeTiling.", name, " = ", value, " must be > 0");
    }
    return {};
}

std::string CheckEnums(const CubeTiling& t) {
    const std::pair<const char*, int32_t> dbs[] = {{"dbL0A", t.dbL0A}, {"dbL0B", t.dbL0B}, {"dbL0C", t.dbL0C}};
    for (const auto& [name, value] : dbs) {
        if (value != 1 && value != 2) return Cat("TCubeTiling.", name, " = ", value, " must be 1 or 2");
    }
    if (t.iterateOrder != 0 && t.iterateOrder != 1)
        return Cat("TCubeTiling.iterateOrder = ", t.iterateOrder, " must be 0 or 1");
    if (t.isBias != 0 && t.isBias != 1) return Cat("TCubeTiling.isBias = ", t.isBias, " must be 0 or 1");
    return {};
}

// depthA1 = stepM * stepKa * db with db 1 or 2 (L1 double buffer), likewise depthB1.
std::string CheckDepth(const char* name, int32_t depth, int32_t stepOuter, int32_t stepK) {
    int64_t unit = int64_t{stepOuter} * stepK;
    if (depth != unit && depth != 2 * unit) {
        return Cat("TCubeTiling.", name, " = ", depth, " must equal step * stepK * db = ", unit, " x (1 or 2)");
    }
    return {};
}

std::string CheckAlignment(const CubeTiling& t, const MatmulTypes& types) {
    if (t.baseM % kFractal != 0 || t.baseN % kFractal != 0) {
        return Cat("baseM ", t.baseM, " and baseN ", t.baseN, " must be multiples of ", kFractal);
    }
    int64_t kAlign = (!types.transA && types.transB) ? C0Size(types.a) : kFractal;
    if (t.baseK % kAlign != 0) return Cat("baseK ", t.baseK, " must be a multiple of ", kAlign);
    return {};
}

// L0A/L0B/L0C/BiasTable: the docs write "<"; a block exactly filling a buffer fits on hardware (the docs' own
// recommended 128x256 FP32 L0C block with dbL0C 1 is exactly 128 KB), so "<=" is enforced.
std::string CheckL0(const CubeTiling& t, const MatmulTypes& types, const SocCubeInfo& cube) {
    uint64_t l0a = uint64_t(t.baseM) * t.baseK * DataTypeSize(types.a) * t.dbL0A;
    if (l0a > cube.l0aBytes) {
        return Cat("base block A baseM ", t.baseM, " x baseK ", t.baseK, " x ", DataTypeSize(types.a), " B x dbL0A ",
                   t.dbL0A, " = ", l0a, " bytes exceeds L0A (", cube.l0aBytes, " bytes)");
    }
    uint64_t l0b = uint64_t(t.baseN) * t.baseK * DataTypeSize(types.b) * t.dbL0B;
    if (l0b > cube.l0bBytes) {
        return Cat("base block B baseN ", t.baseN, " x baseK ", t.baseK, " x ", DataTypeSize(types.b), " B x dbL0B ",
                   t.dbL0B, " = ", l0b, " bytes exceeds L0B (", cube.l0bBytes, " bytes)");
    }
    uint64_t l0c = uint64_t(t.baseM) * t.baseN * 4 * t.dbL0C;
    if (l0c > cube.l0cBytes) {
        return Cat("base block C baseM ", t.baseM, " x baseN ", t.baseN, " x 4 B x dbL0C ", t.dbL0C, " = ", l0c,
                   " bytes exceeds L0C (", cube.l0cBytes, " bytes)");
    }
    uint64_t bt = uint64_t(t.baseN) * DataTypeSize(types.bias);
    if (t.isBias && bt > cube.biasTableBytes) {
        return Cat("bias block baseN ", t.baseN, " x ", DataTypeSize(types.bias), " B = ", bt,
                   " bytes exceeds the BiasTable (", cube.biasTableBytes, " bytes)");
    }
    return {};
}

std::string CheckL1(const CubeTiling& t, const MatmulTypes& types, const SocCubeInfo& cube) {
    int64_t rowsA = types.transA ? static_cast<int64_t>(AlignUp(t.baseM, C0Size(types.a))) : t.baseM;
    int64_t rowsB = types.transB ? t.baseN : static_cast<int64_t>(AlignUp(t.baseN, C0Size(types.b)));
    uint64_t a1 = uint64_t(rowsA) * t.baseK * t.depthA1 * DataTypeSize(types.a);
    uint64_t b1 = uint64_t(rowsB) * t.baseK * t.depthB1 * DataTypeSize(types.b);
    uint64_t bias = t.isBias ? uint64_t(t.baseN) * DataTypeSize(types.bias) : 0;
    if (a1 + b1 + bias > cube.l1Bytes) {
        return Cat("L1 blocks A ", a1, " + B ", b1, " + bias ", bias, " = ", a1 + b1 + bias, " bytes exceed L1 (",
                   cube.l1Bytes, " bytes)");
    }
    return {};
}

}  // namespace

std::string CheckMatmulTypes(const MatmulTypes& t, const SocInfo& soc) {
    const SocCubeInfo* cube = FindSocCubeInfo(soc.version);
    if (cube == nullptr) return Cat("no cube parameters for ", soc.name);
    bool ok = t.a == t.b && (cube->separated ? HasRow(kSeparatedTypeRows, t) : HasRow(kCoupledTypeRows, t));
    if (!ok) {
        return Cat("(A ", TypeName(t.a), ", B ", TypeName(t.b), ", Bias ", TypeName(t.bias), ", C ", TypeName(t.c),
                   ") is not a supported Matmul type combination on ", soc.name);
    }
    return {};
}

std::string CheckCubeTiling(const CubeTiling& t, const MatmulTypes& types, const SocCubeInfo& cube, uint32_t maxCores) {
    if (t.usedCoreNum < 1 || static_cast<uint32_t>(t.usedCoreNum) > maxCores) {
        return Cat("TCubeTiling.usedCoreNum = ", t.usedCoreNum, " outside [1, ", maxCores, "]");
    }
    for (const std::string& why : {CheckPositive(t), CheckEnums(t), CheckDepth("depthA1", t.depthA1, t.stepM, t.stepKa),
                                   CheckDepth("depthB1", t.depthB1, t.stepN, t.stepKb), CheckAlignment(t, types),
                                   CheckL0(t, types, cube), CheckL1(t, types, cube)}) {
        if (!why.empty()) return why;
    }
    return {};
}

int32_t MultiCoreMatmulTiling::Reject(std::string why) {
    lastError_ = std::move(why);
    return -1;
}

int32_t MultiCoreMatmulTiling::SetAType(DataType t, bool isTrans) {
    types_.a = t;
    types_.transA = isTrans;
    return 0;
}
int32_t MultiCoreMatmulTiling::SetBType(DataType t, bool isTrans) {
    types_.b = t;
    types_.transB = isTrans;
    return 0;
}
int32_t MultiCoreMatmulTiling::SetCType(DataType t) {
    types_.c = t;
    return 0;
}
int32_t MultiCoreMatmulTiling::SetBiasType(DataType t) {
    types_.bias = t;
    return 0;
}
int32_t MultiCoreMatmulTiling::SetBias(bool isBias) {
    isBias_ = isBias;
    return 0;
}

int32_t MultiCoreMatmulTiling::SetDim(int32_t dim) {
    if (dim < 1 || static_cast<uint32_t>(dim) > platform_.coreNum) {
        return Reject(Cat("SetDim: dim ", dim, " outside [1, ", platform_.coreNum, "] (cores of ", platform_.soc->name,
                          "; AIVs in a MIX launch)"));
    }
    dim_ = dim;
    return 0;
}

// Docs (SetShape): -1 takes the original shape's M, N or K (SetOrgShape) when GetTiling runs.
int32_t MultiCoreMatmulTiling::SetShape(int32_t m, int32_t n, int32_t k) {
    for (int32_t v : {m, n, k}) {
        if (v != -1 && v <= 0) return Reject(Cat("SetShape: (", m, ", ", n, ", ", k, ") must each be > 0 or -1"));
    }
    m_ = m, n_ = n, k_ = k;
    return 0;
}

int32_t MultiCoreMatmulTiling::SetTraverse(int32_t iterateOrder) {
    if (iterateOrder != 0 && iterateOrder != 1) {
        return Reject(Cat("SetTraverse: ", iterateOrder, " is not M or N first"));
    }
    traverse_ = iterateOrder;
    return 0;
}

int32_t MultiCoreMatmulTiling::SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgKa, int32_t orgKb) {
    if (orgM <= 0 || orgN <= 0 || orgKa <= 0 || orgKb <= 0) {
        return Reject(Cat("SetOrgShape: (", orgM, ", ", orgN, ", ", orgKa, ", ", orgKb, ") must all be > 0"));
    }
    orgM_ = orgM, orgN_ = orgN, orgKa_ = orgKa, orgKb_ = orgKb;
    return 0;
}

int32_t MultiCoreMatmulTiling::SetSingleShape(int32_t singleM, int32_t singleN, int32_t singleK) {
    for (int32_t v : {singleM, singleN, singleK}) {
        if (v != -1 && v <= 0) return Reject(Cat("SetSingleShape: ", v, " must be > 0 or -1 (computed)"));
    }
    singleM_ = singleM, singleN_ = singleN, singleK_ = singleK;
    return 0;
}

int32_t MultiCoreMatmulTiling::SetBufferSpace(int32_t l1, int32_t l0c, int32_t /*ub*/, int32_t bt) {
    l1_ = l1, l0c_ = l0c, bt_ = bt;  // ub: the twin's operands are all in GM, so no UB is needed (transLength 0)
    return 0;
}

// asc-devkit's tiling (impl/adv_api/tiling/matmul/matmul_tiling_base.cpp) takes a fixed baseK that is a whole number
// of A's C0 elements; the older docs allowed only -1.
int32_t MultiCoreMatmulTiling::SetFixSplit(int32_t baseM, int32_t baseN, int32_t baseK) {
    if (baseK != -1 && (baseK <= 0 || baseK % C0Size(types_.a) != 0)) {
        return Reject(Cat("SetFixSplit: baseK ", baseK, " is not -1 or a multiple of A's C0 (", C0Size(types_.a), ")"));
    }
    fixBaseM_ = baseM, fixBaseN_ = baseN, fixBaseK_ = baseK;
    return 0;
}

SocCubeInfo MultiCoreMatmulTiling::Buffers() const {
    SocCubeInfo cube = *FindSocCubeInfo(platform_.soc->version);
    // SetBufferSpace can only lower what the SoC has.
    if (l1_ > 0) cube.l1Bytes = std::min<uint64_t>(cube.l1Bytes, l1_);
    if (l0c_ > 0) cube.l0cBytes = std::min<uint64_t>(cube.l0cBytes, l0c_);
    if (bt_ > 0) cube.biasTableBytes = std::min<uint64_t>(cube.biasTableBytes, bt_);
    return cube;
}

int64_t MultiCoreMatmulTiling::GetTiling(CubeTiling& out) {
    Result<CubeTiling> r = Compute();
    if (!r.ok()) return Reject(r.error().message);
    out = r.value();
    return 0;
}

namespace {

// Splits M x N over at most `dim` cores: the grid with the smallest per-core block (16-aligned), then the least
// A + B traffic (smaller singleM + singleN).
std::pair<int64_t, int64_t> SplitCores(int64_t m, int64_t n, int64_t dim) {
    auto align = [](int64_t v) { return static_cast<int64_t>(AlignUp(v, kFractal)); };
    auto ceil = [](int64_t a, int64_t b) { return static_cast<int64_t>(CeilDiv(a, b)); };
    std::pair<int64_t, int64_t> best{align(m), align(n)};
    for (int64_t mc = 1; mc <= std::min(dim, ceil(m, kFractal)); ++mc) {
        int64_t nc = std::min(dim / mc, ceil(n, kFractal));
        int64_t sm = align(ceil(m, mc)), sn = align(ceil(n, nc));
        int64_t area = sm * sn, bestArea = best.first * best.second;
        if (area < bestArea || (area == bestArea && sm + sn < best.first + best.second)) best = {sm, sn};
    }
    return best;
}

// The docs' recommended base block (128, 256, 64), cut to the single-core block.
void ChooseBase(CubeTiling& t, int32_t fixM, int32_t fixN, int32_t fixK, const SocCubeInfo& cube) {
    t.baseM =
        fixM > 0 ? fixM
                 : static_cast<int32_t>(std::min<int64_t>(128, static_cast<int64_t>(AlignUp(t.singleCoreM, kFractal))));
    t.baseN =
        fixN > 0 ? fixN
                 : static_cast<int32_t>(std::min<int64_t>(256, static_cast<int64_t>(AlignUp(t.singleCoreN, kFractal))));
    const int64_t k = static_cast<int64_t>(AlignUp(t.singleCoreK, kFractal));
    t.baseK = fixK > 0 ? fixK : static_cast<int32_t>(std::min<int64_t>(64, k));
    t.dbL0A = t.dbL0B = 2;
    t.dbL0C = uint64_t(t.baseM) * t.baseN * 4 * 2 <= cube.l0cBytes ? 2 : 1;
}

// The largest step in [1, most] that `fits` (monotone: a deeper step needs more L1), 0 when none: a binary search,
// so a tiling stays cheap for any reduction length.
template <typename Fits>
int64_t LargestFitting(int64_t most, Fits fits) {
    int64_t lo = 0, hi = most;  // invariant: lo fits (or is 0), everything above hi does not
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo + 1) / 2;
        if (fits(mid)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

// Equal double-buffered steps stepKa = stepKb: the deepest whose A and B blocks fit L1 (one step when none does).
bool EqualSteps(CubeTiling& t, const MatmulTypes& types, const SocCubeInfo& cube, int64_t kIters) {
    auto set = [&](int64_t step) {
        t.stepKa = t.stepKb = static_cast<int32_t>(step);
        t.depthA1 = t.depthB1 = static_cast<int32_t>(2 * step);
    };
    const int64_t step = LargestFitting(kIters, [&](int64_t s) {
        set(s);
        return CheckL1(t, types, cube).empty();
    });
    set(std::max<int64_t>(step, 1));
    return step > 0;
}

// One operand's whole K in L1 once (depth = kIters, no double buffer), the other in the deepest double-buffered
// step that fits beside it; false when even one step does not fit.
bool WholeK(CubeTiling& t, const MatmulTypes& types, const SocCubeInfo& cube, int64_t kIters, bool wholeA) {
    int32_t& whole = wholeA ? t.stepKa : t.stepKb;
    int32_t& wholeDepth = wholeA ? t.depthA1 : t.depthB1;
    int32_t& streamed = wholeA ? t.stepKb : t.stepKa;
    int32_t& streamedDepth = wholeA ? t.depthB1 : t.depthA1;
    whole = wholeDepth = static_cast<int32_t>(kIters);
    auto set = [&](int64_t step) {
        streamed = static_cast<int32_t>(step);
        streamedDepth = static_cast<int32_t>(2 * step);
    };
    const int64_t step = LargestFitting(kIters, [&](int64_t s) {
        set(s);
        return CheckL1(t, types, cube).empty();
    });
    set(std::max<int64_t>(step, 1));
    return step > 0;
}

// TCubeTiling docs (推荐): "优先设置参数stepKa/stepKb，使得K方向全载" - load K whole first. Both whole when they fit
// double-buffered; else the operand whose whole K saves the most re-reads (A across the N blocks of a single-core
// block, N first: iterateOrder 1; B across its M blocks, M first), the other streamed; else equal steps. With one
// side whole its K loop is one step, so kaStepIter and kbStepIter stay multiples (the MDL rule of the same page).
void ChooseSteps(CubeTiling& t, const MatmulTypes& types, const SocCubeInfo& cube) {
    t.stepM = t.stepN = 1;
    t.iterateOrder = 0;
    const int64_t kIters = CeilDiv(t.singleCoreK, t.baseK);
    if (EqualSteps(t, types, cube, kIters) && t.stepKa == kIters) return;
    const int64_t mBlocks = CeilDiv(t.singleCoreM, t.baseM), nBlocks = CeilDiv(t.singleCoreN, t.baseN);
    const uint64_t savedA = nBlocks > 1 ? uint64_t(nBlocks - 1) * t.singleCoreM * DataTypeSize(types.a) : 0;
    const uint64_t savedB = mBlocks > 1 ? uint64_t(mBlocks - 1) * t.singleCoreN * DataTypeSize(types.b) : 0;
    if (savedA == 0 && savedB == 0) return;
    CubeTiling equal = t;
    for (bool wholeA : {savedA >= savedB, savedA < savedB}) {
        if ((wholeA ? savedA : savedB) == 0) continue;
        if (WholeK(t, types, cube, kIters, wholeA)) {
            t.iterateOrder = wholeA ? 1 : 0;
            return;
        }
    }
    t = equal;
}

}  // namespace

Result<CubeTiling> MultiCoreMatmulTiling::Compute() const {
    if (!lastError_.empty()) return TilingError(lastError_);
    if (m_ == 0) return TilingError("MatmulApiTiling: SetShape was not called");
    const int32_t m = m_ > 0 ? m_ : orgM_, n = n_ > 0 ? n_ : orgN_, k = k_ > 0 ? k_ : orgKa_;
    if (m <= 0 || n <= 0 || k <= 0) return TilingError("MatmulApiTiling: SetShape -1 without SetOrgShape");
    const SocCubeInfo* soc = FindSocCubeInfo(platform_.soc->version);
    if (soc == nullptr) return TilingError(Cat("MatmulApiTiling: no cube on ", platform_.soc->name));
    std::string why = CheckMatmulTypes(types_, *platform_.soc);
    if (!why.empty()) return TilingError("MatmulApiTiling: " + why);
    SocCubeInfo cube = Buffers();
    CubeTiling t{};
    t.M = orgM_ > 0 ? orgM_ : m;
    t.N = orgN_ > 0 ? orgN_ : n;
    t.Ka = orgKa_ > 0 ? orgKa_ : k;
    t.Kb = orgKb_ > 0 ? orgKb_ : k;
    auto [sm, sn] = SplitCores(m, n, dim_);
    t.singleCoreM = singleM_ > 0 ? singleM_ : static_cast<int32_t>(std::min<int64_t>(sm, m));
    t.singleCoreN = singleN_ > 0 ? singleN_ : static_cast<int32_t>(std::min<int64_t>(sn, n));
    t.singleCoreK = singleK_ > 0 ? singleK_ : k;
    t.usedCoreNum = static_cast<int32_t>(CeilDiv(m, t.singleCoreM) * CeilDiv(n, t.singleCoreN));
    t.isBias = isBias_ ? 1 : 0;
    ChooseBase(t, fixBaseM_, fixBaseN_, fixBaseK_, cube);
    ChooseSteps(t, types_, cube);
    if (traverse_ >= 0) t.iterateOrder = traverse_;  // SetTraverse: the order of the base blocks, chosen by the caller
    why = CheckCubeTiling(t, types_, cube, static_cast<uint32_t>(dim_));
    if (!why.empty()) return TilingError("MatmulApiTiling: " + why);
    return t;
}

Result<CubeTiling> MatmulTiling(const Platform& platform, const MatmulTilingCall& call) {
    MultiCoreMatmulTiling tiling(platform);
    tiling.SetDim(call.dim);
    tiling.SetAType(call.types.a, call.types.transA);
    tiling.SetBType(call.types.b, call.types.transB);
    tiling.SetCType(call.types.c);
    tiling.SetBiasType(call.types.bias);
    tiling.SetBias(call.isBias);
    tiling.SetShape(call.m, call.n, call.k);
    tiling.SetOrgShape(call.m, call.n, call.k);
    tiling.SetFixSplit(call.fixBaseM, call.fixBaseN);
    return tiling.Compute();
}

}  // namespace platform
}  // namespace ascendc_sim
