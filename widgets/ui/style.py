"""The CSS blocks the components inject (the app's, the lessons'; identical blocks are harmless), readable
when projected, and the plots' colours."""
import html

import ipywidgets as W

CSS = """
<style>
.ck-root { font-size: 17px; line-height: 1.35; }
.ck-root .widget-button, .ck-root .widget-toggle-button { font-size: 16px; height: auto; min-height: 36px; }
.ck-table { border: 1px solid #c9ced6; border-radius: 10px; padding: 8px; background: #f6f8f4; }
.ck-status { font-size: 19px; font-weight: 600; padding: 2px 4px 6px 4px; color: #1f2933; }
.ck-seats { display: flex; flex-wrap: wrap; gap: 8px; }
.ck-seat { border: 2px solid #d5d9e0; border-radius: 10px; background: #ffffff; padding: 6px 10px;
           min-width: 190px; margin: 0; }
.ck-seat.ck-current { border-color: #e08a00; box-shadow: 0 0 0 3px rgba(224,138,0,.25); background: #fffaf0; }
.ck-seat-head { display: flex; justify-content: space-between; gap: 12px; font-weight: 700; font-size: 18px; }
.ck-seat-note { color: #52606d; font-size: 15px; }
.ck-turn-badge { background: #a85a00; color: #fff; border-radius: 8px; padding: 0 6px; font-size: 14px; }
.ck-zone { display: flex; align-items: center; gap: 6px; margin: 4px 0; flex-wrap: wrap; }
.ck-zone-name { color: #52606d; font-size: 14px; min-width: 64px; }
.ck-zone-empty { color: #5f6b7a; font-size: 14px; }
.ck-table-zones { display: flex; flex-wrap: wrap; gap: 18px; margin-top: 8px; }
.ck-pile-count { font-size: 15px; color: #323f4b; }
.ck-fact { display: flex; align-items: center; gap: 8px; padding: 6px 12px; border-radius: 10px;
           background: #fff4d6; border: 2px solid #e0a800; font-size: 22px; align-self: center; }
.ck-actions { display: flex; flex-wrap: wrap; gap: 6px; }
.ck-action { font-size: 17px !important; min-width: 90px; }
/* A move not allowed now: muted by its grey dashed look, its words still readable (4.5:1). */
.ck-action.ck-illegal { border: 1px dashed #7b8794 !important; background: #eef0f3 !important; color: #52606d !important; }
.ck-message { min-height: 1.5em; font-size: 16px; }
.ck-msg { border-radius: 8px; padding: 4px 10px; display: inline-block; }
.ck-msg-info { background: #e8f1fb; color: #1a4971; }
.ck-msg-warn { background: #fff4e0; color: #7a4b00; }
.ck-msg-error { background: #fde8e8; color: #8a1c1c; }
.ck-save-link a { color: #1d4f91; text-decoration: underline; font-weight: 600; }
.ck-log .ck-log-box { max-height: 320px; overflow-y: auto; display: flex; flex-direction: column-reverse;
                      border: 1px solid #d5d9e0; border-radius: 8px; background: #fff; padding: 4px 8px; }
.ck-log-item { padding: 2px 0; border-bottom: 1px solid #f0f2f5; font-size: 16px; }
.ck-log-item.ck-new { background: #fffbe6; }
.ck-rule-tag { font-size: 12px; color: #3e4c59; background: #e4e7eb; border-radius: 6px; padding: 0 5px;
               margin-left: 6px; cursor: help; white-space: nowrap; }
.ck-rule { border-left: 5px solid #3e7bd6; padding: 6px 12px; background: #f4f8fe; border-radius: 6px; }
.ck-rule h3 { margin: 0 0 4px 0; font-size: 21px; }
.ck-rule p { margin: 0; font-size: 18px; }
.ck-caption { font-style: italic; color: #3e4c59; }
.ck-insights td { padding: 3px 10px 3px 0; vertical-align: top; font-size: 16px; }
.ck-insights .ck-value { font-weight: 700; white-space: nowrap; }
.ck-note { color: #52606d; font-style: italic; }
.ck-browse { background: #e8f1fb; border-radius: 8px; padding: 3px 10px; }
/* The table's piles and your own seat (its cards and its moves) together, kept in view at the
   bottom of the screen while the other seats scroll past: the card you play on stays in sight next
   to your moves. The page lets it go (play-area.js adds ck-too-tall) when it would take more than 40%
   of the screen: it then sits below the seats and covers none of them. */
/* Sticky needs every box between it and the page's scroller to let it out (Lumino clips). */
#rendered_cells :has(.ck-play.ck-pinned:not(.ck-too-tall)) { overflow: visible !important; }
.ck-play.ck-pinned:not(.ck-too-tall) { position: sticky; bottom: 0; z-index: 5; background: #f6f8f4;
                     padding-bottom: 4px; overflow: visible; box-shadow: 0 -8px 8px -6px rgba(0,0,0,.15); }
.ck-play.ck-pinned > * { flex: none; }
/* A big hand scrolls inside its own box: the picks, Play and Clear, a refusal and the moves stay
   right under it, in sight (the padding leaves room for the focus ring). */
.ck-you .ck-hand { max-height: min(230px, 30vh); overflow-y: auto; padding: 10px 6px 4px 6px; }
/* Pinned piles are compact: a face-down pile is its count; the label sits above the cards. */
.ck-play .ck-table-zones { gap: 2px 18px; margin-top: 4px; }
.ck-play .ck-table-zones .ck-card-back { zoom: .6; }
.ck-play .ck-table-zones .ck-zone { margin: 0; }
.ck-play .ck-fact { font-size: 18px; padding: 2px 10px; }
.ck-you { margin-top: 8px; border: 2px solid #d5d9e0;
          border-radius: 10px; background: #ffffff; padding: 6px 10px; }
/* Your zones side by side where they fit: the pinned box stays low, the seats above keep their room. */
.ck-you .ck-zone { display: inline-flex; vertical-align: middle; margin: 2px 24px 2px 0; }
.ck-you .ck-zone-none { display: flex; }
.ck-you.ck-current { border-color: #e08a00; background: #fffaf0; }
.ck-hand { display: flex; flex-wrap: wrap; gap: 2px; align-items: flex-end; padding-top: 10px; }
.ck-picks { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0; }
.ck-card-button { border-radius: 9px !important; box-shadow: 0 2px 4px rgba(0,0,0,.25);
                  font-family: 'DejaVu Sans', Arial, sans-serif !important; line-height: 1 !important;
                  transition: transform .1s; flex: none; white-space: normal !important;
                  overflow-wrap: normal; }
.ck-card-button.ck-picked { transform: translateY(-10px); box-shadow: 0 0 0 4px #e08a00, 0 4px 8px rgba(0,0,0,.3); }
/* A card that cannot join the pick: grey and dashed, its name still in its colour, readable (4.5:1). */
.ck-card-button.ck-unpickable { background: #f3f4f6 !important; border: 3px dashed #9aa5b1 !important; box-shadow: none; }
.ck-seats .ck-seat { min-width: 150px; font-size: 15px; }
/* Many players (TableView's CROWDED_AT): the other seats become small tiles, several to a row. */
.ck-seats.ck-crowded { gap: 6px; }
.ck-seats.ck-crowded .ck-seat { min-width: 0; flex: 1 1 170px; max-width: 280px; padding: 3px 8px; font-size: 14px; }
.ck-crowded .ck-seat-head { font-size: 15px; }
.ck-crowded .ck-seat-note { font-size: 13px; }
.ck-crowded .ck-zone { display: inline-flex; margin: 1px 12px 1px 0; gap: 4px; }
.ck-crowded .ck-zone-name, .ck-crowded .ck-zone-empty { min-width: 0; font-size: 13px; }
.ck-crowded .ck-pile-count { font-weight: 700; font-size: 14px; }
.ck-round-end { background: #fff4d6; border: 2px solid #e0a800; border-radius: 10px; padding: 6px 12px; }
.ck-round-scores td { padding: 1px 12px 1px 0; }
@media (max-width: 600px) {
  .ck-root { font-size: 16px; }
  .ck-seats .ck-seat { min-width: 0; flex: 1 1 140px; padding: 4px 6px; }
  .ck-seats.ck-crowded .ck-seat { flex: 1 1 150px; }
  .ck-table { padding: 4px; }
  .ck-play .ck-table-zones { gap: 2px 12px; }
  .ck-play .ck-table-zones .ck-zone, .ck-play .ck-table-zones .ck-zone-name { display: block; }
  .ck-play .ck-table-zones .ck-card { zoom: .75; }
  .ck-play .ck-table-zones .ck-card-back { zoom: .5; }
  .ck-play .ck-table-zones .ck-zone:has(> .ck-zone-empty) { display: flex; }
  .ck-play .ck-you .ck-card, .ck-play .ck-you .ck-card-button { zoom: .8; }
  .ck-you .ck-hand { max-height: min(200px, 22vh); }
  .ck-play .ck-fact { font-size: 17px; padding: 2px 8px; }
  /* the probability corner's figures: the name and its value on one line, the explanation under
     them across the whole width (three columns left it ~100 px) */
  table.ck-insights:not(.ck-next-card), table.ck-insights:not(.ck-next-card) > tbody { display: block; }
  table.ck-insights:not(.ck-next-card) tr { display: grid; grid-template-columns: minmax(0, 1fr) auto;
                                            column-gap: 10px; padding: 4px 0; }
  table.ck-insights:not(.ck-next-card) td { padding: 0; }
  table.ck-insights:not(.ck-next-card) td.ck-note { grid-column: 1 / -1; }
}
</style>
"""


