"""The floor manager's page: plain HTML, CSS and a little JavaScript, served as is (no build step).

The page asks ``/api/floor`` for the floor and listens to ``/events`` (server-sent events): a ``feed``
event adds a line to the live feed, an ``update`` event has the page ask for the floor again (at most
twice a second). Every value is set with ``textContent``, never as HTML. Every word is the catalogue's in
the page's language (:func:`login_html`, :func:`page_html` fill the templates' ``[[key]]`` marks; the few
words the script writes come as JSON in ``#words``; the floor's JSON arrives translated).
"""

from __future__ import annotations

import html
import json
import re

from terminal.floor.words import Words
from terminal.i18n import LANGUAGES

_STYLE = """
<style>
  :root { color-scheme:dark; --ink:#e8edf3; --dim:#9fb0c3; --panel:#14202e; --line:#24364a; --bg:#0c151f;
          --open:#2e9d5b; --tilt:#d9822b; --offline:#b23b3b; --backlog:#c9a227; }
  * { box-sizing: border-box; }
  body { margin:0; background:var(--bg); color:var(--ink);
         font:16px/1.4 "DejaVu Sans", Arial, sans-serif; }
  header { display:flex; align-items:center; gap:24px; padding:14px 28px; background:var(--panel);
           border-bottom:1px solid var(--line); }
  header h1 { font-size:24px; margin:0; flex:1; }
  header .who { color:var(--dim); }
  button, input { font:inherit; }
  button { min-height:48px; min-width:96px; padding:0 18px; border-radius:8px; border:1px solid var(--line);
           background:#1d3047; color:var(--ink); cursor:pointer; }
  main { display:grid; grid-template-columns: 1fr 460px; gap:20px; padding:20px 28px; }
  section { background:var(--panel); border:1px solid var(--line); border-radius:10px; padding:14px 18px; }
  h2 { font-size:18px; margin:0 0 10px; color:var(--dim); font-weight:normal; }
  table { width:100%; border-collapse:collapse; }
  th, td { padding:10px 8px; border-bottom:1px solid var(--line); text-align:right; white-space:nowrap; }
  th { color:var(--dim); font-weight:normal; font-size:14px; }
  th:first-child, td:first-child, th:nth-child(2), td:nth-child(2), th:nth-child(3), td:nth-child(3)
    { text-align:left; }
  tr.total td { font-weight:bold; border-top:2px solid var(--dim); }
  .badge { display:inline-block; min-width:84px; text-align:center; padding:3px 10px; border-radius:12px;
           font-size:14px; font-weight:bold; color:#fff; }
  .open { background:var(--open); } .tilt { background:var(--tilt); }
  .offline { background:var(--offline); } .backlog { background:var(--backlog); color:#1b1b1b; }
  .why { color:var(--dim); font-size:14px; margin-left:6px; }
  .up { color:#7fd69b; } .down { color:#f08c8c; }
  #feed { list-style:none; margin:0; padding:0; max-height:720px; overflow-y:auto; overflow-x:hidden; }
  #feed li { padding:8px 4px; border-bottom:1px solid var(--line); font-size:14px; overflow-wrap:anywhere; }
  #feed .what { font-weight:bold; } #feed .t { color:var(--dim); }
  #feed li.alert .what { color:#f08c8c; }
  .cards { display:flex; gap:16px; margin-bottom:16px; }
  .card { flex:1; background:#0f1a26; border:1px solid var(--line); border-radius:8px; padding:10px 14px; }
  .card .k { color:var(--dim); font-size:14px; } .card .v { font-size:26px; font-weight:bold; }
  form.login { width:420px; margin:12vh auto; background:var(--panel); border:1px solid var(--line);
               border-radius:12px; padding:28px; display:grid; gap:14px; }
  form.login input { min-height:48px; padding:0 12px; border-radius:8px; border:1px solid var(--line);
                     background:#0f1a26; color:var(--ink); }
  .error { color:#f08c8c; min-height:22px; }
  #live { font-size:14px; }
  nav.lang { display:flex; gap:8px; }
  nav.lang a { display:inline-flex; align-items:center; min-height:48px; padding:0 14px; border-radius:8px;
               border:1px solid var(--line); color:var(--ink); text-decoration:none; font-size:14px; }
  nav.lang a.on { background:#1d3047; font-weight:bold; }
  form.login nav.lang { justify-content:flex-end; }
  @media (max-width: 1400px) { main { grid-template-columns: 1fr; } #feed { max-height:none; } }
  @media (max-width: 1100px) {
    header { padding:10px 14px; gap:12px; } main { padding:14px; gap:14px; }
    th { white-space:normal; } th, td { padding:8px 5px; } .cards { gap:10px; }
  }
</style>
"""

