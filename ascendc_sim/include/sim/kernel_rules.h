// Rules the runtime and toolchain impose on a whole kernel: declared kernel type per SoC, cross-core barriers
// against the kernel type and the physical core count, the UB scratch some APIs use, the TPipe buffer cap.
#pragma once
#include <cstdint>

#include "sim/context.h"

namespace ascendc_sim {

// At most 64 buffers per TPipe (impl/basic_api/kernel_tpipe_impl.h QBUF_MAX_LEN; TPipe::InitBuffer doc).
inline constexpr uint32_t kMaxPipeBuffers = 64;

// KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE: records the type after checking the SoC documents it.
void DeclareKernelType(const char* api, int type);
// At a core's end: the declared kernel type is MIX_VECTOR_CORE exactly when the launch has Vector Cores.
void CheckKernelTypeAtEnd(CoreContext& c);
// Hardware or soft SyncAll: none under MIX_VECTOR_CORE; needs every block resident (blockDim <= physical cores),
// hardware also a MIX type.
void RequireCrossCoreSync(const char* api, bool hardware);
// APIs documented to use the TMP_UB_OFFSET scratch above TOTAL_VEC_LOCAL_SIZE overwrite its first bytes.
void ClobberUbScratch(CoreContext& c, uint64_t bytes);

}  // namespace ascendc_sim
