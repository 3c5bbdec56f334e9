// Host tiling of the Matmul high-level API for the CPU-twin build: a clean-room equivalent of the calls operators
// make on CANN's matmul_tiling::MultiCoreMatmulTiling (SetAType/SetBType/SetCType/SetBiasType, SetShape,
// SetOrgShape, SetSingleShape, SetBufferSpace, SetDim, SetFixSplit, GetTiling), written from the documented
// meaning of each TCubeTiling field. With the CANN toolkit, matmul_tiling_cann.cpp fills the same struct from
// CANN's own API instead.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/platform/cube_tiling.h"
#include "ascendc_sim/platform/dtype.h"
#include "ascendc_sim/platform/soc.h"
#include "ascendc_sim/platform/soc_cube.h"
#include "ascendc_sim/platform/status.h"

namespace ascendc_sim {
inline namespace platform {

// Element types of one Matmul object (A, B, C, Bias) and the transposes of A and B.
struct MatmulTypes {
    DataType a = DataType::kFloat16;
    DataType b = DataType::kFloat16;
    DataType c = DataType::kFloat;
    DataType bias = DataType::kFloat;
    bool transA = false;
    bool transB = false;
};

// The calls an operator makes for one Matmul object with all operands in GM, ND: one struct so the twin path
// (MatmulTiling below) and the CANN path (CannMatmulTiling) take the same input.
struct MatmulTilingCall {
    MatmulTypes types;
    bool isBias = false;
    int32_t m = 0, n = 0, k = 0;
    int32_t dim = 1;                       // cores usable: AIVs of a MIX launch
    int32_t fixBaseM = -1, fixBaseN = -1;  // SetFixSplit's base block (-1: the tiling chooses)
};

// Empty when (A, B, Bias, C) is a documented combination for the SoC's cube, else the reason.
std::string CheckMatmulTypes(const MatmulTypes& t, const SocInfo& soc);

// Empty when `t` satisfies every TCubeTiling constraint of the docs (TCubeTiling结构体, table 2) for the SoC's
// buffers and `maxCores` cores, else the first violated rule with its values. One definition: the host tiling and
// the twin's Matmul::Init both call it.
std::string CheckCubeTiling(const CubeTiling& t, const MatmulTypes& types, const SocCubeInfo& cube, uint32_t maxCores);

// The part of the matmul_tiling API that operators use; every setter returns 0, or -1 for a value out of range.
class MultiCoreMatmulTiling {
public:
    explicit MultiCoreMatmulTiling(const Platform& platform) : platform_(platform) {}

    int32_t SetAType(DataType t, bool isTrans = false);
    int32_t SetBType(DataType t, bool isTrans = false);
    int32_t SetCType(DataType t);
    int32_t SetBiasType(DataType t);
    int32_t SetBias(bool isBias);
    int32_t SetDim(int32_t dim);  // cores usable (AIVs of a MIX launch: docs, SetDim)
    int32_t SetShape(int32_t m, int32_t n, int32_t k);
    int32_t SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgKa, int32_t orgKb);
    int32_t SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgK) { return SetOrgShape(orgM, orgN, orgK, orgK); }
    int32_t SetSingleShape(int32_t singleM = -1, int32_t singleN = -1, int32_t singleK = -1);
    int32_t SetBufferSpace(int32_t l1 = -1, int32_t l0c = -1, int32_t ub = -1, int32_t bt = -1);
    int32_t SetFixSplit(int32_t baseM = -1, int32_t baseN = -1, int32_t baseK = -1);
    int32_t SetTraverse(int32_t iterateOrder);  // TCubeTiling.iterateOrder: 0 M first, 1 N first

    // As CANN: -1 on failure (LastError() says why), else 0 with `out` filled.
    int64_t GetTiling(CubeTiling& out);
    Result<CubeTiling> Compute() const;
    const std::string& LastError() const { return lastError_; }

private:
    int32_t Reject(std::string why);
    SocCubeInfo Buffers() const;  // the SoC's cube buffers reduced by SetBufferSpace

    Platform platform_;
    MatmulTypes types_;
    bool isBias_ = false;
    int32_t dim_ = 1;
    int32_t m_ = 0, n_ = 0, k_ = 0;
    int32_t orgM_ = 0, orgN_ = 0, orgKa_ = 0, orgKb_ = 0;
    int32_t singleM_ = -1, singleN_ = -1, singleK_ = -1;
    int32_t l1_ = -1, l0c_ = -1, bt_ = -1;
    int32_t fixBaseM_ = -1, fixBaseN_ = -1, fixBaseK_ = -1;
    int32_t traverse_ = -1;
    std::string lastError_;
};

// The twin path of MatmulTilingCall: SetDim/SetA..CType/SetBias/SetShape/SetOrgShape/GetTiling in that order.
Result<CubeTiling> MatmulTiling(const Platform& platform, const MatmulTilingCall& call);

}  // namespace platform
}  // namespace ascendc_sim
