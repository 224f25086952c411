"""The pieces every page shares: style, buttons, widget lifetime, hosting, Pyodide, a game's declared parts.
Imports only cardkit."""
