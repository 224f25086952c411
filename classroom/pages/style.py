"""The class pages' look: the Join a class bar's and the Class board's CSS, and text made safe for HTML."""
import html

CSS = """
<style>
.ck-class-bar { font-size: 15px; margin: 0 0 6px 0; gap: 6px; align-items: center; flex-wrap: wrap; }
.ck-class-bar .widget-text { width: auto; }
.ck-class-bar input { font-size: 15px; }
.ck-class-note, .ck-class-status { color: #52606d; font-size: 14px; }
.ck-class-note a, .ck-board a { color: #1d4f91; text-decoration: underline; }
.ck-class-status .ck-saved { color: #2f7a2f; }
.ck-class-status .ck-saving { color: #a35f00; }
.ck-class-seed { background: #fff6dd; border: 1px solid #e3c66b; border-radius: 6px; padding: 2px 8px; }
.ck-copy-link { font-size: 14px; margin-left: 4px; }
.ck-copy-link-button { font-size: 14px; min-height: 32px; padding: 2px 12px; border: 1px solid #8a94a3;
                       border-radius: 4px; background: #f5f7fa; color: #1f2933; cursor: pointer; }
.ck-copy-link-button:focus-visible { outline: 2px solid #1d4f91; outline-offset: 2px; }
.ck-copy-link-said { color: #2f7a2f; font-size: 14px; }
.ck-board h2 { margin: 4px 0; }
.ck-board-code { font-size: 56px; font-weight: 800; letter-spacing: 6px; font-family: monospace; }
.ck-board-members { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; padding: 0; list-style: none; }
.ck-board-members li { background: #e9eef7; border-radius: 12px; padding: 2px 10px; }
.ck-bars { border-collapse: collapse; width: 100%; max-width: 640px; }
.ck-bars td { padding: 2px 6px; vertical-align: middle; }
.ck-bars .ck-bar { background: #2f6fbf; height: 18px; min-width: 2px; border-radius: 3px; }
.ck-bars tr.ck-right .ck-bar { background: #2f7a2f; }
.ck-bars tr.ck-right td:first-child { font-weight: bold; }
.ck-board-section { border: 1px solid #d5dae3; border-radius: 10px; padding: 8px 14px; margin: 8px 0;
                    max-width: 100%; overflow-x: auto; box-sizing: border-box; }
.ck-board-figure { font-size: 20px; }
.ck-practice { color: #52606d; }
@media (max-width: 600px) { .ck-board-code { font-size: 40px; letter-spacing: 3px; } }
</style>
"""


def esc(text) -> str:
    """``text`` (any value) as HTML text, quotes included."""
    return html.escape(str(text), quote=True)
