"""The store's old path, ``cardkit.classroom``, still gives its names for one release, with a warning
that names the new one."""
import importlib

import pytest

import classroom.store


def test_every_old_name_warns_and_is_the_same_object():
    old = importlib.import_module("cardkit.classroom")
    for name in old.MOVED:
        with pytest.warns(DeprecationWarning, match=rf"moved to classroom\.store\.{name}"):
            assert getattr(old, name) is getattr(classroom.store, name)


def test_the_old_import_line_still_works_and_an_unknown_name_is_an_error():
    with pytest.warns(DeprecationWarning, match="classroom.store"):
        from cardkit.classroom import open_store
    assert open_store is classroom.store.open_store
    with pytest.raises(ImportError):
        from cardkit.classroom import no_such_name  # noqa: F401
