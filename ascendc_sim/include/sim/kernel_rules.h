// Rules the runtime and toolchain impose on a whole kernel: declared kernel type per SoC, cross-core barriers
// against the kernel type and the physical core count, the UB scratch some APIs use, the TPipe buffer cap.
#pragma once
#include <cstdint>
#include <string>

#include "sim/context.h"

namespace ascendc_sim {

// At most 64 buffers per TPipe (impl/basic_api/kernel_tpipe_impl.h QBUF_MAX_LEN; TPipe::InitBuffer doc).
inline constexpr uint32_t kMaxPipeBuffers = 64;

// KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE: records the type after checking the SoC documents it.
void DeclareKernelType(const char* api, int type);
// A kernel compiled for one core architecture (__NPU_ARCH__ number, 0: none named) launched on a SoC of another.
void CheckBuiltArch(const char* api, uint32_t builtNpuArch);
// At a core's end: the declared kernel type is MIX_VECTOR_CORE exactly when the launch has Vector Cores.
void CheckKernelTypeAtEnd(CoreContext& c);
// Hardware or soft SyncAll: none under MIX_VECTOR_CORE; needs every block resident (blockDim <= physical cores),
// hardware also a MIX type.
void RequireCrossCoreSync(const char* api, bool hardware);
// A MIX kernel: declared MIX_* (KERNEL_TASK_TYPE) or launched as AIC:AIV groups.
bool IsMixKernel(const CoreContext& c);
// A MIX kernel's UB access of the bytes the framework keeps at the top of UB (SocKernelRules::mixReservedUbBytes).
void CheckUbFrame(CoreContext& c, const char* api, uint64_t b, uint64_t bytes);
// TPipe::InitBuffer bringing the TPipe to `total` bytes: beyond the UB CANN's CPU debug hands out (bufferInitLen) is
// an error; beyond the guide's usable size a note (an API's scratch or the MIX framework may share those bytes).
void CheckPipeCapacity(CoreContext& c, const char* api, uint64_t total, uint32_t num, uint32_t len, uint64_t rounded);
// A note of the launch (LaunchStats::notes): advice, not an error; each text once.
void AddNote(CoreContext& c, const std::string& note);

}  // namespace ascendc_sim
