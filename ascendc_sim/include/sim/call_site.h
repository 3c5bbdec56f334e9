// The kernel line that called the twin: every API entry point ends with a defaulted `CallSite site = {}`, evaluated
// at the call, so __builtin_FILE / __builtin_LINE (std::source_location's C++17 stand-in, g++ and clang) name the
// kernel's file and line. Calls the twin's own headers make (one API built on another) keep the kernel's line.
#pragma once
#include <cstdint>

namespace ascendc_sim {

struct SourceLine {
    const char* file = nullptr;
    int line = 0;
    explicit operator bool() const { return file != nullptr; }
};

// True for a file of the twin's headers (their root is that of this header's path as the kernel's build spells it).
bool IsTwinHeader(const char* file, const char* thisHeader);

// The last kernel line that called an API on this thread (a core is a thread).
inline thread_local SourceLine tlsCallLine;

inline void RecordCallSite(const char* file, int line) {
    thread_local const char* lastFile = nullptr;
    thread_local bool lastTwin = false;
    if (file != lastFile) {
        lastFile = file;
        lastTwin = IsTwinHeader(file, __FILE__);
    }
    if (!lastTwin) tlsCallLine = {file, line};
}

class CallSite {
    struct Tag {};  // no argument a kernel passes converts to a CallSite: only the default `= {}` builds one

public:
    CallSite(Tag = {}, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {  // NOLINT: implicit
        RecordCallSite(file, line);
    }
};

}  // namespace ascendc_sim
