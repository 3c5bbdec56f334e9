"""STAND-IN: the compile context of one opc call. A binary compile has no additions (no tiling-key subset, no
super kernel); what the driver adds (workspace, compile info) is kept for the kernel json, which is never written
here."""


class _Context:
    def __init__(self):
        self.workspaces = {}
        self.compile_info = {}

    def get_addition(self, key):
        return None

    def add_workspace(self, name, size):
        self.workspaces[name] = size

    def add_compile_info(self, key, value):
        self.compile_info[key] = value

    def get_compile_info(self):
        return self.compile_info


_CONTEXT = _Context()


def get_context():
    return _CONTEXT
