// The kernel's debug output: AscendC::printf / PRINTF (one line per call, prefixed with the core as CANN's
// CPU-debug build does), DumpTensor, and the KERNEL_LOG macro kernels use in checks. Output never changes results.
#pragma once
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

#include "sim/context.h"
#include "sim/tensor.h"

namespace ascendc_sim {

// Writes one piece of kernel output under a process-wide lock, prefixed with the core ("[core 3] ").
void PrintText(const std::string& text);
std::mutex& PrintMutex();

// The 16-bit float types print as the float they hold, as CANN's printf converts them.
template <typename A>
auto PrintArg(const A& a) {
    if constexpr (kIsLowFloat<A>) {
        return static_cast<double>(static_cast<float>(a));
    } else {
        return a;
    }
}

}  // namespace ascendc_sim

namespace AscendC {

// A template, as CANN declares it, so it wins over ::printf under `using namespace AscendC`.
template <typename... Args>
__aicore__ inline void printf(const char* fmt, Args&&... args) {
    const int n = std::snprintf(nullptr, 0, fmt, ascendc_sim::PrintArg(args)...);
    if (n <= 0) return;
    std::string text(static_cast<size_t>(n), '\0');
    std::snprintf(text.data(), text.size() + 1, fmt, ascendc_sim::PrintArg(args)...);
    ascendc_sim::PrintText(text);
}

// The first `dumpSize` elements of a UB tensor, with the caller's description number.
template <typename T>
__aicore__ inline void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                                  ascendc_sim::CallSite = {}) {
    const uint32_t n = dumpSize < tensor.GetSize() ? dumpSize : tensor.GetSize();
    const T* p = tensor.Operand("DumpTensor", "tensor", n);
    std::lock_guard<std::mutex> lock(ascendc_sim::PrintMutex());
    std::fprintf(stdout, "DumpTensor: desc=%u, core=%u, size=%u:", desc, ascendc_sim::Core().blockIdx, n);
    for (uint32_t i = 0; i < n; ++i) std::fprintf(stdout, " %g", static_cast<double>(static_cast<float>(p[i])));
    std::fprintf(stdout, "\n");
}

}  // namespace AscendC

// PRINTF: printf's other name, a function as in CANN (asc_aicore_printf_impl.h), so `AscendC::PRINTF` compiles too.
template <typename... Args>
__aicore__ inline void PRINTF(const char* fmt, Args... args) {
    AscendC::printf(fmt, args...);
}
namespace AscendC {
using ::PRINTF;
}  // namespace AscendC
enum { KERNEL_DEBUG, KERNEL_INFO, KERNEL_WARN, KERNEL_ERROR };
#define KERNEL_LOG(level, fmt, ...) AscendC::printf("[%d] " fmt "\n", static_cast<int>(level), ##__VA_ARGS__)
