"""The class rooms' store moved out of the engine, to ``classroom.store``. The old names still import
from here for one release, with a DeprecationWarning naming the new path; importing this package
imports nothing (``import cardkit`` stays pure standard library)."""
import warnings

#: The names this package gave before the move (its ``__all__``), all in ``classroom.store`` now.
MOVED = ("open_store", "default_url", "Store", "ClassRoom", "Student", "ClassState", "Limits", "LimitReached",
         "StoreUnavailable", "Table", "Seat", "TableInfo", "TooLate", "NotStarted")


def __getattr__(name: str):
    if name not in MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"cardkit.classroom.{name} moved to classroom.store.{name}: import it from classroom.store "
                  "(the old path goes in the next release)", DeprecationWarning, stacklevel=2)
    from classroom import store       # here, not above: importing this package imports nothing
    return getattr(store, name)


def __dir__():
    return sorted(MOVED)
