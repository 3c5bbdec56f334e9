// Device qualifiers of Ascend C, empty on the CPU.
#pragma once
#include <cstdint>

#define __global__
#define __aicore__
// Kernel-type qualifiers of ccec (__clang_cce_defines.h): the twin takes the type from the launch.
#define __vector__
#define __cube__
#define __mix__(...)
#define __gm__
// Address spaces of local buffers (ccec): plain pointers on the CPU.
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __ssbuf__
#define __inout_pipe__(pipe)
#define __in_pipe__(pipe)
#define __out_pipe__(pipe)
#ifndef GM_ADDR
#define GM_ADDR uint8_t*
#endif
