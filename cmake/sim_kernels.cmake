# Kernels compiled unchanged against ascendc_sim (the CPU twin).
#
# ascendops_sim_kernel(<entry> <source> VARIANT <suffix> [DEFINES d1 d2 ...] ...)
#   Compiles <source> once per VARIANT with its defines, renames the entry symbol of the object to
#   <entry>_<suffix> (as CANN names per-instance entries), and records the instance in generated/sim_kernels_<entry>.inc as
#   ASCENDOPS_SIM_KERNEL(<entry>, <suffix>) for the op_api launch tables.
set_property(GLOBAL PROPERTY ASCENDOPS_SIM_KERNEL_ENTRIES "")
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/sim_kernels)
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
                target_compile_definitions(${obj} PRIVATE ${defines} ASCENDOPS_SIM_KERNEL_BUILD=1)
                target_include_directories(${obj} PRIVATE ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/ascendc_sim/include)
                # Rename the entry symbol in the object (a macro would also rename every other `entry` token).
                set(renamed ${CMAKE_BINARY_DIR}/sim_kernels/${entry}_${variant}.o)
                add_custom_command(OUTPUT ${renamed}
                    COMMAND ${CMAKE_OBJCOPY} --redefine-sym ${entry}=${entry}_${variant}
                            $<TARGET_OBJECTS:${obj}> ${renamed}
                    DEPENDS ${obj} $<TARGET_OBJECTS:${obj}>
                    VERBATIM)
                target_sources(ascendops_sim_kernels PRIVATE ${renamed})
                set_property(GLOBAL APPEND_STRING PROPERTY ASCENDOPS_SIM_KERNELS_${entry}
                             "ASCENDOPS_SIM_KERNEL(${entry}, ${variant})\n")
                set_property(GLOBAL APPEND PROPERTY ASCENDOPS_SIM_KERNEL_ENTRIES ${entry})
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

# The twin's own kernels (bench, tests): plain object files against the twin, no renaming. Compiled against its
# headers only: the module that links them gets the twin from libascendops_sim.so, never a copy of its own.
function(ascendops_sim_object_library name)
    add_library(${name} OBJECT ${ARGN})
    target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/ascendc_sim/include)
endfunction()
