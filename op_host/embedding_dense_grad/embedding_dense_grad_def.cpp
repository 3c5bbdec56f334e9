// EmbeddingDenseGrad operator registration (OpDef), OpType AscendopsEmbeddingDenseGrad, kernel-level form (sorted
// indices + pos_idx). Compiled only with the CANN toolkit; not built or run in this repository's CI.
// Vendor-prefixed OpType: CANN has its own EmbeddingDenseGrad (hicann/ops-nn) and a custom OpType must not repeat a
// built-in one (asc-devkit docs/zh/guide/编程指南/附录/optype_collector工具.md). Generated aclnn:
// aclnnAscendopsEmbeddingDenseGrad(grad, sortIndices, posIdx, int64_t numWeights, int64_t paddingIdx,
// bool scaleGradByFreq, out, ...), op_api/aclnn_embedding_dense_grad.h's declaration.
#include "op_host/common/op_def_util.h"
#include "register/op_def_registry.h"

namespace ascendops::embedding_dense_grad::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context);  // embedding_dense_grad_infershape.cpp
ge::graphStatus InferDataType(gert::InferDataTypeContext* context);
ge::graphStatus Tiling(gert::TilingContext* context);  // embedding_dense_grad_tiling_context.cpp

}  // namespace ascendops::embedding_dense_grad::npu

namespace ops {

class AscendopsEmbeddingDenseGrad : public OpDef {
public:
    explicit AscendopsEmbeddingDenseGrad(const char* name) : OpDef(name) {
        // Inputs and output in the kernel's argument order; FLOAT grad and out, INT32 indices (spec).
        this->Input("grad").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("sort_indices").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND});
        this->Input("pos_idx").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND});
        // The kernel writes only the out rows some index hits (the 310P window path with atomic adds), so out
        // must start zeroed: InitValue(0), paired with SetNeedAtomic(true) in the tiling
        // (asc-devkit docs/zh/api/Utils-API/原型注册与管理/OpParamDef/InitValue.md).
        // Nothing else needs zeroing: the kernel keeps no counts and no barrier slot in the workspace (docs/npu.md).
        this->Output("out").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND}).InitValue(0);
        this->Attr("num_weights").AttrType(REQUIRED).Int();
        this->Attr("padding_idx").AttrType(OPTIONAL).Int(-1);
        this->Attr("scale_grad_by_freq").AttrType(OPTIONAL).Bool(false);
        this->SetInferShape(ascendops::embedding_dense_grad::npu::InferShape);
        this->SetInferDataType(ascendops::embedding_dense_grad::npu::InferDataType);
        this->AICore().SetTiling(ascendops::embedding_dense_grad::npu::Tiling);
        // Designed for ascend310p (no DataCopyPad, no hardware SyncAll); A2/A3 take the DataCopyPad copy mode.
        ascendops::npu::AddAiCoreConfigs(*this, "embedding_dense_grad",
                                         {"ascend310p", "ascend910b", "ascend910_93", "ascend950"});
    }
};

OP_ADD(AscendopsEmbeddingDenseGrad);

}  // namespace ops
