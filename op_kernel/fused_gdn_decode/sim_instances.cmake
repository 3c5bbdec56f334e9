ascendops_sim_kernel(fused_gdn_decode ${CMAKE_CURRENT_LIST_DIR}/fused_gdn_decode.cpp VARIANT default)
