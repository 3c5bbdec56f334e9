# Kernels compiled unchanged against ascendc_sim (the CPU twin).
#
# ascendops_sim_kernel(<entry> <source> VARIANT <suffix> [DEFINES d1 d2 ...] ...)
#   Compiles <source> once per VARIANT with its defines and the entry symbol renamed to <entry>_<suffix>
#   (as CANN renames per-instance entries), and records the instance in generated/sim_kernels.inc as
#   ASCENDOPS_SIM_KERNEL(<entry>, <suffix>) for the op_api launch tables.
set_property(GLOBAL PROPERTY ASCENDOPS_SIM_KERNEL_INC "")
add_library(ascendops_sim_kernels STATIC ${CMAKE_CURRENT_LIST_DIR}/sim_kernels_anchor.cpp)
target_link_libraries(ascendops_sim_kernels PUBLIC ascendc_sim)

function(ascendops_sim_kernel entry source)
    set(variant "")
    set(defines "")
    set(args ${ARGN})
    list(APPEND args VARIANT)  # flush the last variant
    set(mode "")
    foreach(a ${args})
        if(a STREQUAL "VARIANT" OR a STREQUAL "DEFINES")
            if(a STREQUAL "VARIANT" AND NOT variant STREQUAL "")
                set(obj ascendops_k_${entry}_${variant})
                add_library(${obj} OBJECT ${source})
                target_compile_definitions(${obj} PRIVATE ${defines} ${entry}=${entry}_${variant}
                                           ASCENDOPS_SIM_KERNEL_BUILD=1)
                target_include_directories(${obj} PRIVATE ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/ascendc_sim/include)
                target_sources(ascendops_sim_kernels PRIVATE $<TARGET_OBJECTS:${obj}>)
                set_property(GLOBAL APPEND_STRING PROPERTY ASCENDOPS_SIM_KERNEL_INC
                             "ASCENDOPS_SIM_KERNEL(${entry}, ${variant})\n")
                set(variant "")
                set(defines "")
            endif()
            set(mode ${a})
        elseif(mode STREQUAL "VARIANT")
            set(variant ${a})
        else()
            list(APPEND defines ${a})
        endif()
    endforeach()
endfunction()

# Test-only kernels: plain object files against the twin, no renaming.
function(ascendops_sim_object_library name)
    add_library(${name} OBJECT ${ARGN})
    target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/ascendc_sim/include)
    target_link_libraries(${name} PUBLIC ascendc_sim)
endfunction()
