"""STAND-IN: the operator registration decorators of the generated op implementation; they pass the function through."""


class tbe_register:  # noqa: N801 (the name the generated code imports)
    @staticmethod
    def register_operator(op_type, **kwargs):
        return lambda fn: fn

    @staticmethod
    def register_param_generalization(op_type):
        return lambda fn: fn
