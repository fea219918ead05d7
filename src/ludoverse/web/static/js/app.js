// The pages: lobby (/), a table (/table/ID) and a replay (/replay/ID).
// Each game's board is a module in boards/<game>.js exporting render(root, ctx).

import { api, tokens, ApiError } from "./api.js";
import { el, clear, fmt, seatName, wirePieces } from "./ui.js";
import { renderForm, optionSummary } from "./options.js";
import { learnPage } from "./learn.js";
import { componentsOf, explainSwitch, openRules, rulesPage, wireComponents } from "./help.js";
import { reviewPage } from "./review.js";

const main = document.getElementById("main");
const where = document.getElementById("where");
const boards = {};

async function board(game) {
  if (!boards[game]) {
    try { boards[game] = await import(`./boards/${game}.js`); }
    catch (err) { console.error(err); boards[game] = await import("./boards/generic.js"); }
  }
  return boards[game];
}

function route() {
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/table\/([\w-]+)/))) return tablePage(m[1]);
  if ((m = path.match(/^\/replay\/([\w-]+)/))) return replayPage(m[1]);
  if ((m = path.match(/^\/learn\/(\w+)/))) return learnPage(m[1]);
  if ((m = path.match(/^\/rules\/(\w+)/))) return rulesRoute(m[1]);
  if ((m = path.match(/^\/review\/([\w-]+)/))) { if (socket) socket.close(); return reviewPage(m[1], Number(new URLSearchParams(location.search).get("seat")) || 0); }
  return lobbyPage();
}

function flash(message, kind = "error") {
  const box = el(`div.flash.${kind}`, { role: kind === "error" ? "alert" : "status" }, message);
  document.body.append(box);
  setTimeout(() => box.remove(), 5000);
}

async function rulesRoute(game) {
  const info = (await api.games()).find((g) => g.name === game);
  if (!info) { clear(main).append(el("p.error", {}, `No game called ${game}.`)); return; }
  where.textContent = `${info.title} rules`;
  await rulesPage(main, game, info.title);
}

// Lobby --------------------------------------------------------------------------------------

