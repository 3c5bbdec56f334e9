// Split operator registration (OpDef), op type AscendopsSplit (our own type: never CANN's built-in Split/SplitV).
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
// Input x, attributes split_sections (piece lengths) and dim, dynamic output y (one tensor per piece, passed to
// the kernel as a ListTensorDesc). aclnn generates aclnnAscendopsSplitGetWorkspaceSize(x, splitSections, dim, y,
// ...), the signature op_api/aclnn_split.h implements.
#include <vector>

#include "graph/types.h"
#include "op_host/common/op_def_util.h"
#include "op_host/split/split_tiling.h"
#include "register/op_def_registry.h"

namespace ascendops::split::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context);  // split_infershape.cpp
ge::graphStatus InferDataType(gert::InferDataTypeContext* context);
ge::graphStatus Tiling(gert::TilingContext* context);  // split_tiling_context.cpp

}  // namespace ascendops::split::npu

namespace ops {

class AscendopsSplit : public OpDef {
public:
    explicit AscendopsSplit(const char* name) : OpDef(name) {
        // The tiling's kSplitTypes (ge::DataType numbers equal aclDataType's, which DataType mirrors); y has x's dtype.
        std::vector<ge::DataType> types;
        for (ascendops::DataType t : ascendops::split::kSplitTypes) types.push_back(static_cast<ge::DataType>(t));
        const std::vector<ge::Format> nd(types.size(), ge::FORMAT_ND);
        this->Input("x").ParamType(REQUIRED).DataType(types).Format(nd).UnknownShapeFormat(nd);
        this->Output("y").ParamType(DYNAMIC).DataType(types).Format(nd).UnknownShapeFormat(nd);
        this->Attr("split_sections").AttrType(REQUIRED).ListInt();
        this->Attr("dim").AttrType(OPTIONAL).Int(0);
        this->SetInferShape(ascendops::split::npu::InferShape);
        this->SetInferDataType(ascendops::split::npu::InferDataType);
        this->AICore().SetTiling(ascendops::split::npu::Tiling);
        ascendops::npu::AddAiCoreConfigs(*this, "split", {"ascend310p", "ascend910b", "ascend910_93", "ascend950"},
                                         "ascendops_split");
    }
};

OP_ADD(AscendopsSplit);

}  // namespace ops
