// Definedness of device memory (sim/definedness.h), one shadow per allocation. The host defines bytes through the
// runtime (aclrtMemcpy, aclrtMemset; memory from GmAlloc, which a CPU-debug test fills by plain stores, starts
// defined), kernels through their GM writes. A kernel writing undefined bytes to GM other than its workspace, or
// reading undefined GM into a scalar, is an error; undefined workspace bytes flow on like UB bytes.
#pragma once
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "sim/definedness.h"

namespace ascendc_sim {

struct LaunchShared;

struct GmShadow {
    std::mutex mu;
    UndefMap undef;                  // offsets inside the allocation
    std::atomic<bool> clean{false};  // undef is empty: readers skip the lock
};

// Host side: bytes the host wrote through the runtime; a device-to-device copy carries the source's definedness.
void HostDefined(const void* p, uint64_t bytes);
void HostCopied(void* dst, const void* src, uint64_t bytes);

// The workspace of a launch (LaunchConfig::workspace, or what the kernel passes to GetUserWorkspace): it may hold
// undefined bytes; every other allocation is input or output.
void RegisterWorkspace(LaunchShared& l, const void* p);

// GM -> UB / L1 copy: the destination bytes take the GM rows' definedness, byte for byte.
void CopyFromGm(CoreContext& c, const char* api, const Footprint& gm, DefSpace space, const Footprint& dst);
// UB / L0C -> GM copy (atomic: an add into GM).
void CopyToGm(CoreContext& c, const char* api, DefSpace space, const Footprint& src, const Footprint& gm, bool atomic);
// A store the twin does not follow element by element (Fixpipe's NZ -> ND conversion of L0C): `found` names the
// first undefined source bytes (`space` names them, `base` the address their offsets count from); an error for an
// output, while the workspace takes the destination rows `gm` as undefined.
void StoreUndefinedToGm(CoreContext& c, const char* api, const char* space, uint64_t base, const UndefFound& found,
                        const Footprint& gm);
// Scalar accesses of GM.
void RequireDefinedGm(CoreContext& c, const char* api, const void* p, uint64_t bytes);
void DefineGm(CoreContext& c, const void* p, uint64_t bytes);

// An aclnn output's valid bytes after the launch: "" when every one was written, else which were not.
std::string UnwrittenOutput(const void* p, uint64_t bytes);

}  // namespace ascendc_sim
