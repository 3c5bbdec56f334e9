// Gather: dst[i] = src[(srcBaseAddr + srcOffset[i]) / sizeof(T)], offsets in bytes (count form).
#pragma once
#include <algorithm>
#include <cstdint>

#include "sim/vector_core.h"

namespace AscendC {

template <typename T>
__aicore__ inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                              const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr, const uint32_t count,
                              ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "Gather";
    CoreContext& c = Core();
    Poll(c);
    bool ok = kOneOf<T, int16_t, uint16_t, half, int32_t, uint32_t, float> ||
              (std::is_same_v<T, ascendc_sim::Bf16> && Soc(c).version != ascendc_sim::SocVersion::kAscend310P);
    RequireType<T>(api, ok);
    T* d = dst.Operand(api, "dst", count);
    const T* s = src.Operand(api, "src", 0);
    const uint32_t* off = srcOffset.Operand(api, "srcOffset", count);
    uint64_t srcBytes = uint64_t{src.GetSize()} * sizeof(T);
    uint64_t lowest = srcBytes, highest = 0;  // the bytes of src the offsets read
    for (uint32_t i = 0; i < count; ++i) {
        uint64_t byte = uint64_t{srcBaseAddr} + off[i];
        if (byte % sizeof(T) != 0 || byte + sizeof(T) > srcBytes) {
            Fail(api,
                 Str("element ", i, ": byte offset ", byte, " is unaligned or beyond src of ", srcBytes, " bytes"));
        }
        lowest = std::min(lowest, byte);
        highest = std::max(highest, byte + sizeof(T));
    }
    // Gather.md: dst must not overlap the src elements it gathers.
    const auto* readBegin = reinterpret_cast<const uint8_t*>(s) + lowest;
    const auto* readEnd = reinterpret_cast<const uint8_t*>(s) + highest;
    const auto* dBegin = reinterpret_cast<const uint8_t*>(d);
    if (count > 0 && dBegin < readEnd && readBegin < dBegin + uint64_t{count} * sizeof(T)) {
        Fail(api, "dst overlaps the src elements it gathers (Gather does not support aliasing)");
    }
    for (uint32_t i = 0; i < count; ++i) d[i] = s[(uint64_t{srcBaseAddr} + off[i]) / sizeof(T)];
    if (count > 0) {
        GatherFlow(c, api, dst.UbOffset(), srcOffset.UbOffset(), off, src.UbOffset() + srcBaseAddr, count, sizeof(T),
                   lowest - srcBaseAddr, highest - srcBaseAddr);
    }
    CountVector(c, VecClass::kSimple, count, sizeof(T));
}

}  // namespace AscendC
