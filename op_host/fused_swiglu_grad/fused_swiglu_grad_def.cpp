// FusedSwigluGrad operator registration (OpDef): one op type per kernel, AscendopsFusedSwigluGradB (AIV, SyncAll:
// MIX_AIV_1_0), AscendopsFusedSwigluGradW and AscendopsFusedSwigluGradX (MIX_AIC_1_2, the Matmul API); the kernel
// type is declared by each kernel entry (KERNEL_TASK_TYPE_DEFAULT). The user-level aclnnAscendopsFusedSwigluGrad is
// no op type: it is the three generated aclnn pairs in sequence (op_api/aclnn_fused_swiglu_grad.h). Compiled only
// with the CANN toolkit; not built or run in this repository's CI.
#include <initializer_list>

#include "op_host/common/op_def_util.h"
#include "register/op_def_registry.h"

namespace ascendops::fused_swiglu_grad::npu {

ge::graphStatus InferShapeB(gert::InferShapeContext* context);  // fused_swiglu_grad_infershape.cpp
ge::graphStatus InferShapeW(gert::InferShapeContext* context);
ge::graphStatus InferShapeX(gert::InferShapeContext* context);
ge::graphStatus InferDataType(gert::InferDataTypeContext* context);  // all three
ge::graphStatus TilingB(gert::TilingContext* context);               // fused_swiglu_grad_tiling_context.cpp
ge::graphStatus TilingW(gert::TilingContext* context);
ge::graphStatus TilingX(gert::TilingContext* context);

// Inputs and outputs in the kernel's argument order, all BF16 ND (spec).
inline void DefinePorts(ops::OpDef& def, std::initializer_list<const char*> inputs,
                        std::initializer_list<const char*> outputs) {
    for (const char* in : inputs)
        def.Input(in).ParamType(ops::REQUIRED).DataType({ge::DT_BF16}).Format({ge::FORMAT_ND});
    for (const char* out : outputs) {
        def.Output(out).ParamType(ops::REQUIRED).DataType({ge::DT_BF16}).Format({ge::FORMAT_ND});
    }
}

// The SoCs with separated AIC / AIV cores (spec: DataCopyPad, hardware SyncAll, and the MIX kernels need them); the
// kernel file and entry keep the twin's names.
inline void AddSeparatedConfigs(ops::OpDef& def, const char* kernel) {
    ascendops::npu::AddAiCoreConfigs(def, kernel, {"ascend910b", "ascend910_93", "ascend950"});
}

}  // namespace ascendops::fused_swiglu_grad::npu

namespace ops {

namespace sg = ascendops::fused_swiglu_grad::npu;

class AscendopsFusedSwigluGradB : public OpDef {
public:
    explicit AscendopsFusedSwigluGradB(const char* name) : OpDef(name) {
        sg::DefinePorts(*this, {"dy", "g", "fc"}, {"dg", "dfc", "db_g", "db_fc"});
        this->SetInferShape(sg::InferShapeB);
        this->SetInferDataType(sg::InferDataType);
        this->AICore().SetTiling(sg::TilingB);
        sg::AddSeparatedConfigs(*this, "fused_swiglu_grad_b");
    }
};

class AscendopsFusedSwigluGradW : public OpDef {
public:
    explicit AscendopsFusedSwigluGradW(const char* name) : OpDef(name) {
        sg::DefinePorts(*this, {"x", "dg", "dfc"}, {"dw_g", "dw_fc"});
        this->SetInferShape(sg::InferShapeW);
        this->SetInferDataType(sg::InferDataType);
        this->AICore().SetTiling(sg::TilingW);
        sg::AddSeparatedConfigs(*this, "fused_swiglu_grad_w");
    }
};

class AscendopsFusedSwigluGradX : public OpDef {
public:
    explicit AscendopsFusedSwigluGradX(const char* name) : OpDef(name) {
        sg::DefinePorts(*this, {"dg", "dfc", "w_g", "w_fc"}, {"dx"});
        this->SetInferShape(sg::InferShapeX);
        this->SetInferDataType(sg::InferDataType);
        this->AICore().SetTiling(sg::TilingX);
        sg::AddSeparatedConfigs(*this, "fused_swiglu_grad_x");
    }
};

OP_ADD(AscendopsFusedSwigluGradB);
OP_ADD(AscendopsFusedSwigluGradW);
OP_ADD(AscendopsFusedSwigluGradX);

}  // namespace ops
