# The sources of the operator modules, one list per side of the backend seam (python/bindings/backend.h). Every
# binding and the bridge are compiled twice: with the twin's backend into ascendops._C (CMakeLists.txt; the twin's
# other modules take the bridge and that backend too) and with the NPU's into ascendops._C_npu (cmake/npu_module.cmake,
# compile-checked against CANN's headers by scripts/cann_check/units.py). Paths are absolute.
#   ASCENDOPS_BINDINGS        module.cpp and every bind_<x>.cpp (ASCENDOPS_BINDING(<x>) each, in bindings.inc)
#   ASCENDOPS_BRIDGE          the NumPy <-> aclTensor bridge
#   ASCENDOPS_BACKEND_TWIN    the twin's side of the seam
#   ASCENDOPS_BACKEND_NPU     the NPU's side of the seam
set(bindings_dir ${CMAKE_CURRENT_LIST_DIR}/../python/bindings)
get_filename_component(bindings_dir ${bindings_dir} ABSOLUTE)
set(glob_mode CONFIGURE_DEPENDS)  # a new binding reconfigures the build; script mode has no build to reconfigure
if(CMAKE_SCRIPT_MODE_FILE)
    set(glob_mode "")
endif()
file(GLOB ASCENDOPS_BINDINGS ${glob_mode} ${bindings_dir}/bind_*.cpp)
list(SORT ASCENDOPS_BINDINGS)
list(PREPEND ASCENDOPS_BINDINGS ${bindings_dir}/module.cpp)
set(ASCENDOPS_BRIDGE ${bindings_dir}/tensor_bridge.cpp)
set(ASCENDOPS_BACKEND_TWIN ${bindings_dir}/backend_twin.cpp)
set(ASCENDOPS_BACKEND_NPU ${bindings_dir}/backend_npu.cpp ${bindings_dir}/npu_bench.cpp)

# cmake -P cmake/bindings_sources.cmake: _C_npu's sources as one NPU=<;-list> line.
if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
    execute_process(COMMAND ${CMAKE_COMMAND} -E echo "NPU=${ASCENDOPS_BINDINGS};${ASCENDOPS_BRIDGE};${ASCENDOPS_BACKEND_NPU}")
endif()
