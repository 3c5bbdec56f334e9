// The register types and template enums of AscendC::Reg (asc-devkit include/basic_api/reg_compute/
// kernel_reg_compute_struct_intf.h, _common_intf.h, kernel_reg_compute_utils.h): RegTensor, MaskReg, AddrReg and
// the unaligned-access registers, each a CPU value with the definedness of its bytes.
#pragma once
#include <cstdint>
#include <type_traits>

#include "sim/call_site.h"
#include "sim/cast.h"
#include "sim/reduce_repeat.h"
#include "sim/reg/reg_state.h"

namespace AscendC::Reg {

enum class RegLayout { UNKNOWN = -1, ZERO, ONE, TWO, THREE };
enum class SatMode { UNKNOWN = -1, NO_SAT, SAT };
enum class IndexOrder { INCREASE_ORDER, DECREASE_ORDER };
enum class MaskMergeMode { UNKNOWN, MERGING, ZEROING };
enum class HighLowPart { LOWEST, HIGHEST };
enum class PostLiteral { POST_MODE_NORMAL, POST_MODE_UPDATE };
enum class MaskPattern { ALL, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4, H, Q, ALLF = 15 };
enum class LoadDist {
    DIST_NORM,
    DIST_BRC_B8,
    DIST_BRC_B16,
    DIST_BRC_B32,
    DIST_US_B8 = 6,
    DIST_US_B16,
    DIST_DS_B8,
    DIST_DS_B16,
    DIST_BDINTLV,
    DIST_DINTLV_B8,
    DIST_DINTLV_B16,
    DIST_UNPACK_B8,
    DIST_UNPACK_B16,
    DIST_BLK,
    DIST_E2B_B16,
    DIST_E2B_B32,
    DIST_UNPACK_B32,
    DIST_DINTLV_B32,
    DIST_UNPACK4_B8,
    DIST_SPLT4CHN_B8,
    DIST_SPLT2CHN_B8,
    DIST_SPLT2CHN_B16,
};
enum class MaskDist { DIST_NORM, DIST_US = 1, DIST_DS = 2, DIST_PACK = 1 };
enum class StoreDist {
    DIST_NORM_B8,
    DIST_NORM_B16,
    DIST_NORM_B32,
    DIST_FIRST_ELEMENT_B8,
    DIST_FIRST_ELEMENT_B16,
    DIST_FIRST_ELEMENT_B32,
    DIST_PACK_B16,
    DIST_PACK_B32,
    DIST_INTLV_B8,
    DIST_INTLV_B16,
    DIST_PACK_B64,
    DIST_INTLV_B32,
    DIST_PACK4_B32,
    DIST_MRG4CHN_B8,
    DIST_MRG2CHN_B8,
    DIST_MRG2CHN_B16,
    DIST_NORM
};
enum class MemType { VEC_STORE, VEC_LOAD, SCALAR_STORE, SCALAR_LOAD, VEC_ALL, SCALAR_ALL };
enum class DataCopyMode { DATA_BLOCK_COPY };
enum class PairReduce { SUM = 0 };
enum class GatherMaskMode { NO_STORE_REG, STORE_REG };
using ReduceType = AscendC::ReduceType;
struct DefaultType {};

struct CastTrait {
    RegLayout layoutMode = RegLayout::UNKNOWN;
    SatMode satMode = SatMode::UNKNOWN;
    MaskMergeMode mrgMode = MaskMergeMode::UNKNOWN;
    RoundMode roundMode = RoundMode::UNKNOWN;
};
constexpr CastTrait castTrait = {RegLayout::UNKNOWN, SatMode::UNKNOWN, MaskMergeMode::UNKNOWN, RoundMode::UNKNOWN};

struct RegTrait {
    int REG_NUM = 1;
};
constexpr RegTrait RegTraitNumOne = {1};
constexpr RegTrait RegTraitNumTwo = {2};

// A vector register (two for RegTraitNumTwo): kLanes elements of T, with the definedness of each byte. A register
// the kernel declares holds no defined value until an instruction writes it.
template <typename T, const RegTrait& regTrait = RegTraitNumOne>
struct RegTensor {
    using ActualT = T;
    static constexpr RegTrait trait = regTrait;
    static constexpr int REG_NUM = trait.REG_NUM;
    // A load or store moves VL bytes either way: RegTraitNumTwo spreads VL / 8 b64 elements over two registers (the
    // trait sample steps its addresses by GetVecLen() / sizeof(T) in both forms).
    static constexpr uint32_t kBytes = ascendc_sim::reg::kVL;
    static constexpr uint32_t kLanes = kBytes / sizeof(T);
    static_assert(REG_NUM == 1 || sizeof(T) == 8, "RegTraitNumTwo takes b64 types only (RegTensor doc)");

