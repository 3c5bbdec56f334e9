// FusedGdnDecode operator registration (OpDef), OpType AscendopsFusedGdnDecode (vendor prefix: CANN's
// ops-transformer has a FusedGdnDecode). Compiled only with the CANN toolkit; not built or run in this repository's CI.
// The state is updated in place, so it is declared as an input and an output of the same name "state": the aclnn
// generator then emits one non-const `aclTensor* stateRef` among the inputs and no separate output parameter
// (asc-devkit docs/zh/guide/编程指南/高级编程/Aclnn算子工程化开发/调用/单算子API调用.md, "API参数命名规则"). Float
// attrs become double. Generated: aclnnAscendopsFusedGdnDecode(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices,
// double scale, double softplusThreshold, out, ...), op_api/aclnn_fused_gdn_decode.h's declaration. The kernel receives
// the ref output after out (inputs, then outputs, in IR order); op_kernel's entry does not take it yet (docs/npu.md).
#include <vector>

#include "op_host/common/op_def_util.h"
#include "op_host/fused_gdn_decode/fused_gdn_decode_tiling.h"
#include "register/op_def_registry.h"

namespace ascendops::fused_gdn_decode::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context);  // fused_gdn_decode_infershape.cpp
ge::graphStatus InferDataType(gert::InferDataTypeContext* context);
ge::graphStatus Tiling(gert::TilingContext* context);  // fused_gdn_decode_tiling_context.cpp

}  // namespace ascendops::fused_gdn_decode::npu

namespace ops {

class AscendopsFusedGdnDecode : public OpDef {
public:
    explicit AscendopsFusedGdnDecode(const char* name) : OpDef(name) {
        // Column i of every list is one (input, state, dtBias, indices) combination of the tiling's table
        // (ge::DataType numbers equal aclDataType's, which DataType mirrors).
        std::vector<ge::DataType> in16, state, bias, index;
        for (const auto& combo : ascendops::fused_gdn_decode::kDtypeCombos) {
            in16.push_back(static_cast<ge::DataType>(combo.input));
            state.push_back(static_cast<ge::DataType>(combo.state));
            bias.push_back(static_cast<ge::DataType>(combo.bias));
            index.push_back(static_cast<ge::DataType>(combo.index));
        }
        const std::vector<ge::DataType> fp32(in16.size(), ge::DT_FLOAT);
        const std::vector<ge::Format> nd(in16.size(), ge::FORMAT_ND);
        // Inputs and output in the kernel's argument order.
        this->Input("mixed_qkv").ParamType(REQUIRED).DataType(in16).Format(nd);
        this->Input("a").ParamType(REQUIRED).DataType(in16).Format(nd);
        this->Input("b").ParamType(REQUIRED).DataType(in16).Format(nd);
        this->Input("a_log").ParamType(REQUIRED).DataType(fp32).Format(nd);
        this->Input("dt_bias").ParamType(REQUIRED).DataType(bias).Format(nd);
        this->Input("state").ParamType(REQUIRED).DataType(state).Format(nd);
        this->Input("ssm_state_indices").ParamType(REQUIRED).DataType(index).Format(nd);
        this->Output("out").ParamType(REQUIRED).DataType(in16).Format(nd);
        this->Output("state").ParamType(REQUIRED).DataType(state).Format(nd);  // the same tensor as Input("state")
        this->Attr("scale").AttrType(OPTIONAL).Float(1.0f);
        this->Attr("softplus_threshold").AttrType(OPTIONAL).Float(20.0f);
        this->SetInferShape(ascendops::fused_gdn_decode::npu::InferShape);
        this->SetInferDataType(ascendops::fused_gdn_decode::npu::InferDataType);
        this->AICore().SetTiling(ascendops::fused_gdn_decode::npu::Tiling);
        // Atlas A2 / A3 only (spec: AIV kernel with DataCopyPad).
        ascendops::npu::AddAiCoreConfigs(*this, "fused_gdn_decode", {"ascend910b", "ascend910_93", "ascend950"});
    }
};

OP_ADD(AscendopsFusedGdnDecode);

}  // namespace ops
