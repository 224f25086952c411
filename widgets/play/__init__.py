"""Playing a game on a page: the app, its move panel, table, cards, log, options, save file and probability
panel. Imports only ``widgets.ui`` and cardkit."""
