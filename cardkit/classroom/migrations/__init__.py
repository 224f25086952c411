"""Alembic migrations of the class rooms' database (run by ``cardkit.classroom.migrate``)."""
