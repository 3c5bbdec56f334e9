// Stand-in for what ccec (bisheng) provides before any header on the device path, so that clang -fsyntax-only can
// read CANN's non-CPU branches: the function qualifiers (emptied), the address spaces (below), the
// builtin `half` and, exactly where ccec's __clang_cce_types.h declares it, `bfloat16_t`. The intrinsic prototypes
// come from the toolkit's own stub_fun.h, generated at check time (intrinsics.h in the scratch folder).
#pragma once
#include <cstddef>
#include <cstdint>

#define __global__
#define __aicore__
// ccec's address spaces (__clang_cce_defines.h: cce_global, cce_unif_buff, ...) as clang address spaces, one number
// each, so that overloads on the address space (asc-devkit's asc_dump) are distinct and one buffer's pointer is
// not taken for another's, as under ccec. __gm__ stays the generic space: CANN passes string literals and unqualified
// pointers where `__gm__` ones are declared (const_cast<__gm__ char*>("..."), ld_dev in stub_fun.h), which clang
// accepts only so.
#define __gm__
#define __ubuf__ __attribute__((address_space(2)))
#define __cbuf__ __attribute__((address_space(3)))
#define __ca__ __attribute__((address_space(4)))
#define __cb__ __attribute__((address_space(5)))
#define __cc__ __attribute__((address_space(6)))
#define __fbuf__ __attribute__((address_space(7)))
#define __ssbuf__ __attribute__((address_space(8)))  // asc-devkit's newer ones (bisheng keywords)
#define __biasbuf__ __attribute__((address_space(9)))
// bisheng's function kinds and sync annotations.
#define __simd_callee__
#define __simd_vf__
#define __callee__
#define __no_simd_vf_fusion__
#define __host_aicore__
#define __disable_kernel_type_autoinfer__
#define __BLOCK_LOCAL__
#define __WORKGROUP_LOCAL__
#define __VEC_SCOPE__
#define __sync_alias__
#define __sync_noalias__
#define __check_sync_alias__
#define __sync_in__
#define __sync_out__
#define __inout_pipe__(...)
#define __in_pipe__(...)
#define __out_pipe__(...)

typedef _Float16 half;
// __clang_cce_types.h: bfloat16_t on dav-c220 vector / cube (and m300, l300, c310, ...), not on dav-m200.
#if defined(__DAV_C220_VEC__) || defined(__DAV_C220_CUBE__) || defined(__DAV_M300__) || defined(__DAV_C310__)
typedef __bf16 bfloat16_t;
#define ASCENDOPS_CHECK_HAS_BF16 1
#endif

// A by-value half parameter of an intrinsic declaration (intrinsics.h): any arithmetic value, through a user-defined
// conversion, as the CPU stubs' class half takes it.
struct ascendops_check_half_arg {
    template <class T>
    ascendops_check_half_arg(T) {}
};

// Compiler-provided on the device path (kernel_prof_trace.h calls them).
namespace bisheng::cce {
void metrics_prof_start();
void metrics_prof_stop();
}  // namespace bisheng::cce

#include "intrinsics.h"

// ccec's __clang_cce_aicore_builtin_vars.h: the builtin block variables read the block registers.
#define block_idx get_block_idx()
#define block_num get_block_num()

#if defined(__NPU_ARCH__)
// asc-devkit (8.3+) only, which selects the arch by __NPU_ARCH__: bisheng's device math builtins (::sqrt, ...)
// and the debug helpers' namespace its basic API calls unqualified on the device path.
#include <cmath>
namespace __asc_aicore {}
using namespace __asc_aicore;
#endif