LOGIN_HTML = (
    """<!doctype html>
<html lang="[[lang]]"><head><meta charset="utf-8"><title>[[login_title]]</title>"""
    + _STYLE
    + """</head><body>
<form class="login" method="post" action="/login">
  [[languages]]
  <h1>[[title]]</h1>
  <label for="user">[[user]]</label><input id="user" name="user" autocomplete="username" required>
  <label for="pin">[[pin]]</label><input id="pin" name="pin" type="password" inputmode="numeric" required>
  <div class="error" id="error">[[error]]</div>
  <button id="enter" type="submit">[[log_in]]</button>
</form></body></html>"""
)

PAGE_HTML = (
    """<!doctype html>
<html lang="[[lang]]"><head><meta charset="utf-8"><title>[[title]]</title>"""
    + _STYLE
    + """</head><body>
<script id="words" type="application/json">[[words]]</script>
<header>
  <h1>[[title]] <span id="day" class="who"></span></h1>
  <span id="live" class="down">[[feed_connecting]]</span>
  <span class="who">[[who]]</span>
  [[languages]]
  <form method="post" action="/logout"><button id="logout">[[log_out]]</button></form>
</header>
<main>
  <div>
    <div class="cards">
      <div class="card"><div class="k">[[coin_in]]</div><div class="v" id="t-in">–</div></div>
      <div class="card"><div class="k">[[win]]</div><div class="v" id="t-win">–</div></div>
      <div class="card"><div class="k">[[hold_par]]</div><div class="v" id="t-hold">–</div></div>
      <div class="card"><div class="k">[[outstanding]]</div><div class="v" id="t-vouchers">–</div></div>
    </div>
    <section>
      <h2>[[tables]]</h2>
      <table id="tables"><thead><tr>
        <th>[[table]]</th><th>[[game]]</th><th>[[status]]</th><th>[[coin_in]]</th><th>[[coin_out]]</th>
        <th>[[win]]</th><th>[[hold]]</th><th>[[par]]</th><th>[[games]]</th><th>[[outstanding]]</th>
      </tr></thead><tbody></tbody></table>
    </section>
  </div>
  <section><h2>[[live]]</h2><ul id="feed"></ul></section>
</main>
<script>
const $ = (id) => document.getElementById(id);
const W = JSON.parse($("words").textContent);
function cell(row, text) { const td = row.insertCell(); td.textContent = text; return td; }
function render(floor) {
  $("day").textContent = "· " + W.gaming_day.replace("{day}", floor.day);
  const body = $("tables").tBodies[0];
  body.replaceChildren();
  for (const t of floor.tables.concat([floor.total])) {
    const row = body.insertRow();
    row.dataset.table = t.table;
    if (t.table === "FLOOR") row.className = "total";
    cell(row, t.name);
    cell(row, t.game_name);
    const s = cell(row, "");
    if (t.status) {
      const badge = document.createElement("span");
      badge.className = "badge " + t.status; badge.textContent = t.status_name; s.appendChild(badge);
      const why = document.createElement("span"); why.className = "why"; why.textContent = t.why;
      s.appendChild(why);
    }
    for (const k of ["coin_in", "coin_out", "win", "hold", "par", "games"]) cell(row, String(t[k]));
    cell(row, t.vouchers + " · " + t.vouchers_value);
  }
  $("t-in").textContent = floor.total.coin_in;
  $("t-win").textContent = floor.total.win;
  $("t-hold").textContent = floor.total.hold + " (" + floor.total.par + ")";
  $("t-vouchers").textContent = floor.total.vouchers + " · " + floor.total.vouchers_value;
  if (!$("feed").children.length) for (const line of floor.feed.slice().reverse()) addLine(line);
}
function addLine(line) {
  const feed = $("feed");
  if (feed.querySelector('[data-seq="' + line.seq + '"]')) return;
  const li = document.createElement("li");
  li.dataset.seq = line.seq;
  if (line.what === "ALERT") li.className = "alert";
  const t = document.createElement("span"); t.className = "t";
  t.textContent = (line.time || "").slice(11, 19) + " " + line.place + " ";
  const w = document.createElement("span"); w.className = "what"; w.textContent = line.what_name;
  li.append(t, w, document.createTextNode(" " + line.text));
  feed.prepend(li);
  while (feed.children.length > 200) feed.lastChild.remove();
}
let busy = false, again = false;
async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    const answer = await fetch("/api/floor");
    if (answer.status === 401) location.reload(); else render(await answer.json());
  } finally {
    setTimeout(() => { busy = false; if (again) { again = false; refresh(); } }, 500);
  }
}
const source = new EventSource("/events");
source.onopen = () => { $("live").textContent = W.feed_live; $("live").className = "up"; };
source.onerror = () => { $("live").textContent = W.feed_reconnecting; $("live").className = "down"; };
source.addEventListener("feed", (e) => addLine(JSON.parse(e.data)));
source.addEventListener("update", () => refresh());
refresh();
setInterval(refresh, 5000);
</script>
</body></html>"""
)


