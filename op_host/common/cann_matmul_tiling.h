// With the CANN toolkit only: an operator's TilingFunc fills its TCubeTiling through CANN's matmul_tiling API.
#pragma once
#ifdef ASCENDOPS_WITH_CANN
#include <cstdint>

#include "kernel_tiling/kernel_tiling.h"  // ::TCubeTiling (8.1.RC1 and asc-devkit)
#include "op_host/common/platform.h"
#include "tiling/tiling_api.h"

namespace fe {
class PlatFormInfos;
}

namespace ascendops {

// -1 on failure, as matmul_tiling's GetTiling. `out` is the kernel-side struct that tiling data written as a standard
// C++ struct embeds; GetTiling has an overload for it (asc-devkit docs, Matmul Tiling API GetTiling.md).
int64_t CannMatmulTiling(fe::PlatFormInfos* platformInfo, const MatmulTilingCall& call, ::TCubeTiling& out);

}  // namespace ascendops
#endif  // ASCENDOPS_WITH_CANN
