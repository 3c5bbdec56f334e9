// In-core pipes as separate in-order streams: each pipe counts its instructions and keeps a vector clock of what it
// knows of every pipe's progress; every UB access (and every GM access of a copy or of the scalar unit) is checked
// against the last writer / readers of its byte range. An access is ordered iff the documented auto-sync covers
// the pair, or an event (SetFlag/WaitFlag, TQue EnQue/DeQue, AllocTensor/FreeTensor, PipeBarrier) carried the
// other pipe's progress to this one. Source: asc-devkit docs/zh/api/SIMD-API/基础API/同步控制/核内同步/关键特性说明.md.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/call_site.h"

namespace ascendc_sim {

struct CoreContext;
struct Footprint;

// The modelled pipes; adding one is one entry here and one row in kPipeTable. MTE1 (L1 -> L0A/L0B), M (Mmad) and FIX
// (L0C out) are the cube's.
enum class Pipe : uint8_t { kS, kV, kMte2, kMte3, kMte1, kM, kFix, kCount };
inline constexpr int kPipeCount = static_cast<int>(Pipe::kCount);

using PipeClock = std::array<uint64_t, kPipeCount>;

// The cube's local buffers; each is its own address space in the cube record (offset + buffer << kCubeBufferShift).
// kBt: the bias table (C2); kFb: the fixpipe buffer FB0 (C2PIPE2GM), which holds Fixpipe's quantisation words
enum class CubeBuffer : uint8_t { kL1, kL0A, kL0B, kL0C, kBt, kFb, kCount };
inline constexpr const char* kCubeBufferNames[] = {"L1", "L0A", "L0B", "L0C", "BT", "FB"};
static_assert(sizeof(kCubeBufferNames) / sizeof(kCubeBufferNames[0]) == static_cast<std::size_t>(CubeBuffer::kCount));
inline constexpr int kCubeBufferShift = 40;

// What the checks remember (pipe_sync.cpp's own, so its layout changes without rebuilding kernels): the last writer
// and the readers since of each byte range of UB, GM and the cube buffers, the TQue slots' tokens and PIPE_S's
// pending UB accesses.
struct PipeRecords;
struct PipeRecordsDeleter {
    void operator()(PipeRecords* r) const;
};

// What a sync edge carries: the source pipe's progress (order) and the cycle its work so far ends (timing).
struct SyncToken {
    PipeClock clock{};
    double time = 0;
};

struct EventFlag {
    bool set = false;
    SyncToken token{};
    SourceLine setLine;  // the SetFlag's kernel line
};

// A UB operand of the current vector instruction (for the bank-conflict cost).
struct UbOperand {
    uint64_t offset = 0;
    bool write = false;
};

struct PipeSync {
    bool ready = false;
    bool autoSync = true;  // compiler auto-sync (--cce-auto-sync, on by default); ASCENDC_SIM_AUTO_SYNC=off clears it
    std::array<uint64_t, kPipeCount> seq{};
    std::array<PipeClock, kPipeCount> known{};  // known[c][p]: pipe c is ordered after p's instructions <= this
    int8_t scopePipe = -1;                      // set by PipeScope; -1: vector pipe
    int8_t curPipe = -1;
    const char* curApi = nullptr;
    std::array<const char*, 6> curRoles{};
    std::unique_ptr<PipeRecords, PipeRecordsDeleter> records;  // created by the core's first access or event
    std::array<double, kPipeCount> busyUntil{};                // timeline: cycle at which each pipe's issued work ends
    std::array<double, kPipeCount> busyCycles{};  // cycles each pipe spent working (msprof's per-pipe time)
    std::array<double, kPipeCount> doneUntil{};   // cycle at which each pipe's copies' data have all arrived
    std::array<UbOperand, 6> operands{};          // UB operands of the current instruction
    uint8_t operandCount = 0;
    std::vector<EventFlag> flags;       // [HardEvent][event id]
    std::vector<uint8_t> allocatedIds;  // [HardEvent] bit mask of AllocEventID
};

// Sets the pipe of the accesses made inside one API (the copies); restores the vector pipe on exit.
class PipeScope {
public:
    PipeScope(CoreContext& c, Pipe p);
    ~PipeScope();
    PipeScope(const PipeScope&) = delete;
    PipeScope& operator=(const PipeScope&) = delete;

private:
    CoreContext& c_;
    int8_t saved_;
};

// UB operand of the current instruction (role "dst..." writes, others read): `bytes` from `p`, or exactly the bytes
// of the `parts` footprints `touched` (UB offsets; a strided repeat form or copy, a mask plan's tail), so interleaved
// operands that share no byte are no hazard.
void NoteUbOperand(CoreContext& c, const char* api, const char* role, const void* p, uint64_t bytes);
void NoteUbOperand(CoreContext& c, const char* api, const char* role, const Footprint* touched, std::size_t parts);
// A scalar (PIPE_S) access of UB bytes.
void NoteUbScalar(CoreContext& c, const char* api, const void* p, uint64_t bytes, bool write);
// A GM access by the current instruction's pipe (copies) or by PIPE_S (GetValue/SetValue).
void NoteGm(CoreContext& c, const char* api, Pipe pipe, const void* p, uint64_t bytes, bool write);
// A cube-buffer access by `pipe` (the basic cube APIs and the Matmul API's own cube side).
void NoteCubeAccess(CoreContext& c, const char* api, Pipe pipe, CubeBuffer buf, uint64_t offset, uint64_t bytes,
                    bool write);
// Bypasses tracking inside an API whose internal synchronisation is its own (soft SyncAll's workspace).
void NoteFullBarrier(CoreContext& c);

// Sync sources. `pipeId` and `kind` are the raw pipe_t / HardEvent values.
void NotePipeBarrier(CoreContext& c, int pipeId);
void NoteSetFlag(CoreContext& c, const char* api, int kind, int32_t eventId);
void NoteWaitFlag(CoreContext& c, const char* api, int kind, int32_t eventId);
int32_t FetchEventId(CoreContext& c, int kind, bool allocate);
void ReleaseEventId(CoreContext& c, int kind, int32_t eventId);
// L0C's unit flags (Mmad / Fixpipe unitFlag; SetFixPipeConfig.md: a flag per 512-byte L0C block says whether it may
// be read or written): `to` waits for what `from` issued before, as a SetFlag / WaitFlag pair would. The twin keeps
// the order per pipe, not per block.
void NoteUnitFlagOrder(CoreContext& c, Pipe from, Pipe to);
// TQueBind<src, dst>: EnQue/AllocTensor on the producer pipe, DeQue/FreeTensor on the consumer pipe (raw TPosition).
void NoteEnQue(CoreContext& c, const void* slot, int src, int dst);
void NoteDeQue(CoreContext& c, const void* slot, int src, int dst);
void NoteFreeTensor(CoreContext& c, const void* slot, int src, int dst);
void NoteAllocTensor(CoreContext& c, const void* slot, int src, int dst);
// Timeline: the instruction just noted occupies `pipe` for `cycles`, starting when the pipe is free, its sync edges
// have arrived and the scalar unit has issued it (pipes other than S start no earlier than S's time).
void ChargePipe(CoreContext& c, Pipe pipe, double cycles);
// A copy: holds `pipe` for `cycles`, its data arrive `latency` later (what a sync edge from the pipe waits for; the
// next copy on the pipe does not). Returns the cycle the copy starts.
double ChargeCopyPipe(CoreContext& c, Pipe pipe, double cycles, double latency);
// A cross-core barrier `api`: every pipe of this core waits for all of them, then `cycles` more.
void ChargeAllPipes(CoreContext& c, double cycles, const char* api);
// The UB operands of the instruction being noted (valid until the next instruction begins).
const UbOperand* CurrentUbOperands(CoreContext& c, int* count);
// At kernel end: the core's critical path and per-pipe busy cycles into its CoreCost.
void CloseTimeline(CoreContext& c);
// An AIV's synchronous cube request returned: what its timeline does from here waits for the cube (CoreCost).
void NoteCubeReturn(CoreContext& c);
// At kernel end: a SetFlag never waited is an error.
void CheckPipeSyncAtEnd(CoreContext& c);

}  // namespace ascendc_sim
