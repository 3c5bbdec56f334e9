// The UB side of the register API's loads and stores: bounds against the core's UB, the vector pipe's order with
// the other pipes (sim/pipe_sync.h), the order of loads and stores inside one VF (LocalMemBar), and the definedness
// of the bytes moved. Registers keep the definedness of each byte; UB keeps it as byte ranges (sim/undef_map.h).
#pragma once
#include <cstdint>

#include "sim/context.h"
#include "sim/launch.h"

namespace ascendc_sim::reg {

// `bytes` UB bytes at byte offset `at` into `out`; undef[i] is set where byte i holds no defined value (`origin`
// then says why). `reg` is the register loaded (a load into the register a store in this VF used is ordered).
// `ordered`: the leading bytes the access order covers (an unaligned stream reads past what it consumes).
void UbRead(const char* api, uint64_t at, uint32_t bytes, uint8_t* out, bool* undef, UndefOrigin* origin,
            const void* reg, uint32_t ordered = UINT32_MAX);
// `bytes` from `data` to UB at `at`; undef[i] marks bytes written without a defined value.
void UbWrite(const char* api, uint64_t at, uint32_t bytes, const uint8_t* data, const bool* undef,
             const UndefOrigin& origin, const void* reg);
// A UB address must be `align`-byte aligned for `api` (`doc` names the rule).
void RequireUbAlign(const char* api, uint64_t at, uint32_t align, const char* doc);
// One register instruction of `k` on the vector pipe (one 256-byte repeat of the cost model).
void ChargeRegInstr(VecClass k);

// The VF the calling core runs: asc_vf_call / __VEC_SCOPE__ enter and leave it.
void EnterVf();
void LeaveVf();
// LocalMemBar<src, dst>: the `dst` accesses that follow wait for the `src` accesses before (0 store, 1 load,
// 4 all; MemType values).
void MemBar(int src, int dst);

}  // namespace ascendc_sim::reg
