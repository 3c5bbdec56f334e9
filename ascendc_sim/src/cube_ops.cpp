#include "sim/cube_ops.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <vector>

#include "ascendc_sim/platform/int_math.h"
#include "ascendc_sim/platform/soc_cube.h"
#include "sim/dcache.h"
#include "sim/definedness.h"
#include "sim/fixpipe.h"
#include "sim/gm_definedness.h"
#include "sim/kernel_rules.h"
#include "sim/matmul_gemm.h"
#include "sim/pipe.h"
#include "sim/timing.h"

namespace ascendc_sim {
namespace {

using ascendc_sim::DataType;
constexpr uint64_t kFractalBytes = 512;   // LoadData 2D moves 512-byte fractals
constexpr int64_t kC0 = 16;               // rows of A's and columns of B's fractals; L0C's 16 x 16 fractals
constexpr int64_t kFractalRowBytes = 32;  // a fractal row of A (column of B) is 32 bytes: C0 = 32 / element size

// A TPosition (sim/tensor.h) -> the cube buffer it lives in, with the address granule its APIs need (A1/B1 32 B
// (LoadData_2D.md), A2/B2 512 B and CO1 1024 B (Mmad.md), C2 (the bias table) 64 B, the block its copies move).
struct CubePosition {
    AscendC::TPosition pos;
    CubeBuffer buffer;
    uint64_t granule;
};
// C1 and TSCM are L1 too (TPosition.md). C2PIPE2GM is the fixpipe buffer FB0, addressed in 128-byte units
// (SetFixPipeConfig's FPC[15:8], CANN dav_c220 kernel_operator_fixpipe_impl.h:54).
constexpr CubePosition kCubePositions[] = {
    {AscendC::TPosition::A1, CubeBuffer::kL1, 32},        {AscendC::TPosition::B1, CubeBuffer::kL1, 32},
    {AscendC::TPosition::C1, CubeBuffer::kL1, 32},        {AscendC::TPosition::TSCM, CubeBuffer::kL1, 32},
    {AscendC::TPosition::A2, CubeBuffer::kL0A, 512},      {AscendC::TPosition::B2, CubeBuffer::kL0B, 512},
    {AscendC::TPosition::CO1, CubeBuffer::kL0C, 1024},    {AscendC::TPosition::C2, CubeBuffer::kBt, 64},
    {AscendC::TPosition::C2PIPE2GM, CubeBuffer::kFb, 128}};

const CubePosition* FindCubePosition(int pos) {
    for (const CubePosition& p : kCubePositions) {
        if (static_cast<int>(p.pos) == pos) return &p;
    }
    return nullptr;
}

uint64_t Capacity(const ascendc_sim::SocCubeInfo& cube, CubeBuffer b) {
    const uint64_t sizes[] = {cube.l1Bytes,  cube.l0aBytes,       cube.l0bBytes,
                              cube.l0cBytes, cube.biasTableBytes, cube.fixpipeBytes};
    return sizes[static_cast<int>(b)];
}

// The twin models the basic cube APIs on the AIC of the separated architecture (A2/A3).
const ascendc_sim::SocCubeInfo& RequireAic(CoreContext& c, const char* api) {
    const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(Soc(c).version);
    if (cube == nullptr || !cube->separated || !c.isAic) {
        Fail(api, Str("the cube's buffers (L1/L0A/L0B/L0C) are modeled on the AIC cores of A2/A3 only; this is ",
                      c.isAic ? "an AIC" : "a vector core", " of ", Soc(c).name));
    }
    return *cube;
}

std::vector<BufferSlot*> CarveCube(const char* api, const CubePosition& where, uint32_t num, uint32_t len,
                                   const void* owner) {
    CoreContext& c = Core();
    Poll(c);
    if (c.pipe == nullptr) Fail(api, "no live TPipe on this core");
    const ascendc_sim::SocCubeInfo& cube = RequireAic(c, api);
    if (num == 0 || len == 0) Fail(api, Str("buffer count ", num, " and length ", len, " must be positive"));
    int b = static_cast<int>(where.buffer);
    uint64_t rounded = ascendc_sim::AlignUp(uint64_t{len}, where.granule);
    uint64_t total = c.cube.used[b] + rounded * num;
    if (total > Capacity(cube, where.buffer)) {
        Fail(api, Str(num, " x ", len, " bytes brings ", kCubeBufferNames[b], " to ", total, " bytes, beyond its ",
                      Capacity(cube, where.buffer), " bytes on ", Soc(c).name));
    }
    if (c.pipeBuffers + num > kMaxPipeBuffers) {
        Fail(api, Str(num, " more buffers bring the TPipe to ", c.pipeBuffers + num, ", beyond the ", kMaxPipeBuffers,
                      " one TPipe manages (QBUF_MAX_LEN)"));
    }
    std::vector<uint8_t>& mem = c.cube.bytes[b];
    if (mem.empty()) mem.assign(Capacity(cube, where.buffer), 0);
    c.pipeBuffers += num;
    std::vector<BufferSlot*> slots;
    for (uint32_t i = 0; i < num; ++i) {
        BufferSlot& s = c.slots.emplace_back();
        s.base = mem.data() + c.cube.used[b];
        s.bytes = static_cast<uint32_t>(rounded);
        s.owner = owner;
        s.cubeBuffer = static_cast<int8_t>(b);
        c.cube.used[b] += rounded;
        slots.push_back(&s);
    }
    PoisonBuffer(c, DefSpace::kCube, CubeDefAddress(c, *slots.front()), rounded * num, api);
    return slots;
}

// An A or B element as a double (exact for every input type).
double LoadIn(DataType t, const uint8_t* base, int64_t idx) {
    if (t == DataType::kInt8) return static_cast<int8_t>(base[idx]);
    if (t == DataType::kFloat) {
        float f;
        std::memcpy(&f, base + idx * 4, 4);
        return f;
    }
    uint16_t h;
    std::memcpy(&h, base + idx * 2, 2);
    return t == DataType::kBf16 ? Bf16BitsToFloat(h) : HalfBitsToFloat(h);
}

int64_t Blocks(int64_t v, int64_t edge = kC0) { return (v + edge - 1) / edge; }

// An operand's address in the cube definedness space (sim/definedness.h: offset + buffer << kCubeBufferShift).
uint64_t DefAddress(const CubeOperand& o) {
    return (uint64_t{static_cast<uint8_t>(o.buffer)} << kCubeBufferShift) + o.offset;
}

// The valid m x n part of a float Nz matrix at `base`: column block jb holds rows of 16 floats (64 bytes) one after
// another, `blockPitch` bytes after block jb - 1; a whole block's m rows are one run, a last partial block's are m
// runs of its columns.
std::size_t NzValid(uint64_t base, uint64_t m, uint64_t n, uint64_t blockPitch, Footprint (&out)[2]) {
    std::size_t parts = 0;
    const uint64_t whole = n / kC0, rest = n % kC0;
    if (whole > 0) out[parts++] = Footprint::Rows(base, whole, m * kC0 * sizeof(float), blockPitch);
    if (rest > 0)
        out[parts++] = Footprint::Rows(base + whole * blockPitch, m, rest * sizeof(float), kC0 * sizeof(float));
    return parts;
}

// K rounded up as L0A / L0B hold it: to C0, or for float with kDirectionAlign to 16 (Mmad.md 表4 kDirectionAlign).
int64_t AlignedK(const AscendC::MmadParams& p, int64_t elemBytes) {
    const int64_t edge = elemBytes == 4 && p.kDirectionAlign ? kC0 : kFractalRowBytes / elemBytes;
    return Blocks(p.k, edge) * edge;
}

// Element offsets of A (Zz in L0A: 16 x C0 fractals row-major, rows inside; GEMV's m = 1 reads A as ND) and B (Zn
// in L0B: C0 x 16 fractals row-major, columns inside), C0 = 32 bytes of the input type (Mmad.md layouts); a row of
// A's fractals spans the aligned K.
struct CubeLayout {
    int64_t c0, kB, nB, e;
    CubeLayout(const AscendC::MmadParams& p, int64_t elemBytes)
        : c0(kFractalRowBytes / elemBytes), kB(AlignedK(p, elemBytes) / c0), nB(Blocks(p.n)), e(elemBytes) {}
    int64_t A(const AscendC::MmadParams& p, int64_t i, int64_t kk) const {
        return p.m == 1 ? kk : ((i / kC0) * kB + kk / c0) * kC0 * c0 + (i % kC0) * c0 + kk % c0;
    }
    int64_t B(int64_t kk, int64_t j) const { return ((kk / c0) * nB + j / kC0) * kC0 * c0 + (j % kC0) * c0 + kk % c0; }
};

// Mmad's arithmetic: C(i, j) of the valid m x n part starts from the bias, from itself (accumulating) or from 0 and
// adds its k products in k order in double (every product exact), then is rounded once to float; int8's sums are
// int32 arithmetic that wraps, as the register does. C (Nz, float or int32) at column block j / 16, row i, column j
// % 16.
template <typename Acc>
void MmadProduct(const CubeOperand& dst, const CubeOperand& a, const CubeOperand& b, DataType in,
                 const AscendC::MmadParams& p, bool accumulate, const float* biasRow) {
    using C = std::conditional_t<std::is_same_v<Acc, double>, float, int32_t>;
    const CubeLayout layout(p, DataTypeSize(in));
    thread_local GemmOperands<Acc> operands;
    thread_local std::vector<Acc> sums;
    auto element = [in](const uint8_t* base, int64_t idx) {
        const double v = LoadIn(in, base, idx);
        if constexpr (std::is_same_v<Acc, double>) {
            return v;
        } else {
            return static_cast<Acc>(static_cast<int32_t>(v));  // int8 as int32's bits
        }
    };
    operands.PackA(p.m, p.k, [&](int64_t i, int64_t kk) { return element(a.data, layout.A(p, i, kk)); });
    operands.PackB(p.n, p.k, [&](int64_t j, int64_t kk) { return element(b.data, layout.B(kk, j)); });
    const int64_t mB = Blocks(p.m);
    auto at = [&](int64_t i, int64_t j) {
        return dst.data + (((j / kC0) * mB + i / kC0) * kC0 * kC0 + (i % kC0) * kC0 + j % kC0) * 4;
    };
    sums.resize(std::size_t{p.m} * p.n);
    for (int64_t i = 0; i < p.m; ++i) {
        for (int64_t j = 0; j < p.n; ++j) {
            C held;
            std::memcpy(&held, at(i, j), 4);
            sums[i * p.n + j] = biasRow != nullptr ? static_cast<Acc>(biasRow[j])
                                : accumulate       ? static_cast<Acc>(held)
                                                   : Acc{};
        }
    }
    GemmAccumulate(operands, sums.data(), p.n);
    for (int64_t i = 0; i < p.m; ++i) {
        for (int64_t j = 0; j < p.n; ++j) {
            const C v = static_cast<C>(sums[i * p.n + j]);  // int32: the register's bits, wrapped
            std::memcpy(at(i, j), &v, 4);
        }
    }
}

// f(begin, end) for the valid k elements of row i of A and of column j of B: one run of up to C0 values per k block
// (as MmadCube reads them).
template <typename F>
void ForRowOfA(uint64_t a, const AscendC::MmadParams& p, const CubeLayout& l, int64_t i, F&& f) {
    if (p.m == 1) return f(a, a + uint64_t{p.k} * l.e);
    for (int64_t kb = 0; kb < l.kB; ++kb) {
        const uint64_t at = a + uint64_t(l.A(p, i, kb * l.c0)) * l.e;
        f(at, at + uint64_t(std::min<int64_t>(l.c0, p.k - kb * l.c0)) * l.e);
    }
}
template <typename F>
void ForColumnOfB(uint64_t b, const AscendC::MmadParams& p, const CubeLayout& l, int64_t j, F&& f) {
    for (int64_t kb = 0; kb < l.kB; ++kb) {
        const uint64_t at = b + uint64_t(l.B(kb * l.c0, j)) * l.e;
        f(at, at + uint64_t(std::min<int64_t>(l.c0, p.k - kb * l.c0)) * l.e);
    }
}

// Mmad's definedness: C(i, j) takes that of row i of A and column j of B over the valid k (and, accumulating, its own
// value before). Only the valid m x n part of C is written. The common case (A and B wholly defined) costs two
// look-ups; rows and columns are scanned only when undefined bytes are there.
void MmadDefinedness(CoreContext& c, const CubeOperand& dst, const CubeOperand& a, const CubeOperand& b,
                     const AscendC::MmadParams& p, bool accumulate, uint32_t inBytes) {
    const char* api = "Mmad";
    UndefMap& m = c.def.cube;
    const uint64_t ca = DefAddress(dst), aa = DefAddress(a), ba = DefAddress(b);
    const int64_t mB = Blocks(p.m);
    Footprint cValid[2];
    const std::size_t parts = NzValid(ca, p.m, p.n, uint64_t(mB) * kC0 * kC0 * sizeof(float), cValid);
    if (!accumulate) {
        for (std::size_t i = 0; i < parts; ++i) DefineBytes(c, DefSpace::kCube, cValid[i]);
    }
    const bool aUndef = m.AnyUndef(aa, aa + MmadBytes(p, 'a', inBytes)),
               bUndef = m.AnyUndef(ba, ba + MmadBytes(p, 'b', inBytes));
    const CubeLayout layout(p, inBytes);
    if (!aUndef && !bUndef) return;
    UndefOrigin origin;
    bool found = false;
    auto undefinedIn = [&](uint64_t lo, uint64_t hi) {
        bool any = false;
        m.ForEachUndef(lo, hi, [&](uint64_t, uint64_t, const UndefOrigin& o) {
            if (!found) origin = o;
            found = any = true;
        });
        return any;
    };
    std::vector<int64_t> rows, columns;
    for (int64_t i = 0; aUndef && i < p.m; ++i) {
        bool any = false;
        ForRowOfA(aa, p, layout, i, [&](uint64_t lo, uint64_t hi) { any = undefinedIn(lo, hi) || any; });
        if (any) rows.push_back(i);
    }
    for (int64_t j = 0; bUndef && j < p.n; ++j) {
        bool any = false;
        ForColumnOfB(ba, p, layout, j, [&](uint64_t lo, uint64_t hi) { any = undefinedIn(lo, hi) || any; });
        if (any) columns.push_back(j);
    }
    if (!found) return;  // only padding outside the valid m x k / k x n parts was undefined
    origin.clobbered = false;
    origin.via = api;
    origin.viaLine = tlsCallLine;
    const uint64_t blockPitch = uint64_t(mB) * kC0 * kC0 * sizeof(float);
    if (rows.size() == std::size_t{p.m} || columns.size() == std::size_t{p.n}) {
        for (std::size_t i = 0; i < parts; ++i) PoisonBytes(c, DefSpace::kCube, cValid[i], origin);
        return;
    }
    for (int64_t i : rows) {
        for (int64_t jb = 0; jb < Blocks(p.n); ++jb) {
            const uint64_t at = ca + uint64_t(jb) * blockPitch + uint64_t(i) * kC0 * sizeof(float);
            m.Poison(at, at + uint64_t(std::min<int64_t>(kC0, p.n - jb * kC0)) * sizeof(float), origin);
        }
    }
    for (int64_t j : columns) {
        const uint64_t column = ca + uint64_t(j / kC0) * blockPitch + uint64_t(j % kC0) * sizeof(float);
        for (int64_t i = 0; i < p.m; ++i) {
            const uint64_t at = column + uint64_t(i) * kC0 * sizeof(float);
            m.Poison(at, at + sizeof(float), origin);
        }
    }
}

// A bias row with undefined values: the columns of C it starts are undefined too (scanned only then).
void BiasDefinedness(CoreContext& c, const CubeOperand& dst, const CubeOperand& bias, const AscendC::MmadParams& p) {
    const uint64_t ba = DefAddress(bias), ca = DefAddress(dst);
    if (!c.def.cube.AnyUndef(ba, ba + uint64_t{p.n} * 4)) return;
    const uint64_t blockPitch = uint64_t(Blocks(p.m)) * kC0 * kC0 * sizeof(float);
    std::vector<std::pair<uint64_t, UndefOrigin>> columns;
    c.def.cube.ForEachUndef(ba, ba + uint64_t{p.n} * 4, [&](uint64_t lo, uint64_t hi, const UndefOrigin& o) {
        for (uint64_t j = (lo - ba) / 4; j * 4 < hi - ba; ++j) columns.emplace_back(j, o);
    });
    for (auto& [j, origin] : columns) {
        origin.clobbered = false;
        origin.via = "Mmad";
        origin.viaLine = tlsCallLine;
        const uint64_t column = ca + (j / kC0) * blockPitch + (j % kC0) * sizeof(float);
        for (int64_t i = 0; i < p.m; ++i) {
            c.def.cube.Poison(column + i * kC0 * 4, column + i * kC0 * 4 + 4, origin);
        }
    }
}

}  // namespace

uint64_t CubeDefAddress(const CoreContext& c, const BufferSlot& s) {
    const int b = s.cubeBuffer;
    return (uint64_t(b) << kCubeBufferShift) + uint64_t(s.base - c.cube.bytes[b].data());
}

BufferSlot* StaticCubeSlot(const char* api, int position, uint64_t addr, uint64_t bytes) {
    const CubePosition* where = FindCubePosition(position);
    if (where == nullptr) return nullptr;
    CoreContext& c = Core();
    const ascendc_sim::SocCubeInfo& cube = RequireAic(c, api);
    const int b = static_cast<int>(where->buffer);
    const uint64_t capacity = Capacity(cube, where->buffer);
    if (addr + bytes > capacity) {
        Fail(api, Str("static tensor [", addr, ", ", addr + bytes, ") beyond the ", capacity, "-byte ",
                      kCubeBufferNames[b], " of ", Soc(c).name));
    }
    std::vector<uint8_t>& mem = c.cube.bytes[b];
    if (mem.empty()) mem.assign(capacity, 0);
    uint8_t* base = mem.data() + addr;
    for (BufferSlot& s : c.slots) {
        if (s.fixed && s.base == base && s.bytes == bytes && s.cubeBuffer == b) return &s;
    }
    BufferSlot& s = c.slots.emplace_back();
    s.base = base;
    s.bytes = static_cast<uint32_t>(bytes);
    s.fixed = true;
    s.cubeBuffer = static_cast<int8_t>(b);
    s.state = BufferSlot::State::kAllocated;
    return &s;
}

std::vector<BufferSlot*> CarveLocal(const char* api, int position, uint32_t num, uint32_t len, const void* owner) {
    const CubePosition* where = FindCubePosition(position);
    return where != nullptr ? CarveCube(api, *where, num, len, owner) : CarveUb(api, num, len, owner);
}

CubeOperand CheckCubeOperand(CoreContext& c, const char* api, const char* role, const BufferSlot* slot,
                             const void* data, uint64_t tensorBytes, uint64_t bytes, uint32_t buffers, uint64_t align) {
    RequireAic(c, api);
    if (slot->cubeBuffer < 0 || !(buffers & (1u << slot->cubeBuffer))) {
        std::string want;
        for (int b = 0; b < static_cast<int>(CubeBuffer::kCount); ++b) {
            if (buffers & (1u << b)) want += want.empty() ? kCubeBufferNames[b] : Str(" or ", kCubeBufferNames[b]);
        }
        Fail(api,
             Str(role, " is in ", slot->cubeBuffer < 0 ? "UB" : kCubeBufferNames[slot->cubeBuffer], ", not in ", want));
    }
    auto buf = static_cast<CubeBuffer>(slot->cubeBuffer);
    auto* p = static_cast<uint8_t*>(const_cast<void*>(data));
    uint64_t offset = p - c.cube.bytes[slot->cubeBuffer].data();
    if (offset % align != 0) {
        Fail(api, Str(role, " ", kCubeBufferNames[slot->cubeBuffer], " address ", offset, " is not ", align,
                      "-byte aligned"));
    }
    // CANN checks a cube operand's alignment, not its LocalTensor's length (kernel_operator_mm_check.h:43-53): the
    // length of a static tensor (LocalTensor(TPosition, addr, size)) annotates only, so its operand is bounded by the
    // physical buffer; a TPipe buffer's by the buffer TPipe carved for it.
    const uint64_t room = slot->fixed ? c.cube.bytes[slot->cubeBuffer].size() - offset : tensorBytes;
    if (bytes > room) {
        Fail(api, Str(role, " covers ", bytes, " bytes but the ", slot->fixed ? "buffer" : "LocalTensor", " has ", room,
                      slot->fixed ? Str(" from its address ", offset) : std::string()));
    }
    return {p, buf, offset};
}

void CopyGmToL1(const char* api, const CubeOperand& dst, const uint8_t* gm, uint64_t count, uint64_t rowBytes,
                uint64_t srcPitch, uint64_t dstPitch) {
    CoreContext& c = Core();
    uint64_t srcSpan = (count - 1) * srcPitch + rowBytes, dstSpan = (count - 1) * dstPitch + rowBytes;
    NoteGm(c, api, Pipe::kMte2, gm, srcSpan, false);
    CacheDmaRead(c, api, gm, srcSpan);
    NoteCubeAccess(c, api, Pipe::kMte2, dst.buffer, dst.offset, dstSpan, true);
    for (uint64_t r = 0; r < count; ++r) std::memcpy(dst.data + r * dstPitch, gm + r * srcPitch, rowBytes);
    CopyFromGm(c, api, Footprint::Rows(reinterpret_cast<uint64_t>(gm), count, rowBytes, srcPitch), DefSpace::kCube,
               Footprint::Rows(DefAddress(dst), count, rowBytes, dstPitch));
    c.cost.gmToL1Bytes += count * rowBytes;
    NoteCubeRead(c, gm, count, rowBytes, srcPitch);
    ChargeCubeCopy(c, gm, count, rowBytes, srcPitch);
}

uint64_t LoadData2DSrcBytes(const AscendC::LoadData2DParams& p) {
    return (p.startIndex + uint64_t{p.repeatTimes - 1u} * p.srcStride + 1) * kFractalBytes;
}
uint64_t LoadData2DDstBytes(const AscendC::LoadData2DParams& p) {
    return (uint64_t{p.repeatTimes - 1u} * (1 + p.dstGap) + 1) * kFractalBytes;
}

// LoadData_2D.md: repeat r moves source fractal startIndex + r * srcStride to destination fractal r * (1 + dstGap),
// each 16 x 16 b16 fractal transposed when ifTranspose.
void LoadData2D(const char* api, const CubeOperand& dst, const CubeOperand& src, uint64_t dstBytes, uint64_t srcBytes,
                const AscendC::LoadData2DParams& p, uint32_t elemBytes) {
    CoreContext& c = Core();
    // dav_3510 has no transposing L1 -> L0A load (asc-devkit impl/basic_api/dav_3510/kernel_operator_mm_impl.h:450-455,
    // LoadData2DL12L0ATransposeCal: "not supported on current device"); L1 -> L0B it keeps.
    if (dst.buffer == CubeBuffer::kL0A && Soc(c).arch == Arch::kDav3510 &&
        std::strcmp(api, "LoadDataWithTranspose") == 0)
        Fail(api, Str("L1 (A1) -> L0A (A2) is not available on ", Soc(c).name,
                      " (dav_3510 kernel_operator_mm_impl.h:455); transpose into L0B, or load A with LoadData"));
    uint64_t first = uint64_t{p.startIndex} * kFractalBytes;
    NoteCubeAccess(c, api, Pipe::kMte1, src.buffer, src.offset + first, srcBytes - first, false);
    NoteCubeAccess(c, api, Pipe::kMte1, dst.buffer, dst.offset, dstBytes, true);
    for (uint64_t r = 0; r < p.repeatTimes; ++r) {
        const uint8_t* from = src.data + (p.startIndex + r * p.srcStride) * kFractalBytes;
        uint8_t* to = dst.data + r * (1 + p.dstGap) * kFractalBytes;
        if (!p.ifTranspose) {
            std::memcpy(to, from, kFractalBytes);
            continue;
        }
        for (int64_t i = 0; i < kC0; ++i) {
            for (int64_t j = 0; j < kC0; ++j)
                std::memcpy(to + (j * kC0 + i) * elemBytes, from + (i * kC0 + j) * elemBytes, elemBytes);
        }
    }
    // Fractal r takes source fractal r's definedness byte for byte; transposed, destination row j takes source
    // column j (scanned only when the source holds undefined bytes).
    const Footprint to =
        Footprint::Rows(DefAddress(dst), p.repeatTimes, kFractalBytes, (1 + uint64_t{p.dstGap}) * kFractalBytes);
    const Footprint from =
        Footprint::Rows(DefAddress(src) + first, p.repeatTimes, kFractalBytes, p.srcStride * kFractalBytes);
    bool undefined = false;
    from.ForEachRun([&](uint64_t b, uint64_t e, uint64_t, uint64_t, uint64_t, uint64_t) {
        undefined = undefined || c.def.cube.AnyUndef(b, e);
    });
    if (!p.ifTranspose || !undefined) {
        Propagate(c, api, Flow::kElementwise, {{to, DefSpace::kCube}}, {{from, DefSpace::kCube}});
    } else {
        const uint64_t rowBytes = kC0 * elemBytes;
        for (uint64_t r = 0; r < p.repeatTimes; ++r) {
            const uint64_t d = to.base + r * to.groupPitch, s = from.base + r * from.groupPitch;
            for (int64_t j = 0; j < kC0; ++j) {
                Propagate(c, api, Flow::kElementwise,
                          {{Footprint::Contiguous(d + j * rowBytes, rowBytes, 8), DefSpace::kCube}},
                          {{Footprint::Rows(s + j * elemBytes, kC0, elemBytes, rowBytes), DefSpace::kCube}});
            }
        }
    }
    (dst.buffer == CubeBuffer::kL0B ? c.cost.l1ToL0bBytes : c.cost.l1ToL0aBytes) +=
        uint64_t{p.repeatTimes} * kFractalBytes;
}

// A (m x k) in 16 x C0 fractals, B (k x n) in C0 x 16, C (m x n, 4-byte elements) in 16 x 16.
uint64_t MmadBytes(const AscendC::MmadParams& p, char which, uint32_t inBytes) {
    const uint64_t m = Blocks(p.m) * kC0, n = Blocks(p.n) * kC0, c0 = kFractalRowBytes / inBytes;
    const uint64_t k = AlignedK(p, inBytes);  // A's rows span the aligned K; B's k groups past K are not read
    if (which == 'a') return p.m == 1 ? k * inBytes : m * k * inBytes;  // GEMV (m = 1) reads A as ND (GEMV.md)
    return which == 'b' ? Blocks(p.k, c0) * c0 * n * inBytes : m * n * 4;
}

// Mmad.md: A in L0A as Zz (fractals row-major, rows inside), B in L0B as Zn (fractals row-major, columns inside),
// C in L0C as Nz (fractals column-major, rows inside); only the m x n x k valid part is computed (MmadProduct).
void MmadCube(const CubeOperand& dst, const CubeOperand& a, const CubeOperand& b, DataType in,
              const AscendC::MmadParams& p, const CubeOperand* bias) {
    const char* api = "Mmad";
    CoreContext& c = Core();
    if (p.m > 4095 || p.n > 4095 || p.k > 4095) Fail(api, Str("m, n, k (", p.m, ", ", p.n, ", ", p.k, ") > 4095"));
    if (p.cmatrixSource) Fail(api, "cmatrixSource (BT init) is not modeled");
    // unitFlag 2 / 3: the Mmad waits until FIX has read the L0C blocks it overwrites (UnitFlag.md)
    if (p.unitFlag == 2 || p.unitFlag == 3) NoteUnitFlagOrder(c, Pipe::kFix, Pipe::kM);
    const bool accumulate = bias == nullptr && (p.isBias || !p.cmatrixInitVal);
    // 同步优化说明: accumulating Mmads into one L0C need PipeBarrier<PIPE_M> below (m/16)*(n/16) = 10, where the
    // hardware does not order the write and the next read itself; an overwriting Mmad depends on no earlier one.
    if (!accumulate || (p.m / 16) * (p.n / 16) >= 10) NotePipeBarrier(c, PIPE_M);
    const uint32_t inBytes = ascendc_sim::DataTypeSize(in);
    NoteCubeAccess(c, api, Pipe::kM, a.buffer, a.offset, MmadBytes(p, 'a', inBytes), false);
    NoteCubeAccess(c, api, Pipe::kM, b.buffer, b.offset, MmadBytes(p, 'b', inBytes), false);
    NoteCubeAccess(c, api, Pipe::kM, dst.buffer, dst.offset, MmadBytes(p, 'c', inBytes), true);
    if (bias != nullptr) NoteCubeAccess(c, api, Pipe::kM, bias->buffer, bias->offset, uint64_t{p.n} * 4, false);
    const auto* biasRow = bias != nullptr ? reinterpret_cast<const float*>(bias->data) : nullptr;
    if (in == DataType::kInt8) {
        MmadProduct<uint32_t>(dst, a, b, in, p, accumulate, nullptr);
    } else {
        MmadProduct<double>(dst, a, b, in, p, accumulate, biasRow);
    }
    MmadDefinedness(c, dst, a, b, p, accumulate, inBytes);
    if (bias != nullptr) BiasDefinedness(c, dst, *bias, p);
    c.cost.cubeMacs += uint64_t(Blocks(p.m) * Blocks(p.n) * Blocks(p.k)) * kC0 * kC0 * kC0;
}

uint64_t FixpipeSrcBytes(const AscendC::FixpipeParamsV220& p) {
    return (uint64_t(Blocks(p.nSize) - 1) * p.srcStride * kC0 + uint64_t{p.mSize} * kC0) * sizeof(float);
}

FixpipeOut FixpipeOutLayout(const char* api, const AscendC::FixpipeParamsV220& p, uint32_t elemBytes, bool nz) {
    FixpipeOut o;
    o.nz = nz;
    o.elemBytes = elemBytes;
    if (p.ndNum > 1) {  // CheckCommonFixpipeParam (kernel_operator_fixpipe_v2_impl.h:70-73)
        if (p.srcNdStride < 1 || p.srcNdStride > 512)
            Fail(api, Str("srcNdStride ", p.srcNdStride, " outside [1, 512]"));
        if (p.dstNdStride < 1) Fail(api, "dstNdStride 0 with ndNum > 1 (valid: 1 to 65535)");
    }
    if (!nz) {
        // ND_PARA splits only NZ2ND (kernel_operator_fixpipe_v2_impl.h:268-273 sets it for ROW_MAJOR alone)
        o.matrices = p.ndNum;
        o.srcMatrixBytes = uint64_t{p.srcNdStride} * 1024;
        o.dstMatrixBytes = uint64_t{p.dstNdStride} * elemBytes;
        if (p.dstStride < p.nSize) {
            Fail(api,
                 Str("dstStride ", p.dstStride, " is below nSize ", p.nSize, " (NZ2ND: elements per destination row)"));
        }
        o.runs = p.mSize;
        o.runBytes = uint64_t{p.nSize} * elemBytes;
        o.pitchBytes = uint64_t{p.dstStride} * elemBytes;
        return o;
    }
    // NZ output: a row of a column block is 32 bytes of the output type, 16 floats for a float output, 8 with
    // isChannelSplit; dstStride is in 32-byte blocks (Fixpipe（L0C到GM数据搬运）.md 表4).
    // A b8 output's column block is 32 wide: two of L0C's 16-wide blocks side by side.
    if (p.isChannelSplit && elemBytes != 4) Fail(api, "isChannelSplit needs a float output");
    o.c0 = elemBytes == 4 ? (p.isChannelSplit ? 8 : 16) : 32 / elemBytes;
    // NZ: nSize a multiple of 16 (kernel_operator_fixpipe_v2_impl.h:58); the twin needs whole column blocks too.
    if (p.nSize % kC0 != 0 || p.nSize % o.c0 != 0) {
        Fail(api, Str("NZ output: nSize ", p.nSize, " is not a multiple of 16 and of C0 = ", o.c0));
    }
    o.runs = p.nSize / o.c0;
    o.runBytes = uint64_t{p.mSize} * o.c0 * elemBytes;
    o.pitchBytes = uint64_t{p.dstStride} * 32;
    if (o.runs > 1 && o.pitchBytes < o.runBytes) {
        Fail(api, Str("NZ output: dstStride ", p.dstStride, " x 32 bytes is below a column block's ", o.runBytes));
    }
    return o;
}

// Fixpipe.md: output element (i, j) <- NZ element (j / 16) * srcStride * 16 + i * 16 + j % 16, through relu and
// quantPre (fixpipe.cpp), to GM or L1 as `layout` places it.
void FixpipeMove(const char* api, const FixpipeDst& dst, DataType out, DataType in, const CubeOperand& src,
                 const AscendC::FixpipeParamsV220& p, const FixpipeOut& layout, const FixpipeQuant& q) {
    CoreContext& c = Core();
    if (c.atomicAdd && dst.gm != nullptr) Fail(api, "Fixpipe under SetAtomicAdd is not modeled");
    CheckQuantMode(api, p.quantPre, in, out);
    // unitFlag 3: the Fixpipe reads L0C blocks once the Mmad that set their flag (unitFlag 3) wrote them (UnitFlag.md)
    if (p.unitFlag == 3) NoteUnitFlagOrder(c, Pipe::kM, Pipe::kFix);
    const uint64_t srcBytes = (layout.matrices - 1) * layout.srcMatrixBytes + FixpipeSrcBytes(p);
    NoteCubeAccess(c, api, Pipe::kFix, src.buffer, src.offset, srcBytes, false);
    std::vector<uint64_t> words;  // copied out first, as the hardware loads them into FB: the move may overwrite them
    if (q.columns != nullptr) {   // one uint64_t per column, read by FIX before the move (CopyDeqTensorToFbuf)
        const uint64_t bytes = uint64_t{p.nSize} * 8;
        NoteCubeAccess(c, api, Pipe::kFix, q.columns->buffer, q.columns->offset, bytes, false);
        const uint64_t at = DefAddress(*q.columns);
        if (c.def.cube.AnyUndef(at, at + bytes)) {
            Fail(api, Str("the quantisation words (", kCubeBufferNames[static_cast<int>(q.columns->buffer)], " [",
                          q.columns->offset, ", ", q.columns->offset + bytes, ")) hold undefined bytes"));
        }
        words.resize(p.nSize);
        std::memcpy(words.data(), q.columns->data, bytes);
    }
    if (q.barrier) NotePipeBarrier(c, PIPE_FIX);
    for (uint64_t t = 0; t < layout.matrices; ++t) {
        const uint64_t from = t * layout.srcMatrixBytes, to = t * layout.dstMatrixBytes;
        Footprint read[2];
        const std::size_t parts =
            NzValid(DefAddress(src) + from, p.mSize, p.nSize, uint64_t{p.srcStride} * kC0 * sizeof(float), read);
        if (dst.gm != nullptr) {
            uint8_t* gm = dst.gm + to;
            const Footprint written =
                Footprint::Rows(reinterpret_cast<uint64_t>(gm), layout.runs, layout.runBytes, layout.pitchBytes);
            for (std::size_t i = 0; i < parts; ++i) {
                const UndefFound found = FirstUndef(c, api, {&read[i], &c.def.cube, 0, DefSpace::kCube});
                const uint64_t l0c = uint64_t{static_cast<uint8_t>(CubeBuffer::kL0C)} << kCubeBufferShift;
                StoreUndefinedToGm(c, api, "L0C", l0c, found, written);
                if (found.any) break;
            }
            for (uint64_t r = 0; r < layout.runs; ++r) {
                NoteGm(c, api, Pipe::kFix, gm + r * layout.pitchBytes, layout.runBytes, true);
                CacheDmaWrite(c, api, gm + r * layout.pitchBytes, layout.runBytes);
            }
        } else {
            NoteCubeAccess(c, api, Pipe::kFix, dst.l1->buffer, dst.l1->offset + to, layout.Span(), true);
            const FlowOperand into{
                Footprint::Rows(DefAddress(*dst.l1) + to, layout.runs, layout.runBytes, layout.pitchBytes),
                DefSpace::kCube};
            std::vector<FlowOperand> sources;
            for (std::size_t i = 0; i < parts; ++i) sources.push_back({read[i], DefSpace::kCube, true});
            Propagate(c, api, Flow::kWhole, std::vector<FlowOperand>{into}, sources);
        }
        uint8_t* base = (dst.gm != nullptr ? dst.gm : dst.l1->data) + to;
        for (int64_t i = 0; i < p.mSize; ++i) {
            for (int64_t j = 0; j < p.nSize; ++j) {
                const uint8_t* at = src.data + from + ((j / kC0) * p.srcStride * kC0 + i * kC0 + j % kC0) * 4;
                const uint64_t word = words.empty() ? q.scalar : words[j];
                FixpipeConvert(api, p.quantPre, p.reluEn, word, in, out, at, base + layout.Offset(i, j));
            }
        }
    }
    // FIX moves L0C out at one rate whatever the destination [assumed: as L0C -> GM, soc_cube.cpp].
    c.cost.l0cToGmBytes += layout.matrices * p.mSize * p.nSize * ascendc_sim::DataTypeSize(out);
}

void CopyL1ToBt(const char* api, const CubeOperand& dst, const CubeOperand& src, uint64_t bytes) {
    CoreContext& c = Core();
    // L1 -> FB is a FIX instruction (DataCopyL12FBIntf's __inout_pipe__(FIX), kernel_operator_data_copy_impl.h:1062)
    const Pipe pipe = dst.buffer == CubeBuffer::kFb ? Pipe::kFix : Pipe::kMte1;
    NoteCubeAccess(c, api, pipe, src.buffer, src.offset, bytes, false);
    NoteCubeAccess(c, api, pipe, dst.buffer, dst.offset, bytes, true);
    std::memmove(dst.data, src.data, bytes);
    Propagate(c, api, Flow::kElementwise, {{Footprint::Contiguous(DefAddress(dst), bytes, 8), DefSpace::kCube}},
              {{Footprint::Contiguous(DefAddress(src), bytes, 8), DefSpace::kCube}});
}

// DataCopy.md (A2/A3: L1 -> GM): MTE3 moves L1 rows to GM; charged as a UB -> GM copy (the MTE3 rate).
void CopyL1ToGm(const char* api, uint8_t* gm, const CubeOperand& src, uint64_t count, uint64_t rowBytes,
                uint64_t srcPitch, uint64_t dstPitch) {
    CoreContext& c = Core();
    // dav_3510 has no L1 -> GM path (asc-devkit examples/01_simd_cpp_api/06_compatibility_guide/data_copy_l1togm)
    if (Soc(c).arch == Arch::kDav3510) Fail(api, Str("L1 -> GM is not available on ", Soc(c).name, " (dav_3510)"));
    if (c.atomicAdd) Fail(api, "L1 -> GM under SetAtomicAdd is not modeled");
    const uint64_t srcSpan = (count - 1) * srcPitch + rowBytes, dstSpan = (count - 1) * dstPitch + rowBytes;
    NoteCubeAccess(c, api, Pipe::kMte3, src.buffer, src.offset, srcSpan, false);
    NoteGm(c, api, Pipe::kMte3, gm, dstSpan, true);
    CacheDmaWrite(c, api, gm, dstSpan);
    CopyToGm(c, api, DefSpace::kCube, Footprint::Rows(DefAddress(src), count, rowBytes, srcPitch),
             Footprint::Rows(reinterpret_cast<uint64_t>(gm), count, rowBytes, dstPitch), false);
    for (uint64_t r = 0; r < count; ++r) std::memcpy(gm + r * dstPitch, src.data + r * srcPitch, rowBytes);
    c.cost.ubToGmBytes += count * rowBytes;
    ChargeCopy(c, Pipe::kMte3, gm, count, rowBytes, dstPitch, false);
}

}  // namespace ascendc_sim
