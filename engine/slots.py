"""Pickling by attributes, for the rules cores' classes. mypyc compiles them into types
that pickle only through their own ``__reduce__``, always run ``__init__`` when made, and
list their attributes in ``__mypyc_attrs__`` (interpreted, the same classes list them in
``__slots__``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Reduced = tuple[Callable[..., Any], tuple[type, tuple[Any, ...], dict[str, Any]]]


def restore(cls: type, args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    """``cls(*args)`` with the attributes of ``state`` set on it."""
    obj = cls(*args)
    for name, value in state.items():
        setattr(obj, name, value)
    return obj


def by_slots(obj: object, args: tuple[Any, ...]) -> Reduced:
    """``obj.__reduce__()``: its type, the arguments that make one, and every attribute."""
    cls = type(obj)
    names = getattr(cls, "__mypyc_attrs__", None) or vars(cls)["__slots__"]
    return restore, (cls, args, {n: getattr(obj, n) for n in names if hasattr(obj, n)})
