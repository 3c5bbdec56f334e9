// The Matmul configuration as CANN declares it at global scope (asc-devkit include/adv_api/matmul/matmul_config.h
// and tiling.h; 8.1.RC1 lib/matmul/matmul_config.h): the operand formats and layouts, MatmulConfig with every field
// in CANN's order and defaults, the template getters (GetNormalConfig, GetMDLConfig, ...), the CFG_* constants and
// GetMMConfig with its parameter groups (GetMMConfig.md). Which fields the twin models: src/matmul_options.cpp.
#pragma once
#include <cstdint>

inline constexpr uint32_t SHARED_CO1_BUFFER_SIZE = 64 * 1024;

// MatmulType's physical layouts; ROW_MAJOR / COLUMN_MAJOR are dav-3510 spellings.
enum class CubeFormat { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR, ROW_MAJOR = ND, COLUMN_MAJOR = 8 };
// BatchMatmul layouts of A / B / C (MatmulType LAYOUT).
enum class LayoutMode { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };
enum class BatchMode { NONE = 0, BATCH_LESS_THAN_L1, BATCH_LARGE_THAN_L1, SINGLE_LARGE_THAN_L1 };
enum BatchOutMode { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };
enum class IterateOrder { ORDER_M = 0, ORDER_N, UNDEF };
enum class ScheduleType { INNER_PRODUCT = 0, OUTER_PRODUCT };
// Bit set of the Iterate interfaces a kernel calls.
enum IterateMode : uint8_t {
    ITERATE_MODE_NORMAL = 0b00000001,
    ITERATE_MODE_ALL = 0b00000010,
    ITERATE_MODE_BATCH = 0b00000100,
    ITERATE_MODE_N_BATCH = 0b00001000,
    ITERATE_MODE_DEFAULT = 0b11111111,
};
enum class DecompressionMode {
    DECOMP_NONE = 0b0000,
    DECOMP_2bitTo8bit = 0b0001,
    DECOMP_3bitTo8bit = 0b0010,
    DECOMP_4bitTo8bit = 0b0011,
    DECOMP_16bitTo64bit = 0b100,
    DECOMP_1bitTo8bit = 0b0101,
    DECOMP_1bitTo4bit = 0b0110,
    DECOMP_2bitTo4bit = 0b0111,
    DECOMP_3bitTo4bit = 0b1000,
};

