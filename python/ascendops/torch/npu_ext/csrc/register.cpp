// Registers the kernels of kernels.h for PrivateUse1 (torch_npu's "npu"). The operators themselves, their CPU
// kernels and their fake (meta) kernels are defined by the Python front (ascendops.torch) before this library is
// loaded; a kernel whose signature differs from the defined schema is rejected by the dispatcher here.
#include <torch/library.h>

#include "kernels.h"

namespace ascendops::torch_npu_ext {

TORCH_LIBRARY_IMPL(ascendops, PrivateUse1, m) {
    m.impl("cast", TORCH_FN(Cast));
    m.impl("embedding_dense_grad", TORCH_FN(EmbeddingDenseGrad));
    m.impl("fused_gdn_decode", TORCH_FN(FusedGdnDecode));
    m.impl("fused_swiglu_grad", TORCH_FN(FusedSwigluGrad));
    m.impl("split", TORCH_FN(Split));
}

}  // namespace ascendops::torch_npu_ext
