#include "sim/core_workers.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <system_error>

#include "sim/context.h"

namespace ascendc_sim {
namespace {

// Idle workers kept: the widest launch of the SoC table (a MIX launch of 24 AICs and 48 AIVs) borrows no new
// thread; more idle workers (left by concurrent launches) end.
constexpr std::size_t kMaxIdleWorkers = 72;

uint64_t LargestUbBytes() {
    uint64_t bytes = 0;
    for (const SocInfo& soc : kSocTable) bytes = std::max<uint64_t>(bytes, soc.ubBytes);
    return bytes;
}

// UB of the largest size, all kUbPattern; false when the host has no memory for it.
bool AllocateUb(CoreMemory& m) {
    m.ubCapacity = LargestUbBytes();
    m.ub = {static_cast<uint8_t*>(std::aligned_alloc(64, m.ubCapacity)), std::free};
    if (!m.ub) return false;
    m.ubTouched = {{{0, m.ubCapacity}, {0, 0}}};
    RepoisonLocalMemory(m);
    return true;
}

struct WorkerPool {
    std::mutex mu;
    std::vector<std::unique_ptr<CoreWorker>> idle;
    pid_t pid = getpid();
};

// Never destroyed: idle workers wait until the process ends, and a launch still running in another thread at exit
// keeps what it borrowed.
WorkerPool& Pool() {
    static WorkerPool* pool = new WorkerPool;
    return *pool;
}

}  // namespace

void LendMemory(CoreMemory& m, CoreContext& core) {
    core.ub = m.ub.get();
    if (m.cubeSoc != core.launch->cfg.platform.soc) {  // buffers sized for another SoC: the core sizes its own
        for (std::vector<uint8_t>& b : m.cube) std::vector<uint8_t>().swap(b);
        m.cubeSoc = core.launch->cfg.platform.soc;
    }
    for (int b = 0; b < kCubeBufferCount; ++b) core.cube.bytes[b].swap(m.cube[b]);
}

void TakeBackMemory(CoreMemory& m, CoreContext& core) {
    uint64_t ubBegin = core.ubBytes, ubEnd = 0;
    for (const BufferSlot& s : core.slots) {
        if (s.cubeBuffer >= 0) {
            const uint64_t end = s.base + s.bytes - core.cube.bytes[s.cubeBuffer].data();
            m.cubeTouched[s.cubeBuffer] = std::max(m.cubeTouched[s.cubeBuffer], end);
        } else {
            ubBegin = std::min<uint64_t>(ubBegin, s.base - core.ub);
            ubEnd = std::max<uint64_t>(ubEnd, s.base + s.bytes - core.ub);
        }
    }
    m.ubTouched = {{{ubBegin, std::max(ubBegin, ubEnd)}, {Soc(core).rules.ubUsableBytes, core.ubBytes}}};
    for (int b = 0; b < kCubeBufferCount; ++b) core.cube.bytes[b].swap(m.cube[b]);
    core.ub = nullptr;
}

void RepoisonLocalMemory(CoreMemory& m) {
    for (const auto& [begin, end] : m.ubTouched) {
        if (begin < end) std::memset(m.ub.get() + begin, kUbPattern, end - begin);
    }
    m.ubTouched = {};
    for (int b = 0; b < kCubeBufferCount; ++b) {
        std::fill_n(m.cube[b].data(), std::min<uint64_t>(m.cubeTouched[b], m.cube[b].size()), uint8_t{0});
        m.cubeTouched[b] = 0;
    }
}

CoreWorker::CoreWorker() {
    if (!AllocateUb(memory_)) throw std::bad_alloc();
    thread_ = std::thread([this] { Loop(); });
}

CoreWorker::~CoreWorker() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        quit_ = true;
    }
    cv_.notify_one();
    thread_.join();
}

void CoreWorker::Run(Job job) {
    {
        std::lock_guard<std::mutex> lock(mu_);
        job_ = std::move(job);
    }
    cv_.notify_one();
}

void CoreWorker::Loop() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
        cv_.wait(lock, [this] { return job_ || quit_; });
        if (!job_) return;
        Job job = std::move(job_);
        job_ = nullptr;
        lock.unlock();
        job(memory_);
        job = nullptr;
        RepoisonLocalMemory(memory_);
        lock.lock();
    }
}

CoreMemory* CallerMemory() {
    thread_local std::unique_ptr<CoreMemory> memory;
    if (!memory) {
        auto fresh = std::make_unique<CoreMemory>();
        if (!AllocateUb(*fresh)) return nullptr;
        memory = std::move(fresh);
    }
    return memory.get();
}

std::vector<std::unique_ptr<CoreWorker>> BorrowWorkers(uint32_t count, std::string& error) {
    std::vector<std::unique_ptr<CoreWorker>> workers;
    workers.reserve(count);
    {
        WorkerPool& pool = Pool();
        std::lock_guard<std::mutex> lock(pool.mu);
        if (pool.pid != getpid()) {                 // a forked child: the parent's worker threads do not exist here
            for (auto& w : pool.idle) w.release();  // their threads are gone: nothing to join
            pool.idle.clear();
            pool.pid = getpid();
        }
        while (workers.size() < count && !pool.idle.empty()) {
            workers.push_back(std::move(pool.idle.back()));
            pool.idle.pop_back();
        }
    }
    try {
        while (workers.size() < count) workers.push_back(std::make_unique<CoreWorker>());
    } catch (const std::system_error& e) {
        error = Str("cannot start core ", workers.size(), ": ", e.what());
    } catch (const std::bad_alloc&) {
        error = Str("cannot allocate the UB of core ", workers.size());
    }
    if (!error.empty()) ReturnWorkers(workers);
    return workers;
}

void ReturnWorkers(std::vector<std::unique_ptr<CoreWorker>>& workers) {
    WorkerPool& pool = Pool();
    {
        std::lock_guard<std::mutex> lock(pool.mu);
        while (!workers.empty() && pool.idle.size() < kMaxIdleWorkers) {
            pool.idle.push_back(std::move(workers.back()));
            workers.pop_back();
        }
    }
    workers.clear();  // the rest end (outside the lock: each joins its thread)
}

std::size_t IdleWorkerCount() {
    WorkerPool& pool = Pool();
    std::lock_guard<std::mutex> lock(pool.mu);
    return pool.idle.size();
}

}  // namespace ascendc_sim
