// FusedGdnDecode host tiling: pure C++17, no CANN types.
#pragma once
#include <cstdint>
#include <vector>

#include "op_host/common/key_names.h"
#include "op_host/common/platform.h"
#include "op_host/common/tiling_result.h"
#include "op_kernel/fused_gdn_decode/fused_gdn_decode_tiling_data.h"

namespace ascendops::fused_gdn_decode {

constexpr uint32_t kMinK = 64;
constexpr uint32_t kMaxK = 2032;       // 127 * 16: the fp32 repeat stride alignK / 8 of the row reduction is a uint8
constexpr uint32_t kMaxPadBytes = 32;  // DataCopyPad pads at most one 32-byte block per row
constexpr uint32_t kBvCandidates[] = {128, 64, 32, 16, 8};

// Supported (mixedQkv, stateRef, dtBias, ssmStateIndices) dtype combinations and their kernel instance (the OpDef dtype
// lists derive from it): 16-bit inputs with an FP32 or same-dtype state, an FP32 or same-dtype dtBias, INT32 or INT64
// indices.
struct DtypeCombo {
    DataType input;
    DataType state;
    DataType bias;
    DataType index;
    FusedGdnDecodeKey key;
};
inline constexpr DtypeCombo kDtypeCombos[] = {
    {DataType::kBf16, DataType::kFloat, DataType::kBf16, DataType::kInt32, FusedGdnDecodeKey::kBf16Fp32State},
    {DataType::kFloat16, DataType::kFloat, DataType::kFloat16, DataType::kInt32, FusedGdnDecodeKey::kFp16Fp32State},
    {DataType::kBf16, DataType::kBf16, DataType::kBf16, DataType::kInt32, FusedGdnDecodeKey::kBf16Bf16State},
    {DataType::kFloat16, DataType::kFloat16, DataType::kFloat16, DataType::kInt32, FusedGdnDecodeKey::kFp16Fp16State},
    {DataType::kBf16, DataType::kFloat, DataType::kFloat, DataType::kInt32, FusedGdnDecodeKey::kBf16Fp32StateFp32Bias},
    {DataType::kFloat16, DataType::kFloat, DataType::kFloat, DataType::kInt32,
     FusedGdnDecodeKey::kFp16Fp32StateFp32Bias},
    {DataType::kBf16, DataType::kBf16, DataType::kFloat, DataType::kInt32, FusedGdnDecodeKey::kBf16Bf16StateFp32Bias},
    {DataType::kFloat16, DataType::kFloat16, DataType::kFloat, DataType::kInt32,
     FusedGdnDecodeKey::kFp16Fp16StateFp32Bias},
    {DataType::kBf16, DataType::kFloat, DataType::kBf16, DataType::kInt64, FusedGdnDecodeKey::kBf16Fp32StateInt64Index},
    {DataType::kFloat16, DataType::kFloat, DataType::kFloat16, DataType::kInt64,
     FusedGdnDecodeKey::kFp16Fp32StateInt64Index},
    {DataType::kBf16, DataType::kBf16, DataType::kBf16, DataType::kInt64, FusedGdnDecodeKey::kBf16Bf16StateInt64Index},
    {DataType::kFloat16, DataType::kFloat16, DataType::kFloat16, DataType::kInt64,
     FusedGdnDecodeKey::kFp16Fp16StateInt64Index},
    {DataType::kBf16, DataType::kFloat, DataType::kFloat, DataType::kInt64,
     FusedGdnDecodeKey::kBf16Fp32StateFp32BiasInt64Index},
    {DataType::kFloat16, DataType::kFloat, DataType::kFloat, DataType::kInt64,
     FusedGdnDecodeKey::kFp16Fp32StateFp32BiasInt64Index},
    {DataType::kBf16, DataType::kBf16, DataType::kFloat, DataType::kInt64,
     FusedGdnDecodeKey::kBf16Bf16StateFp32BiasInt64Index},
    {DataType::kFloat16, DataType::kFloat16, DataType::kFloat, DataType::kInt64,
     FusedGdnDecodeKey::kFp16Fp16StateFp32BiasInt64Index},
};

inline constexpr KeyName<FusedGdnDecodeKey> kFusedGdnDecodeKeyNames[] = {
    {FusedGdnDecodeKey::kBf16Fp32State, "BF16_FP32_STATE"},
    {FusedGdnDecodeKey::kFp16Fp32State, "FP16_FP32_STATE"},
    {FusedGdnDecodeKey::kBf16Bf16State, "BF16_BF16_STATE"},
    {FusedGdnDecodeKey::kFp16Fp16State, "FP16_FP16_STATE"},
    {FusedGdnDecodeKey::kBf16Fp32StateFp32Bias, "BF16_FP32_STATE_FP32_BIAS"},
    {FusedGdnDecodeKey::kFp16Fp32StateFp32Bias, "FP16_FP32_STATE_FP32_BIAS"},
    {FusedGdnDecodeKey::kBf16Bf16StateFp32Bias, "BF16_BF16_STATE_FP32_BIAS"},
    {FusedGdnDecodeKey::kFp16Fp16StateFp32Bias, "FP16_FP16_STATE_FP32_BIAS"},
    {FusedGdnDecodeKey::kBf16Fp32StateInt64Index, "BF16_FP32_STATE_INT64_INDEX"},
    {FusedGdnDecodeKey::kFp16Fp32StateInt64Index, "FP16_FP32_STATE_INT64_INDEX"},
    {FusedGdnDecodeKey::kBf16Bf16StateInt64Index, "BF16_BF16_STATE_INT64_INDEX"},
    {FusedGdnDecodeKey::kFp16Fp16StateInt64Index, "FP16_FP16_STATE_INT64_INDEX"},
    {FusedGdnDecodeKey::kBf16Fp32StateFp32BiasInt64Index, "BF16_FP32_STATE_FP32_BIAS_INT64_INDEX"},
    {FusedGdnDecodeKey::kFp16Fp32StateFp32BiasInt64Index, "FP16_FP32_STATE_FP32_BIAS_INT64_INDEX"},
    {FusedGdnDecodeKey::kBf16Bf16StateFp32BiasInt64Index, "BF16_BF16_STATE_FP32_BIAS_INT64_INDEX"},
    {FusedGdnDecodeKey::kFp16Fp16StateFp32BiasInt64Index, "FP16_FP16_STATE_FP32_BIAS_INT64_INDEX"},
};

struct TilingInput {
    std::vector<int64_t> mixedQkvShape, aShape, bShape, aLogShape, dtBiasShape, stateShape, indicesShape, outShape;
    DataType mixedQkvType = DataType::kBf16;
    DataType aType = DataType::kBf16;
    DataType bType = DataType::kBf16;
    DataType aLogType = DataType::kFloat;
    DataType dtBiasType = DataType::kBf16;
    DataType stateType = DataType::kFloat;
    DataType indicesType = DataType::kInt32;
    DataType outType = DataType::kBf16;
    float scale = 1.0f;
    float softplusThreshold = 20.0f;
};

using TilingResult = ascendops::TilingResult<FusedGdnDecodeTilingData>;

// The spec's UB estimate for one bv (fused_gdn_decode_tiling_data.h); the kernel allocates it with the per-row prep
// buffers replaced by the prep area (GdnKernelUbOf). `indexBufferElems` includes the int64 indices' staging
// (GdnIndexStageElems).
using UbEstimate = GdnUbLayout;
// `kTile`: the state tile's columns, 0 for whole rows (k).
inline UbEstimate EstimateUb(uint32_t k, uint32_t bv, uint32_t stateBytes, uint32_t indexBufferElems,
                             uint32_t kTile = 0) {
    return GdnUbLayoutOf(k, bv, stateBytes, 2, indexBufferElems, kTile == 0 ? k : kTile);  // q, k, v, out: 16-bit
}

// Batch rows per prep pass: the most (up to kMaxPrepRows and b) whose prep area fits beside the estimate's other
// buffers, then spread evenly over the passes that many rows need.
uint32_t ChoosePrepRows(const UbEstimate& est, uint64_t b, uint32_t k, uint32_t v, uint32_t stateBytes,
                        uint32_t biasBytes, bool banked, uint64_t ubBytes);

// The UB the kernel allocates with `rows` prep rows (GdnKernelUbOf); `biasBytes`: dtBias's element size.
uint64_t KernelUbBytes(const UbEstimate& est, uint32_t k, uint32_t v, uint32_t rows, uint32_t stateBytes,
                       uint32_t biasBytes, bool banked);

// int32 elements of the index buffer: every batch row's slot (align8(b)).
uint32_t IndexBufferElems(uint64_t b);

Result<TilingResult> ComputeTiling(const TilingInput& in, const Platform& platform);

}  // namespace ascendops::fused_gdn_decode