async function lobbyPage() {
  where.textContent = "Lobby";
  const [games, open] = await Promise.all([api.games(), api.tables()]);
  const byName = Object.fromEntries(games.map((g) => [g.name, g]));
  clear(main).append(
    el("section.games", {},
      el("h1", {}, "Play a game"),
      el("div.game-list", {}, games.map((g) => el("article.game-card", { dataset: { game: g.name } },
        el("h2", {}, g.title),
        el("p.players", {}, g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`),
        el("p", {}, g.summary),
        el("button.primary", { onclick: () => createForm(g), "data-create": g.name }, `New ${g.title} table`),
        el("a.button", { href: `/learn/${g.name}` }, "Learn to play"))))),
    el("section.open", {},
      el("h2", {}, "Open tables"),
      open.length ? el("ul.tables", {}, open.map((t) => tableItem(t, byName[t.game]))) : el("p.muted", {}, "No tables yet: start one above.")),
    el("section.upload", {},
      el("h2", {}, "Watch a replay"),
      el("label", {}, "Game record (JSON from ", el("code", {}, "ludoverse replay"), " or a download): ",
        el("input", { type: "file", accept: ".json,application/json", onchange: uploadRecord }))));
}

function tableItem(t, g) {
  const free = t.seats.filter((s) => s.kind === "human" && !s.joined);
  return el("li.table-item", {},
    el("strong", {}, g ? g.title : t.game), ` · ${t.players} players · ${t.status} · `,
    t.chosen_deal ? el("span.warn", { title: "The creator chose the seed and could know the hidden cards." }, "chosen deal · ") : null,
    t.hints_allowed ? el("span.muted", { title: "Everyone at this table may ask for hints." }, "hints allowed · ") : null,
    t.seats.map((s) => el("span.seat-chip", { class: `seat-chip ${s.connected ? "on" : ""}` }, s.name)),
    free.map((s) => el("button", { onclick: () => joinSeat(t.id, s.seat) }, `Join as seat ${s.seat + 1}`)),
    el("a.button", { href: `/table/${t.id}` }, tokens.get(t.id) ? "Open" : "Watch"));
}

async function joinSeat(id, seat) {
  const name = prompt("Your name?", "") ?? "";
  try {
    const r = await api.join(id, seat, name);
    tokens.set(id, r.token);
    history.pushState({}, "", `/table/${id}`);
    route();
  } catch (err) { flash(err.message); }
}

function createForm(g) {
  const seatsBox = el("div.seats");
  const count = el("select", { name: "players", "aria-label": "Players" },
    Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i)
      .map((n) => el("option", { value: n }, `${n} player${n > 1 ? "s" : ""}`)));
  const name = el("input", { name: "name", placeholder: "Your name", maxlength: 40 });
  const drawSeats = () => {
    clear(seatsBox);
    const n = Number(count.value);
    for (let i = 0; i < n; i++) {
      const kind = el("select", { name: `seat${i}`, "aria-label": `Seat ${i + 1}` },
        el("option", { value: "human" }, i === 0 ? "You" : "A person (invite)"),
        Object.keys(g.levels).map((lv) => el("option", { value: `bot:${lv}`, selected: i > 0 && lv === "medium" }, `Bot, ${lv}`)));
      seatsBox.append(el("label.seat-choice", {}, `Seat ${i + 1}: `, kind));
    }
  };
  count.addEventListener("change", drawSeats);
  drawSeats();
  const opts = renderForm(g);
  const seed = el("input", { type: "number", name: "seed", min: 0, max: 2147483647, placeholder: "random" });
  const content = el("input", { type: "file", name: "content", accept: ".toml,text/plain" });
  const hints = el("input", { type: "checkbox", name: "hints" });
  const form = el("form.create", {
    onsubmit: async (ev) => {
      ev.preventDefault();
      const seats = [...seatsBox.querySelectorAll("select")].map((s, i) => s.value === "human"
        ? { kind: "human", name: i === 0 ? name.value : "" }
        : { kind: "bot", bot: s.value.slice(4) });
      try {
        const body = { game: g.name, seats, options: opts.values() };
        if (seed.value !== "") body.seed = Number(seed.value);
        if (hints.checked) body.hints = true;
        if (content.files[0]) body.content_toml = await content.files[0].text();
        const r = await api.create(body);
        const first = r.tokens.findIndex((t) => t);
        r.tokens.forEach((t, i) => { if (t && i === first) tokens.set(r.table.id, t); });
        sessionStorage.setItem(`invites:${r.table.id}`, JSON.stringify(r.tokens));
        history.pushState({}, "", `/table/${r.table.id}`);
        route();
      } catch (err) { flash(err.message); }
    },
  },
  el("h2", {}, `New ${g.title} table`),
  el("label", {}, "Players: ", count), name, seatsBox,
  el("details.options", {}, el("summary", {}, "Rule options"), opts.node,
    el("label.option", {}, el("span", {}, "Deal (seed)"), seed,
      el("small", {}, "The same seed and options deal the same game again; the seed is shown when the game is over.")),
    el("label.option", {}, el("span", {}, "Hints for everyone"), hints,
      el("small", {}, "Every player may ask what a strong bot would play; whoever joins agrees. A player alone with bots may always ask. A hinted game is marked.")),
    el("label.option", {}, el("span", {}, "Your own cards"), content,
      el("small", {}, "A TOML file with the game's card data in the same schema as the shipped one (see ludoverse cards)."))),
  el("div.row", {}, el("button.primary", { type: "submit" }, "Create table"),
    el("button", { type: "button", onclick: () => route() }, "Cancel")));
  clear(main).append(form);
}

async function uploadRecord(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  try {
    const rec = JSON.parse(await file.text());
    const r = await api.upload(rec);
    history.pushState({}, "", `/replay/${r.id}`);
    route();
  } catch (err) { flash(err instanceof ApiError ? err.message : `Not a game record: ${err.message}`); }
}

// Table --------------------------------------------------------------------------------------

let socket = null;

// A player may ask for their only legal move to be played by itself. The server asks every
// seat even when it has one move (so nobody learns that its cards left no choice); this
// plays it after the same delay every time, so the timing says nothing either.
const AUTO_ONLY_MOVE = "ludoverse:auto-only-move";
const AUTO_DELAY_MS = 1500;
const autoOnlyMove = () => localStorage.getItem(AUTO_ONLY_MOVE) === "1";

async function tablePage(id) {
  if (socket) socket.close();
  const token = tokens.get(id);
  let summary;
  try { summary = await api.table(id); } catch (err) { clear(main).append(el("p.error", {}, err.message)); return; }
  const games = await api.games();
  const info = games.find((g) => g.name === summary.game);
  const mod = await board(summary.game);
  const pieces = await componentsOf(id);
  where.textContent = info.title;
  const [explain, explaining] = explainSwitch();

  const boardBox = el("div.board", { id: "board" });
  const actionsBox = el("div.actions", { id: "actions" });
  const logBox = el("ol.log", { id: "log" });
  const seatsBox = el("div.seat-bar", { id: "seats" });
  const controls = el("div.controls");
  const result = el("div.result", { id: "result", hidden: true });
  const invites = el("div.invites");
  clear(main).append(
    el("div.table-page", { dataset: { game: summary.game } },
      seatsBox, invites, result,
      el("div.play", {}, boardBox,
        el("aside.side", {},
          el("section", {}, el("h2", {}, "Your moves"), actionsBox, controls),
          el("details.log-panel", { open: true }, el("summary", {}, "Game log"), logBox),
          el("section.help", {}, el("h2", {}, "Help"),
            el("div.row", {}, explain,
              el("button", { type: "button", id: "open-rules", onclick: () => openRules(summary.game) }, "Rules"))),
          el("details.rules", {}, el("summary", {}, "Rules and options"),
            el("p", {}, info.summary), optionSummary(info, summary.options),
            summary.chosen_deal ? el("p.warn", {}, "The creator chose this deal (the seed), so they could know the hidden cards.") : null,
            el("p", {}, el("a", { href: `/api/games`, target: "_blank" }, "All options (JSON)")))))));

  const invited = JSON.parse(sessionStorage.getItem(`invites:${id}`) || "null");
  if (invited && invited.filter(Boolean).length > 1) {
    invites.append(el("p", {}, "Invite links (send one to each friend):"),
      el("ul", {}, invited.map((t, i) => t && i > 0 ? el("li", {}, `Seat ${i + 1}: `,
        el("input.invite", { readonly: true, value: `${location.origin}/join/${id}/${i}/${t}`, size: 60 })) : null)));
  }

  let view = null;
  let hint = null;
  let pending = false;
  let autoTimer = null;
  const send = (msg) => socket && socket.readyState === 1 && socket.send(JSON.stringify(msg));
  const act = (actionId) => {
    if (pending || !view) return;
    pending = true;
    main.querySelector(".table-page").classList.add("waiting");
    send({ type: "act", action: Number(actionId), expect: view.table.moves });
  };

  function draw(v) {
    view = v;
    pending = false;
    clearTimeout(autoTimer);
    if (v.legal.length === 1 && autoOnlyMove()) {
      autoTimer = setTimeout(() => { if (view === v) act(v.legal[0].id); }, AUTO_DELAY_MS);
    }
    const pageBox = main.querySelector(".table-page");
    pageBox.classList.remove("waiting");
    pageBox.dataset.moves = v.table.moves;  // which position the page shows (for tests, too)
    const ctx = { view: v, table: v.table, observation: v.observation, seat: v.seat, legal: v.legal, act, replay: false };
    drawSeats(seatsBox, v.table, v.seat, id, token);
    clear(boardBox);
    try { mod.render(boardBox, ctx); } catch (err) { console.error(err); boardBox.append(el("pre.error", {}, String(err))); }
    wirePieces(boardBox, v.legal, act);
    wireComponents(boardBox, pieces, explaining);
    drawActions(actionsBox, v, act);
    clear(controls);
    if (v.undo > 0) controls.append(el("button", { id: "undo", onclick: () => send({ type: "undo" }) }, "Undo my last move"));
    if (v.legal.length && token && mayHint(v.table, v.seat)) {
      controls.append(el("button", { id: "hint", onclick: async () => {
        const h = await askHint(id, token);
        if (h) { hint = h; showHint(actionsBox, view, hint); }
      } }, "Hint"));
    }
    showHint(actionsBox, v, hint);
    if (v.seat !== null && v.table.status !== "finished") {
      const box = el("input", { id: "auto-only-move", type: "checkbox", checked: autoOnlyMove(), onchange: () => {
        localStorage.setItem(AUTO_ONLY_MOVE, box.checked ? "1" : "0");
        draw(view);
      } });
      controls.append(el("label.auto-only-move", {}, box, ` Play my only move by itself (after ${AUTO_DELAY_MS / 1000} s)`));
    }
    if (v.seat !== null && v.table.status !== "finished") controls.append(el("button", { onclick: () => leaveTable(id, token) }, "Leave the table"));
    if (v.events_start === 0) clear(logBox);
    for (const e of v.events) logBox.append(el("li", {}, eventText(mod, e, ctx)));
    logBox.scrollTop = logBox.scrollHeight;
    drawResult(result, v.table, id, v.seat);
  }

  const proto = location.protocol === "https:" ? "wss" : "ws";
  const connect = () => {
    socket = new WebSocket(`${proto}://${location.host}/ws/tables/${id}` + (token ? `?token=${encodeURIComponent(token)}` : ""));
    socket.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "state") draw(m);
      else if (m.type === "notice") flash(m.message, "info");
      else if (m.type === "error") {
        pending = false;
        main.querySelector(".table-page")?.classList.remove("waiting");
        flash(m.message);
      }
    };
    socket.onclose = (ev) => {
      if (ev.code === 4429) { flash("Too many connections from your address: trying again soon."); setTimeout(connect, 5000); return; }
      if (ev.code >= 4400) { flash("This table cannot be opened with the link you have."); return; }
      if (location.pathname.startsWith(`/table/${id}`)) setTimeout(connect, 1000);
    };
  };
  connect();
}

function drawActions(box, v, act) {
  clear(box);
  if (v.table.status === "finished") { box.append(el("p.muted", {}, "The game is over.")); return; }
  if (v.table.status === "abandoned") { box.append(el("p.muted", {}, "This table was closed (no move for too long); its record is kept.")); return; }
  if (v.table.status === "open") { box.append(el("p.muted", {}, "Waiting for players to join…")); return; }
  if (!v.legal.length) {
    const who = v.table.to_move;
    box.append(el("p.muted", {}, v.seat === null ? `Watching. ${seatName(v, who)} to move.` : `Waiting for ${seatName(v, who)}…`));
    return;
  }
  box.append(el("p.your-turn", {}, "Your turn"),
    el("ul.action-list", {}, v.legal.map((a) => el("li", {},
      el("button.action", { "data-action": a.id, onclick: () => act(a.id) }, a.label)))));
}

// A hint: what the hard bot would play here, from this seat's knowledge only. Offered to a
// player alone with bots, or at a table where everyone agreed; the game is marked as hinted.
function mayHint(table, seat) {
  return table.hints_allowed || table.seats.every((s) => s.seat === seat || s.kind === "bot");
}

async function askHint(id, token) {
  const button = document.getElementById("hint");
  if (button) { button.disabled = true; button.textContent = "Thinking…"; }
  try { return await api.post(`/api/tables/${id}/hint`, { token }); }
  catch (err) { flash(err.message); return null; }
  finally {
    const b = document.getElementById("hint");
    if (b) { b.disabled = false; b.textContent = "Hint"; }
  }
}

function showHint(box, v, h) {
  box.querySelector(".hint")?.remove();
  if (!h || !v || h.step !== v.table.moves || !v.legal.length) return;
  box.prepend(el("p.hint", { id: "hint-line", role: "status" }, el("strong", {}, "Hint: "), h.line));
  box.querySelector(`button.action[data-action="${h.action}"]`)?.classList.add("hinted");
}

function drawSeats(box, table, mySeat, id, token) {
  clear(box);
  table.seats.forEach((s) => {
    const turn = table.to_move === s.seat;
    const chip = el(`div.seat${turn ? ".turn" : ""}${s.seat === mySeat ? ".me" : ""}`, { dataset: { seat: s.seat } },
      el(`span.dot${s.kind === "bot" || s.connected ? ".on" : ""}`, { title: s.kind === "bot" ? "bot" : s.connected ? "connected" : "not connected" }),
      `${s.name}${s.seat === mySeat ? " (you)" : ""}`);
    const gone = s.kind === "human" && (!s.joined || !s.connected) && s.seat !== mySeat;
    if (gone && token && table.status !== "finished") {
      chip.append(el("button.small", {
        onclick: async () => {
          try { await api.toBot(id, s.seat, token, "medium"); } catch (err) { flash(err.message); }
        },
      }, "Hand to a bot"));
    }
    box.append(chip);
  });
  if (table.hinted) box.append(el("span.hinted-game", { title: "Someone asked for hints in this game." }, `Hinted game (${table.hinted} hint${table.hinted > 1 ? "s" : ""})`));
}

function drawResult(box, table, id, mySeat = null) {
  if (table.status !== "finished" || !table.outcome) { box.hidden = true; return; }
  const o = table.outcome;
  box.hidden = false;
  clear(box).append(...[
    el("h2", {}, o.winners.length === 1 ? `${table.seats[o.winners[0]].name} wins!` : o.winners.length ? `Shared win: ${o.winners.map((w) => table.seats[w].name).join(", ")}` : "Nobody wins"),
    el("table.scores", {}, el("tr", {}, el("th", {}, "Place"), el("th", {}, "Player"), el("th", {}, "Score")),
      table.seats.map((s) => s.seat).sort((a, b) => o.ranking[a] - o.ranking[b]).map((p) =>
        el("tr", {}, el("td", {}, o.ranking[p]), el("td", {}, table.seats[p].name), el("td", {}, fmt(o.scores[p]))))),
    el("p", {}, `Why the game ended: ${o.reason.replaceAll("_", " ")}`),
    o.tiebreak_trace.length ? el("div.tiebreak", {}, el("p", {}, "Tie-breakers:"), el("ol", {}, o.tiebreak_trace.map((t) => el("li", {}, t)))) : null,
    el("p", {}, el("a.button", { href: `/api/tables/${id}/record`, download: "" }, "Download the record"), " ",
      el("a.button", { href: `/replay/${id}` }, "Watch the replay"), " ",
      el("a.button", { href: `/review/${id}?seat=${mySeat ?? 0}`, id: "review-game" }, mySeat === null ? "Review the game" : "Review my game"), " ", el("a.button", { href: "/" }, "Back to the lobby")),
  ].filter(Boolean));
}

async function leaveTable(id, token) {
  if (!confirm("Leave this table? Your seat can then be handed to a bot.")) return;
  try { await api.leave(id, token); tokens.drop(id); history.pushState({}, "", "/"); route(); }
  catch (err) { flash(err.message); }
}

function eventText(mod, e, ctx) {
  if (e.text) return e.text;  // the server writes each entry as a sentence for this viewer
  if (mod.eventText) {
    try { const t = mod.eventText(e, ctx); if (t) return t; } catch (err) { console.error(err); }
  }
  const { kind, visible_to: _v, ...data } = e;
  const who = typeof data.seat === "number" ? `${seatName(ctx, data.seat)}: ` : "";
  delete data.seat;
  return `${who}${kind.replaceAll("_", " ")}${Object.keys(data).length ? " — " + fmt(data) : ""}`;
}

// Replay -------------------------------------------------------------------------------------

async function replayPage(id) {
  if (socket) socket.close();
  const token = tokens.get(id);
  let step = 0;
  let data = await api.replay(id, 0, token).catch((err) => { clear(main).append(el("p.error", {}, err.message)); });
  if (!data) return;
  const mod = await board(data.game);
  const pieces = await componentsOf(id);
  const [explain, explaining] = explainSwitch();
  const games = await api.games();
  where.textContent = `${games.find((g) => g.name === data.game).title} replay`;
  const boardBox = el("div.board", { id: "board" });
  const logBox = el("ol.log", { id: "log" });
  const counter = el("span.counter");
  const slider = el("input", { type: "range", min: 0, max: data.steps, value: 0, "aria-label": "Move" });
  const go = async (n) => {
    step = Math.max(0, Math.min(data.steps, n));
    data = await api.replay(id, step, token);
    slider.value = step;
    counter.textContent = `move ${step} of ${data.steps}`;
    const table = { seats: data.names.map((name, seat) => ({ seat, name })), status: data.outcome ? "finished" : "playing", outcome: data.outcome };
    const ctx = { view: data, table, observation: data.observation, seat: data.seat, legal: [], act: () => {}, replay: true };
    clear(boardBox);
    mod.render(boardBox, ctx);
    wireComponents(boardBox, pieces, explaining);
    clear(logBox);
    for (const e of data.events) logBox.append(el("li", {}, eventText(mod, e, ctx)));
    logBox.scrollTop = logBox.scrollHeight;
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  clear(main).append(el("div.table-page.replay", { dataset: { game: data.game } },
    el("div.replay-controls", {},
      el("button", { onclick: () => go(0), "aria-label": "First", id: "first" }, "|◀"),
      el("button", { onclick: () => go(step - 1), "aria-label": "Previous", id: "prev" }, "◀"),
      el("button", { onclick: () => go(step + 1), "aria-label": "Next", id: "next" }, "▶"),
      el("button", { onclick: () => go(data.steps), "aria-label": "Last", id: "last" }, "▶|"),
      slider, counter,
      data.hinted ? el("span.hinted-game", { title: "The players asked for hints in this game." }, `Hinted game (${data.hinted})`) : null,
      el("a.button", { href: `/api/tables/${id}/record`, download: "" }, "Download"),
      el("a.button", { href: `/review/${id}?seat=${data.seat ?? 0}`, id: "review-link" }, "Review"),
      explain, el("button", { type: "button", id: "open-rules", onclick: () => openRules(data.game) }, "Rules")),
    el("div.play", {}, boardBox, el("aside.side", {}, el("h2", {}, "Log"), logBox))));
  await go(0);
}

// Invite links: /join/ID/SEAT/TOKEN takes the seat, then opens the table.
async function joinLink() {
  const m = location.pathname.match(/^\/join\/([\w-]+)\/(\d+)\/([\w-]+)/);
  if (!m) return false;
  const [, id, seat, token] = m;
  const name = prompt("Your name?", "") ?? "";
  try {
    await api.join(id, Number(seat), name, token);
    tokens.set(id, token);
  } catch (err) { flash(err.message); }
  history.replaceState({}, "", `/table/${id}`);
  return true;
}

window.addEventListener("popstate", route);
document.addEventListener("click", (ev) => {
  const a = ev.target.closest("a[href^='/']");
  if (a && !a.hasAttribute("download") && !a.target && !a.getAttribute("href").startsWith("/api/")) {
    ev.preventDefault();
    history.pushState({}, "", a.getAttribute("href"));
    route();
  }
});
joinLink().then(route);
