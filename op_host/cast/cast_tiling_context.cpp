// Cast tiling adapter: gert::TilingContext -> ComputeTiling (cast_tiling.cpp) -> key, blockDim, tiling data,
// workspace. Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include <string>

#include "op_host/cast/cast_tiling.h"
#include "op_host/common/tiling_context_util.h"

namespace ascendops::cast::npu {

using namespace ascendops::npu;  // FailTiling, PlatformOf, InputType, OutputType, ApplyTiling

ge::graphStatus Tiling(gert::TilingContext* context) {
    auto platform = PlatformOf(context);
    if (!platform) return FailTiling("Cast", platform.error().message);
    const gert::StorageShape* x = context->GetInputShape(0);
    if (x == nullptr) return FailTiling("Cast", "input x has no shape");
    TilingInput in{static_cast<uint64_t>(x->GetStorageShape().GetShapeSize()), InputType(context, 0),
                   OutputType(context, 0)};
    auto tiling = ComputeTiling(in, *platform);
    if (!tiling) return FailTiling("Cast", tiling.error().message);

    return ApplyTiling("Cast", context, *tiling);
}

}  // namespace ascendops::cast::npu
