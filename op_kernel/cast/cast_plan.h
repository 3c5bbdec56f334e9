// The Cast plan table: for each SoC family and (source, destination) pair, the path class (= tiling key), the
// round modes and the intermediate type. One constexpr table read by the host tiling (pathClassMap,
// middleBytesMap, roundModeMap are views of it) and by the kernel (which instantiates only the plan's steps).
#pragma once
#include <cstdint>

#include "cast_tiling_data.h"

namespace ascendops::cast {

// The nine element types Cast knows, in table order. BOOL is one byte holding 0 or 1.
enum class CastType : uint8_t { kF16, kF32, kI32, kI16, kI8, kU8, kBool, kI64, kBf16, kCount };
inline constexpr int kCastTypeCount = static_cast<int>(CastType::kCount);
inline constexpr uint32_t kCastTypeBytes[kCastTypeCount] = {2, 4, 4, 2, 1, 1, 1, 8, 2};
// Enumerator names without the k: the build names kernel instances "<src>_<dst>_<arch>" with them.
inline constexpr const char* kCastTypeTags[kCastTypeCount] = {"F16", "F32",  "I32", "I16", "I8",
                                                              "U8",  "Bool", "I64", "Bf16"};

// SoC families with different vector Cast instruction sets: dav-m200 (ascend310p), dav-c220 (ascend910b/_93; its
// plans serve dav-3510, ascend950, whose direct pairs include every one they use).
enum class CastArch : uint8_t { kM200, kC220, kCount };
inline constexpr int kCastArchCount = static_cast<int>(CastArch::kCount);

struct CastPlan {
    CastPath path = CastPath::kUnsupported;
    CastRound round = CastRound::kNone;     // first (or only) conversion step
    CastType mid = CastType::kCount;        // TWO_CAST intermediate type
    CastRound midRound = CastRound::kNone;  // TWO_CAST second step
};

namespace detail {

using T = CastType;
using P = CastPath;
using R = CastRound;

struct Row {
    T src;
    T dst;
    CastPlan m200;
    CastPlan c220;
};

constexpr CastPlan Direct(R r) { return {P::kDirect, r}; }
constexpr CastPlan Two(R r, T mid, R r2) { return {P::kTwoCast, r, mid, r2}; }
constexpr CastPlan Path(P p, R r = R::kNone) { return {p, r}; }

// Delivered pairs (spec table). Floats to integers truncate; integer paths are exact where the destination
// can hold the value. m200 has only the direct conversions listed in docs/twin.md; c220 adds more.
constexpr Row kRows[] = {
    // FLOAT16 ->
    {T::kF16, T::kF32, Direct(R::kNone), Direct(R::kNone)},
    {T::kF16, T::kI32, Direct(R::kTrunc), Direct(R::kTrunc)},
    {T::kF16, T::kI16, Two(R::kTrunc, T::kI32, R::kNone), Direct(R::kTrunc)},
    {T::kF16, T::kI8, Path(P::kNarrow8, R::kTrunc), Path(P::kNarrow8, R::kTrunc)},
    {T::kF16, T::kU8, Path(P::kNarrow8, R::kTrunc), Path(P::kNarrow8, R::kTrunc)},
    {T::kF16, T::kBool, Path(P::kDstBool, R::kCeil), Path(P::kDstBool, R::kCeil)},
    // FLOAT32 ->
    {T::kF32, T::kF16, Direct(R::kNone), Direct(R::kNone)},
    {T::kF32, T::kI32, Direct(R::kTrunc), Direct(R::kTrunc)},
    {T::kF32, T::kI16, Two(R::kTrunc, T::kI32, R::kNone), Direct(R::kTrunc)},
    {T::kF32, T::kI8, Path(P::kNarrow8, R::kTrunc), Path(P::kNarrow8, R::kTrunc)},
    {T::kF32, T::kU8, Path(P::kNarrow8, R::kTrunc), Path(P::kNarrow8, R::kTrunc)},
    {T::kF32, T::kBool, Path(P::kDstBool, R::kCeil), Path(P::kDstBool, R::kCeil)},
    {T::kF32, T::kI64, Path(P::kWiden64, R::kTrunc), Direct(R::kTrunc)},
    // INT32 ->
    {T::kI32, T::kF32, Direct(R::kNone), Direct(R::kNone)},
    {T::kI32, T::kF16, Two(R::kNone, T::kF32, R::kNone), Two(R::kNone, T::kF32, R::kNone)},
    {T::kI32, T::kI16, Direct(R::kNone), Direct(R::kNone)},
    {T::kI32, T::kI8, Path(P::kNarrow8, R::kNone), Path(P::kNarrow8, R::kNone)},
    {T::kI32, T::kU8, Path(P::kNarrow8, R::kNone), Path(P::kNarrow8, R::kNone)},
    {T::kI32, T::kBool, Path(P::kDstBool, R::kCeil), Path(P::kDstBool, R::kCeil)},
    {T::kI32, T::kI64, Path(P::kWiden64, R::kNone), Direct(R::kNone)},
    // INT8 ->
    {T::kI8, T::kF16, Direct(R::kNone), Direct(R::kNone)},
    {T::kI8, T::kF32, Two(R::kNone, T::kF16, R::kNone), Two(R::kNone, T::kF16, R::kNone)},
    {T::kI8, T::kI32, Two(R::kNone, T::kF16, R::kTrunc), Two(R::kNone, T::kF16, R::kTrunc)},
    {T::kI8, T::kI16, Two(R::kNone, T::kF16, R::kRint), Two(R::kNone, T::kF16, R::kRint)},
    {T::kI8, T::kU8, Path(P::kSameWidth8Bit), Path(P::kSameWidth8Bit)},
    {T::kI8, T::kBool, Path(P::kDstBool, R::kCeil), Path(P::kDstBool, R::kCeil)},
    {T::kI8, T::kI64, Path(P::kWiden64, R::kNone), Path(P::kWiden64, R::kNone)},
    // UINT8 ->
    {T::kU8, T::kF16, Direct(R::kNone), Direct(R::kNone)},
    {T::kU8, T::kF32, Two(R::kNone, T::kF16, R::kNone), Two(R::kNone, T::kF16, R::kNone)},
    {T::kU8, T::kI32, Two(R::kNone, T::kF16, R::kTrunc), Two(R::kNone, T::kF16, R::kTrunc)},
    {T::kU8, T::kI8, Path(P::kSameWidth8Bit), Path(P::kSameWidth8Bit)},
    {T::kU8, T::kI16, Two(R::kNone, T::kF16, R::kRint), Two(R::kNone, T::kF16, R::kRint)},
    {T::kU8, T::kI64, Path(P::kWiden64, R::kNone), Path(P::kWiden64, R::kNone)},
    // INT16 ->
    {T::kI16, T::kF16, Direct(R::kNone), Direct(R::kNone)},
    {T::kI16, T::kF32, Path(P::kWiden64, R::kNone), Direct(R::kNone)},
    {T::kI16, T::kI32, Path(P::kWiden64, R::kNone), Two(R::kNone, T::kF32, R::kTrunc)},
    {T::kI16, T::kI8, Path(P::kNarrow8, R::kNone), Path(P::kNarrow8, R::kNone)},
    {T::kI16, T::kU8, Path(P::kNarrow8, R::kNone), Path(P::kNarrow8, R::kNone)},
    {T::kI16, T::kI64, Path(P::kWiden64, R::kNone), Path(P::kWiden64, R::kNone)},
    // BOOL ->
    {T::kBool, T::kF16, Direct(R::kNone), Direct(R::kNone)},
    {T::kBool, T::kF32, Two(R::kNone, T::kF16, R::kNone), Two(R::kNone, T::kF16, R::kNone)},
    {T::kBool, T::kI32, Two(R::kNone, T::kF16, R::kTrunc), Two(R::kNone, T::kF16, R::kTrunc)},
    {T::kBool, T::kI8, Path(P::kSameWidth8Bit), Path(P::kSameWidth8Bit)},
    {T::kBool, T::kU8, Path(P::kSameWidth8Bit), Path(P::kSameWidth8Bit)},
    {T::kBool, T::kI64, Path(P::kWiden64, R::kNone), Path(P::kWiden64, R::kNone)},
    // INT64 -> (low 32-bit lane, then the INT32 plan; BOOL also folds in the high lane). To float the seed's
    // roundModeMap says CAST_ROUND: c220 converts int64 -> float directly with it (Cast doc, Atlas A2/A3 table), and
    // to half rounds both steps half away (the first is exact below 2^24, where every half result is finite);
    // m200 has no int64 or CAST_ROUND int -> float conversion: it keeps the low lane; to half its kRound breaks ties
    // away from zero before the nearest-even step (Narrow64), to float it rounds to nearest even (docs/ops/cast.md).
    {T::kI64, T::kF16, Path(P::kNarrow64, R::kRound), Two(R::kRound, T::kF32, R::kRound)},
    {T::kI64, T::kF32, Path(P::kNarrow64), Direct(R::kRound)},
    {T::kI64, T::kI32, Path(P::kNarrow64), Path(P::kNarrow64)},
    {T::kI64, T::kI8, Path(P::kNarrow64), Path(P::kNarrow64)},
    {T::kI64, T::kU8, Path(P::kNarrow64), Path(P::kNarrow64)},
    {T::kI64, T::kI16, Path(P::kNarrow64), Path(P::kNarrow64)},
    {T::kI64, T::kBool, Path(P::kNarrow64), Path(P::kNarrow64)},
    // BF16 -> (widen to FP32, then the FP32 plan)
    {T::kBf16, T::kF32, Path(P::kBf16ToF32), Path(P::kBf16ToF32)},
    {T::kBf16, T::kF16, Path(P::kBf16ToOther), Path(P::kBf16ToOther)},
    {T::kBf16, T::kI32, Path(P::kBf16ToOther), Path(P::kBf16ToOther)},
    {T::kBf16, T::kI16, Path(P::kBf16ToOther), Path(P::kBf16ToOther)},
    {T::kBf16, T::kI8, Path(P::kBf16ToOther), Path(P::kBf16ToOther)},
    {T::kBf16, T::kU8, Path(P::kBf16ToOther), Path(P::kBf16ToOther)},
    {T::kBf16, T::kBool, Path(P::kBf16ToOther), Path(P::kBf16ToOther)},
    {T::kBf16, T::kI64, Path(P::kBf16ToOther), Path(P::kBf16ToOther)},
};

struct PlanTable {
    CastPlan plan[kCastArchCount][kCastTypeCount][kCastTypeCount];
};

constexpr PlanTable BuildPlanTable() {
    PlanTable t{};
    for (const Row& r : kRows) {
        t.plan[0][static_cast<int>(r.src)][static_cast<int>(r.dst)] = r.m200;
        t.plan[1][static_cast<int>(r.src)][static_cast<int>(r.dst)] = r.c220;
    }
    return t;
}

}  // namespace detail

inline constexpr detail::PlanTable kPlanTable = detail::BuildPlanTable();

constexpr CastPlan PlanOf(CastArch arch, CastType src, CastType dst) {
    return kPlanTable.plan[static_cast<int>(arch)][static_cast<int>(src)][static_cast<int>(dst)];
}

// The plan a NARROW64 / BF16_TO_OTHER pair continues with after its widening or narrowing step.
constexpr CastType ContinuationSource(CastPath path) {
    return path == CastPath::kNarrow64 ? CastType::kI32 : CastType::kF32;
}

}  // namespace ascendops::cast

