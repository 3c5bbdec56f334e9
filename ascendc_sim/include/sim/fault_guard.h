// A kernel's own scalar code can fault where CANN's device would not: a `__ubuf__` / `__cbuf__` pointer holds the
// local-memory byte address LocalTensor::GetPhyAddr gives (the NPU's address, not host memory), and an integer
// division by zero traps on the host CPU. The launch runs each core's kernel body under this guard, so such a fault
// ends the launch with a message naming it instead of ending the process.
#pragma once
#include <cstdint>
#include <string>

#include "sim/launch.h"

namespace ascendc_sim {

struct KernelFault {
    int signal = 0;
    int code = 0;
    uintptr_t address = 0;
};

// Runs thunk(fn, args) on this thread. Returns true when it returned; false when it faulted (SIGSEGV, SIGBUS,
// SIGFPE), with the fault in `fault` and the kernel's stack left as it was (its destructors do not run). The thread
// gets a signal stack first (once), so a kernel that overflows its own stack is caught too.
bool RunCatchingFaults(KernelThunk thunk, void* fn, uint8_t* const* args, KernelFault& fault);

// The launch's message for a fault.
std::string DescribeFault(const KernelFault& fault);

}  // namespace ascendc_sim
