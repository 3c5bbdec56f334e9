// Device qualifiers of Ascend C, empty on the CPU.
#pragma once
#include <cstdint>

#define __global__
#define __aicore__
#define __gm__
#define __inout_pipe__(pipe)
#define __in_pipe__(pipe)
#define __out_pipe__(pipe)
#ifndef GM_ADDR
#define GM_ADDR uint8_t*
#endif
