// With the CANN toolkit: CANN's own matmul_tiling API fills the TCubeTiling (never built on the CPU-twin path).
// The twin's clean-room MultiCoreMatmulTiling (matmul_tiling.cpp) is its stand-in; both take the same calls.
#ifdef ASCENDOPS_WITH_CANN
#include "op_host/common/cann_matmul_tiling.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"

namespace ascendops {
namespace {

matmul_tiling::DataType CannType(DataType t) {
    switch (t) {
        case DataType::kFloat16:
            return matmul_tiling::DataType::DT_FLOAT16;
        case DataType::kBf16:
            return matmul_tiling::DataType::DT_BF16;
        default:
            return matmul_tiling::DataType::DT_FLOAT;
    }
}

}  // namespace

int64_t CannMatmulTiling(fe::PlatFormInfos* platformInfo, const MatmulTilingCall& call, ::TCubeTiling& out) {
    using matmul_tiling::CubeFormat;
    using matmul_tiling::TPosition;
    platform_ascendc::PlatformAscendC platform(platformInfo);
    matmul_tiling::MultiCoreMatmulTiling tiling(platform);
    tiling.SetDim(call.dim);
    tiling.SetAType(TPosition::GM, CubeFormat::ND, CannType(call.types.a), call.types.transA);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, CannType(call.types.b), call.types.transB);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, CannType(call.types.c));
    tiling.SetBiasType(TPosition::GM, CubeFormat::ND, CannType(call.types.bias));
    tiling.SetBias(call.isBias);
    tiling.SetShape(call.m, call.n, call.k);
    tiling.SetOrgShape(call.m, call.n, call.k);
    tiling.SetBufferSpace(-1, -1, -1);
    tiling.SetFixSplit(call.fixBaseM, call.fixBaseN);
    return tiling.GetTiling(out);
}

}  // namespace ascendops
#endif  // ASCENDOPS_WITH_CANN
