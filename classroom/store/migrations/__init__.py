"""Alembic migrations of the class rooms' database (run by ``classroom.store.migrate`` when a store opens).

A change of schema is a new file in ``versions/`` (``0002_<what>.py`` with ``down_revision = "0001"``,
its ``upgrade`` and ``downgrade``) and the same change in ``schema.py``; a migration once shipped is
never edited, since databases out there are already at it. The tests build the schema from the
migrations and compare it with ``schema.py``.
"""
