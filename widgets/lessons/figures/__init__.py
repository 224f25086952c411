"""Each game's lesson pages: their words, questions and HTML, one module per game (the counting stays in
``cardkit.games.<id>.lessons``)."""
