// STAND-IN (scripts/cann_check): the bounds-checked C functions of CANN's securec library, whose header no public
// repository of the open header set ships (an installed toolkit has <toolkit>/include/securec.h). Only what the
// metadef / opbase headers call, as the C11 Annex K forms they follow.
#pragma once
#include <stddef.h>
typedef int errno_t;
#ifndef EOK
#define EOK 0
#endif
#ifdef __cplusplus
extern "C" {
#endif
errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count);
errno_t memset_s(void* dest, size_t destMax, int c, size_t count);
errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count);
errno_t strcpy_s(char* dest, size_t destMax, const char* src);
errno_t strncpy_s(char* dest, size_t destMax, const char* src, size_t count);
int sprintf_s(char* dest, size_t destMax, const char* format, ...);
int snprintf_s(char* dest, size_t destMax, size_t count, const char* format, ...);
#ifdef __cplusplus
}
#endif
