// CANN's Matmul host tiling API (matmul_tiling::MultiCoreMatmulTiling / MatmulApiTiling, optiling::TCubeTiling) over
// the twin's clean-room tiling (ascendc_sim/platform/matmul_tiling.h). The twin's Matmul takes every operand from
// GM in ND; any other position or format is refused when GetTiling runs, naming the call (an error, never a guess).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "ascendc_sim/platform/matmul_tiling.h"
#include "graph/types.h"
#include "kernel_tiling/kernel_tiling.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {

// The host image of TCubeTiling: the kernel reads GetDataSize bytes of it as the plain struct.
class TCubeTiling : public TilingDef {
public:
    TCubeTiling() {
        offset_ = Place(sizeof(ascendc_sim::CubeTiling), alignof(ascendc_sim::CubeTiling));
        Finish("TCubeTiling");
    }
    void Load(const ascendc_sim::CubeTiling& t) { Write(offset_, &t, 1); }
#define ASCENDC_SIM_TCUBE_FIELD(name)                                                               \
    void set_##name(int32_t v) { Write(offset_ + offsetof(ascendc_sim::CubeTiling, name), &v, 1); } \
    int32_t get_##name() const { return Read<int32_t>(offset_ + offsetof(ascendc_sim::CubeTiling, name)); }
    ASCENDC_SIM_TCUBE_FIELD(usedCoreNum)
    ASCENDC_SIM_TCUBE_FIELD(M)
    ASCENDC_SIM_TCUBE_FIELD(N)
    ASCENDC_SIM_TCUBE_FIELD(Ka)
    ASCENDC_SIM_TCUBE_FIELD(Kb)
    ASCENDC_SIM_TCUBE_FIELD(singleCoreM)
    ASCENDC_SIM_TCUBE_FIELD(singleCoreN)
    ASCENDC_SIM_TCUBE_FIELD(singleCoreK)
    ASCENDC_SIM_TCUBE_FIELD(baseM)
    ASCENDC_SIM_TCUBE_FIELD(baseN)
    ASCENDC_SIM_TCUBE_FIELD(baseK)
    ASCENDC_SIM_TCUBE_FIELD(depthA1)
    ASCENDC_SIM_TCUBE_FIELD(depthB1)
    ASCENDC_SIM_TCUBE_FIELD(stepM)
    ASCENDC_SIM_TCUBE_FIELD(stepN)
    ASCENDC_SIM_TCUBE_FIELD(isBias)
    ASCENDC_SIM_TCUBE_FIELD(transLength)
    ASCENDC_SIM_TCUBE_FIELD(iterateOrder)
    ASCENDC_SIM_TCUBE_FIELD(stepKa)
    ASCENDC_SIM_TCUBE_FIELD(stepKb)
    ASCENDC_SIM_TCUBE_FIELD(dbL0A)
    ASCENDC_SIM_TCUBE_FIELD(dbL0B)
    ASCENDC_SIM_TCUBE_FIELD(dbL0C)
#undef ASCENDC_SIM_TCUBE_FIELD

private:
    size_t offset_;
};

}  // namespace optiling

namespace matmul_tiling {

// Values of 8.1.RC1 lib/matmul/matmul_tiling_base.h (DataType numbers equal aclDataType's, ge::DataType's).
enum class DataType : int32_t {
    DT_FLOAT = ge::DT_FLOAT,
    DT_FLOAT16 = ge::DT_FLOAT16,
    DT_INT8 = ge::DT_INT8,
    DT_INT32 = ge::DT_INT32,
    DT_UINT8 = ge::DT_UINT8,
    DT_INT16 = ge::DT_INT16,
    DT_UINT16 = ge::DT_UINT16,
    DT_UINT32 = ge::DT_UINT32,
    DT_INT64 = ge::DT_INT64,
    DT_UINT64 = ge::DT_UINT64,
    DT_DOUBLE = ge::DT_DOUBLE,
    DT_BOOL = ge::DT_BOOL,
    DT_BF16 = ge::DT_BF16,
    DT_INT4 = ge::DT_INT4,
    DT_BFLOAT16 = 33,  // matmul_tiling_base.h's own (ge's 33 is DT_COMPLEX32)
};
enum class TPosition : int32_t {
    GM,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    MAX
};
enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };
enum class MatrixMadType : int32_t { NORMAL = 0, HF32 = 1, MXMODE = 2 };
enum class DequantType : int32_t { SCALAR = 0, TENSOR = 1 };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT = 1, N_BUFFER_33 = 2 };

