// The one seam between the bindings and the device they run on. Every bind_<op>.cpp and tensor_bridge.cpp are
// compiled twice: with backend_twin.cpp into ascendops._C (the CPU twin: device memory is host memory, a launch runs
// the kernel on the simulated cores before it returns) and with backend_npu.cpp into ascendops._C_npu (CANN's ACL
// runtime on an Ascend device). What only one backend has is defined here, never guarded in a binding.
#pragma once
#include <pybind11/pybind11.h>

#include <cstdint>

#include "acl/acl.h"

namespace ascendops::bridge {

// The stream every aclnn call of the module runs on: the twin's default (nullptr), or the opened device's stream.
aclrtStream Stream();

// Device memory holding a copy of `bytes` host bytes (an upload); raises as aclrtMalloc / aclrtMemcpy do. The twin
// writes it once (aclrtSimMallocCopy), the NPU allocates, then copies.
void* UploadCopy(const void* host, uint64_t bytes);
// Hands the device memory at `devPtr` (a dense output of a finished call) to the host without a copy: returns the
// block for FreeHostBlock, the data staying at `devPtr`, or nullptr where the backend cannot (the NPU: the caller
// copies). The twin's allocation ends (sim/device_handoff.h): later launches neither check nor count it.
void* HandToHost(void* devPtr);
void FreeHostBlock(void* block);

// The backend's own functions. The twin: the simulated device (SoC and core count), the last launch report, span
// traces and the cost model's parameters. The NPU: the device count, opening one device and the benchmark's device
// timings (npu_bench.cpp).
void BindBackend(pybind11::module_& m);

}  // namespace ascendops::bridge
