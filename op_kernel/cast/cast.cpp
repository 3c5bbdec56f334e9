// Cast kernel entry. DTYPE_X / DTYPE_Y are injected per instance by the build (as CANN does per dtype combo).
#include "op_kernel/cast/cast.h"

#include "kernel_operator.h"

extern "C" __global__ __aicore__ void cast(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(ascendops::cast::CastTilingData);
    GET_TILING_DATA(tilingData, tiling);
    ascendops::cast::RunCast<DTYPE_X, DTYPE_Y>(x, y, tilingData);
}
