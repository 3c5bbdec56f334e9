#include "sim/context.h"

namespace ascendc_sim {

thread_local CoreContext* tlsCore = nullptr;

CoreContext& Core() {
    if (tlsCore == nullptr) throw std::logic_error("Ascend C kernel API called outside a CPU-twin launch");
    return *tlsCore;
}

std::string AtCallLine() {
    const SourceLine l = tlsCallLine;
    return l ? Str(" (at ", l.file, ":", l.line, ")") : std::string();
}

void Fail(const char* api, const std::string& what) { FailWithLines(api, what + AtCallLine()); }

void FailWithLines(const char* api, const std::string& what) {
    CoreContext& c = Core();
    LaunchShared& l = *c.launch;
    {
        std::lock_guard<std::mutex> lock(l.errorMu);
        if (l.firstError.empty()) {
            const char* role = !l.cube ? "" : c.isAic ? " AIC" : " AIV";  // MIX launch: which core of the group
            l.firstError = Str("kernel '", l.cfg.kernel, "'", role, " core ", c.blockIdx, "/", l.cfg.blockDim, " (",
                               l.cfg.platform.soc->name, "): ", api, ": ", what);
        }
    }
    l.stop.store(true);
    l.barrierCv.notify_all();
    throw CoreStopped{};
}

}  // namespace ascendc_sim
