"""One abuse call and its verdict: a ``Case`` says what it breaks (or that it breaks nothing) and how to check its
result; ``judge`` runs it and returns the outcome, whether any input it watches changed, and a short detail."""

import re
from dataclasses import dataclass, field
from typing import Any, Callable, List, Optional, Sequence, Tuple

import numpy as np

from ascendops import AclnnError

# The outcomes of one call, in the order the report prints them.
ACCEPTED = "accepted, matches golden"
UNCHECKED = "accepted, no golden for it"
REJECTED = "clean rejection naming the parameter"
UNNAMED = "clean rejection NOT naming the parameter"
WRONG = "wrong result vs golden"
WRONGLY_ACCEPTED = "accepted what must be refused"
WRONGLY_REJECTED = "refused what must be taken"
UNCLEAN = "unclean error (type or traceback)"
CRASH = "crash (signal or abort)"
HANG = "hang (no answer within the timeout)"
OUTCOMES = (ACCEPTED, UNCHECKED, REJECTED, UNNAMED, WRONG, WRONGLY_ACCEPTED, WRONGLY_REJECTED, UNCLEAN, CRASH, HANG)
BAD = (UNNAMED, WRONG, WRONGLY_ACCEPTED, WRONGLY_REJECTED, UNCLEAN, CRASH, HANG)

# The errors a front may refuse a call with: the API's TypeError / ValueError / AclnnError.
CLEAN_ERRORS = (TypeError, ValueError, AclnnError)


class Refused(ValueError):
    """A clean refusal reported by a front that is not Python (a CLI exit 2, a C status code)."""


class Crashed(Exception):
    """A call that died by a signal (a CLI process, a C program)."""


class Hung(Exception):
    """A call that did not answer within its timeout."""


@dataclass
class Case:
    """``call()`` runs the abuse; ``expect`` is "accept", "reject" or "either" (a value whose validity the case does
    not decide: a refusal must be clean and named, a result must match the golden); ``names`` are the spellings of
    the abused parameter any refusal must contain (empty: nothing abused); ``golden()`` is the expected result or
    None; ``matches(result, expected)`` compares; ``watched`` are the buffers no call may change, ``inplace`` the
    ones an accepted call may change (checked by ``matches``) and a refused one may not."""

    name: str
    call: Callable[[], Any]
    expect: str = "accept"
    names: Sequence[str] = ()
    golden: Optional[Callable[[], Any]] = None
    matches: Callable[[Any, Any], bool] = lambda result, expected: True
    watched: List[Any] = field(default_factory=list)
    inplace: List[Any] = field(default_factory=list)
    clean: Tuple[type, ...] = CLEAN_ERRORS


def _bytes(buffer):
    """The bytes of a NumPy array or torch tensor's whole storage (the owner of a view: what must not change)."""
    if hasattr(buffer, "untyped_storage"):
        return bytes(buffer.untyped_storage())
    return np.asarray(buffer).tobytes()


def _refusal(case: Case, error: Exception) -> str:
    if case.expect == "accept":
        return WRONGLY_REJECTED
    message = str(error)
    named = any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", message) for n in case.names)
    return REJECTED if not case.names or named else UNNAMED


def _acceptance(case: Case, result: Any) -> Tuple[str, str]:
    if case.expect == "reject":
        return WRONGLY_ACCEPTED, ""
    if case.golden is None:
        return UNCHECKED, ""
    try:
        expected = case.golden()
    except Exception as error:  # noqa: BLE001  (a golden that refuses the values: nothing to compare with)
        return UNCHECKED, f"golden: {type(error).__name__}"
    return (ACCEPTED, "") if case.matches(result, expected) else (WRONG, "")


def judge(case: Case) -> Tuple[str, bool, str]:
    """(outcome, an input changed, detail) of one call."""
    watched = [(b, _bytes(b)) for b in case.watched]
    inplace = [(b, _bytes(b)) for b in case.inplace]
    accepted = False
    try:
        result = case.call()
        accepted = True
    except Crashed as error:
        return CRASH, False, str(error)[:200]
    except Hung as error:
        return HANG, False, str(error)[:200]
    except case.clean as error:
        outcome, detail = _refusal(case, error), f"{type(error).__name__}: {str(error)[:200]}"
    except Exception as error:  # noqa: BLE001  (any other exception is the finding)
        outcome, detail = UNCLEAN, f"{type(error).__name__}: {str(error)[:200]}"
    if accepted:
        outcome, detail = _acceptance(case, result)
    kept = watched if accepted else watched + inplace
    modified = any(_bytes(b) != before for b, before in kept)
    return outcome, modified, detail
