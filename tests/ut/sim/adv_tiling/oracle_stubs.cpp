// The library parts asc-devkit's open tiling sources call, for building them as the oracle of
// test_adv_tiling.py: the logger (off) and a platform of architecture dav-2201 (ascend910b), the architecture
// whose formulas the twin's tilings follow.
#include "impl/adv_api/detail/host_log.h"
#include "utils/tiling/platform/platform_ascendc.h"

namespace {
int32_t NoLog(int32_t, int32_t) { return 0; }
void NoRecord(int32_t, int32_t, const char*, ...) {}
}  // namespace

namespace AscendC {
namespace UnifiedLog {
LoggingSingleton* LoggingSingleton::instance_ = nullptr;
std::mutex LoggingSingleton::mutex_;
LoggingSingleton::LoggingSingleton() : dLogHandle(nullptr), logHandle(nullptr) {
    CheckLogLevel = NoLog;
    DlogRecord = NoRecord;
}
LoggingSingleton::~LoggingSingleton() = default;
LoggingSingleton* LoggingSingleton::getInstance() {
    static LoggingSingleton one;
    return &one;
}
}  // namespace UnifiedLog
UnifiedLog::LoggingSingleton* logInstance = UnifiedLog::LoggingSingleton::getInstance();
}  // namespace AscendC

namespace platform_ascendc {
PlatformAscendC* PlatformAscendCManager::platformInfo = nullptr;
std::mutex PlatformAscendCManager::platformInitMtx;
PlatformAscendC* PlatformAscendCManager::PlatformAscendCManagerInit(const char*) {
    static PlatformAscendC one(nullptr);
    platformInfo = &one;
    return platformInfo;
}
NpuArch PlatformAscendC::GetCurNpuArch() const { return NpuArch::DAV_2201; }
}  // namespace platform_ascendc
