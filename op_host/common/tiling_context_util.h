// What every gert::TilingContext adapter shares: the SoC table row of the device and the failure log.
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
#pragma once
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

#include "op_host/common/platform.h"  // DataType, used below
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace ascendops::npu {

namespace detail {
template <typename V, typename = void>
struct HasAscend910_93 : std::false_type {};
template <typename V>
struct HasAscend910_93<V, std::void_t<decltype(V::ASCEND910_93)>> : std::true_type {};
template <typename V, typename = void>
struct HasAscend950 : std::false_type {};
template <typename V>
struct HasAscend950<V, std::void_t<decltype(V::ASCEND950)>> : std::true_type {};
}  // namespace detail

// gert::TilingContext::SetScheduleMode value of batch mode: the kernel's cores are all scheduled together (1; 0 is
// normal mode): asc-devkit docs/zh/guide/编程指南/语言扩展层/SIMD-BuiltIn关键字.md (__schedmode__), SyncAll.md.
constexpr uint32_t kBatchScheduleMode = 1;

inline ge::graphStatus FailTiling(const char* op, const std::string& message) {
    std::fprintf(stderr, "[ascendops] %s tiling: %s\n", op, message.c_str());
    return ge::GRAPH_FAILED;
}

// platform_ascendc::SocVersion::ASCEND910_93 exists from CANN 8.2 on (asc-devkit platform_ascendc.h); 8.1.RC1 has
// none and reports an Atlas A3 as ASCEND910B ("Ascend910B1~4, Ascend910B2C, Ascend910_93 Serials"), so there it is
// tiled with the ascend910b row.
template <typename V>
constexpr bool IsAscend910_93(V version) {
    if constexpr (detail::HasAscend910_93<V>::value) {
        return version == V::ASCEND910_93;
    } else {
        return false;
    }
}

// platform_ascendc::SocVersion::ASCEND950 (__DAV_C310__) exists in the 9.x headers (asc-devkit platform_ascendc.h:65).
template <typename V>
constexpr bool IsAscend950(V version) {
    if constexpr (detail::HasAscend950<V>::value) {
        return version == V::ASCEND950;
    } else {
        return false;
    }
}

// The SoC table row of the device the framework tiles for, with its AIV core count (0: the row's default) and, on
// 310P, its Vector Cores (GetCoreNumVector: what a MIX_VECTOR_CORE key's blockDim adds,
// 如何在矢量编程时启用Vector-Core.md).
inline Result<Platform> PlatformOf(gert::TilingContext* context) {
    const auto ascendc = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t cores = ascendc.GetCoreNumAiv();
    const auto version = ascendc.GetSocVersion();
    if (version == platform_ascendc::SocVersion::ASCEND310P) {
        Platform p = Platform::Of(SocVersion::kAscend310P, cores);
        p.mixVectorCoreNum = ascendc.GetCoreNumVector();
        return p;
    }
    if (version == platform_ascendc::SocVersion::ASCEND910B) return Platform::Of(SocVersion::kAscend910B, cores);
    if (IsAscend910_93(version)) return Platform::Of(SocVersion::kAscend910_93, cores);
    if (IsAscend950(version)) return Platform::Of(SocVersion::kAscend950, cores);
    return InvalidParam("this SoC is none of ascend310p, ascend910b, ascend910_93, ascend950");
}

// ge::DataType numbers equal aclDataType's, which DataType mirrors (ascendc_sim/platform/dtype.h).
inline DataType InputType(gert::TilingContext* context, size_t i) {
    return static_cast<DataType>(context->GetInputDesc(i)->GetDataType());
}
inline DataType OutputType(gert::TilingContext* context, size_t i) {
    return static_cast<DataType>(context->GetOutputDesc(i)->GetDataType());
}

// Hands a pure tiling result (data, tilingKey, blockDim, workspaceBytes) to the framework.
template <typename TilingResult>
ge::graphStatus ApplyTiling(const char* op, gert::TilingContext* context, const TilingResult& tiling) {
    gert::TilingData* raw = context->GetRawTilingData();
    if (raw->GetCapacity() < sizeof(tiling.data)) return FailTiling(op, "the tiling data does not fit its buffer");
    std::memcpy(raw->GetData(), &tiling.data, sizeof(tiling.data));
    raw->SetDataSize(sizeof(tiling.data));
    context->SetTilingKey(tiling.tilingKey);
    context->SetBlockDim(tiling.blockDim);
    context->GetWorkspaceSizes(1)[0] = tiling.workspaceBytes;  // includes the system reserve
    return ge::GRAPH_SUCCESS;
}

}  // namespace ascendops::npu