    RegTensor(ascendc_sim::CallSite = {}) : counted_(true) {  // NOLINT: the default constructor, at its line
        ascendc_sim::reg::CountVectorReg(REG_NUM);
        undef.SetRange(0, kBytes, true);
    }
    explicit RegTensor(ascendc_sim::reg::Uncounted) { undef.SetRange(0, kBytes, true); }
    RegTensor(const RegTensor& o) : counted_(true) {
        ascendc_sim::reg::CountVectorReg(REG_NUM);
        CopyFrom(o);
    }
    RegTensor& operator=(const RegTensor& o) {
        CopyFrom(o);
        return *this;
    }
    ~RegTensor() {
        if (counted_) ascendc_sim::reg::ReleaseVectorReg(REG_NUM);
    }

    T Lane(uint32_t i) const {
        T v;
        std::memcpy(&v, bytes + i * sizeof(T), sizeof(T));
        return v;
    }
    void SetLane(uint32_t i, T v, bool undefined) {
        std::memcpy(bytes + i * sizeof(T), &v, sizeof(T));
        undef.SetRange(i * sizeof(T), (i + 1) * sizeof(T), undefined);
    }
    bool LaneUndef(uint32_t i) const { return undef.Any(i * sizeof(T), (i + 1) * sizeof(T)); }

    alignas(64) uint8_t bytes[kBytes] = {};
    ascendc_sim::reg::ByteBits<kBytes> undef;
    ascendc_sim::UndefOrigin origin;  // why its undefined bytes are so (the first source that carried them)

private:
    void CopyFrom(const RegTensor& o) {
        std::memcpy(bytes, o.bytes, kBytes);
        undef = o.undef;
        origin = o.origin;
    }
    bool counted_ = false;
};

// A mask register: VL / 8 bytes, one bit per byte of a vector register; an element of b bytes is selected by the
// bit of its first byte (MaskReg doc: width VL/8; 约束: b16 takes every second bit, b32 every fourth).
class MaskReg {
public:
    MaskReg(ascendc_sim::CallSite = {}) : counted_(true) {  // NOLINT: the default constructor, at its line
        ascendc_sim::reg::CountMaskReg();
        undef.SetRange(0, ascendc_sim::reg::kVL, true);
    }
    explicit MaskReg(ascendc_sim::reg::Uncounted) {}
    MaskReg(const MaskReg& o) : bits(o.bits), undef(o.undef), counted_(true) { ascendc_sim::reg::CountMaskReg(); }
    MaskReg& operator=(const MaskReg& o) {
        bits = o.bits;
        undef = o.undef;
        return *this;
    }
    ~MaskReg() {
        if (counted_) ascendc_sim::reg::ReleaseMaskReg();
    }
    bool Bit(uint32_t i) const { return bits.Get(i); }
    void SetBit(uint32_t i, bool v) { bits.Set(i, v); }

    ascendc_sim::reg::ByteBits<ascendc_sim::reg::kVL> bits;   // bit i: byte i of a vector register
    ascendc_sim::reg::ByteBits<ascendc_sim::reg::kVL> undef;  // bit i holds no defined value

private:
    bool counted_ = false;
};

// An address register (CreateAddrReg): the byte offset the hardware-loop indices and strides give.
struct AddrReg {
    uint64_t bytes = 0;
};

// The alignment registers of the unaligned loads and stores (UnalignRegForLoad / UnalignRegForStore).
struct UnalignReg {
    uint64_t base = 0;     // load: the aligned block the preload read; store: the first byte not yet written
    uint32_t pending = 0;  // store: bytes held back for StoreUnAlignPost
    bool primed = false;   // load: LoadUnAlignPre ran
    alignas(64) uint8_t tail[ascendc_sim::reg::kVL] = {};
    ascendc_sim::reg::ByteBits<ascendc_sim::reg::kVL> tailUndef;
};
using UnalignRegForLoad = UnalignReg;
using UnalignRegForStore = UnalignReg;

}  // namespace AscendC::Reg
