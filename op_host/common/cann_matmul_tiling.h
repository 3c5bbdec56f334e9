// With the CANN toolkit only: an operator's TilingFunc fills its TCubeTiling through CANN's matmul_tiling API.
#pragma once
#ifdef ASCENDOPS_WITH_CANN
#include <cstdint>

#include "op_host/common/matmul_tiling.h"
#include "tiling/tiling_api.h"

namespace fe {
class PlatFormInfos;
}

namespace ascendops {

// -1 on failure, as matmul_tiling's GetTiling.
int64_t CannMatmulTiling(const fe::PlatFormInfos* platformInfo, const MatmulTilingCall& call,
                         optiling::TCubeTiling& out);

}  // namespace ascendops
#endif  // ASCENDOPS_WITH_CANN