struct MatmulConfig {
    bool doNorm;
    bool doBasicBlock;
    bool doMultiDataLoad;
    uint32_t basicM;
    uint32_t basicN;
    uint32_t basicK;
    bool intrinsicsCheck;
    bool isNBatch;
    bool enVecND2NZ;
    bool doSpecialBasicBlock;
    uint32_t doMTE2Preload;
    uint32_t singleCoreM;
    uint32_t singleCoreN;
    uint32_t singleCoreK;
    uint32_t stepM;
    uint32_t stepN;
    uint32_t baseMN;
    uint32_t singleCoreMN;
    bool enUnitFlag = true;
    bool isPerTensor;
    bool hasAntiQuantOffset;
    bool doIBShareNorm;
    bool doSpecialMDL;
    bool enableInit = true;
    BatchMode batchMode;
    bool enableEnd = true;
    bool enableGetTensorC = true;
    bool enableSetOrgShape = true;
    bool enableSetBias = true;
    bool enableSetTail = true;
    bool enableQuantVector = true;
    bool enableSetDefineData = true;
    uint8_t iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
    bool enableReuse = true;
    bool enableUBReuse;
    bool enableL1CacheUB;
    bool intraBlockPartSum = false;
    IterateOrder iterateOrder{IterateOrder::UNDEF};
    ScheduleType scheduleType;
    bool enableDoubleCache;
    bool isBiasBatch = true;
    bool enableStaticPadZeros = false;
    bool isPartialOutput = false;
    bool enableMixDualMaster = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
    bool isCO1Shared = false;
    uint32_t sharedCO1BufferSize = SHARED_CO1_BUFFER_SIZE;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
    bool enableL1BankConflictOptimise = false;
    bool enableRelu = false;
    DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

// The templates (Matmul模板参数.md, tiling.h): each getter starts from an all-zero config with CANN's defaults, picks
// its template and takes its documented arguments in order.
namespace ascendc_sim {
constexpr MatmulConfig BaseMatmulConfig(bool norm, bool basic, bool mdl) {
    MatmulConfig c{};
    c.doNorm = norm, c.doBasicBlock = basic, c.doMultiDataLoad = mdl;
    c.enableUBReuse = true;
    c.scheduleType = ScheduleType::INNER_PRODUCT;
    return c;
}
}  // namespace ascendc_sim

constexpr MatmulConfig GetNormalConfig(bool intrinsicsLimit = false, bool batchLoop = false, bool isVecND2NZ = false,
                                       BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1, bool isMsgReuse = true,
                                       IterateOrder iterateOrder = IterateOrder::UNDEF,
                                       ScheduleType scheduleType = ScheduleType::INNER_PRODUCT, bool enUnitFlag = true,
                                       bool enableMixDualMaster = false,
                                       BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH) {
    MatmulConfig c = ascendc_sim::BaseMatmulConfig(true, false, false);
    c.intrinsicsCheck = intrinsicsLimit, c.isNBatch = batchLoop, c.enVecND2NZ = isVecND2NZ, c.batchMode = bmmMode;
    c.enableReuse = isMsgReuse, c.iterateOrder = iterateOrder, c.scheduleType = scheduleType;
    c.enUnitFlag = enUnitFlag, c.enableMixDualMaster = enableMixDualMaster, c.bmmOutMode = bmmOutMode;
    return c;
}

constexpr MatmulConfig GetMDLConfig(bool intrinsicsLimit = false, bool batchLoop = false, uint32_t doMTE2Preload = 0,
                                    bool isVecND2NZ = false, bool isPerTensor = false, bool hasAntiQuantOffset = false,
                                    bool enUnitFlag = false, bool isMsgReuse = true, bool enableUBReuse = true,
                                    bool enableL1CacheUB = false, bool enableMixDualMaster = false,
                                    bool enableKdimReorderLoad = false, bool enableL1BankConflictOptimise = false) {
    MatmulConfig c = ascendc_sim::BaseMatmulConfig(false, false, true);
    c.intrinsicsCheck = intrinsicsLimit, c.isNBatch = batchLoop, c.doMTE2Preload = doMTE2Preload;
    c.enVecND2NZ = isVecND2NZ, c.isPerTensor = isPerTensor, c.hasAntiQuantOffset = hasAntiQuantOffset;
    c.enUnitFlag = enUnitFlag, c.enableReuse = isMsgReuse, c.enableUBReuse = enableUBReuse;
    c.enableL1CacheUB = enableL1CacheUB, c.enableMixDualMaster = enableMixDualMaster;
    c.enableKdimReorderLoad = enableKdimReorderLoad, c.enableL1BankConflictOptimise = enableL1BankConflictOptimise;
    c.batchMode = BatchMode::NONE;
    return c;
}

constexpr MatmulConfig GetSpecialMDLConfig(bool intrinsicsLimit = false, bool batchLoop = false,
                                           uint32_t doMTE2Preload = 0, bool isVecND2NZ = false,
                                           bool isPerTensor = false, bool hasAntiQuantOffset = false) {
    MatmulConfig c = ascendc_sim::BaseMatmulConfig(false, false, false);
    c.doSpecialMDL = true;
    c.intrinsicsCheck = intrinsicsLimit, c.isNBatch = batchLoop, c.doMTE2Preload = doMTE2Preload;
    c.enVecND2NZ = isVecND2NZ, c.isPerTensor = isPerTensor, c.hasAntiQuantOffset = hasAntiQuantOffset;
    c.enUnitFlag = false, c.batchMode = BatchMode::NONE;
    return c;
}

constexpr MatmulConfig GetBasicConfig(uint32_t basicM, uint32_t basicN, uint32_t basicK, bool intrinsicsLimit = false,
                                      bool batchLoop = false, BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
    MatmulConfig c = ascendc_sim::BaseMatmulConfig(false, true, false);
    c.basicM = basicM, c.basicN = basicN, c.basicK = basicK;
    c.intrinsicsCheck = intrinsicsLimit, c.isNBatch = batchLoop, c.batchMode = bmmMode;
    c.enUnitFlag = false;
    return c;
}

constexpr MatmulConfig GetIBShareNormConfig(bool intrinsicsLimit = false, bool batchLoop = false,
                                            bool isVecND2NZ = false, BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                            bool isDoubleCache = false, bool enUnitFlag = true) {
    MatmulConfig c = ascendc_sim::BaseMatmulConfig(false, false, false);
    c.doIBShareNorm = true;
    c.intrinsicsCheck = intrinsicsLimit, c.isNBatch = batchLoop, c.enVecND2NZ = isVecND2NZ, c.batchMode = bmmMode;
    c.enableDoubleCache = isDoubleCache, c.enUnitFlag = enUnitFlag;
    return c;
}

inline constexpr MatmulConfig CFG_NORM = GetNormalConfig();
inline constexpr MatmulConfig CFG_MDL = GetMDLConfig();
inline constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);
inline constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();

