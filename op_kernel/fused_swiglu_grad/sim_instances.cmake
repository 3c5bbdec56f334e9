ascendops_sim_kernel(fused_swiglu_grad_b ${CMAKE_CURRENT_LIST_DIR}/fused_swiglu_grad_b.cpp VARIANT default)
