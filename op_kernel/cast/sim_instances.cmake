# One kernel instance per delivered (source, destination) pair, read from the rows of the plan table in cast_plan.h
# (cmake/cast_plan.cmake), and per core architecture of the registry (cmake/registry.cmake).
include(${CMAKE_SOURCE_DIR}/cmake/cast_plan.cmake)
ascendops_cast_pairs(cast_pairs)
set(cast_variants "")
foreach(pair ${cast_pairs})
    ascendops_cast_pair_ctypes(${pair} dtype_x dtype_y)
    foreach(arch ${ASCENDOPS_ARCH_VARIANTS})
        list(APPEND cast_variants VARIANT ${pair}_${arch} DEFINES DTYPE_X=${dtype_x} DTYPE_Y=${dtype_y}
             ${ASCENDOPS_ARCH_DEFINES_${arch}})
    endforeach()
endforeach()
ascendops_sim_kernel(cast ${CMAKE_CURRENT_LIST_DIR}/cast.cpp ${cast_variants})
