// FusedSwigluGrad operator registration (OpDef): one op type per kernel, AscendopsFusedSwigluGradB this round (the
// w and x kernels join as AscendopsFusedSwigluGradW / X). Compiled only with the CANN toolkit; not built or run in
// this repository's CI.
#include "op_host/common/op_def_util.h"
#include "register/op_def_registry.h"

namespace ascendops::fused_swiglu_grad::npu {

ge::graphStatus InferShapeB(gert::InferShapeContext* context);  // fused_swiglu_grad_infershape.cpp
ge::graphStatus TilingB(gert::TilingContext* context);          // fused_swiglu_grad_tiling_context.cpp

}  // namespace ascendops::fused_swiglu_grad::npu

namespace ops {

class AscendopsFusedSwigluGradB : public OpDef {
public:
    explicit AscendopsFusedSwigluGradB(const char* name) : OpDef(name) {
        // Inputs and outputs in the kernel's argument order; BF16 only (spec).
        for (const char* in : {"dy", "g", "fc"}) {
            this->Input(in).ParamType(REQUIRED).DataType({ge::DT_BF16}).Format({ge::FORMAT_ND});
        }
        for (const char* out : {"dg", "dfc", "db_g", "db_fc"}) {
            this->Output(out).ParamType(REQUIRED).DataType({ge::DT_BF16}).Format({ge::FORMAT_ND});
        }
        this->SetInferShape(ascendops::fused_swiglu_grad::npu::InferShapeB);
        this->AICore().SetTiling(ascendops::fused_swiglu_grad::npu::TilingB);
        // Atlas A2 / A3 only (spec; DataCopyPad and hardware SyncAll).
        ascendops::npu::AddAiCoreConfigs(*this, "fused_swiglu_grad_b", {"ascend910b", "ascend910_93"});
    }
};

OP_ADD(AscendopsFusedSwigluGradB);

}  // namespace ops
