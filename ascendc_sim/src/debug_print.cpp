#include "sim/debug_print.h"

namespace ascendc_sim {

std::mutex& PrintMutex() {
    static std::mutex mu;
    return mu;
}

void PrintText(const std::string& text) {
    std::lock_guard<std::mutex> lock(PrintMutex());
    if (tlsCore != nullptr) std::fprintf(stdout, "[core %u] ", tlsCore->blockIdx);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

}  // namespace ascendc_sim
