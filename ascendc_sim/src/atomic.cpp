#include "sim/atomic.h"

#include "sim/data_copy.h"

namespace ascendc_sim {

std::mutex& AtomicMutex() {
    static std::mutex mu;
    return mu;
}

void CheckAtomicType(const char* api, ascendc_sim::DataType t) {
    Poll(Core());
    using ascendc_sim::DataType;
    // Docs (SetAtomicAdd): 310P int16/half/float; A2/A3 additionally int8, int32 and bf16.
    // A2/A3 set agrees with 8.1.RC1 impl/dav_c220/kernel_operator_set_atomic_impl.h (SetAtomicAddImpl SupportType).
    bool ok = t == DataType::kInt16 || t == DataType::kFloat16 || t == DataType::kFloat;
    if (Soc(Core()).version != ascendc_sim::SocVersion::kAscend310P) {
        ok = ok || t == DataType::kInt8 || t == DataType::kInt32 || t == DataType::kBf16;
    }
    if (!ok) Fail(api, Str("atomic add of ", ascendc_sim::DataTypeName(t), " is not supported on ", Soc(Core()).name));
}

void CheckAtomicMaxMinType(const char* api, ascendc_sim::DataType t) {
    Poll(Core());
    using ascendc_sim::DataType;
    // asc-devkit impl/basic_api/dav_c220/kernel_operator_set_atomic_impl.h agrees (SetAtomicMax/MinImpl SupportType).
    if (Soc(Core()).version == ascendc_sim::SocVersion::kAscend310P)
        Fail(api, Str("not available on ", Soc(Core()).name));
    const bool ok = t == DataType::kInt8 || t == DataType::kInt16 || t == DataType::kFloat16 || t == DataType::kBf16 ||
                    t == DataType::kInt32 || t == DataType::kFloat;
    if (!ok)
        Fail(api, Str("atomic max/min of ", ascendc_sim::DataTypeName(t), " is not supported on ", Soc(Core()).name));
}

void RequireDataCopyPad(const char* api) {
    CoreContext& c = Core();
    Poll(c);
    if (!Soc(c).hasDataCopyPad) Fail(api, Str("not available on ", Soc(c).name));
}

}  // namespace ascendc_sim
