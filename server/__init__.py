"""The app's server: the ``cardkit`` command (``cli``) and Voila with the page limits and the class mode
(``voila_server``). The top room: it may import every other one."""
