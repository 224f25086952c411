"""Alembic's entry point: runs the migrations on the connection ``classroom.store.migrate`` hands over
(inside its transaction and lock), never on a URL of its own."""
from alembic import context

from classroom.store.migrate import VERSION_TABLE

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, version_table=VERSION_TABLE,
                  render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
