// The threads that run the cores of launches, each with one simulated core's local memory (UB; L1 and L0 for a
// cube core), kept for the process's life: a launch runs one core of each round on the calling thread (with that
// thread's own local memory) and borrows workers for the others, giving them back at the end, so it starts no
// thread and allocates no local memory. After each core the memory it used is re-poisoned where that core could
// have written (RepoisonLocalMemory), so every core starts as on a fresh thread: UB all kUbPattern, the cube
// buffers zero.
#pragma once
#include <array>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "ascendc_sim/platform/soc.h"
#include "sim/pipe_sync.h"

namespace ascendc_sim {

struct CoreContext;

inline constexpr uint8_t kUbPattern =
    0xA5;  // UB starts with garbage on hardware; a fixed pattern keeps runs repeatable

inline constexpr int kCubeBufferCount = static_cast<int>(CubeBuffer::kCount);

struct CoreMemory {
    std::unique_ptr<uint8_t, void (*)(void*)> ub{nullptr, nullptr};  // the largest UB of the SoC table
    uint64_t ubCapacity = 0;
    // UB byte ranges [begin, end) the last core could have written: the hull of its UB buffers, and the scratch at
    // TMP_UB_OFFSET that APIs clobber.
    std::array<std::pair<uint64_t, uint64_t>, 2> ubTouched{};
    std::array<std::vector<uint8_t>, kCubeBufferCount> cube;  // sized by the first core that carves each buffer
    std::array<uint64_t, kCubeBufferCount> cubeTouched{};     // bytes from the start the last core could have written
    const SocInfo* cubeSoc = nullptr;                         // the SoC the cube buffers were sized for
};

// Hands the worker's memory to the core about to run on it (its UB and, on the same SoC, its cube buffers).
void LendMemory(CoreMemory& m, CoreContext& core);
// Takes the memory back after the core ran and notes what the core could have written.
void TakeBackMemory(CoreMemory& m, CoreContext& core);
// Refills what the last core could have written: UB with kUbPattern, the cube buffers with zeros. The one place a
// core's local memory is reset between launches.
void RepoisonLocalMemory(CoreMemory& m);

// One thread running one core at a time, with its local memory.
class CoreWorker {
public:
    using Job = std::function<void(CoreMemory&)>;
    CoreWorker();  // throws std::system_error (no thread) or std::bad_alloc (no UB)
    ~CoreWorker();
    CoreWorker(const CoreWorker&) = delete;
    CoreWorker& operator=(const CoreWorker&) = delete;
    // Runs `job` on the worker's thread, after the job before it and its re-poisoning; returns at once.
    void Run(Job job);

private:
    void Loop();
    CoreMemory memory_;
    std::mutex mu_;
    std::condition_variable cv_;
    Job job_;
    bool quit_ = false;
    std::thread thread_;  // last: starts once the rest is built
};

// The calling thread's own local memory, for the core of each round a launch runs on the calling thread; nullptr
// when the host has no memory for it.
CoreMemory* CallerMemory();

// Borrows `count` workers, starting threads when too few are idle. On failure (thread or memory exhaustion) returns
// none and sets `error` to "cannot start core i: why", i the first core without a worker.
std::vector<std::unique_ptr<CoreWorker>> BorrowWorkers(uint32_t count, std::string& error);
// Gives workers back once their jobs are done; beyond kMaxIdleWorkers idle ones they end.
void ReturnWorkers(std::vector<std::unique_ptr<CoreWorker>>& workers);
// Workers waiting for a launch (tests check it stays bounded).
std::size_t IdleWorkerCount();

}  // namespace ascendc_sim