_shared: W.HTML | None = None


def style_widget() -> W.HTML:
    """The CSS as one hidden HTML widget, shared by every component: a page with a dozen
    components then carries one CSS model instead of a dozen, and loads faster."""
    global _shared
    if _shared is None or _shared.comm is None:      # none yet, or closed
        _shared = W.HTML(CSS, layout=W.Layout(display="none", height="0px", margin="0px"))
    return _shared


#: The plots' colours (a line, the band around it); the probability panel's bars share them.
BLUE = "#3e7bd6"
BAND = "rgba(62,123,214,0.22)"

LESSON_CSS = """
<style>
.ck-nav { margin: 0 0 10px 0; }
.ck-nav .ck-nav-bar { display: flex; flex-wrap: wrap; gap: 8px; }
.ck-nav a { display: inline-block; padding: 8px 14px; border-radius: 8px; font-size: 18px; font-weight: 600;
            line-height: 1.3; background: #2f6fbf; color: #fff !important; text-decoration: none; }
.ck-nav a.ck-nav-secondary { background: #e9eef7; color: #1d4f91 !important; border: 1px solid #b9c8e4; }
.ck-nav a:hover { text-decoration: underline; }
.ck-nav a:focus-visible, .ck-tile a:focus-visible { outline: 3px solid #e08a00; outline-offset: 2px; }
.ck-scroll { max-width: 100%; overflow-x: auto; -webkit-overflow-scrolling: touch; }
/* A table wider than its box (landmarks.js marks it ck-scrolls) says so under it, and shows a shadow
   on the side where more of it is (the shadows scroll away with the table's ends). */
.ck-scroll-hint { display: none; font-size: 15px; color: #52606d; font-style: italic; margin-top: 2px; }
.ck-scroll-box:has(> .ck-scrolls) > .ck-scroll-hint { display: block; }
.ck-scroll.ck-scrolls { background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 24px 100% local no-repeat,
                          linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 24px 100% local no-repeat,
                          radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.25), transparent) left / 10px 100% scroll no-repeat,
                          radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.25), transparent) right / 10px 100% scroll no-repeat; }
.widget-html-content:has(.ck-scroll) { max-width: 100%; min-width: 0; flex-shrink: 1; }
.ck-lesson-table { border-collapse: collapse; text-align: right; }
.ck-lesson-table td, .ck-lesson-table th { padding: 3px 12px; border-bottom: 1px solid #ddd; }
.ck-lesson-table th { white-space: normal; vertical-align: bottom; }
.ck-lesson-table tr.ck-best { background: #eef5e6; font-weight: bold; }
.ck-answer { padding: 6px 10px; border-left: 4px solid #2f6fbf; background: #f3f6fb; }
.ck-fit, .ck-plot { max-width: 100%; overflow-x: auto; }
.ck-empty-plot { border: 1px dashed #b9c2cf; border-radius: 10px; padding: 28px 16px; color: #52606d;
                 text-align: center; font-size: 17px; background: #fafbfc; }
@media (max-width: 600px) {
  .ck-lesson-table td, .ck-lesson-table th { padding: 3px 6px; font-size: 15px; }
}
</style>
"""


_lesson_shared: W.HTML | None = None


def lesson_style() -> W.HTML:
    """The lessons' CSS as one hidden widget shared by every piece on the page (one model, not dozens)."""
    global _lesson_shared
    if _lesson_shared is None or _lesson_shared.comm is None:      # none yet, or closed
        _lesson_shared = W.HTML(LESSON_CSS, layout=W.Layout(display="none", height="0px", margin="0px"))
    return _lesson_shared


def message_html(text: str, kind: str = "info", css_class: str = "") -> str:
    """A message line (``kind``: info, warn or error; the ck-msg classes of CSS; ``css_class``: one
    more); empty text, no line."""
    classes = " ".join(filter(None, ("ck-msg", f"ck-msg-{kind}", css_class)))
    return f'<span class="{classes}">{html.escape(text)}</span>' if text else ""
