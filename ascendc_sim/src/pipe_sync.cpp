#include "sim/pipe_sync.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ascendc_sim/platform/soc_cube.h"
#include "sim/context.h"
#include "sim/definedness.h"
#include "sim/device_memory.h"
#include "sim/kernel_rules.h"
#include "sim/node_pool.h"
#include "sim/span_trace.h"

namespace ascendc_sim {

// An access: the instruction's seq on its pipe and its call site (PipeRecords::sites), in one word, so a range's
// state stays small: the maps copy it on every split. 2^40 instructions of one pipe in one launch would take the
// twin days; 2^24 call sites are more than a kernel's source has lines.
struct PipeAccess {
    uint64_t seq : 40;  // 0: none
    uint64_t site : 24;
    PipeAccess() : seq(0), site(0) {}
    PipeAccess(uint64_t s, uint32_t callSite) : seq(s), site(callSite) {}
};

// The API and the kernel line of a call, named when an access turns out unordered.
struct CallSiteOf {
    const char* api = nullptr;
    SourceLine line;
    bool operator==(const CallSiteOf& o) const {
        return api == o.api && line.file == o.line.file && line.line == o.line.line;
    }
};

struct CallSiteHash {
    std::size_t operator()(const CallSiteOf& s) const {
        const std::hash<const void*> h;
        return h(s.api) ^ (h(s.line.file) * 31) ^ (static_cast<std::size_t>(s.line.line) * 1000003);
    }
};

// A read of rows inside a range (a strided operand: the bytes at phase + k * pitch + [0, len) for any k): its pipe's
// reader is the read for those bytes and `prev` for the others. One per range: a range another strided read meets
// (another pipe, other rows) is split at its rows instead. So a strided operand costs a range per range it meets,
// not a range per row.
struct StridedRead {
    int8_t pipe = -1;  // -1: none
    PipeAccess prev;
    uint64_t phase = 0, len = 0, pitch = 0;  // phase < pitch
    uint64_t Offset(uint64_t at) const { return (at % pitch + pitch - phase) % pitch; }
    // The first row bytes inside [lo, hi) (lo == hi: none).
    std::pair<uint64_t, uint64_t> FirstRowBytes(uint64_t lo, uint64_t hi) const {
        const uint64_t off = Offset(lo);
        const uint64_t b = off < len ? lo : lo + (pitch - off);
        const uint64_t e = off < len ? lo + (len - off) : b + len;
        return b < hi ? std::make_pair(b, std::min(e, hi)) : std::make_pair(hi, hi);
    }
    // The first bytes of [lo, hi) between the rows (lo == hi: none).
    std::pair<uint64_t, uint64_t> FirstGapBytes(uint64_t lo, uint64_t hi) const {
        const uint64_t off = Offset(lo);
        const uint64_t b = off >= len ? lo : lo + (len - off);
        const uint64_t e = off >= len ? lo + (pitch - off) : b + (pitch - len);
        return b < hi ? std::make_pair(b, std::min(e, hi)) : std::make_pair(hi, hi);
    }
    bool MissesIn(uint64_t lo, uint64_t hi) const { return FirstGapBytes(lo, hi).first < hi; }
    bool SameRows(const StridedRead& o) const { return phase == o.phase && len == o.len && pitch == o.pitch; }
};

// The last writer and the readers since, of one byte range; `raced`: an earlier write of the writer's own pipe that
// no barrier ordered before it, so which of the two lands last is unknown (UB only; see RaceIsDeferred).
struct RangeState {
    uint64_t end = 0;
    int8_t writerPipe = -1;
    PipeAccess writer;
    PipeAccess raced;
    std::array<PipeAccess, kPipeCount> readers{};
    StridedRead strided;
};

// Disjoint byte ranges [begin, end) keyed by begin: never per byte, so the cost is per access, not per byte. The
// nodes come from the records' pool (sim/node_pool.h): splitting and merging ranges costs no heap call.
template <typename V>
using PooledMap = std::map<uint64_t, V, std::less<uint64_t>, PoolAllocator<std::pair<const uint64_t, V>>>;
using RangeMap = PooledMap<RangeState>;
using SpanSet = PooledMap<uint64_t>;  // begin -> end, disjoint

struct PipeRecords {
    NodePool pool;  // declared first: the maps below return their nodes to it
    RangeMap ub = RangeMap(RangeMap::allocator_type(&pool));
    RangeMap gm = RangeMap(RangeMap::allocator_type(&pool));
    RangeMap cube = RangeMap(RangeMap::allocator_type(&pool));
    std::unordered_map<const void*, SyncToken> enqueued, freed;  // TQue buffer slot -> producer / consumer token
    // PIPE_S accesses of UB not yet recorded in `ub` (FlushScalarUb): begin -> end of the bytes written / read, the
    // api of the last of each kind and the last seq.
    SpanSet scalarWrites = SpanSet(SpanSet::allocator_type(&pool));
    SpanSet scalarReads = SpanSet(SpanSet::allocator_type(&pool));
    const char* scalarWriteApi = nullptr;
    const char* scalarReadApi = nullptr;
    SourceLine scalarWriteLine, scalarReadLine;
    uint64_t scalarSeq = 0;
    // Where the last PIPE_S check of UB found its bytes: `ub` changes only in a flush or after one, so until the next
    // flush it is a valid FirstAfter hint, and a scalar loop walking a buffer finds each element a step on.
    RangeMap::iterator scalarHint = ub.end();
    // The range the last GM access recorded (only NoteGm changes `gm`): a copy walking GM finds the next one a step on.
    RangeMap::iterator gmHint = gm.end();
    // The call sites accesses name (a few per kernel line), and the last one looked up: consecutive operands of one
    // call share it.
    std::vector<CallSiteOf> sites;
    std::unordered_map<CallSiteOf, uint32_t, CallSiteHash> siteIds;
    CallSiteOf lastSite;
    uint32_t lastSiteId = 0;
};

namespace {

uint32_t SiteId(PipeRecords& r, const char* api, const SourceLine& line) {
    const CallSiteOf site{api, line};
    if (!r.sites.empty() && site == r.lastSite) return r.lastSiteId;
    auto [it, fresh] = r.siteIds.try_emplace(site, static_cast<uint32_t>(r.sites.size()));
    if (fresh) r.sites.push_back(site);
    r.lastSite = site;
    r.lastSiteId = it->second;
    return it->second;
}

}  // namespace

void PipeRecordsDeleter::operator()(PipeRecords* r) const { delete r; }

namespace {

// One row per modelled pipe: its name in HardEvent / pipe_t spelling, its pipe_t value (sim/sync.h) and whether
// the compiler's auto-sync covers it (关键特性说明 表1: the vector side; the cube side gets none, so a cube kernel
// orders MTE2/MTE1/M/FIX itself with SetFlag/WaitFlag, PipeBarrier or cube-position TQues).
struct PipeRow {
    const char* name;
    int hwPipe;
    bool compilerSynced;
};
constexpr PipeRow kPipeTable[kPipeCount] = {{"S", 0, true},     {"V", 1, true},  {"MTE2", 4, true}, {"MTE3", 5, true},
                                            {"MTE1", 3, false}, {"M", 2, false}, {"FIX", 7, false}};
constexpr int kHwPipeAll = 6;
constexpr int kHwPipeS = 0;
// SetFlag/WaitFlag doc: ids 0-7 exist; ID 6 is reserved for the system, ID 7 for TPipe's auto-sync.
constexpr int32_t kUserEventIds = 6;

// HardEvent names in the order of sim/events.h; "<source>_<destination>".
constexpr const char* kEventNames[] = {
    "MTE2_MTE1", "MTE1_MTE2", "MTE1_M", "M_MTE1",    "MTE2_V",    "V_MTE2", "MTE3_V", "V_MTE3",
    "M_V",       "V_M",       "V_V",    "MTE3_MTE1", "MTE1_MTE3", "MTE1_V", "MTE2_M", "M_MTE2",
    "V_MTE1",    "M_FIX",     "FIX_M",  "MTE3_MTE2", "MTE2_MTE3", "S_V",    "V_S",    "S_MTE2",
    "MTE2_S",    "S_MTE3",    "MTE3_S", "MTE2_FIX",  "FIX_MTE2",  "FIX_S",  "M_S",    "FIX_MTE3"};
constexpr int kEventNameCount = sizeof(kEventNames) / sizeof(kEventNames[0]);

// TPosition values (sim/tensor.h) that decide a queue's pipes.
constexpr int kPosGm = 0, kPosA1 = 1, kPosA2 = 2, kPosB1 = 3, kPosB2 = 4, kPosCo1 = 7, kPosVecIn = 9, kPosVecOut = 10;

// The pipes a TQue's EnQue/DeQue orders (producer -> consumer) for the cube positions: GM -> L1 is MTE2, L1 -> L0 is
// MTE1, Mmad is M, L0C out is FIX (LoadData / Mmad / Fixpipe docs: "指令执行占用的流水").
struct QuePipes {
    int pos;
    Pipe producer, consumer;
};
constexpr QuePipes kCubeQuePipes[] = {{kPosA1, Pipe::kMte2, Pipe::kMte1},
                                      {kPosB1, Pipe::kMte2, Pipe::kMte1},
                                      {kPosA2, Pipe::kMte1, Pipe::kM},
                                      {kPosB2, Pipe::kMte1, Pipe::kM},
                                      {kPosCo1, Pipe::kM, Pipe::kFix}};

const QuePipes* CubeQuePipes(int pos) {
    for (const QuePipes& q : kCubeQuePipes) {
        if (q.pos == pos) return &q;
    }
    return nullptr;
}

int PipeByName(std::string_view n) {
    for (int p = 0; p < kPipeCount; ++p) {
        if (n == kPipeTable[p].name) return p;
    }
    return -1;  // a pipe the twin does not model (yet)
}

struct EventPipes {
    int src, dst;
};

EventPipes PipesOfEvent(int kind) {
    if (kind < 0 || kind >= kEventNameCount) return {-1, -1};
    std::string_view n = kEventNames[kind];
    std::size_t cut = n.find('_');
    return {PipeByName(n.substr(0, cut)), PipeByName(n.substr(cut + 1))};
}

const char* EventName(int kind) { return kind >= 0 && kind < kEventNameCount ? kEventNames[kind] : "?"; }

int HwToPipe(int hw) {
    for (int p = 0; p < kPipeCount; ++p) {
        if (kPipeTable[p].hwPipe == hw) return p;
    }
    return -1;
}

PipeSync& State(CoreContext& c) {
    PipeSync& s = c.sync;
    if (!s.ready) {
        const char* env = std::getenv("ASCENDC_SIM_AUTO_SYNC");
        s.autoSync = env == nullptr || std::strcmp(env, "off") != 0;
        s.flags.assign(std::size_t{kHardEventKinds} * kEventIds, {});
        s.allocatedIds.assign(kHardEventKinds, 0);
        s.records.reset(new PipeRecords);
        s.ready = true;
    }
    return s;
}

// 关键特性说明 表1 (arch 2201; the twin assumes the same for 310P): the compiler syncs S<->V, S<->MTE2, S<->MTE3.
bool CompilerSyncsPair(const PipeSync& s, int from, int to) {
    int sPipe = static_cast<int>(Pipe::kS);
    bool covered = kPipeTable[from].compilerSynced && kPipeTable[to].compilerSynced;
    return s.autoSync && covered && from != to && (from == sPipe || to == sPipe);
}

// Same pipe: scalar order is hardware's (PipeBarrier doc); V->V gets a compiler PipeBarrier<PIPE_V> (表1);
// MTE2->MTE2 / MTE3->MTE3 with overlapping addresses need a manual PipeBarrier (PipeBarrier doc).
bool CompilerSyncsSelf(const PipeSync& s, int p) {
    return p == static_cast<int>(Pipe::kS) ||
           (s.autoSync && kPipeTable[p].compilerSynced && p == static_cast<int>(Pipe::kV));
}

void FlushScalarUb(PipeSync& s);

SyncToken Snapshot(PipeSync& s, int p) {
    if (p == static_cast<int>(Pipe::kS)) FlushScalarUb(s);  // S's pending UB accesses precede its clock's copy
    SyncToken t{s.known[p], std::max(s.busyUntil[p], s.doneUntil[p])};  // its copies' data have arrived
    t.clock[p] = s.seq[p];
    return t;
}

// The pipe now waits for the token's source: its order and its time.
void Merge(PipeSync& s, int p, const SyncToken& token) {
    for (int q = 0; q < kPipeCount; ++q) s.known[p][q] = std::max(s.known[p][q], token.clock[q]);
    s.busyUntil[p] = std::max(s.busyUntil[p], token.time);
}

// True if pipe `now` is ordered after `prior`'s instruction `seq`; an auto-synced pair is ordered by the sync the
// compiler inserts right there, which also carries everything `prior` knew.
bool OrderAfter(PipeSync& s, int prior, uint64_t seq, int now) {
    if (prior == now) {
        if (seq == s.seq[now] || s.known[now][now] >= seq) return true;
        if (!CompilerSyncsSelf(s, now)) return false;
        s.known[now][now] = s.seq[now] - 1;
        return true;
    }
    if (s.known[now][prior] >= seq) return true;
    if (!CompilerSyncsPair(s, prior, now)) return false;
    Merge(s, now, Snapshot(s, prior));
    return true;
}

uint64_t BeginInstr(PipeSync& s, int pipe, const char* api, const char* role, bool* began = nullptr) {
    bool fresh = role == nullptr || pipe != s.curPipe || api != s.curApi;
    std::size_t free = s.curRoles.size();
    for (std::size_t i = 0; !fresh && i < s.curRoles.size(); ++i) {
        if (s.curRoles[i] == nullptr) {
            free = std::min(free, i);
        } else if (s.curRoles[i] == role || std::strcmp(s.curRoles[i], role) == 0) {
            fresh = true;  // the same operand role again: the next call of the same API
        }
    }
    if (fresh) {
        ++s.seq[pipe];
        s.curPipe = static_cast<int8_t>(pipe);
        s.curApi = api;
        s.curRoles.fill(nullptr);
        s.operandCount = 0;
        free = 0;
    }
    if (role != nullptr && free < s.curRoles.size()) s.curRoles[free] = role;
    if (began != nullptr) *began = fresh;
    return s.seq[pipe];
}

enum class Space : uint8_t { kUb, kGm, kCube };

std::string Where(CoreContext& c, Space space, uint64_t b, uint64_t e) {
    auto hex = [](uint64_t v) { return Str("0x", std::hex, v); };
    if (space == Space::kUb) return Str("UB [", hex(b), ", ", hex(e), ")");
    if (space == Space::kCube) {
        uint64_t base = b >> kCubeBufferShift << kCubeBufferShift;
        return Str(kCubeBufferNames[b >> kCubeBufferShift], " [", hex(b - base), ", ", hex(e - base), ")");
    }
    std::optional<DeviceAllocation> a = FindContaining(reinterpret_cast<const void*>(b));
    if (!a) return Str("GM [", hex(b), ", ", hex(e), ")");
    uint64_t base = reinterpret_cast<uint64_t>(a->base);
    return Str("GM bytes [", b - base, ", ", e - base, ") of device allocation #", a->id);
}

std::string MissingSync(int prior, int now) {
    if (prior == now) return Str("without PipeBarrier<PIPE_", kPipeTable[now].name, ">");
    std::string ev = Str(kPipeTable[prior].name, "_", kPipeTable[now].name);
    int s = static_cast<int>(Pipe::kS);
    bool queue = prior != s && now != s;  // V<->MTE2/3 and MTE2<->MTE3 are what TQue inserts (表1)
    return Str("without ", kPipeTable[prior].name, "->", kPipeTable[now].name,
               " sync (SetFlag/WaitFlag<HardEvent::", ev, ">", queue ? " or a TQue" : "", ")");
}

std::string LineOf(const SourceLine& l) { return l ? Str(" at ", l.file, ":", l.line) : std::string(); }

// Both calls with their kernel lines, the bytes, the missing sync; rule: 核内同步/关键特性说明 (the pipes are
// independent in-order streams; only the listed syncs order two of them).
[[noreturn]] void Unordered(CoreContext& c, const char* api, Space space, int now, bool write, uint64_t b, uint64_t e,
                            int prior, const PipeAccess& access, bool wasWrite) {
    const CallSiteOf& was = c.sync.records->sites[access.site];
    FailWithLines(api, Str(kPipeTable[now].name, " ", api, write ? " writes " : " reads ", Where(c, space, b, e),
                           wasWrite ? " written by " : " read by ", kPipeTable[prior].name, " ", was.api, " ",
                           MissingSync(prior, now), " (pipes run independently; 核内同步/关键特性说明): ", api,
                           LineOf(tlsCallLine), ", ", was.api, LineOf(was.line)));
}

// The first range that ends after b (the first [b, e) may overlap, or where it would go). `hint`: a range at or
// before b, e.g. where the previous row of the same footprint was recorded: the next row is then a step or two on,
// found without a search from the root.
RangeMap::iterator FirstAfter(RangeMap& m, uint64_t b, RangeMap::iterator hint) {
    if (hint != m.end() && hint->first <= b) {
        for (int step = 0; step < 4 && hint != m.end(); ++step, ++hint) {
            if (hint->second.end > b) return hint;  // the ranges before it end at or before b (disjoint, sorted)
        }
        if (hint == m.end()) return hint;
    }
    auto first = m.upper_bound(b);
    if (first != m.begin() && std::prev(first)->second.end > b) first = std::prev(first);
    return first;
}

// Two writes of one pipe to the same bytes with no PipeBarrier between: PipeBarrier(ISASI).md asks for the barrier
// between same-pipe instructions with a data dependence, so which write lands last is not ordered, and msSanitizer's
// racecheck names the outcome (WAW: "内存结果值取决于两个内存事件的实际访问顺序"). In UB the bytes die with the kernel:
// only a read observes the order, so the twin reports the read (IndeterminateRead), not the write (asc-devkit's
// data_copy sample repeats DataCopyPad into one UB tile it never reads). GM is read by the host and other cores,
// which the twin's in-core records do not see, so there the second write stays an error.
bool RaceIsDeferred(Space space, int writerPipe, int pipe) { return space == Space::kUb && writerPipe == pipe; }

// A read of bytes two unordered same-pipe writes left (RangeState::raced), naming the read and both writes.
[[noreturn]] void IndeterminateRead(CoreContext& c, const char* api, int now, uint64_t b, uint64_t e,
                                    const RangeState& r) {
    const CallSiteOf& last = c.sync.records->sites[r.writer.site];
    const CallSiteOf& earlier = c.sync.records->sites[r.raced.site];
    const char* w = kPipeTable[r.writerPipe].name;
    FailWithLines(
        api, Str(kPipeTable[now].name, " ", api, " reads ", Where(c, Space::kUb, b, e), " written by ", w, " ",
                 earlier.api, " and again by ", w, " ", last.api, " without PipeBarrier<PIPE_", w,
                 "> between them: which write lands last is not ordered, so the bytes are indeterminate "
                 "(PipeBarrier(ISASI).md: same-pipe instructions with a data dependence need the barrier): ",
                 api, LineOf(tlsCallLine), ", ", earlier.api, LineOf(earlier.line), ", ", last.api, LineOf(last.line)));
}

// The [lo, hi) parts of the access being checked that an unordered same-pipe write left indeterminate, with that
// write (MarkRaced records them once the access is recorded).
struct RacedPart {
    uint64_t lo, hi;
    PipeAccess earlier;
};
thread_local std::vector<RacedPart> tlsRacedParts;

// Raced bytes the current instruction overwrote: its own later operands still read what the race left (an in-place
// Adds notes its dst before its src).
struct OverwrittenRace {
    int pipe;
    uint64_t seq, lo, hi;
    RangeState state;
};
thread_local std::vector<OverwrittenRace> tlsOverwrittenRaces;

// A write of [lo, hi) against a strided read of its range: the read's rows there, and `prev` between them.
void CheckStridedReader(CoreContext& c, const char* api, Space space, int pipe, const StridedRead& sr,
                        const PipeAccess& read, uint64_t lo, uint64_t hi) {
    PipeSync& s = c.sync;
    const auto [rb, re] = sr.FirstRowBytes(lo, hi);
    if (rb < re && read.seq != 0 && !OrderAfter(s, sr.pipe, read.seq, pipe)) {
        Unordered(c, api, space, pipe, true, rb, re, sr.pipe, read, false);
    }
    const auto [gb, ge] = sr.FirstGapBytes(lo, hi);
    if (gb < ge && sr.prev.seq != 0 && !OrderAfter(s, sr.pipe, sr.prev.seq, pipe)) {
        Unordered(c, api, space, pipe, true, gb, ge, sr.pipe, sr.prev, false);
    }
}

// The ordering checks of an access of [b, e) against the ranges it overlaps (the map is left as it is); returns the
// first of them (or where [b, e) would go).
RangeMap::iterator CheckAccess(CoreContext& c, RangeMap& m, Space space, int pipe, const char* api, uint64_t b,
                               uint64_t e, bool write, RangeMap::iterator hint) {
    PipeSync& s = c.sync;
    tlsRacedParts.clear();
    std::vector<OverwrittenRace>& overwritten = tlsOverwrittenRaces;
    if (!overwritten.empty() && (overwritten[0].pipe != pipe || overwritten[0].seq != s.seq[pipe])) overwritten.clear();
    for (const OverwrittenRace& o : overwritten) {
        if (!write && o.lo < e && b < o.hi)
            IndeterminateRead(c, api, pipe, std::max(o.lo, b), std::min(o.hi, e), o.state);
    }
    auto first = FirstAfter(m, b, hint);
    for (auto it = first; it != m.end() && it->first < e; ++it) {
        RangeState& r = it->second;
        const uint64_t lo = std::max(it->first, b), hi = std::min(r.end, e);
        if (!write && r.raced.seq != 0) IndeterminateRead(c, api, pipe, lo, hi, r);
        if (write && r.raced.seq != 0 && !(r.writerPipe == pipe && r.writer.seq == s.seq[pipe])) {
            overwritten.push_back({pipe, s.seq[pipe], lo, hi, r});
        }
        for (int q = 0; write && q < kPipeCount; ++q) {  // the readers came after the writer: name them first
            if (r.strided.pipe == q) {
                CheckStridedReader(c, api, space, pipe, r.strided, r.readers[q], lo, hi);
                continue;
            }
            if (r.readers[q].seq != 0 && !OrderAfter(s, q, r.readers[q].seq, pipe)) {
                Unordered(c, api, space, pipe, write, lo, hi, q, r.readers[q], false);
            }
        }
        if (r.writerPipe >= 0 && !OrderAfter(s, r.writerPipe, r.writer.seq, pipe)) {
            if (!write || !RaceIsDeferred(space, r.writerPipe, pipe)) {
                Unordered(c, api, space, pipe, write, lo, hi, r.writerPipe, r.writer, true);
            }
            tlsRacedParts.push_back({lo, hi, r.writer});
        } else if (write && r.raced.seq != 0 && r.writerPipe == pipe && r.writer.seq == s.seq[pipe]) {
            tlsRacedParts.push_back({lo, hi, r.raced});  // the same instruction noting its bytes again keeps the race
        }
    }
    return first;
}

// Records into the range [b, e) itself (`same`): its state changes in place, no split, no new node.
void RecordInPlace(RangeState& r, int pipe, PipeAccess a, bool write) {
    if (write) {
        const uint64_t end = r.end;
        r = RangeState{};
        r.end = end;
        r.writerPipe = static_cast<int8_t>(pipe);
        r.writer = a;
    } else {
        r.readers[pipe] = a;
        if (r.strided.pipe == pipe) r.strided = StridedRead{};  // every byte of the range read again
    }
}

// SplitAt from `from`, a range no later than the first that ends after `at` (every range before it ends at or
// before `at`, as FirstAfter's answer for an address <= at): the ranges from there are walked, not searched.
RangeMap::iterator SplitAtFrom(RangeMap& m, RangeMap::iterator from, uint64_t at) {
    while (from != m.end() && from->second.end <= at) ++from;
    if (from == m.end() || from->first >= at) return from;
    RangeState tail = from->second;
    from->second.end = at;
    return m.emplace_hint(std::next(from), at, tail);
}

// Splits the range holding `at` so that one starts there; returns the first range starting at or after `at`.
RangeMap::iterator SplitAt(RangeMap& m, uint64_t at) { return SplitAtFrom(m, FirstAfter(m, at, m.end()), at); }

// Records an access of [b, e) by `pipe`'s instruction `seq`: a write replaces the ranges' state, a read joins them.
// `from`: FirstAfter(b) (the check just found it). Returns the range recorded at b.
RangeMap::iterator RecordAccess(RangeMap& m, int pipe, PipeAccess a, uint64_t b, uint64_t e, bool write,
                                RangeMap::iterator from) {
    auto first = SplitAtFrom(m, from, b);
    SplitAtFrom(m, first, e);
    auto it = first;
    while (it != m.end() && it->first < e) ++it;
    if (write) {
        RangeState w;
        w.end = e;
        w.writerPipe = static_cast<int8_t>(pipe);
        w.writer = a;
        if (first != it && first->first == b) {  // the range at b becomes the write's: no node freed and taken again
            m.erase(std::next(first), it);
            first->second = w;
            return first;
        }
        m.erase(first, it);
        return m.emplace_hint(it, b, w);
    }
    RangeMap::iterator atB = m.end();
    uint64_t cursor = b;
    for (it = first; it != m.end() && it->first < e; ++it) {
        if (it->first > cursor) {
            RangeState gap;
            gap.end = it->first;
            gap.readers[pipe] = a;
            auto g = m.emplace_hint(it, cursor, gap);
            if (atB == m.end()) atB = g;
        }
        if (atB == m.end()) atB = it;
        it->second.readers[pipe] = a;
        if (it->second.strided.pipe == pipe) it->second.strided = StridedRead{};
        cursor = it->second.end;
    }
    if (cursor < e) {
        RangeState gap;
        gap.end = e;
        gap.readers[pipe] = a;
        auto g = m.emplace_hint(it, cursor, gap);
        if (atB == m.end()) atB = g;
    }
    return atB;
}

// The write just recorded over [b, e) may land before the earlier writes CheckAccess found unordered with it: each
// such part keeps that write as `raced` (a few map nodes per racing write, no per-byte state).
void MarkRaced(RangeMap& m) {
    for (const RacedPart& part : tlsRacedParts) {
        SplitAt(m, part.hi);
        for (auto it = SplitAt(m, part.lo); it != m.end() && it->first < part.hi; ++it) it->second.raced = part.earlier;
    }
    tlsRacedParts.clear();
}

// Checks and records an access; returns the range at b (a hint for the footprint's next row).
RangeMap::iterator Access(CoreContext& c, RangeMap& m, Space space, int pipe, uint64_t seq, const char* api, uint64_t b,
                          uint64_t e, bool write, RangeMap::iterator hint) {
    auto first = CheckAccess(c, m, space, pipe, api, b, e, write, hint);
    const PipeAccess a{seq, SiteId(*c.sync.records, api, tlsCallLine)};
    // The common case, a buffer accessed again as a whole, needs no split.
    if (first != m.end() && first->first == b && first->second.end == e) {
        RecordInPlace(first->second, pipe, a, write);
    } else {
        first = RecordAccess(m, pipe, a, b, e, write, first);
    }
    if (!tlsRacedParts.empty()) MarkRaced(m);
    return first;
}

// A read of `count` rows of `len` bytes, `pitch` apart from `start` (pitch > len): each range it meets is checked
// (its writer, where the rows have bytes) and takes the read as a StridedRead, or plainly where it lies inside one
// row; a range already read strided by another pipe or rows is split at the rows instead.
void StridedReadAccess(CoreContext& c, RangeMap& m, Space space, int pipe, uint64_t seq, const char* api,
                       uint64_t start, uint64_t count, uint64_t len, uint64_t pitch) {
    PipeSync& s = c.sync;
    StridedRead sr;
    sr.pipe = static_cast<int8_t>(pipe);
    sr.phase = start % pitch, sr.len = len, sr.pitch = pitch;
    const uint64_t end = start + (count - 1) * pitch + len;
    for (auto it = FirstAfter(m, start, m.end()); it != m.end() && it->first < end; ++it) {
        const auto [rb, re] = sr.FirstRowBytes(std::max(it->first, start), std::min(it->second.end, end));
        const RangeState& r = it->second;
        if (rb < re && r.writerPipe >= 0 && !OrderAfter(s, r.writerPipe, r.writer.seq, pipe)) {
            Unordered(c, api, space, pipe, false, rb, re, r.writerPipe, r.writer, true);
        }
    }
    const PipeAccess a{seq, SiteId(*s.records, api, tlsCallLine)};
    SplitAt(m, end);
    SplitAt(m, start);
    std::vector<std::pair<uint64_t, uint64_t>> apart;  // ranges to split at the rows
    uint64_t cursor = start;
    auto take = [&](RangeState& r, uint64_t lo, uint64_t hi) {
        if (sr.FirstRowBytes(lo, hi).first >= hi) return;  // between two rows
        if (!sr.MissesIn(lo, hi)) {                        // inside one row
            r.readers[pipe] = a;
            if (r.strided.pipe == pipe) r.strided = StridedRead{};
        } else if (r.strided.pipe < 0 || (r.strided.pipe == pipe && r.strided.SameRows(sr))) {
            if (r.strided.pipe < 0) {
                r.strided = sr;
                r.strided.prev = r.readers[pipe];
            }
            r.readers[pipe] = a;
        } else {
            apart.emplace_back(lo, hi);
        }
    };
    auto it = m.lower_bound(start);
    for (; it != m.end() && it->first < end; ++it) {
        if (it->first > cursor) {  // bytes no access touched yet: a range of their own
            RangeState gap;
            gap.end = it->first;
            auto g = m.emplace_hint(it, cursor, gap);
            take(g->second, cursor, it->first);
        }
        take(it->second, it->first, it->second.end);
        cursor = it->second.end;
    }
    if (cursor < end) {
        RangeState gap;
        gap.end = end;
        take(m.emplace_hint(it, cursor, gap)->second, cursor, end);
    }
    for (const auto& [lo, hi] : apart) {
        for (uint64_t row = lo + (sr.FirstRowBytes(lo, hi).first - lo); row < hi; row += pitch) {
            const uint64_t rowStart = row - sr.Offset(row);
            const uint64_t b = std::max(rowStart, lo);
            RecordAccess(m, pipe, a, b, std::min(rowStart + len, hi), false, FirstAfter(m, b, m.end()));
        }
    }
}

// Interval sets of PIPE_S's pending UB accesses (begin -> end, disjoint; touching spans merge).
void AddScalarSpan(SpanSet& set, uint64_t b, uint64_t e) {
    auto it = set.upper_bound(b);
    if (it != set.begin() && std::prev(it)->second >= b) {
        it = std::prev(it);
        b = it->first;
        e = std::max(e, it->second);
        it = set.erase(it);
    }
    while (it != set.end() && it->first <= e) {
        e = std::max(e, it->second);
        it = set.erase(it);
    }
    set.emplace_hint(it, b, e);
}

// f(lo, hi) for each part of [b, e) outside the set.
template <typename F>
void ForEachGap(const SpanSet& set, uint64_t b, uint64_t e, F&& f) {
    auto it = set.upper_bound(b);
    if (it != set.begin() && std::prev(it)->second > b) it = std::prev(it);
    uint64_t cursor = b;
    for (; it != set.end() && it->first < e; ++it) {
        if (it->first > cursor) f(cursor, it->first);
        cursor = std::max(cursor, it->second);
    }
    if (cursor < e) f(cursor, e);
}

// PIPE_S's UB accesses wait in PipeSync until another pipe touches UB or S's clock is copied (Snapshot, PIPE_ALL):
// no copy of S's clock falls between them, so every later check against any of them answers as against the last
// seq, and they enter the map as one write set and one read set (the bytes S wrote: S the writer; the bytes S only
// read: S a reader). A scalar loop over UB then costs interval-set updates, not range-map splits per element.
void FlushScalarUb(PipeSync& s) {
    const int pipe = static_cast<int>(Pipe::kS);
    PipeRecords& r = *s.records;
    r.scalarHint = r.ub.end();
    for (const auto& [b, e] : r.scalarWrites) {
        RecordAccess(r.ub, pipe, {r.scalarSeq, SiteId(r, r.scalarWriteApi, r.scalarWriteLine)}, b, e, true,
                     FirstAfter(r.ub, b, r.ub.end()));
    }
    for (const auto& [b, e] : r.scalarReads) {
        ForEachGap(r.scalarWrites, b, e, [&](uint64_t lo, uint64_t hi) {
            RecordAccess(r.ub, pipe, {r.scalarSeq, SiteId(r, r.scalarReadApi, r.scalarReadLine)}, lo, hi, false,
                         FirstAfter(r.ub, lo, r.ub.end()));
        });
    }
    r.scalarWrites.clear();
    r.scalarReads.clear();
}

// Operands an instruction writes: its destinations and its scratch buffer.
bool IsDst(const char* role) { return std::strncmp(role, "dst", 3) == 0 || std::strcmp(role, "sharedTmpBuffer") == 0; }

int ProducerPipe(int src) {
    if (const QuePipes* q = CubeQuePipes(src)) return static_cast<int>(q->producer);
    return static_cast<int>(src == kPosGm || src == kPosVecIn ? Pipe::kMte2 : Pipe::kV);
}
int ConsumerPipe(int dst) {
    if (const QuePipes* q = CubeQuePipes(dst)) return static_cast<int>(q->consumer);
    return static_cast<int>(dst == kPosGm || dst == kPosVecOut ? Pipe::kMte3 : Pipe::kV);
}

EventFlag& FlagOf(PipeSync& s, int kind, int32_t id) { return s.flags[std::size_t(kind) * kEventIds + id]; }

}  // namespace

PipeScope::PipeScope(CoreContext& c, Pipe p) : c_(c), saved_(c.sync.scopePipe) {
    c.sync.scopePipe = static_cast<int8_t>(p);
}
PipeScope::~PipeScope() { c_.sync.scopePipe = saved_; }

namespace {
// Many rows of one length with gaps between them (a strided copy's UB side): `rows` rows of `len` bytes, `pitch`
// apart (from two rows on: a range per row would cost more).
constexpr uint64_t kMinStridedRows = 2;
bool GappedRows(const Footprint& f, uint64_t& rows, uint64_t& len, uint64_t& pitch) {
    if (f.Empty() || f.groups < kMinStridedRows) return false;
    if (f.runs != 1 && f.runPitch != f.BytesOf(f.runElems)) return false;
    len = (f.runs - 1) * f.runPitch + f.BytesOf(f.lastRunElems);
    rows = f.groups, pitch = f.groupPitch;
    return pitch > len;
}
}  // namespace

void NoteUbOperand(CoreContext& c, const char* api, const char* role, const void* p, uint64_t bytes) {
    const Footprint span = Footprint::Contiguous(static_cast<const uint8_t*>(p) - c.ub, bytes, 8);
    NoteUbOperand(c, api, role, &span, 1);
}

// PipeBarrier(ISASI) doc: a barrier is needed between same-pipe instructions "with a data dependence" (具有数据依赖);
// two operands depend only through bytes both touch, so each byte range of the footprint is checked and recorded,
// not the span from its first to its last byte.
void NoteUbOperand(CoreContext& c, const char* api, const char* role, const Footprint* touched, std::size_t parts) {
    PipeSync& s = State(c);
    uint64_t b = UINT64_MAX, e = 0;
    for (std::size_t i = 0; i < parts; ++i) {
        if (touched[i].Empty()) continue;
        b = std::min(b, touched[i].base);
        e = std::max(e, touched[i].End());
    }
    if (b >= e) return;
    FlushScalarUb(s);
    int pipe = s.scopePipe >= 0 ? s.scopePipe : static_cast<int>(Pipe::kV);
    bool began = false;
    uint64_t seq = BeginInstr(s, pipe, api, role, &began);
    CheckUbFrame(c, api, b, e - b);
    if (s.operandCount < s.operands.size()) s.operands[s.operandCount++] = {b, IsDst(role)};
    thread_local std::vector<std::pair<uint64_t, uint64_t>> ranges;
    for (std::size_t i = 0; i < parts; ++i) {
        uint64_t rows = 0, len = 0, pitch = 0;
        if (!IsDst(role) && GappedRows(touched[i], rows, len, pitch)) {
            StridedReadAccess(c, s.records->ub, Space::kUb, pipe, seq, api, touched[i].base, rows, len, pitch);
            continue;
        }
        touched[i].ByteRanges(ranges);
        RangeMap& ub = s.records->ub;
        auto hint = ub.end();
        for (const auto& [lo, hi] : ranges) hint = Access(c, ub, Space::kUb, pipe, seq, api, lo, hi, IsDst(role), hint);
    }
    NoteFlowOperand(c, api, b, e - b, IsDst(role), began);
}

void NoteUbScalar(CoreContext& c, const char* api, const void* p, uint64_t bytes, bool write) {
    PipeSync& s = State(c);
    PipeRecords& r = *s.records;
    int pipe = static_cast<int>(Pipe::kS);
    uint64_t seq = BeginInstr(s, pipe, api, nullptr);
    uint64_t b = static_cast<const uint8_t*>(p) - c.ub;
    CheckUbFrame(c, api, b, bytes);
    // Bytes S wrote since the flush are S's own (ordered after itself); the rest are checked against the map.
    ForEachGap(r.scalarWrites, b, b + bytes, [&](uint64_t lo, uint64_t hi) {
        r.scalarHint = CheckAccess(c, r.ub, Space::kUb, pipe, api, lo, hi, write, r.scalarHint);
    });
    AddScalarSpan(write ? r.scalarWrites : r.scalarReads, b, b + bytes);
    (write ? r.scalarWriteApi : r.scalarReadApi) = api;
    (write ? r.scalarWriteLine : r.scalarReadLine) = tlsCallLine;
    r.scalarSeq = seq;
    ChargePipe(c, Pipe::kS, Soc(c).cost.scalarUbAccessCycles);
}

void NoteGm(CoreContext& c, const char* api, Pipe pipe, const void* p, uint64_t bytes, bool write) {
    PipeSync& s = State(c);
    if (bytes == 0) return;
    int id = static_cast<int>(pipe);
    bool sameInstr = id == s.curPipe && api == s.curApi && pipe != Pipe::kS;
    uint64_t seq = sameInstr ? s.seq[id] : BeginInstr(s, id, api, nullptr);
    auto b = reinterpret_cast<uint64_t>(p);
    PipeRecords& r = *s.records;
    r.gmHint = Access(c, r.gm, Space::kGm, id, seq, api, b, b + bytes, write, r.gmHint);
}

void NoteCubeAccess(CoreContext& c, const char* api, Pipe pipe, CubeBuffer buf, uint64_t offset, uint64_t bytes,
                    bool write) {
    PipeSync& s = State(c);
    if (bytes == 0) return;
    int id = static_cast<int>(pipe);
    uint64_t seq = BeginInstr(s, id, api, nullptr);
    uint64_t b = (uint64_t{static_cast<uint8_t>(buf)} << kCubeBufferShift) + offset;
    Access(c, s.records->cube, Space::kCube, id, seq, api, b, b + bytes, write, s.records->cube.end());
}

void NoteFullBarrier(CoreContext& c) { NotePipeBarrier(c, kHwPipeAll); }

// PipeBarrier doc: the pipe waits for its own earlier instructions; PIPE_ALL waits for every pipe; no PIPE_S.
void NotePipeBarrier(CoreContext& c, int pipeId) {
    PipeSync& s = State(c);
    if (pipeId == kHwPipeS) Fail("PipeBarrier", "PIPE_S is not supported (scalar order is kept by hardware)");
    if (pipeId == kHwPipeAll) {
        FlushScalarUb(s);
        PipeClock all = s.seq;
        const double until = std::max(*std::max_element(s.busyUntil.begin(), s.busyUntil.end()),
                                      *std::max_element(s.doneUntil.begin(), s.doneUntil.end()));
        for (int p = 0; p < kPipeCount; ++p) s.known[p] = all;
        s.busyUntil.fill(until);
        return;
    }
    int p = HwToPipe(pipeId);
    if (p >= 0) {
        s.known[p][p] = s.seq[p];
        s.busyUntil[p] = std::max(s.busyUntil[p], s.doneUntil[p]);  // the pipe's copies have landed
    }
}

// Separated architecture (A2/A3): MTE1/M/FIX live on the AIC, V on the AIV; S, MTE2 and MTE3 on both (the AIC's
// DataCopy L1 -> GM is an MTE3 instruction: CANN dav_c220 kernel_operator_data_copy_impl.h:312-322 under
// ASCEND_IS_AIC, kernel_operator_data_copy_intf.h:97 __inout_pipe__(MTE3)). An event
// naming a pipe of the other core type would synchronise across cores, which SetFlag/WaitFlag cannot: AIC<->AIV
// goes through CrossCoreSetFlag/CrossCoreWaitFlag only (同步控制/核间同步/CrossCoreSetFlag(ISASI).md).
void CheckEventOnThisCore(const CoreContext& c, const char* api, int kind) {
    const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(Soc(c).version);
    if (cube == nullptr || !cube->separated || kind < 0 || kind >= kEventNameCount) return;
    auto cubeOnly = [](std::string_view p) { return p == "MTE1" || p == "M" || p == "FIX"; };
    auto vectorOnly = [](std::string_view p) { return p == "V"; };
    std::string_view n = kEventNames[kind];
    const std::size_t cut = n.find('_');
    for (std::string_view pipe : {n.substr(0, cut), n.substr(cut + 1)}) {
        if (c.isAic ? vectorOnly(pipe) : cubeOnly(pipe)) {
            Fail(api, Str("HardEvent::", n, " names pipe ", pipe, ", which is not on this ", c.isAic ? "AIC" : "AIV",
                          " core of ", Soc(c).name,
                          ": AIC<->AIV synchronisation needs CrossCoreSetFlag/"
                          "CrossCoreWaitFlag"));
        }
    }
}

void NoteSetFlag(CoreContext& c, const char* api, int kind, int32_t eventId) {
    CheckEventOnThisCore(c, api, kind);
    PipeSync& s = State(c);
    if (eventId >= kUserEventIds) {
        Fail(api, Str("event id ", eventId, " of HardEvent::", EventName(kind),
                      " is reserved (ID 6 for the system, ID 7 for TPipe's auto-sync): use 0-5 or "
                      "FetchEventID/AllocEventID"));
    }
    EventFlag& f = FlagOf(s, kind, eventId);
    if (f.set) {
        Fail(api, Str("HardEvent::", EventName(kind), " id ", eventId,
                      " set twice without a WaitFlag between (undefined on hardware)"));
    }
    EventPipes ep = PipesOfEvent(kind);
    f.set = true;
    f.token = ep.src >= 0 ? Snapshot(s, ep.src) : SyncToken{};
    f.setLine = tlsCallLine;
}

void NoteWaitFlag(CoreContext& c, const char* api, int kind, int32_t eventId) {
    CheckEventOnThisCore(c, api, kind);
    PipeSync& s = State(c);
    EventFlag& f = FlagOf(s, kind, eventId);
    EventPipes ep = PipesOfEvent(kind);
    if (ep.dst >= 0) Merge(s, ep.dst, f.token);
    f.set = false;
}

void NoteUnitFlagOrder(CoreContext& c, Pipe from, Pipe to) {
    PipeSync& s = State(c);
    Merge(s, static_cast<int>(to), Snapshot(s, static_cast<int>(from)));
}

int32_t FetchEventId(CoreContext& c, int kind, bool allocate) {
    PipeSync& s = State(c);
    for (int32_t id = 0; id < kUserEventIds; ++id) {
        bool taken = (s.allocatedIds[kind] >> id) & 1 || FlagOf(s, kind, id).set;
        if (taken) continue;
        if (allocate) s.allocatedIds[kind] |= uint8_t(1u << id);
        return id;
    }
    Fail(allocate ? "TPipe::AllocEventID" : "TPipe::FetchEventID",
         Str("no free event id for HardEvent::", EventName(kind), " among ids 0-5"));
}

void ReleaseEventId(CoreContext& c, int kind, int32_t eventId) {
    PipeSync& s = State(c);
    if (eventId < 0 || eventId >= kUserEventIds || !((s.allocatedIds[kind] >> eventId) & 1)) {
        Fail("TPipe::ReleaseEventID",
             Str("event id ", int(eventId), " of HardEvent::", EventName(kind), " was not allocated by AllocEventID"));
    }
    s.allocatedIds[kind] &= uint8_t(~(1u << eventId));
}

void NoteEnQue(CoreContext& c, const void* slot, int src, int) {
    PipeSync& s = State(c);
    s.records->enqueued[slot] = Snapshot(s, ProducerPipe(src));
}

void NoteDeQue(CoreContext& c, const void* slot, int, int dst) {
    PipeSync& s = State(c);
    auto it = s.records->enqueued.find(slot);
    if (it != s.records->enqueued.end()) Merge(s, ConsumerPipe(dst), it->second);
}

void NoteFreeTensor(CoreContext& c, const void* slot, int, int dst) {
    PipeSync& s = State(c);
    s.records->freed[slot] = Snapshot(s, ConsumerPipe(dst));
}

void NoteAllocTensor(CoreContext& c, const void* slot, int src, int) {
    PipeSync& s = State(c);
    auto it = s.records->freed.find(slot);
    if (it != s.records->freed.end()) Merge(s, ProducerPipe(src), it->second);
}

void ChargePipe(CoreContext& c, Pipe pipe, double cycles) {
    PipeSync& s = State(c);
    const int p = static_cast<int>(pipe), sPipe = static_cast<int>(Pipe::kS);
    const double start = std::max(s.busyUntil[p], p == sPipe ? 0.0 : s.busyUntil[sPipe]);
    s.busyUntil[p] = start + cycles;
    s.busyCycles[p] += cycles;
    if (c.trace != nullptr) RecordSpan(*c.trace, static_cast<uint8_t>(p), start, start + cycles, s.curApi);
}

double ChargeCopyPipe(CoreContext& c, Pipe pipe, double cycles, double latency) {
    PipeSync& s = State(c);
    const int p = static_cast<int>(pipe);
    const double start = std::max(s.busyUntil[p], s.busyUntil[static_cast<int>(Pipe::kS)]);
    ChargePipe(c, pipe, cycles);
    s.doneUntil[p] = std::max(s.doneUntil[p], s.busyUntil[p] + latency);
    return start;
}

void ChargeAllPipes(CoreContext& c, double cycles, const char* api) {
    PipeSync& s = State(c);
    const double start = std::max(*std::max_element(s.busyUntil.begin(), s.busyUntil.end()),
                                  *std::max_element(s.doneUntil.begin(), s.doneUntil.end()));
    s.busyUntil.fill(start + cycles);
    if (c.trace != nullptr) RecordSpan(*c.trace, kBarrierSpanPipe, start, start + cycles, api);
}

void CloseTimeline(CoreContext& c) {
    PipeSync& s = State(c);
    static_assert(kPipeCount <= sizeof(c.cost.pipeBusyCycles) / sizeof(double), "CoreCost.pipeBusyCycles too small");
    c.cost.timelineCycles = std::max(*std::max_element(s.busyUntil.begin(), s.busyUntil.end()),
                                     *std::max_element(s.doneUntil.begin(), s.doneUntil.end()));
    for (int p = 0; p < kPipeCount; ++p) c.cost.pipeBusyCycles[p] = s.busyCycles[p];
    if (c.cost.cubeEpilogueCycles >= 0) c.cost.cubeEpilogueCycles = c.cost.timelineCycles - c.cost.timelineAtCubeReturn;
}

void NoteCubeReturn(CoreContext& c) {
    PipeSync& s = State(c);
    c.cost.timelineAtCubeReturn = *std::max_element(s.busyUntil.begin(), s.busyUntil.end());
    c.cost.cubeEpilogueCycles = 0;
}

const UbOperand* CurrentUbOperands(CoreContext& c, int* count) {
    PipeSync& s = State(c);
    *count = s.operandCount;
    return s.operands.data();
}

// SetFlag/WaitFlag doc: the two must be used in pairs, else the waiting pipe times out.
void CheckPipeSyncAtEnd(CoreContext& c) {
    PipeSync& s = State(c);
    for (int kind = 0; kind < kHardEventKinds; ++kind) {
        for (int32_t id = 0; id < kEventIds; ++id) {
            const EventFlag& f = FlagOf(s, kind, id);
            if (f.set) {
                FailWithLines("SetFlag", Str("HardEvent::", EventName(kind), " id ", id, " set", LineOf(f.setLine),
                                             " was never waited by the kernel's end (SetFlag/WaitFlag must pair: the "
                                             "waiting pipe times out on hardware; SetFlag/WaitFlag doc)"));
            }
        }
    }
}

}  // namespace ascendc_sim
