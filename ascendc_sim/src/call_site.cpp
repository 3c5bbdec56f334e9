#include "sim/call_site.h"

#include <cstring>

namespace ascendc_sim {

// thisHeader is ".../include/sim/call_site.h" as the kernel's build spells it; the twin's headers are the files
// under ".../include/".
bool IsTwinHeader(const char* file, const char* thisHeader) {
    static constexpr const char kTail[] = "sim/call_site.h";
    const std::size_t len = std::strlen(thisHeader), tail = sizeof(kTail) - 1;
    if (file == nullptr || len < tail || std::strcmp(thisHeader + len - tail, kTail) != 0) return false;
    return std::strncmp(file, thisHeader, len - tail) == 0;
}

}  // namespace ascendc_sim
