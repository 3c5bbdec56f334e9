# The Python NPU backend ascendops._C_npu (python/bindings/npu/), with any toolkit that has the ACL runtime
# (cmake/cann.cmake: ASCENDOPS_NPU_MODULE). CANN's headers only (never the twin's acl/ headers), linked with the ACL
# runtime and nnopbase (aclCreateTensor); the opp package's libascendops_opapi.so is dlopen'ed at run time
# (installed after this build, by either flow's package).
file(GLOB npu_binding_srcs CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/python/bindings/npu/*.cpp)
pybind11_add_module(_C_npu ${npu_binding_srcs})
target_include_directories(_C_npu PRIVATE ${ASCEND_HOME_PATH}/include ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/op_api)
target_link_directories(_C_npu PRIVATE ${ASCEND_HOME_PATH}/lib64)
target_link_libraries(_C_npu PRIVATE ascendcl nnopbase ${CMAKE_DL_LIBS})
if(SKBUILD)
    install(TARGETS _C_npu LIBRARY DESTINATION ascendops)
else()
    set_target_properties(_C_npu PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/pkg/ascendops)
endif()
