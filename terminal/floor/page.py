"""The floor manager's page: plain HTML, CSS and a little JavaScript, served as is (no build step).

The page asks ``/api/floor`` for the floor and listens to ``/events`` (server-sent events): a ``feed``
event adds a line to the live feed, an ``update`` event has the page ask for the floor again (at most
twice a second). Every value is set with ``textContent``, never as HTML.
"""

from __future__ import annotations

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
</style>
"""

LOGIN_HTML = (
    """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Casino floor: log in</title>"""
    + _STYLE
    + """</head><body>
<form class="login" method="post" action="/login">
  <h1>Casino floor</h1>
  <label for="user">User id</label><input id="user" name="user" autocomplete="username" required>
  <label for="pin">PIN</label><input id="pin" name="pin" type="password" inputmode="numeric" required>
  <div class="error" id="error">{error}</div>
  <button id="enter" type="submit">Log in</button>
</form></body></html>"""
)

PAGE_HTML = (
    """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Casino floor</title>"""
    + _STYLE
    + """</head><body>
<header>
  <h1>Casino floor <span id="day" class="who"></span></h1>
  <span id="live" class="down">feed connecting…</span>
  <span class="who">{user} ({role})</span>
  <form method="post" action="/logout"><button id="logout">Log out</button></form>
</header>
<main>
  <div>
    <div class="cards">
      <div class="card"><div class="k">Coin-in</div><div class="v" id="t-in">–</div></div>
      <div class="card"><div class="k">Win</div><div class="v" id="t-win">–</div></div>
      <div class="card"><div class="k">Hold % (PAR %)</div><div class="v" id="t-hold">–</div></div>
      <div class="card"><div class="k">Outstanding vouchers</div><div class="v" id="t-vouchers">–</div></div>
    </div>
    <section>
      <h2>Tables, this gaming day</h2>
      <table id="tables"><thead><tr>
        <th>Table</th><th>Game</th><th>Status</th><th>Coin-in</th><th>Coin-out</th><th>Win</th>
        <th>Hold %</th><th>PAR %</th><th>Games</th><th>Outstanding vouchers</th>
      </tr></thead><tbody></tbody></table>
    </section>
  </div>
  <section><h2>Live events</h2><ul id="feed"></ul></section>
</main>
<script>
const $ = (id) => document.getElementById(id);
function cell(row, text) { const td = row.insertCell(); td.textContent = text; return td; }
function render(floor) {
  $("day").textContent = "· gaming day " + floor.day;
  const body = $("tables").tBodies[0];
  body.replaceChildren();
  for (const t of floor.tables.concat([floor.total])) {
    const row = body.insertRow();
    row.dataset.table = t.table;
    if (t.table === "FLOOR") row.className = "total";
    cell(row, t.table === "FLOOR" ? "Floor" : t.table);
    cell(row, t.game);
    const s = cell(row, "");
    if (t.status) {
      const badge = document.createElement("span");
      badge.className = "badge " + t.status; badge.textContent = t.status; s.appendChild(badge);
      const why = document.createElement("span"); why.className = "why";
      const waiting = t.status === "backlog" || (t.status === "offline" && t.backlog);
      const tilts = t.tilts && t.tilts.length ? t.tilts.join(", ") : "";
      why.textContent = waiting ? t.backlog + " waiting" : tilts;
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
  t.textContent = (line.time || "").slice(11, 19) + " " + line.table + " ";
  const w = document.createElement("span"); w.className = "what"; w.textContent = line.what;
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
source.onopen = () => { $("live").textContent = "feed live"; $("live").className = "up"; };
source.onerror = () => { $("live").textContent = "feed reconnecting…"; $("live").className = "down"; };
source.addEventListener("feed", (e) => addLine(JSON.parse(e.data)));
source.addEventListener("update", () => refresh());
refresh();
setInterval(refresh, 5000);
</script>
</body></html>"""
)
