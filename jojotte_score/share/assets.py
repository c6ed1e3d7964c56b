"""The shared page's files: the HTML around the content, its stylesheet and its script.

All three are served by the app itself, from its own address; the page loads nothing from
anywhere else, and its content security policy allows nothing else (so no inline script or
style: the script and the stylesheet are files of their own). The page is laid out for a
phone held upright (360-430 pixels wide) and uses two columns, the pad beside the figures,
on a wide screen; it is light or dark as the phone is (``prefers-color-scheme``).

The script follows the page's event stream (``events``, Server-Sent Events) and replaces
the content when the revision changes; without a stream it asks for ``view.json`` every few
seconds. It sets text only through the content the server escaped.
"""

from __future__ import annotations

from html import escape

from jojotte_score.i18n import _

STYLESHEET = b"""\
:root { color-scheme: light dark; --paper: #fbfaf6; --ink: #1b1b1b; --quiet: #6b6b6b;
  --rule: #b33a3a; --accent: #0b5d3b; --edge: 12px; }
@media (prefers-color-scheme: dark) {
  :root { --paper: #151515; --ink: #f2f2ee; --quiet: #a0a0a0; --rule: #ff8a80;
    --accent: #7fd8a8; }
}
* { box-sizing: border-box; }
bdi { unicode-bidi: isolate; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 16px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
main { max-width: 40rem; margin: 0 auto; padding: 12px var(--edge) 24px; display: grid;
  gap: 14px; grid-template-columns: minmax(0, 1fr); }
h1 { font-size: 1.15em; margin: 0 0 8px; font-weight: 600; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 6px; text-align: right; }
thead th { font-size: 0.8em; font-weight: 500; color: var(--quiet); }
tbody th { text-align: left; font-weight: 600; overflow-wrap: anywhere; min-width: 5em; }
tbody tr + tr th, tbody tr + tr td { border-top: 1px solid color-mix(in srgb, var(--ink) 20%,
  transparent); }
td.total { font-size: 2.1em; font-weight: 700; color: var(--accent); }
p { margin: 6px 0; }
p.prison, p.result { font-weight: 700; white-space: pre-line; }
p.dealer { font-size: 1.05em; }
p.last { color: var(--quiet); }
p.unreadable { font-weight: 700; color: var(--rule); border: 2px solid var(--rule);
  padding: 6px 8px; margin: 0 0 10px; }
figure.pad { margin: 0 calc(-1 * var(--edge)); overflow-x: auto; overflow-y: hidden; }
svg.sheet { display: block; min-width: min(100%, 32rem); height: auto; margin: 0 auto;
  color: var(--ink);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
svg.sheet line { stroke: currentColor; }
svg.sheet line.l-heavy { stroke: var(--rule); }
svg.sheet line.l-game { opacity: 0.5; }
svg.sheet circle { fill: none; stroke: currentColor; stroke-width: 0.8; }
svg.sheet text { fill: currentColor; dominant-baseline: central; white-space: pre; }
svg.sheet .t-heading, svg.sheet .t-total { font-weight: 700; }
svg.sheet .t-hand-number, svg.sheet .t-label { fill: var(--quiet); }
#state { position: fixed; left: 0; right: 0; bottom: 0; margin: 0; padding: 6px 14px;
  background: var(--ink); color: var(--paper); font-size: 0.9em; }
@media (min-width: 1200px) {
  body { font-size: clamp(16px, min(1.15vw, 2.05vh), 22px); }
  main { max-width: 1800px; --edge: 32px; padding: var(--edge); gap: 64px; align-items: start;
    justify-content: center; grid-template-columns: minmax(0, max-content) max-content; }
  figure.pad { grid-row: 1; grid-column: 1; margin: 0; overflow: visible; }
  section.figures { grid-row: 1; grid-column: 2; }
  svg.sheet { min-width: 0; max-width: 100%; width: auto;
    height: calc(100vh - 2 * var(--edge)); }
  h1 { font-size: 1.5em; margin-bottom: 16px; }
  table { width: auto; }
  th, td { padding: 6px 0 6px 0.8em; }
  thead th { font-size: 1em; }
  section.figures p { font-size: 1.1em; max-width: 26em; }
  tbody th { font-size: 1.9em; padding-left: 0; min-width: 0; }
  td.total { font-size: 4em; padding-left: 0.4em; }
  tbody td:not(.total) { font-size: 1.4em; }
}
"""

SCRIPT = b"""\
"use strict";
(function () {
  var view = document.getElementById("view");
  var state = document.getElementById("state");
  var revision = Number(document.body.getAttribute("data-revision"));
  function show(data) {
    if (data.revision === revision) { return; }
    revision = data.revision;
    view.innerHTML = data.html;
    document.title = data.title;
    document.body.setAttribute("data-revision", String(revision));
  }
  function poll() {
    fetch("view.json", { cache: "no-store" })
      .then(function (answer) { return answer.json(); })
      .then(function (data) { state.hidden = true; show(data); })
      .catch(function () { state.hidden = false; })
      .then(function () { window.setTimeout(poll, 3000); });
  }
  if (!window.EventSource) { poll(); return; }
  var source = new EventSource("events");
  source.addEventListener("view", function (event) {
    state.hidden = true;
    show(JSON.parse(event.data));
  });
  source.addEventListener("open", function () { state.hidden = true; });
  source.addEventListener("error", function () { state.hidden = false; });
})();
"""


def page_html(language: str, title: str, content: str, revision: int) -> bytes:
    """The whole page in ``language`` (spoken now): ``content`` is the HTML the server made
    of the figures (escaped already)."""
    lost = _("The connection to the scorepad is lost; trying again…")
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{escape(language)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{escape(title)}</title>"
        '<link rel="icon" href="icon.png" type="image/png">'
        '<link rel="stylesheet" href="page.css"><script src="page.js" defer></script>'
        f'</head><body data-revision="{revision}"><main id="view">{content}</main>'
        f'<p id="state" role="status" hidden>{escape(lost)}</p></body></html>\n'
    ).encode()


def icon_png() -> bytes:
    """The app's icon (64 pixels), for the page's tab and a phone's home screen."""
    from importlib import resources

    return (
        resources.files("jojotte_score.resources") / "icons" / "jojotte-score-64.png"
    ).read_bytes()
