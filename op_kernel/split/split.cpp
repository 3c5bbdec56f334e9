// Split kernel entry (op type AscendopsSplit). DTYPE_X is injected per instance by the build; the twin builds one
// instance per element size (a copy only needs the size). y is the dynamic output list (a ListTensorDesc).
#include "op_kernel/split/split.h"

#include "kernel_operator.h"
#include "op_kernel/common/kernel_type.h"

using ascendops::split::SplitKey;
using ascendops::split::SplitTilingData;

// The entry tests literal keys, one branch each; these asserts tie them to SplitKey (split_tiling_data.h).
static_assert(static_cast<uint32_t>(SplitKey::kAligned) == 0, "TILING_KEY_IS(0) is ALIGNED");
static_assert(static_cast<uint32_t>(SplitKey::kPad) == 1, "TILING_KEY_IS(1) is PAD");
static_assert(static_cast<uint32_t>(SplitKey::kAlignedWindow) == 2, "TILING_KEY_IS(2) is ALIGNED_WINDOW");
static_assert(static_cast<uint32_t>(SplitKey::kNarrow) == 3, "TILING_KEY_IS(3) is NARROW");

extern "C" __global__ __aicore__ void ascendops_split(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    ASCENDOPS_VECTOR_KERNEL_TYPE();  // AICORE on ascend310p, AIV_ONLY on A2/A3
    ASCENDOPS_VECTOR_CORE_KEY(2);    // 310P ALIGNED_WINDOW: AI + Vector Cores (kVectorCoreKeys, split_tiling.cpp)
    REGISTER_TILING_DEFAULT(SplitTilingData);
    GET_TILING_DATA(td, tiling);
    if (TILING_KEY_IS(0)) {
        ascendops::split::RunSplit<DTYPE_X, SplitKey::kAligned>(x, y, td);
    } else if (TILING_KEY_IS(1)) {
        ascendops::split::RunSplit<DTYPE_X, SplitKey::kPad>(x, y, td);
    } else if (TILING_KEY_IS(2)) {
        ascendops::split::RunSplit<DTYPE_X, SplitKey::kAlignedWindow>(x, y, td);
    } else if (TILING_KEY_IS(3)) {
        ascendops::split::RunSplit<DTYPE_X, SplitKey::kNarrow>(x, y, td);
    }
}
