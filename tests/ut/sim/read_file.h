// The test programs' input files: exactly `bytes` bytes of `path` into `dst`.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>

inline bool ReadInto(const char* path, uint8_t* dst, size_t bytes) {
    FILE* f = std::fopen(path, "rb");
    if (f == nullptr) return false;
    const size_t got = std::fread(dst, 1, bytes, f);
    std::fclose(f);
    return got == bytes;
}
