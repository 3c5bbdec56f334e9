// Maps a kernel element type to the package's DataType (for Cast tables, atomic checks and messages).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/platform/dtype.h"
#include "sim/types.h"

namespace ascendc_sim {

template <typename T>
constexpr ascendc_sim::DataType DTypeOf() {
    using ascendc_sim::DataType;
    if constexpr (std::is_same_v<T, half>)
        return DataType::kFloat16;
    else if constexpr (std::is_same_v<T, ascendc_sim::Bf16>)
        return DataType::kBf16;
    else if constexpr (std::is_same_v<T, float>)
        return DataType::kFloat;
    else if constexpr (std::is_same_v<T, double>)
        return DataType::kDouble;
    else if constexpr (std::is_same_v<T, bool>)
        return DataType::kBool;
    else if constexpr (std::is_same_v<T, int8_t>)
        return DataType::kInt8;
    else if constexpr (std::is_same_v<T, uint8_t>)
        return DataType::kUint8;
    else if constexpr (std::is_same_v<T, int16_t>)
        return DataType::kInt16;
    else if constexpr (std::is_same_v<T, uint16_t>)
        return DataType::kUint16;
    else if constexpr (std::is_same_v<T, int32_t>)
        return DataType::kInt32;
    else if constexpr (std::is_same_v<T, uint32_t>)
        return DataType::kUint32;
    else if constexpr (std::is_same_v<T, int64_t>)
        return DataType::kInt64;
    else if constexpr (std::is_same_v<T, uint64_t>)
        return DataType::kUint64;
    else
        static_assert(sizeof(T) == 0, "element type unknown to the CPU twin");
}

template <typename T>
constexpr const char* DTypeName() {
    return ascendc_sim::DataTypeName(DTypeOf<T>());
}

}  // namespace ascendc_sim
