// FusedGdnDecode operator registration (OpDef); state_ref is updated in place.
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include <vector>

#include "op_host/fused_gdn_decode/fused_gdn_decode_tiling.h"
#include "register/op_def_registry.h"

namespace ascendops::fused_gdn_decode::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context);  // fused_gdn_decode_infershape.cpp
ge::graphStatus Tiling(gert::TilingContext* context);          // fused_gdn_decode_tiling_context.cpp

}  // namespace ascendops::fused_gdn_decode::npu

namespace ops {

class FusedGdnDecode : public OpDef {
public:
    explicit FusedGdnDecode(const char* name) : OpDef(name) {
        // Column i of every list is one (input, state) combination of the tiling's table (ge::DataType numbers equal
        // aclDataType's, which DataType mirrors).
        std::vector<ge::DataType> in16, state;
        for (const auto& combo : ascendops::fused_gdn_decode::kDtypeCombos) {
            in16.push_back(static_cast<ge::DataType>(combo.input));
            state.push_back(static_cast<ge::DataType>(combo.state));
        }
        const std::vector<ge::DataType> fp32(in16.size(), ge::DT_FLOAT);
        const std::vector<ge::DataType> int32(in16.size(), ge::DT_INT32);
        const std::vector<ge::Format> nd(in16.size(), ge::FORMAT_ND);
        // Inputs and output in the kernel's argument order.
        this->Input("mixed_qkv").ParamType(REQUIRED).DataType(in16).Format(nd);
        this->Input("a").ParamType(REQUIRED).DataType(in16).Format(nd);
        this->Input("b").ParamType(REQUIRED).DataType(in16).Format(nd);
        this->Input("a_log").ParamType(REQUIRED).DataType(fp32).Format(nd);
        this->Input("dt_bias").ParamType(REQUIRED).DataType(in16).Format(nd);
        this->Input("state_ref").ParamType(REQUIRED).DataType(state).Format(nd);
        this->Input("ssm_state_indices").ParamType(REQUIRED).DataType(int32).Format(nd);
        this->Output("out").ParamType(REQUIRED).DataType(in16).Format(nd);
        this->Attr("scale").AttrType(OPTIONAL).Float(1.0f);
        this->Attr("softplus_threshold").AttrType(OPTIONAL).Float(20.0f);
        this->SetInferShape(ascendops::fused_gdn_decode::npu::InferShape);
        this->AICore().SetTiling(ascendops::fused_gdn_decode::npu::Tiling);
        // Atlas A2 / A3 only (spec: AIV kernel with DataCopyPad).
        for (const char* soc : {"ascend910b", "ascend910_93"}) this->AICore().AddConfig(soc);
    }
};

OP_ADD(FusedGdnDecode);

}  // namespace ops
