"""Class rooms: the store (``classroom.store``: classes, students, results and shared tables in one
database) and the pages that use it (``classroom.pages``: the Join a class bar, the Class board, Play
with others). Outside the engine: ``import cardkit`` needs no database."""
