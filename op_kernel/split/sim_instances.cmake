# One kernel instance per element size and SoC family (Split only moves bytes). dav-m200 = ascend310p,
# dav-c220 = ascend910b/_93. The NPU build instantiates DTYPE_X per dtype of the OpDef instead.
set(split_variants "")
foreach(bytes 1 2 4 8)
    math(EXPR bits "${bytes} * 8")
    foreach(arch m200 c220)
        string(SUBSTRING ${arch} 1 -1 aicore)
        list(APPEND split_variants VARIANT b${bytes}_${arch} DEFINES DTYPE_X=int${bits}_t __CCE_AICORE__=${aicore})
    endforeach()
endforeach()
ascendops_sim_kernel(ascendops_split ${CMAKE_CURRENT_LIST_DIR}/split.cpp ${split_variants})
