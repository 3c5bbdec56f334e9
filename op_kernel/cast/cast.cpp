// Cast kernel entry. DTYPE_X / DTYPE_Y are injected per instance by the build (as CANN does per dtype combo).
// Keys are numeric literals, one branch per key, as CANN's key precompiler requires; the static_asserts tie each
// literal to the host's CastPath.
#include "op_kernel/cast/cast.h"

#include "kernel_operator.h"
#include "op_kernel/common/kernel_type.h"

using ascendops::cast::CastPath;
using ascendops::cast::RunCastPath;

static_assert(static_cast<uint64_t>(CastPath::kDirect) == 0 && static_cast<uint64_t>(CastPath::kTwoCast) == 1 &&
                  static_cast<uint64_t>(CastPath::kDstBool) == 2 && static_cast<uint64_t>(CastPath::kNarrow64) == 3 &&
                  static_cast<uint64_t>(CastPath::kWiden64) == 4 && static_cast<uint64_t>(CastPath::kBf16ToF32) == 5 &&
                  static_cast<uint64_t>(CastPath::kBf16ToOther) == 6 &&
                  static_cast<uint64_t>(CastPath::kSameWidth8Bit) == 7 &&
                  static_cast<uint64_t>(CastPath::kNarrow8) == 8,
              "cast.cpp's literal tiling keys must equal the host's CastPath values");

extern "C" __global__ __aicore__ void cast(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    ASCENDOPS_VECTOR_KERNEL_TYPE();  // AICORE on ascend310p, AIV_ONLY on A2/A3
    REGISTER_TILING_DEFAULT(ascendops::cast::CastTilingData);
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(0)) {
        RunCastPath<DTYPE_X, DTYPE_Y, CastPath::kDirect>(x, y, tilingData);
    } else if (TILING_KEY_IS(1)) {
        RunCastPath<DTYPE_X, DTYPE_Y, CastPath::kTwoCast>(x, y, tilingData);
    } else if (TILING_KEY_IS(2)) {
        RunCastPath<DTYPE_X, DTYPE_Y, CastPath::kDstBool>(x, y, tilingData);
    } else if (TILING_KEY_IS(3)) {
        RunCastPath<DTYPE_X, DTYPE_Y, CastPath::kNarrow64>(x, y, tilingData);
    } else if (TILING_KEY_IS(4)) {
        RunCastPath<DTYPE_X, DTYPE_Y, CastPath::kWiden64>(x, y, tilingData);
    } else if (TILING_KEY_IS(5)) {
        RunCastPath<DTYPE_X, DTYPE_Y, CastPath::kBf16ToF32>(x, y, tilingData);
    } else if (TILING_KEY_IS(6)) {
        RunCastPath<DTYPE_X, DTYPE_Y, CastPath::kBf16ToOther>(x, y, tilingData);
    } else if (TILING_KEY_IS(7)) {
        RunCastPath<DTYPE_X, DTYPE_Y, CastPath::kSameWidth8Bit>(x, y, tilingData);
    } else if (TILING_KEY_IS(8)) {
        RunCastPath<DTYPE_X, DTYPE_Y, CastPath::kNarrow8>(x, y, tilingData);
    }
}
