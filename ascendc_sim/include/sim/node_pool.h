// A pool of fixed-size blocks for the nodes of the twin's per-launch maps (the pipe-order records): a freed node is
// reused by the next insert of its size instead of going back to the heap, and the pool's chunks return to the
// heap at once when the records of the launch end. Maps that split and merge byte ranges on every access then pay
// a pointer pop / push per node, not a malloc / free. Private to the twin's sources (no kernel includes it).
#pragma once
#include <cstddef>
#include <memory>
#include <new>
#include <vector>

namespace ascendc_sim {

class NodePool {
public:
    NodePool() = default;
    NodePool(const NodePool&) = delete;
    NodePool& operator=(const NodePool&) = delete;

    void* Take(std::size_t bytes) {
        const std::size_t k = SizeClass(bytes);
        if (k >= kClasses) return ::operator new(bytes);
        if (free_[k] == nullptr) Refill(k);
        FreeNode* n = free_[k];
        free_[k] = n->next;
        return n;
    }

    void Give(void* p, std::size_t bytes) {
        const std::size_t k = SizeClass(bytes);
        if (k >= kClasses) return ::operator delete(p);
        free_[k] = new (p) FreeNode{free_[k]};
    }

private:
    struct FreeNode {
        FreeNode* next;
    };
    static constexpr std::size_t kGrain = 16;       // size classes of 16 bytes ...
    static constexpr std::size_t kClasses = 64;     // ... up to 1 KB; larger blocks use the heap
    static constexpr std::size_t kChunkNodes = 64;  // nodes carved from one heap chunk

    static std::size_t SizeClass(std::size_t bytes) { return (bytes + kGrain - 1) / kGrain; }

    void Refill(std::size_t k) {
        const std::size_t size = k * kGrain;
        chunks_.emplace_back(new unsigned char[size * kChunkNodes]);
        unsigned char* base = chunks_.back().get();
        for (std::size_t i = kChunkNodes; i-- > 0;) free_[k] = new (base + i * size) FreeNode{free_[k]};
    }

    FreeNode* free_[kClasses] = {};
    std::vector<std::unique_ptr<unsigned char[]>> chunks_;
};

// A std allocator over one NodePool: single objects (tree and hash nodes) come from the pool, arrays (a hash
// table's buckets) from the heap.
template <typename T>
struct PoolAllocator {
    using value_type = T;
    NodePool* pool;

    explicit PoolAllocator(NodePool* p) : pool(p) {}
    template <typename U>
    PoolAllocator(const PoolAllocator<U>& other) : pool(other.pool) {}  // NOLINT: rebinding is implicit

    T* allocate(std::size_t n) {
        return static_cast<T*>(n == 1 ? pool->Take(sizeof(T)) : ::operator new(n * sizeof(T)));
    }
    void deallocate(T* p, std::size_t n) {
        if (n == 1) {
            pool->Give(p, sizeof(T));
        } else {
            ::operator delete(p);
        }
    }
    template <typename U>
    bool operator==(const PoolAllocator<U>& other) const {
        return pool == other.pool;
    }
    template <typename U>
    bool operator!=(const PoolAllocator<U>& other) const {
        return pool != other.pool;
    }
};

}  // namespace ascendc_sim
