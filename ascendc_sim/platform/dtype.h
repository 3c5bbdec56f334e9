// Data types of the package. Values equal CANN's aclDataType so op_api converts with a static_cast.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace ascendc_sim {
inline namespace platform {

enum class DataType : int32_t {
    kFloat = 0,
    kFloat16 = 1,
    kInt8 = 2,
    kInt32 = 3,
    kUint8 = 4,
    kInt16 = 6,
    kUint16 = 7,
    kUint32 = 8,
    kInt64 = 9,
    kUint64 = 10,
    kDouble = 11,
    kBool = 12,
    kBf16 = 27,
};

// One row per dtype the package knows; every dtype fact is read from here.
struct DataTypeInfo {
    DataType type;
    const char* name;  // NumPy-style name ("float16", "bfloat16", ...)
    uint32_t bytes;
};

inline constexpr DataTypeInfo kDataTypes[] = {
    {DataType::kFloat, "float32", 4}, {DataType::kFloat16, "float16", 2}, {DataType::kInt8, "int8", 1},
    {DataType::kInt32, "int32", 4},   {DataType::kUint8, "uint8", 1},     {DataType::kInt16, "int16", 2},
    {DataType::kUint16, "uint16", 2}, {DataType::kUint32, "uint32", 4},   {DataType::kInt64, "int64", 8},
    {DataType::kUint64, "uint64", 8}, {DataType::kDouble, "float64", 8},  {DataType::kBool, "bool", 1},
    {DataType::kBf16, "bfloat16", 2},
};

inline constexpr std::size_t kDataTypeCount = sizeof(kDataTypes) / sizeof(kDataTypes[0]);

// Dense index 0..kDataTypeCount-1 (for [src][dst] tables); nullopt for values the package does not know.
constexpr std::optional<std::size_t> DataTypeIndex(DataType t) {
    for (std::size_t i = 0; i < kDataTypeCount; ++i) {
        if (kDataTypes[i].type == t) return i;
    }
    return std::nullopt;
}

constexpr const DataTypeInfo* FindDataType(DataType t) {
    auto i = DataTypeIndex(t);
    return i ? &kDataTypes[*i] : nullptr;
}

// 0 for an unknown dtype.
constexpr uint32_t DataTypeSize(DataType t) {
    const DataTypeInfo* info = FindDataType(t);
    return info ? info->bytes : 0;
}

constexpr const char* DataTypeName(DataType t) {
    const DataTypeInfo* info = FindDataType(t);
    return info ? info->name : "unknown";
}

constexpr std::optional<DataType> ParseDataType(std::string_view name) {
    for (const auto& info : kDataTypes) {
        if (name == info.name) return info.type;
    }
    return std::nullopt;
}

}  // namespace platform
}  // namespace ascendc_sim