namespace ascendops::cast {

// UB bytes per element a pair's plan needs beyond its input and output queues: `table` holds the Gather
// offsets built once per core, `scratch` the intermediate tiles. The kernel carves its buffers in this order.
struct CastScratch {
    uint32_t table = 0;
    uint32_t scratch = 0;
};

constexpr uint32_t BytesOf(CastType t) { return kCastTypeBytes[static_cast<int>(t)]; }

constexpr CastScratch Plus(CastScratch a, uint32_t table, uint32_t scratch) {
    return {a.table + table, a.scratch + scratch};
}

// Element type of the arithmetic DST_BOOL does (Abs, Mins): half for 16-bit and narrower sources.
constexpr CastType BoolDomainOf(CastType src) {
    return (src == CastType::kF32 || src == CastType::kI32) ? CastType::kF32 : CastType::kF16;
}

constexpr CastScratch ScratchOf(CastArch arch, CastType src, CastType dst) {
    const CastPlan plan = PlanOf(arch, src, dst);
    switch (plan.path) {
        case CastPath::kTwoCast:
            return {0, BytesOf(plan.mid)};
        case CastPath::kDstBool:  // |x| in the domain type, then (FP32 domain) a half copy rounded to odd
            return {0, BytesOf(BoolDomainOf(src)) + (BoolDomainOf(src) == CastType::kF32 ? 2u : 0u)};
        case CastPath::kNarrow8: {  // see Narrow8 in cast.h: And masks, INT16 tile, half tile (+ INT32 route)
            const CastScratch toI32 = src == CastType::kI32 ? CastScratch{} : ScratchOf(arch, src, CastType::kI32);
            const CastScratch route = src == CastType::kI16 ? CastScratch{2, 0} : Plus(toI32, 4, 4);
            return Plus(route, dst == CastType::kI8 ? 2 : 0, 2 + 2);
        }
        case CastPath::kWiden64:
            if (dst != CastType::kI64) {  // INT16 -> INT32 (-> FP32): [x | sign] halfword pairs interleaved
                return {8, 4 + 2 + (dst == CastType::kF32 ? 4u : 0u)};
            }
            {
                CastScratch toI32 = src == CastType::kI32 ? CastScratch{} : ScratchOf(arch, src, CastType::kI32);
                return arch == CastArch::kC220 ? Plus(toI32, 0, 4)           // INT32 result, then one Cast
                                               : Plus(toI32, 8, 4 + 4 + 4);  // [x | sign] words, FP32 sign temp
            }
        case CastPath::kBf16ToF32:  // ascend310p: halfword pairs [0 | bf16] gathered from the input tile
            return arch == CastArch::kM200 ? CastScratch{8, 0} : CastScratch{};
        case CastPath::kBf16ToOther: {  // widen to an FP32 tile, then the FP32 plan
            const CastScratch widen = ScratchOf(arch, CastType::kBf16, CastType::kF32);
            const CastScratch rest = ScratchOf(arch, CastType::kF32, dst);
            return {widen.table + rest.table, 4 + rest.scratch};
        }
        case CastPath::kNarrow64: {  // low lanes (and high lanes for BOOL) gathered into INT32 tiles
            const bool toBool = dst == CastType::kBool;
            CastScratch rest = dst == CastType::kI32 ? CastScratch{} : ScratchOf(arch, CastType::kI32, dst);
            return Plus(rest, toBool ? 8 : 4, dst == CastType::kI32 ? 0 : (toBool ? 8 : 4));
        }
        default:
            return {};
    }
}

}  // namespace ascendops::cast