// SetMatmulConfigParams.md: the MatmulConfig fields the tiling must agree on with the kernel.
struct MatmulConfigParams {
    int32_t mmConfigType;
    bool enableL1CacheUB;
    ScheduleType scheduleType;
    MatrixTraverse traverse;
    bool enVecND2NZ;
    MatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                       ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                       MatrixTraverse traverseIn = MatrixTraverse::NOSET, bool enVecND2NZIn = false)
        : mmConfigType(mmConfigTypeIn),
          enableL1CacheUB(enableL1CacheUBIn),
          scheduleType(scheduleTypeIn),
          traverse(traverseIn),
          enVecND2NZ(enVecND2NZIn) {}
};

class MultiCoreMatmulTiling {
public:
    explicit MultiCoreMatmulTiling(const platform_ascendc::PlatformAscendC& ascendcPlatform)
        : tiling_(ascendcPlatform.SimPlatform()) {}
    MultiCoreMatmulTiling() : MultiCoreMatmulTiling(*platform_ascendc::PlatformAscendCManager::GetInstance()) {}

    int32_t SetAType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false) {
        // A as VECTOR is GEMV (矩阵向量乘): the same tiling as an ND A of M = 1
        const bool gemv = pos == TPosition::GM && type == CubeFormat::VECTOR;
        return gemv || Operand("SetAType", pos, type) ? tiling_.SetAType(Sim(dataType), isTrans) : -1;
    }
    int32_t SetBType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false) {
        return Operand("SetBType", pos, type) ? tiling_.SetBType(Sim(dataType), isTrans) : -1;
    }
    // C may also be ND_ALIGN (rows padded to 32 bytes) or in VECIN (GetTensorC into the kernel's UB tensor), which
    // only the kernel's copy of C sees: the twin's Matmul needs no UB of its own for them (transLength 0).
    int32_t SetCType(TPosition pos, CubeFormat type, DataType dataType) {
        const CubeFormat format = type == CubeFormat::ND_ALIGN ? CubeFormat::ND : type;
        const TPosition place = pos == TPosition::VECIN ? TPosition::GM : pos;
        return Operand("SetCType", place, format) ? tiling_.SetCType(Sim(dataType)) : -1;
    }
    int32_t SetBiasType(TPosition pos, CubeFormat type, DataType dataType) {
        return Operand("SetBiasType", pos, type) ? tiling_.SetBiasType(Sim(dataType)) : -1;
    }
    int32_t EnableBias(bool isBias = false) { return tiling_.SetBias(isBias); }
    int32_t SetBias(bool isBias = false) { return tiling_.SetBias(isBias); }
    int32_t SetDim(int32_t dim) { return tiling_.SetDim(dim); }
    int32_t SetShape(int32_t m, int32_t n, int32_t k) { return tiling_.SetShape(m, n, k); }
    int32_t SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgK) { return tiling_.SetOrgShape(orgM, orgN, orgK); }
    int32_t SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgKa, int32_t orgKb) {
        return tiling_.SetOrgShape(orgM, orgN, orgKa, orgKb);
    }
    int32_t SetSingleShape(int32_t singleM = -1, int32_t singleN = -1, int32_t singleK = -1) {
        return tiling_.SetSingleShape(singleM, singleN, singleK);
    }
    int32_t SetBufferSpace(int32_t l1Size = -1, int32_t l0CSize = -1, int32_t ubSize = -1, int32_t btSize = -1) {
        return tiling_.SetBufferSpace(l1Size, l0CSize, ubSize, btSize);
    }
    int32_t SetFixSplit(int32_t baseM = -1, int32_t baseN = -1, int32_t baseK = -1) {
        return tiling_.SetFixSplit(baseM, baseN, baseK);
    }
    // SetTraverse.md: the order Iterate walks the base blocks (TCubeTiling.iterateOrder); NOSET leaves the choice.
    int32_t SetTraverse(MatrixTraverse traverse) {
        return traverse == MatrixTraverse::NOSET ? 0 : tiling_.SetTraverse(traverse == MatrixTraverse::FIRSTM ? 0 : 1);
    }
    // SetMatmulConfigParams.md: mmConfigType 0 (Norm) or 1 (MDL); enableL1CacheUB only on Atlas inference AI Core.
    // The schedule type and enVecND2NZ change only how the same product is scheduled.
    void SetMatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                               ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                               MatrixTraverse traverseIn = MatrixTraverse::NOSET, bool enVecND2NZIn = false) {
        SetMatmulConfigParams(
            MatmulConfigParams(mmConfigTypeIn, enableL1CacheUBIn, scheduleTypeIn, traverseIn, enVecND2NZIn));
    }
    void SetMatmulConfigParams(const MatmulConfigParams& p) {
        if (p.mmConfigType != 0 && p.mmConfigType != 1) {
            Refuse("SetMatmulConfigParams: mmConfigType " + std::to_string(p.mmConfigType) + " is not 0 or 1");
        }
        if (p.enableL1CacheUB) Refuse("SetMatmulConfigParams: enableL1CacheUB is not supported on this SoC");
        SetTraverse(p.traverse);
    }
    // SetMadType.md: HF32 (and MX) change the product's precision, which the twin does not model.
    int32_t SetMadType(MatrixMadType madType) {
        if (madType != MatrixMadType::NORMAL) Refuse("SetMadType: only MatrixMadType::NORMAL is modelled");
        return 0;
    }
    // SetDequantType.md: the quantised int8 output path, not modelled.
    int32_t SetDequantType(DequantType) {
        Refuse("SetDequantType: the quantised Matmul output is not modelled");
        return 0;
    }
    // EnableMultiCoreSplitK.md: splitting K over cores is not modelled by the twin's tiling.
    void EnableMultiCoreSplitK(bool flag) {
        if (flag) Refuse("EnableMultiCoreSplitK: splitting K over cores is not modelled");
    }
    void SetSplitK(bool flag) { EnableMultiCoreSplitK(flag); }
    // GetSingleShape.md: the single-core shape GetTiling computed (-1 before it ran).
    int32_t GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK) const {
        shapeM = computed_ ? last_.singleCoreM : -1;
        shapeN = computed_ ? last_.singleCoreN : -1;
        shapeK = computed_ ? last_.singleCoreK : -1;
        return computed_ ? 0 : -1;
    }
    // -1 with the reason on stderr (CANN logs it), else 0.
    int64_t GetTiling(TCubeTiling& tiling) {
        if (!refused_.empty()) return Fail(refused_);
        if (tiling_.GetTiling(tiling) != 0) return Fail(tiling_.LastError());
        last_ = tiling;
        computed_ = true;
        return 0;
    }
    int64_t GetTiling(optiling::TCubeTiling& tiling) {
        TCubeTiling t{};
        const int64_t r = GetTiling(t);
        if (r == 0) tiling.Load(t);
        return r;
    }

