ascendops_sim_kernel(fused_swiglu_grad_b ${CMAKE_CURRENT_LIST_DIR}/fused_swiglu_grad_b.cpp VARIANT default)
ascendops_sim_kernel(fused_swiglu_grad_w ${CMAKE_CURRENT_LIST_DIR}/fused_swiglu_grad_w.cpp VARIANT default)
ascendops_sim_kernel(fused_swiglu_grad_x ${CMAKE_CURRENT_LIST_DIR}/fused_swiglu_grad_x.cpp VARIANT default)
