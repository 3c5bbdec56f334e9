// The per-core execution context (thread-local) and the error path shared by every API of the twin.
#pragma once
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ascendc_sim/platform/dtype.h"
#include "sim/call_site.h"
#include "sim/dcache.h"
#include "sim/definedness.h"
#include "sim/gm_race.h"
#include "sim/l2_reuse.h"
#include "sim/launch.h"
#include "sim/load3d_state.h"
#include "sim/pipe_sync.h"
#include "sim/qualifiers.h"
#include "sim/span_trace.h"

namespace ascendc_sim {

// Thrown on a core to unwind it after an error (its own or another core's). Kernels never catch it.
struct CoreStopped {};

// Shared by all cores of one launch.
struct LaunchShared {
    LaunchConfig cfg;
    std::vector<uint8_t*> args;  // the kernel's GM arguments (the workspace is the second to last)
    std::atomic<bool> stop{false};
    std::mutex errorMu;
    std::string firstError;
    // Hardware SyncAll: a generation-counting barrier.
    std::mutex barrierMu;
    std::condition_variable barrierCv;
    uint32_t barrierArrived = 0;
    uint64_t barrierGeneration = 0;
    std::atomic<uint32_t> coresFinished{0};   // cores that returned from the kernel
    std::shared_ptr<struct CubeShared> cube;  // MIX launch: AIC mailboxes and cross-core flags (sim/mix.h)
    // The allocations that are the launch's workspace (sim/gm_definedness.h); every other one is input or output.
    std::mutex workspaceMu;
    std::vector<uint64_t> workspaceIds;
    // Cross-core clocks carried by barriers, flags and IBSet slots (sim/gm_race.h), under clockMu.
    std::mutex clockMu;
    std::map<uint64_t, ClockSnapshot> barrierClocks;  // barrier number -> join of its arrivals
    std::map<const void*, ClockSnapshot> flagClocks;  // IBSet slot / cross-core flag -> join of its sets
    std::map<uint64_t, ClockSnapshot> lineClocks;     // 64-byte GM line -> join of its write-backs (sim/dcache.h)
    std::vector<std::string> notes;                   // advice that is not an error (LaunchStats::notes), under errorMu
    std::atomic<bool> undefinedRead{false};           // the first error read bytes no one wrote (sim/launch_checks.h)
};

// One UB buffer handed out by a queue or TBuf. Tensors carry the generation they were made in, so a tensor used
// after FreeTensor (or after the pipe was reset) is detected.
struct BufferSlot {
    enum class State : uint8_t { kFree, kAllocated, kEnqueued };
    uint8_t* base = nullptr;
    uint32_t bytes = 0;
    uint32_t generation = 1;
    State state = State::kFree;
    const void* owner = nullptr;
    int8_t cubeBuffer = -1;  // -1: UB; else the CubeBuffer (L1, L0A, L0B, L0C) a cube-position buffer lives in
    bool fixed = false;      // a static tensor's (LocalTensor(TPosition, addr, len)): no pipe owns or resets it
};

// The vector mask register: normal mode, one bit per lane of a repeat (high:low); counter mode, low counts the
// elements of the whole instruction. All lanes set at kernel start (InitSocState / ResetMask).
struct VectorMask {
    uint64_t high = ~uint64_t{0};
    uint64_t low = ~uint64_t{0};
    bool counter = false;
};

// The pad value SetPadValue sets for DataCopyPad without isPad (SetPadValue(ISASI).md): `bytes` of `bits`.
struct CopyPadValue {
    uint8_t bytes = 0;  // 0: never set on this core
    uint64_t bits = 0;
};

// The cube's local buffers of this core, carved by TPipe::InitBuffer for the cube positions (sim/cube_ops.h).
struct CubeMemory {
    std::array<std::vector<uint8_t>, static_cast<int>(CubeBuffer::kCount)> bytes;
    std::array<uint64_t, static_cast<int>(CubeBuffer::kCount)> used{};
    // The FIX pipe's registers (set_quant_pre, set_fpc, set_nd_para in CANN's dav_c220 kernel_operator_fixpipe_impl.h)
    // as SetFixpipePreQuantFlag, SetFixPipeConfig and SetFixpipeNz2ndFlag (or a Fixpipe call) leave them.
    bool quantPreSet = false, ndParaSet = false;
    uint64_t quantPre = 0;        // the scalar quantisation word
    int64_t fpcQuantOffset = -1;  // FB byte offset of the per-column quantisation words; -1: not set
    uint64_t ndPara = 0;          // ndNum [15:0], srcNdStride [31:16], dstNdStride [47:32]
};

// A scalar GM read the core repeats while the value stays the same (GlobalTensor::GetValue spinning on a flag).
struct GmPoll {
    const void* addr = nullptr;
    uint64_t bits = 0;
    uint64_t count = 0;
    std::chrono::steady_clock::time_point start;
};

inline constexpr int kHardEventKinds = 40;
inline constexpr int kEventIds = 8;

// What an atomic copy to GM does with the bytes there (原子操作: SetAtomicAdd / SetAtomicMax / SetAtomicMin).
enum class AtomicOp : uint8_t { kAdd, kMax, kMin };

struct CoreContext {
    LaunchShared* launch = nullptr;
    uint32_t blockIdx = 0;
    bool isAic = false;        // MIX launch: this thread is the group's cube core
    uint32_t groupIdx = 0;     // MIX launch: the AIC:AIV group
    uint32_t subBlockIdx = 0;  // AIV index inside its group
    uint32_t taskRation = 1;   // AIVs per AIC seen by this core (GetTaskRation)
    uint8_t* ub = nullptr;
    uint64_t ubBytes = 0;
    CoreCost cost;
    bool atomicAdd =
        false;  // copies to GM are atomic (SetAtomicAdd / SetAtomicMax / SetAtomicMin until DisableDmaAtomic)
    AtomicOp atomicOp = AtomicOp::kAdd;
    ascendc_sim::DataType atomicType = ascendc_sim::DataType::kFloat;
    const void* pipe = nullptr;  // the live TPipe (one per core)
    uint64_t ubUsed = 0;
    uint32_t pipeBuffers = 0;      // buffers of the live TPipe (at most kMaxPipeBuffers)
    std::deque<BufferSlot> slots;  // deque: stable addresses
    uint32_t epoch = 0;            // barriers passed (sim/dcache.h)
    RaceClock race;                // cross-core order and this core's GM accesses (sim/gm_race.h)
    LocalDefinedness def;          // which UB / cube-buffer bytes and registers hold defined values (sim/definedness.h)
    int32_t eventsSet[kHardEventKinds][kEventIds] = {};
    CubeMemory cube;             // L1 / L0A / L0B / L0C of a core with a cube
    CubeReadLog cubeReads;       // the GM panels this AIC loaded into L1 (sim/l2_reuse.h)
    L2WriteLog ownWrites;        // the GM bytes this core wrote (sim/l2_reuse.h)
    L2ReadLog ownReads;          // the GM bytes this core read, and when (sim/l2_reuse.h)
    PipeSync sync;               // in-core pipe order (sim/pipe_sync.h)
    DataCache dcache;            // scalar GM accesses (sim/dcache.h)
    int kernelType = -1;         // ascendc_sim::KernelType declared by KERNEL_TASK_TYPE(_DEFAULT); -1: none
    SpanTrace* trace = nullptr;  // the traced core's timeline spans (sim/span_trace.h); null on every other core
    bool vectorCore = false;     // MIX_VECTOR_CORE launch: this block runs on a Vector Core (OnVectorCore)
    VectorMask mask;             // the mask register the repeat forms read with isSetMask = false (sim/mask.h)
    GmPoll gmPoll;               // the GM value this core is polling (NoteGmPoll's deadlock timeout)
    const void* activeMatmul = nullptr;    // the Matmul object computing until its End() (sim/matmul.h)
    uint32_t registeredMatmulObjects = 0;  // REGIST_MATMUL_OBJ so far (sim/mix.h)
    Load3dRegs load3d;                     // SetFmatrix / SetLoadDataPaddingValue (sim/load3d.h)
    CopyPadValue copyPad;                  // SetPadValue (sim/data_copy.h)
};

extern thread_local CoreContext* tlsCore;

// The calling core; an error if called outside a kernel launch.
CoreContext& Core();

// Stops every core of the launch: records the first error ("kernel 'k' core i/n (soc): API: what (at file:line)",
// the kernel line that called the API) and unwinds this core.
[[noreturn]] void Fail(const char* api, const std::string& what);
// The same for a message that names its kernel lines itself (a race: both accesses).
[[noreturn]] void FailWithLines(const char* api, const std::string& what);
// " (at file:line)" for the kernel line of the current API call; "" outside one.
std::string AtCallLine();

// Unwinds this core if another core has failed; called at the start of every API.
inline void Poll(CoreContext& c) {
    if (c.launch->stop.load(std::memory_order_relaxed)) throw CoreStopped{};
}

template <typename... Args>
std::string Str(const Args&... args) {
    std::ostringstream os;
    (os << ... << args);
    return os.str();
}

inline const ascendc_sim::SocInfo& Soc(const CoreContext& c) { return *c.launch->cfg.platform.soc; }

}  // namespace ascendc_sim
