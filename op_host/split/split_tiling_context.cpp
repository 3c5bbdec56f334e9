// Split tiling adapter: gert::TilingContext -> ComputeTiling (split_tiling.cpp) -> key, blockDim, tiling data,
// workspace. On 310P PlatformOf carries GetCoreNumVector, so the MIX_VECTOR_CORE key ALIGNED_WINDOW's blockDim
// counts AI + Vector Cores and its workspace is the system reserve. Compiled only with the CANN toolkit; not built or
// run in this repository's CI.
#include <string>
#include <vector>

#include "op_host/common/tiling_context_util.h"
#include "op_host/split/split_tiling.h"

namespace ascendops::split::npu {

using namespace ascendops::npu;  // FailTiling, PlatformOf, InputType, ApplyTiling

ge::graphStatus Tiling(gert::TilingContext* context) {
    auto platform = PlatformOf(context);
    if (!platform) return FailTiling("AscendopsSplit", platform.error().message);
    const gert::StorageShape* x = context->GetInputShape(0);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (x == nullptr || attrs == nullptr) return FailTiling("AscendopsSplit", "input x or the attributes are missing");
    const auto* sections = attrs->GetListInt(0);  // TypedContinuousVector<int64_t> (runtime_attrs.h)
    const int64_t* dim = attrs->GetInt(1);
    if (sections == nullptr) return FailTiling("AscendopsSplit", "attribute split_sections is missing");

    TilingInput in;
    const gert::Shape& shape = x->GetStorageShape();
    for (size_t i = 0; i < shape.GetDimNum(); ++i) in.shape.push_back(shape.GetDim(i));
    const auto* lengths = static_cast<const int64_t*>(sections->GetData());
    in.sections.assign(lengths, lengths + sections->GetSize());
    in.dim = dim != nullptr ? *dim : 0;
    in.dtype = InputType(context, 0);
    auto tiling = ComputeTiling(in, *platform);
    if (!tiling) return FailTiling("AscendopsSplit", tiling.error().message);
    return ApplyTiling("AscendopsSplit", context, *tiling);
}

}  // namespace ascendops::split::npu
