# CANN's CPU-debug package on the twin: a kernel project written for <toolkit>/tools/tikicpulib/lib/cmake
# (find_package(tikicpulib), target_link_libraries(... tikicpulib::${SOC_VERSION})) builds unchanged against an
# installed ascendc_sim. The product lists, the target names (tikicpulib_<series>, tikicpulib_<series>_interpreter,
# tikicpulib::<product>) and the compile definitions and options are those of CANN 8.1.RC1's tikicpulib-config.cmake
# and targets-tikicpulib.cmake, for the series the twin models: v200 (ascend310p) and v220 (ascend910B1, the A2/A3
# products). The twin (ascendc_sim::ascendc_sim_cpudebug) stands where CANN links its CPU-debug libraries.
include(CMakeFindDependencyMacro)
find_dependency(Threads)
if(NOT TARGET ascendc_sim::ascendc_sim_cpudebug)
    include(${CMAKE_CURRENT_LIST_DIR}/../ascendc_sim/ascendc_simTargets.cmake)
endif()

set(PRODUCT_TYPE_LIST_V200_ ascend610;ascend310p;Ascend310P1;Ascend310P3;Ascend310P5;Ascend310P7)
set(PRODUCT_TYPE_LIST_V220_ ascend910B1;Ascend910B1;Ascend910B2;Ascend910B2C;Ascend910B3;Ascend910B4;Ascend910B4-1;
    Ascend910_9391;Ascend910_9381;Ascend910_9392;Ascend910_9382;Ascend910_9372;Ascend910_9362)

# series -> (__CCE_AICORE__, arch define), as targets-tikicpulib.cmake sets them for tikicpulib_<series>.
function(_tikicpulib_series series aicore arch)
    if(TARGET tikicpulib_${series})
        return()
    endif()
    add_library(tikicpulib_${series} INTERFACE IMPORTED)
    set_target_properties(tikicpulib_${series} PROPERTIES
        INTERFACE_COMPILE_DEFINITIONS
            "__CCE_AICORE__=${aicore};${arch};_GLIBCXX_USE_CXX11_ABI=0;__CCE_KT_TEST__=1;ASCENDC_CPU_DEBUG=1;ASCENDC_DEBUG=1"
        INTERFACE_COMPILE_OPTIONS "-std=c++17"
        INTERFACE_LINK_LIBRARIES "ascendc_sim::ascendc_sim_cpudebug")
    add_library(tikicpulib_${series}_interpreter INTERFACE)
    target_link_libraries(tikicpulib_${series}_interpreter INTERFACE tikicpulib_${series})
endfunction()

_tikicpulib_series(ascend310p 200 __DAV_M200__)
_tikicpulib_series(ascend910B1 220 __DAV_C220__)
foreach(product IN LISTS PRODUCT_TYPE_LIST_V200_)
    if(NOT TARGET tikicpulib::${product})
        add_library(tikicpulib::${product} ALIAS tikicpulib_ascend310p_interpreter)
    endif()
endforeach()
foreach(product IN LISTS PRODUCT_TYPE_LIST_V220_)
    if(NOT TARGET tikicpulib::${product})
        add_library(tikicpulib::${product} ALIAS tikicpulib_ascend910B1_interpreter)
    endif()
endforeach()
set(tikicpulib_FOUND TRUE)