private:
    static ascendc_sim::DataType Sim(DataType t) {
        return t == DataType::DT_BFLOAT16 ? ascendc_sim::DataType::kBf16 : static_cast<ascendc_sim::DataType>(t);
    }
    bool Operand(const char* call, TPosition pos, CubeFormat format) {
        if (pos == TPosition::GM && format == CubeFormat::ND) return true;
        Refuse(std::string(call) + ": the twin's Matmul takes operands from GM in ND only (position " +
               std::to_string(static_cast<int>(pos)) + ", format " + std::to_string(static_cast<int>(format)) +
               " are not modeled)");
        return false;
    }
    // The first call the twin cannot honour; GetTiling then fails naming it.
    void Refuse(const std::string& why) {
        if (refused_.empty()) refused_ = why;
    }
    int64_t Fail(const std::string& why) {
        std::fprintf(stderr, "[ERROR] matmul_tiling::GetTiling: %s\n", why.c_str());
        return -1;
    }

    ascendc_sim::MultiCoreMatmulTiling tiling_;
    std::string refused_;
    TCubeTiling last_{};
    bool computed_ = false;
};

// MatmulApiTiling.md: the single-core tiling, the multi-core one on one core.
class MatmulApiTiling : public MultiCoreMatmulTiling {
public:
    explicit MatmulApiTiling(const platform_ascendc::PlatformAscendC& ascendcPlatform)
        : MultiCoreMatmulTiling(ascendcPlatform) {
        SetDim(1);
    }
    MatmulApiTiling() { SetDim(1); }
};

}  // namespace matmul_tiling
