"""STAND-IN: no tuning bank."""

BANK_CACHE = None
