// CANN's ge::DataType (graph/types.h of 8.1.RC1: the numbers equal aclDataType's), which host tiling code passes
// to the advanced APIs' tilings as AscendC::TensorDataType (asc-devkit include/adv_api/utils/types.h).
#pragma once

namespace ge {

enum DataType {
    DT_FLOAT = 0,
    DT_FLOAT16 = 1,
    DT_INT8 = 2,
    DT_INT32 = 3,
    DT_UINT8 = 4,
    DT_INT16 = 6,
    DT_UINT16 = 7,
    DT_UINT32 = 8,
    DT_INT64 = 9,
    DT_UINT64 = 10,
    DT_DOUBLE = 11,
    DT_BOOL = 12,
    DT_BF16 = 27,
    DT_UNDEFINED = 28,
    DT_INT4 = 29,
    DT_HIFLOAT8 = 34,
    DT_FLOAT8_E5M2 = 35,
    DT_FLOAT8_E4M3FN = 36,
    DT_FLOAT8_E8M0 = 37,
    DT_FLOAT4_E2M1 = 40,
    DT_FLOAT4_E1M2 = 41,
};

}  // namespace ge

namespace AscendC {
using TensorDataType = ge::DataType;
}  // namespace AscendC
