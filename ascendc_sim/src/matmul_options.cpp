#include "sim/context.h"
#include "sim/matmul_static.h"

namespace ascendc_sim {
namespace {

struct UnmodelledOption {
    const char* name;
    bool set;
};

}  // namespace

// Matmul模板参数.md (MatmulConfig, 表2) and GetMMConfig.md. Accepted: the template choice (Norm, MDL, BasicBlock with
// its base shape as constants), the batch fields (they act only in IterateBatch / IterateNBatch, which the twin
// lacks, so a kernel using them fails to compile), and the options that only schedule the same computation:
// enUnitFlag (Mmad / FIXPIPE overlap), doMTE2Preload, iterateOrder, scheduleType, intrinsicsCheck (GM -> L1 copy
// in a loop), enVecND2NZ, enableL1CacheUB, enableUBReuse, enableDoubleCache, enableReuse, isA2B2Shared,
// enableKdimReorderLoad, enableL1BankConflictOptimise, sharedCO1BufferSize. Every other field that changes what
// the Matmul computes or which calls it allows is refused by name until the twin models it.
void CheckMatmulOptions(const char* api, const MatmulConfig& c, bool cubeOnly) {
    const UnmodelledOption options[] = {
        {"isPartialOutput", c.isPartialOutput},
        {"isEnableChannelSplit", c.isEnableChannelSplit},
        {"enableRelu", c.enableRelu},
        {"intraBlockPartSum", c.intraBlockPartSum},
        {"isPerTensor", c.isPerTensor},
        {"hasAntiQuantOffset", c.hasAntiQuantOffset},
        {"decompMode", c.decompMode != DecompressionMode::DECOMP_NONE},
        {"enableStaticPadZeros", c.enableStaticPadZeros},
        {"isCO1Shared", c.isCO1Shared},
        {"doSpecialBasicBlock", c.doSpecialBasicBlock},
        {"doSpecialMDL", c.doSpecialMDL},
        {"doIBShareNorm", c.doIBShareNorm},
        // MIX with a dual master: the AIC runs the kernel's code too instead of serving messages
        {"enableMixDualMaster (MIX mode)", c.enableMixDualMaster && !cubeOnly},
        {"enableInit = false", !c.enableInit},
        {"enableEnd = false", !c.enableEnd},
        {"enableGetTensorC = false", !c.enableGetTensorC},
        {"enableSetOrgShape = false", !c.enableSetOrgShape},
        {"enableSetBias = false", !c.enableSetBias},
        {"enableSetTail = false", !c.enableSetTail},
        {"enableQuantVector = false", !c.enableQuantVector},
        {"enableSetDefineData = false", !c.enableSetDefineData},
        {"iterateMode", c.iterateMode != IterateMode::ITERATE_MODE_DEFAULT},
    };
    for (const UnmodelledOption& o : options) {
        if (o.set) Fail(api, Str("MatmulConfig.", o.name, " is not modelled by the twin"));
    }
}

}  // namespace ascendc_sim
