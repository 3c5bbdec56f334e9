#include "sim/fault_guard.h"

#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "sim/context.h"

namespace ascendc_sim {
namespace {

constexpr int kGuardedSignals[] = {SIGSEGV, SIGBUS, SIGFPE};
constexpr std::size_t kSignalCount = sizeof(kGuardedSignals) / sizeof(kGuardedSignals[0]);
// Signal stack of each thread that runs cores: a handler for a stack overflow needs a stack of its own.
constexpr std::size_t kFaultStackBytes = 64 * 1024;

struct sigaction gPrevious[kSignalCount];
thread_local sigjmp_buf* tlsFaultJump = nullptr;
thread_local KernelFault tlsFault;

void OnFault(int sig, siginfo_t* info, void*) {
    if (tlsFaultJump != nullptr) {
        tlsFault = {sig, info->si_code, reinterpret_cast<uintptr_t>(info->si_addr)};
        siglongjmp(*tlsFaultJump, 1);
    }
    // Not a kernel's fault: give the signal back to whoever handled it before, and let the instruction fault again.
    for (std::size_t i = 0; i < kSignalCount; ++i) {
        if (kGuardedSignals[i] == sig) sigaction(sig, &gPrevious[i], nullptr);
    }
}

void InstallFaultHandlers() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction action = {};
        action.sa_sigaction = OnFault;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        for (std::size_t i = 0; i < kSignalCount; ++i) sigaction(kGuardedSignals[i], &action, &gPrevious[i]);
    });
}

// Local-memory byte addresses are below this: UB, L1 and the L0 buffers are at most a few MiB (the SoC table).
constexpr uintptr_t kLocalAddressLimit = uintptr_t{4} << 20;

std::string FaultAddressText(uintptr_t value) {
    char text[24];
    std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

void EnsureFaultStack() {
    thread_local bool done = false;
    if (done) return;
    done = true;
    stack_t current = {};
    if (sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return;  // the thread has one
    stack_t stack = {};
    stack.ss_sp = std::malloc(kFaultStackBytes);  // kept for the thread's life
    if (stack.ss_sp == nullptr) return;
    stack.ss_size = kFaultStackBytes;
    sigaltstack(&stack, nullptr);
}

}  // namespace

bool RunCatchingFaults(KernelThunk thunk, void* fn, uint8_t* const* args, KernelFault& fault) {
    InstallFaultHandlers();
    EnsureFaultStack();
    sigjmp_buf jump;
    tlsFault = {};
    if (sigsetjmp(jump, /*savesigs=*/1) != 0) {
        tlsFaultJump = nullptr;
        fault = tlsFault;
        return false;
    }
    tlsFaultJump = &jump;
    try {
        thunk(fn, args);
    } catch (...) {
        tlsFaultJump = nullptr;
        throw;
    }
    tlsFaultJump = nullptr;
    return true;
}

std::string DescribeFault(const KernelFault& fault) {
    if (fault.signal == SIGFPE) {
        const bool integer = fault.code == FPE_INTDIV || fault.code == FPE_INTOVF;
        return integer ? "the kernel's scalar code divided an integer by zero (or overflowed a signed division): "
                         "undefined behaviour in C++, the kernel's language, and a trap on the host"
                       : "the kernel's scalar code raised an arithmetic trap (SIGFPE)";
    }
    const std::string at = FaultAddressText(fault.address);
    if (fault.address < kLocalAddressLimit) {
        return Str("the kernel's scalar code accessed address ", at,
                   " through a raw pointer: an address where the NPU's local memories are, or a null pointer (a "
                   "`__ubuf__` / `__cbuf__` pointer made from LocalTensor::GetPhyAddr holds the NPU's byte address, "
                   "which the twin does not map for scalar access: read and write UB scalars with "
                   "LocalTensor::GetValue / SetValue)");
    }
    return Str("the kernel's scalar code accessed address ", at,
               " through a raw pointer outside any memory the launch gave it (",
               fault.signal == SIGBUS ? "SIGBUS" : "SIGSEGV",
               "; a stack overflow or an access past a GM buffer's mapping)");
}

}  // namespace ascendc_sim
