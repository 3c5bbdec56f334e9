#include "sim/kernel_utils.h"

namespace ascendc_sim {

void AssertFailed(const char* expr, const char* file, int line) {
    Fail("ascendc_assert", Str("assertion '", expr, "' failed at ", file, ":", line));
}

}  // namespace ascendc_sim
