// EmbeddingDenseGrad operator registration (OpDef), kernel-level form (sorted indices + pos_idx).
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include "register/op_def_registry.h"

namespace ascendops::embedding_dense_grad::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context);  // embedding_dense_grad_infershape.cpp
ge::graphStatus Tiling(gert::TilingContext* context);          // embedding_dense_grad_tiling_context.cpp

}  // namespace ascendops::embedding_dense_grad::npu

namespace ops {

class EmbeddingDenseGrad : public OpDef {
public:
    explicit EmbeddingDenseGrad(const char* name) : OpDef(name) {
        // Inputs and output in the kernel's argument order; FLOAT grad and out, INT32 indices (spec).
        this->Input("grad").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("sort_indices").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND});
        this->Input("pos_idx").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND});
        this->Output("out").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("num_weights").AttrType(REQUIRED).Int();
        this->Attr("padding_idx").AttrType(OPTIONAL).Int(-1);
        this->Attr("scale_grad_by_freq").AttrType(OPTIONAL).Bool(false);
        this->SetInferShape(ascendops::embedding_dense_grad::npu::InferShape);
        this->AICore().SetTiling(ascendops::embedding_dense_grad::npu::Tiling);
        // Designed for ascend310p (soft barrier, no DataCopyPad); A2/A3 take the DataCopyPad copy mode.
        for (const char* soc : {"ascend310p", "ascend910b", "ascend910_93"}) this->AICore().AddConfig(soc);
    }
};

OP_ADD(EmbeddingDenseGrad);

}  // namespace ops