_MARK = re.compile(r"\[\[(\w+)\]\]")


def _fill(template: str, values: dict[str, str]) -> str:
    """Each ``[[key]]`` of ``template`` replaced by its value (already HTML: escape what you pass in)."""
    return _MARK.sub(lambda m: values[m.group(1)], template)


def _languages(words: Words) -> str:
    """The language switch: one link per shipped language, named in its own language."""
    links = []
    for code in LANGUAGES:
        name = html.escape(words.cat.text(f"button.language_{code}"))
        on = ' class="on" aria-current="true"' if code == words.language else ""
        links.append(f'<a href="/?lang={code}" hreflang="{code}" lang="{code}"{on}>{name}</a>')
    label = html.escape(words.text("language"))
    return f'<nav class="lang" aria-label="{label}">' + "".join(links) + "</nav>"


def _common(words: Words) -> dict[str, str]:
    own = ("title", "login_title", "log_in", "log_out", "coin_in", "coin_out", "win", "hold", "hold_par",
           "games", "outstanding", "tables", "table", "status", "live", "feed_connecting")  # fmt: skip
    found = {key: html.escape(words.text(key)) for key in own}
    par = words.cat.text("service.col.par")
    shared = {"game": "service.col.game", "user": "service.login.user", "pin": "service.login.pin"}
    found |= {key: html.escape(words.cat.text(shared[key])) for key in shared}
    return found | {"lang": words.language, "languages": _languages(words), "par": html.escape(f"{par} %")}


def login_html(words: Words, refused: bool = False) -> str:
    """The log-in page in ``words``' language (``refused``: say why the last try failed)."""
    error = html.escape(words.text("login_refused")) if refused else ""
    return _fill(LOGIN_HTML, _common(words) | {"error": error})


def page_html(words: Words, user: str, role: str) -> str:
    """The floor page for ``user`` (in ``role``) in ``words``' language."""
    who = html.escape(f"{user} ({words.role(role)})")
    script = json.dumps(words.script(), ensure_ascii=False).replace("</", "<\\/")
    return _fill(PAGE_HTML, _common(words) | {"who": who, "words": script})
