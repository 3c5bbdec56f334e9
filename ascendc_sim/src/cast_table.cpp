#include <iterator>

#include "sim/cast.h"

namespace ascendc_sim {
namespace {

using ascendc_sim::DataType;
using ascendc_sim::SocVersion;

constexpr uint8_t Bit(RoundMode m) { return static_cast<uint8_t>(1u << static_cast<int>(m)); }
constexpr uint8_t kN = Bit(RoundMode::CAST_NONE);
constexpr uint8_t kOdd = Bit(RoundMode::CAST_ODD);
// RINT, FLOOR, CEIL, ROUND, TRUNC: the five rounding modes most conversions share.
constexpr uint8_t kDirected =
    Bit(RoundMode::CAST_FLOOR) | Bit(RoundMode::CAST_CEIL) | Bit(RoundMode::CAST_ROUND) | Bit(RoundMode::CAST_TRUNC);
constexpr uint8_t kR5 = Bit(RoundMode::CAST_RINT) | kDirected;

struct CastEntry {
    DataType src;
    DataType dst;
    uint8_t modes;
};

// ascend310p (dav_m200): docs/twin.md's table from the documented implementation; it agrees with the asc-devkit Cast
// doc table "Atlas 推理系列产品AI Core" except float->int32 (in docs/twin.md, not in the doc table) and float->int64
// (in the doc table, excluded by docs/twin.md). int32->half needs SetDeqScale and is not a plain Cast. Every entry
// agrees with 8.1.RC1 impl/dav_m200/kernel_operator_vec_vconv_impl.h (CastIntrinsicsImpl); docs/cann.md lists where
// Ascend310P3.ini's Intrinsic_vconv differs and why the implementation decides.
constexpr CastEntry k310P[] = {
    {DataType::kFloat16, DataType::kInt32, kR5},
    {DataType::kFloat16, DataType::kInt8, kN | kDirected},
    {DataType::kFloat16, DataType::kUint8, kN | kDirected},
    {DataType::kFloat16, DataType::kInt16, Bit(RoundMode::CAST_RINT)},
    {DataType::kFloat16, DataType::kFloat, kN},
    {DataType::kFloat, DataType::kFloat16, kN | kOdd},
    {DataType::kFloat, DataType::kInt32, kR5},
    {DataType::kInt32, DataType::kFloat, kN},
    {DataType::kInt8, DataType::kFloat16, kN},
    {DataType::kUint8, DataType::kFloat16, kN},
    {DataType::kInt16, DataType::kFloat16, kN},
    {DataType::kInt32, DataType::kInt16, kN},
};

// ascend910b / ascend910_93: the asc-devkit Cast doc tables for Atlas A2 and A3 (identical for these pairs). Every
// entry agrees with 8.1.RC1 impl/dav_c220/kernel_operator_vec_vconv_impl.h (CheckCastDatatype, CastIntrinsicsImpl),
// int4 pairs aside (no int4 type in the twin); half<-int32 is vconv_deq (SetDeqScale), not a plain Cast. docs/cann.md
// lists where Ascend910B2.ini's Intrinsic_vconv differs and why the implementation decides.
constexpr CastEntry k910B[] = {
    {DataType::kInt8, DataType::kFloat16, kN},        {DataType::kUint8, DataType::kFloat16, kN},
    {DataType::kInt16, DataType::kFloat16, kN | kR5}, {DataType::kInt16, DataType::kFloat, kN},
    {DataType::kFloat16, DataType::kInt8, kN | kR5},  {DataType::kFloat16, DataType::kUint8, kN | kR5},
    {DataType::kFloat16, DataType::kInt16, kR5},      {DataType::kFloat16, DataType::kInt32, kR5},
    {DataType::kFloat16, DataType::kFloat, kN},       {DataType::kBf16, DataType::kInt32, kR5},
    {DataType::kBf16, DataType::kFloat, kN},          {DataType::kInt32, DataType::kInt16, kN},
    {DataType::kInt32, DataType::kFloat, kN | kR5},   {DataType::kInt32, DataType::kInt64, kN},
    {DataType::kFloat, DataType::kInt16, kR5},        {DataType::kFloat, DataType::kFloat16, kN | kR5 | kOdd},
    {DataType::kFloat, DataType::kBf16, kR5},         {DataType::kFloat, DataType::kInt32, kR5},
    {DataType::kFloat, DataType::kFloat, kR5},        {DataType::kFloat, DataType::kInt64, kR5},
    {DataType::kInt64, DataType::kInt32, kN},         {DataType::kInt64, DataType::kFloat, kR5},
};

// ascend950 (dav_3510): asc-devkit impl/basic_api/dav_3510/kernel_operator_vec_vconv_impl.h CastImpl (:1361-1401):
// cast_round_all pairs take RINT, FLOOR, CEIL, ROUND, TRUNC; cast_none pairs NONE; using_cast_rint pairs take NONE
// as RINT; cast_odd pairs ODD. The pairs of the twin's dtypes; int32->half is a plain Cast here (through float).
constexpr CastEntry k950[] = {
    {DataType::kFloat, DataType::kFloat16, kN | kR5 | kOdd},
    {DataType::kFloat, DataType::kInt64, kR5},
    {DataType::kFloat, DataType::kInt32, kR5},
    {DataType::kFloat, DataType::kInt16, kR5},
    {DataType::kFloat, DataType::kBf16, kR5},
    {DataType::kFloat, DataType::kFloat, kR5},
    {DataType::kFloat16, DataType::kInt32, kR5},
    {DataType::kFloat16, DataType::kInt16, kR5},
    {DataType::kFloat16, DataType::kInt8, kN | kR5},
    {DataType::kFloat16, DataType::kUint8, kN | kR5},
    {DataType::kFloat16, DataType::kBf16, kR5},
    {DataType::kFloat16, DataType::kFloat, kN},
    {DataType::kInt16, DataType::kFloat16, kN | kR5},
    {DataType::kInt16, DataType::kFloat, kN},
    {DataType::kInt16, DataType::kUint8, kN},
    {DataType::kInt16, DataType::kInt32, kN},
    {DataType::kInt32, DataType::kFloat, kN | kR5},
    {DataType::kInt32, DataType::kFloat16, kN | kR5 | kOdd},
    {DataType::kInt32, DataType::kInt64, kN},
    {DataType::kInt32, DataType::kInt16, kN},
    {DataType::kInt32, DataType::kUint8, kN},
    {DataType::kInt64, DataType::kFloat, kR5},
    {DataType::kInt64, DataType::kInt32, kN},
    {DataType::kBf16, DataType::kInt32, kR5},
    {DataType::kBf16, DataType::kFloat16, kR5},
    {DataType::kBf16, DataType::kFloat, kN},
    {DataType::kInt8, DataType::kFloat16, kN},
    {DataType::kInt8, DataType::kInt16, kN},
    {DataType::kInt8, DataType::kInt32, kN},
    {DataType::kUint8, DataType::kFloat16, kN},
    {DataType::kUint8, DataType::kUint16, kN},
    {DataType::kUint8, DataType::kUint32, kN},
    {DataType::kUint16, DataType::kUint8, kN},
    {DataType::kUint16, DataType::kUint32, kN},
    {DataType::kInt16, DataType::kUint32, kN},
    {DataType::kUint32, DataType::kUint8, kN},
    {DataType::kUint32, DataType::kUint16, kN},
    {DataType::kUint32, DataType::kInt16, kN},
    {DataType::kInt32, DataType::kUint16, kN},
};

}  // namespace

const char* RoundModeName(RoundMode m) {
    static constexpr const char* kNames[] = {"CAST_NONE",  "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                                             "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
    auto i = static_cast<std::size_t>(m);
    return i < std::size(kNames) ? kNames[i] : "unknown RoundMode";
}

bool CastSupported(SocVersion soc, DataType src, DataType dst, RoundMode m) {
    auto find = [&](const auto& table) {
        for (const CastEntry& e : table) {
            if (e.src == src && e.dst == dst) return (e.modes & Bit(m)) != 0;
        }
        return false;
    };
    if (soc == SocVersion::kAscend310P) return find(k310P);
    return soc == SocVersion::kAscend950 ? find(k950) : find(k910B);
}

}  // namespace ascendc_sim
