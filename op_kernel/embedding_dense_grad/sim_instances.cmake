# One instance per core architecture (dav-m200 = ascend310p, dav-c220 = ascend910b/_93), as CANN compiles per SoC.
ascendops_sim_kernel(embedding_dense_grad ${CMAKE_CURRENT_LIST_DIR}/embedding_dense_grad.cpp
                     VARIANT m200 DEFINES __CCE_AICORE__=200 VARIANT c220 DEFINES __CCE_AICORE__=220)