// GetMMConfig.md: the template to start from and any of the parameter groups below, in any order.
enum class MatmulConfigMode { CONFIG_NORM, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };
struct MatmulShapeParams {
    uint32_t singleCoreM, singleCoreN, singleCoreK;
    uint32_t basicM, basicN, basicK;
};
struct MatmulQuantParams {
    bool isPerTensor;
    bool hasAntiQuantOffset;
};
struct MatmulBatchParams {
    bool isNBatch;
    BatchMode batchMode;
    bool isBiasBatch = true;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
struct MatmulFuncParams {
    bool intrinsicsCheck;
    bool enVecND2NZ;
    bool enableDoubleCache;
    bool enableL1CacheUB;
    uint32_t doMTE2Preload;
    IterateOrder iterateOrder;
    ScheduleType scheduleType;
    bool enableReuse = true;
    bool enableUBReuse;
    bool isPartialOutput = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
    bool enableL1BankConflictOptimise = false;
    bool enableRelu = false;
    DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};
struct MatmulBiasParams {
    bool enableSetBias = true;
};

namespace ascendc_sim {
constexpr void ApplyMatmulParams(MatmulConfig& c, const MatmulShapeParams& p) {
    c.singleCoreM = p.singleCoreM, c.singleCoreN = p.singleCoreN, c.singleCoreK = p.singleCoreK;
    c.basicM = p.basicM, c.basicN = p.basicN, c.basicK = p.basicK;
}
constexpr void ApplyMatmulParams(MatmulConfig& c, const MatmulQuantParams& p) {
    c.isPerTensor = p.isPerTensor, c.hasAntiQuantOffset = p.hasAntiQuantOffset;
}
constexpr void ApplyMatmulParams(MatmulConfig& c, const MatmulBatchParams& p) {
    c.isNBatch = p.isNBatch, c.batchMode = p.batchMode, c.isBiasBatch = p.isBiasBatch, c.bmmOutMode = p.bmmOutMode;
}
constexpr void ApplyMatmulParams(MatmulConfig& c, const MatmulFuncParams& p) {
    c.intrinsicsCheck = p.intrinsicsCheck, c.enVecND2NZ = p.enVecND2NZ, c.enableDoubleCache = p.enableDoubleCache;
    c.enableL1CacheUB = p.enableL1CacheUB, c.doMTE2Preload = p.doMTE2Preload, c.iterateOrder = p.iterateOrder;
    c.scheduleType = p.scheduleType, c.enableReuse = p.enableReuse, c.enableUBReuse = p.enableUBReuse;
    c.isPartialOutput = p.isPartialOutput, c.isA2B2Shared = p.isA2B2Shared;
    c.isEnableChannelSplit = p.isEnableChannelSplit, c.enableKdimReorderLoad = p.enableKdimReorderLoad;
    c.enableL1BankConflictOptimise = p.enableL1BankConflictOptimise, c.enableRelu = p.enableRelu;
    c.decompMode = p.decompMode;
}
constexpr void ApplyMatmulParams(MatmulConfig& c, const MatmulBiasParams& p) { c.enableSetBias = p.enableSetBias; }
}  // namespace ascendc_sim

template <MatmulConfigMode configMode, typename... ArgTypes>
constexpr MatmulConfig GetMMConfig(ArgTypes&&... args) {
    constexpr MatmulConfig kStart[] = {CFG_NORM, CFG_MDL, GetSpecialMDLConfig(), CFG_IBSHARE_NORM};
    MatmulConfig c = kStart[static_cast<int>(configMode)];
    (ascendc_sim::ApplyMatmulParams(c, args), ...);
    return c;
}

// Matmul模板参数.md 表1: the constant tiling GetMatmulApiTiling returns (-1: not constant); a kernel may set any
// field before it hands the struct to Matmul. simL1Size is the twin's: GetMatmulApiTiling's L1 size, which CANN folds
// into the depths and steps it computes at compile time and the twin's host tiling applies at Init.
struct MatmulApiStaticTiling {
    int32_t usedCoreNum = -1;
    int32_t M = -1, N = -1, Ka = -1, Kb = -1;
    int32_t singleCoreM = -1, singleCoreN = -1, singleCoreK = -1;
    int32_t baseM = -1, baseN = -1, baseK = -1;
    int32_t depthA1 = -1, depthB1 = -1;
    int32_t stepM = -1, stepN = -1;
    int32_t isBias = -1;
    int32_t transLength = -1;
    int32_t iterateOrder = -1;
    int32_t shareMode = -1, shareL1Size = -1, shareL0CSize = -1, shareUbSize = -1;
    int32_t stepKa = -1, stepKb = -1;
    int32_t depthAL1CacheUB = -1, depthBL1CacheUB = -1;
    int32_t dbL0A = -1, dbL0B = -1, dbL0C = -1;
    int32_t ALayoutInfoB = -1, ALayoutInfoS = -1, ALayoutInfoN = -1, ALayoutInfoG = -1, ALayoutInfoD = -1;
    int32_t BLayoutInfoB = -1, BLayoutInfoS = -1, BLayoutInfoN = -1, BLayoutInfoG = -1, BLayoutInfoD = -1;
    int32_t CLayoutInfoB = -1, CLayoutInfoS1 = -1, CLayoutInfoN = -1, CLayoutInfoG = -1, CLayoutInfoS2 = -1;
    int32_t BatchNum = -1;
    int32_t mxTypePara = -1;
    MatmulConfig cfg = CFG_NORM;
    int32_t simL1Size = 0;
};
