// Cast operator registration (OpDef), OpType AscendopsCast. Compiled only with the CANN toolkit; not built or run in
// this repository's CI. The OpType carries the vendor prefix because a custom OpType must not repeat a built-in one
// (asc-devkit docs/zh/guide/编程指南/附录/optype_collector工具.md; CANN has its own Cast). The opp package's generated
// aclnn is then aclnnAscendopsCast(x, int64_t dstType, out, ...): inputs, attrs, outputs (Int attr -> int64_t), which
// is op_api/aclnn_cast.h's declaration (asc-devkit tools/build/opbuild/op_aclnn_generator.cpp).
// The (x, y) dtype lists are the rows of the plan table (op_kernel/cast/cast_plan.h, kRows): one combination per
// delivered pair, identical on every SoC because every row has a plan for both SoC families.
#include <vector>

#include "graph/types.h"
#include "op_host/common/op_def_util.h"
#include "op_kernel/cast/cast_plan.h"
#include "register/op_def_registry.h"

namespace ascendops::cast::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context);  // cast_infershape.cpp
ge::graphStatus InferDataType(gert::InferDataTypeContext* context);
ge::graphStatus Tiling(gert::TilingContext* context);  // cast_tiling_context.cpp

}  // namespace ascendops::cast::npu

namespace ops {
namespace {

using ascendops::cast::CastType;

// ge::DataType of each CastType, in CastType order (BOOL is stored as one byte 0/1).
constexpr ge::DataType kGeTypes[ascendops::cast::kCastTypeCount] = {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32,
                                                                    ge::DT_INT16,   ge::DT_INT8,  ge::DT_UINT8,
                                                                    ge::DT_BOOL,    ge::DT_INT64, ge::DT_BF16};

ge::DataType GeType(CastType t) { return kGeTypes[static_cast<int>(t)]; }

}  // namespace

class AscendopsCast : public OpDef {
public:
    explicit AscendopsCast(const char* name) : OpDef(name) {
        std::vector<ge::DataType> src;
        std::vector<ge::DataType> dst;
        for (const auto& row : ascendops::cast::detail::kRows) {
            src.push_back(GeType(row.src));
            dst.push_back(GeType(row.dst));
        }
        const std::vector<ge::Format> nd(src.size(), ge::FORMAT_ND);
        this->Input("x").ParamType(REQUIRED).DataType(src).Format(nd).UnknownShapeFormat(nd);
        this->Output("y").ParamType(REQUIRED).DataType(dst).Format(nd).UnknownShapeFormat(nd);
        this->Attr("dst_type").AttrType(REQUIRED).Int();
        this->SetInferShape(ascendops::cast::npu::InferShape);
        this->SetInferDataType(ascendops::cast::npu::InferDataType);
        this->AICore().SetTiling(ascendops::cast::npu::Tiling);
        ascendops::npu::AddAiCoreConfigs(*this, "cast", {"ascend310p", "ascend910b", "ascend910_93", "ascend950"});
    }
};

OP_ADD(AscendopsCast);

}  // namespace ops
