// Host code's bounded copies from CANN's secure C library (include/securec.h), which CANN's tiling headers bring
// (8.1.RC1 include/register/tilingdata_base.h includes it): memcpy_s and memset_s with its error codes.
#pragma once
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>

#ifndef errno_t
typedef int errno_t;  // NOLINT: securec.h's type
#endif
// The error codes of securec.h: the *_AND_RESET ones after zeroing the destination.
#ifndef EOK
#define EOK 0
#endif
#ifndef EINVAL_AND_RESET
#define EINVAL_AND_RESET 150
#endif
#ifndef ERANGE_AND_RESET
#define ERANGE_AND_RESET 162
#endif
#ifndef EOVERLAP_AND_RESET
#define EOVERLAP_AND_RESET 182
#endif
#ifndef SECUREC_MEM_MAX_LEN
#define SECUREC_MEM_MAX_LEN 0x7fffffffUL  // securectype.h
#endif

// securec.h: copies count bytes of src into dest of destMax bytes. A destination that cannot take them (destMax 0
// or past SECUREC_MEM_MAX_LEN, dest null) is left alone; a null src, count past destMax or overlapping buffers zero it.
inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
    if (dest == nullptr) return EINVAL;
    if (src == nullptr || count > destMax) {
        std::memset(dest, 0, destMax);
        return src == nullptr ? EINVAL_AND_RESET : ERANGE_AND_RESET;
    }
    const auto d = reinterpret_cast<uintptr_t>(dest), s = reinterpret_cast<uintptr_t>(src);
    if (count > 0 && d != s && (d < s ? s - d < count : d - s < count)) {
        std::memset(dest, 0, destMax);
        return EOVERLAP_AND_RESET;
    }
    if (count > 0 && d != s) std::memcpy(dest, src, count);
    return EOK;
}

// securec.h: sets count bytes of dest (destMax bytes) to c; count past destMax sets all destMax and fails.
inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
    if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
    if (dest == nullptr) return EINVAL;
    if (count > destMax) {
        std::memset(dest, c, destMax);
        return ERANGE_AND_RESET;
    }
    std::memset(dest, c, count);
    return EOK;
}
