// The post-game review page (/review/ID?seat=N): one seat's decisions in a finished game,
// each against the move the server's search prefers, with both estimated win shares and a
// verdict. The review runs on the server (POST, then GET every second for its progress);
// the page draws a plot of the seat's share through the game, the table of decisions and a
// replay board (the game's own board module with its pieces' detail views, as the replay
// page draws it). Clicking a point or a row shows the position before that move.

import { api, tokens, ApiError } from "./api.js";
import { componentsOf, explainSwitch, openRules, wireComponents } from "./help.js";
import { el, svg, clear } from "./ui.js";

const CSS = "/static/css/review.css";
const VERDICTS = ["best", "good", "inaccuracy", "mistake", "blunder"];
const FLAGGED = new Set(["inaccuracy", "mistake", "blunder"]);
const PLURAL = { best: "best", good: "good", inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };
const POLL_MS = 1000;
const NARROW = "(max-width: 900px)";

let generation = 0;  // a newer page (another seat, another route) stops the older one's polling

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch { /* no body */ }
  if (!res.ok) throw new ApiError(data?.error || String(res.status), data?.message || res.statusText);
  return data;
}

const reviewApi = {
  get: (id, seat) => call("GET", `/api/tables/${id}/review?seat=${seat}`),
  start: (id, seat) => call("POST", `/api/tables/${id}/review`, { seat }),
};

function loadStyle() {
  if (!document.querySelector(`link[href="${CSS}"]`)) document.head.append(el("link", { rel: "stylesheet", href: CSS }));
}

async function boardModule(game) {
  try { return await import(`./boards/${game}.js`); }
  catch (err) { console.error(err); return import("./boards/generic.js"); }
}

const pct = (x) => `${Math.round(x * 100)} %`;

/** The review page of `seat` (counted from 0) at table or uploaded record `id`. */
export async function reviewPage(id, seat) {
  loadStyle();
  const mine = ++generation;
  const live = () => mine === generation && document.body.contains(page);
  const main = document.getElementById("main");
  const where = document.getElementById("where");
  let token = tokens.get(id);
  let first;
  try { first = await api.replay(id, 0, token); }
  catch (err) {
    if (token && err instanceof ApiError && err.code === "forbidden") {  // a seat given up since
      token = null;
      first = await api.replay(id, 0, null).catch((e) => e);
    } else first = err;
  }
  if (first instanceof Error) { clear(main).append(el("p.error", {}, first.message)); return; }
  const [mod, games, pieces] = await Promise.all([boardModule(first.game), api.games(), componentsOf(id)]);
  const [explain, explaining] = explainSwitch();
  const title = games.find((g) => g.name === first.game)?.title ?? first.game;
  const names = first.names;
  seat = Number.isInteger(seat) && seat >= 0 && seat < names.length ? seat : 0;
  where.textContent = `${title} review`;

  // The parts of the page ---------------------------------------------------------------------
  const chooser = el("select", { id: "review-seat", "aria-label": "Seat to review" },
    names.map((n, i) => el("option", { value: i, selected: i === seat }, n)));
  chooser.addEventListener("change", () => {
    const n = Number(chooser.value);
    history.replaceState({}, "", `/review/${id}?seat=${n}`);
    reviewPage(id, n);
  });
  const status = el("div.review-status", { id: "review-status", role: "status" });
  const result = el("section.review-result", { id: "review-result", hidden: true });
  const movesBox = el("section.review-moves", { hidden: true });
  const caption = el("p.review-caption", { id: "review-caption" }, "The game's start. Choose a move in the plot or the table to see the position before it.");
  const boardBox = el("div.board", { id: "board" });
  const counter = el("span.counter");
  const slider = el("input", { type: "range", min: 0, max: first.steps, value: 0, "aria-label": "Move" });
  const replayBox = el("section.review-replay", { id: "review-replay", dataset: { step: 0 } },
    el("div.replay-controls", {},
      el("button", { onclick: () => go(0), "aria-label": "First", id: "first" }, "|◀"),
      el("button", { onclick: () => go(step - 1), "aria-label": "Previous", id: "prev" }, "◀"),
      el("button", { onclick: () => go(step + 1), "aria-label": "Next", id: "next" }, "▶"),
      el("button", { onclick: () => go(first.steps), "aria-label": "Last", id: "last" }, "▶|"),
      slider, counter, explain,
      el("button", { type: "button", id: "open-rules", onclick: () => openRules(first.game) }, "Rules")),
    caption, boardBox);
  const page = el("div.table-page.review-page", { dataset: { game: first.game, seat } },
    el("div.review-head", {},
      el("h1", {}, `Review: ${title}`),
      el("label", {}, "Decisions of ", chooser),
      el("a.button", { href: `/replay/${id}` }, "Replay"),
      el("a.button", { href: `/api/tables/${id}/record`, download: "" }, "Download the record")),
    el("p.muted.review-note", {}, `Moves are worded as ${names[seat]} saw them: “you” is ${names[seat]}. `
      + "Shares are the search's estimates of the share of the win, not the truth; a stronger search may see more."),
    status, result, movesBox, replayBox);
  clear(main).append(page);

  // The replay board ------------------------------------------------------------------------------
  let step = 0;
  let asked = 0;
  async function go(n) {
    const want = Math.max(0, Math.min(first.steps, n));
    const ticket = ++asked;
    const data = await api.replay(id, want, token);
    if (ticket !== asked || !live()) return;  // a later request won
    step = want;
    slider.value = step;
    counter.textContent = `move ${step} of ${data.steps}`;
    replayBox.dataset.step = step;
    const table = { seats: data.names.map((name, s) => ({ seat: s, name })), status: data.outcome ? "finished" : "playing", outcome: data.outcome };
    const ctx = { view: data, table, observation: data.observation, seat: data.seat, legal: [], act: () => {}, replay: true };
    clear(boardBox);
    try { mod.render(boardBox, ctx); } catch (err) { console.error(err); boardBox.append(el("pre.error", {}, String(err))); }
    wireComponents(boardBox, pieces, explaining);
    markCurrent(page, step);
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  await go(0);

  // The review ------------------------------------------------------------------------------------
  const startButton = (label = "Start the review") => el("button.primary", { id: "start-review", onclick: start }, label);

  async function start() {
    try { follow(await reviewApi.start(id, seat)); }
    catch (err) { clear(status).append(el("p.error", {}, err.message), startButton("Try again")); }
  }

  function follow(job) {
    if (!live()) return;
    clear(status);
    status.hidden = job.status === "done";
    if (job.status === "done") { drawReview(job.review); return; }
    if (job.status === "failed") {
      status.append(el("p.error", {}, `The review failed: ${job.error}`), startButton("Start it again"));
      return;
    }
    const text = job.status === "queued" ? `Waiting for the server's other reviews… (${job.total} decisions to judge)`
      : `Judging ${names[seat]}'s decisions: ${job.done} of ${job.total}`;
    status.append(el("label.review-progress", {}, el("span", {}, text),
      el("progress", { id: "review-progress", max: Math.max(1, job.total), value: job.done })));
    setTimeout(async () => {
      if (!live()) return;
      try { follow(await reviewApi.get(id, seat)); }
      catch (err) { clear(status).append(el("p.error", {}, err.message), startButton("Try again")); }
    }, POLL_MS);
  }

  function drawReview(rv) {
    clear(status);
    const moves = rv.moves;
    const select = (m) => {
      caption.textContent = `Before move ${m.step + 1}: ${names[seat]} played “${m.played}” (${m.verdict}, ${pct(m.played_share)})`
        + (m.best_action === m.played_action ? "; the search agrees." : `; the search prefers “${m.best}” (${pct(m.best_share)}).`);
      go(m.step);
      if (window.matchMedia(NARROW).matches) replayBox.scrollIntoView({ block: "start" });
    };
    page.classList.add("reviewed");
    result.hidden = false;
    clear(result).append(el("p.review-summary", { id: "review-summary" }, summaryLine(rv)));
    result.append(plot(rv, first.steps, select, result.clientWidth - 16), legend(rv));
    if (!moves.length) result.append(el("p.muted", {}, `${names[seat]} had no choice to make in this game: every move was forced.`));
    clear(movesBox).append(movesTable(rv, select));
    movesBox.hidden = !moves.length;
  }

  try { follow(await reviewApi.get(id, seat)); }
  catch (err) {
    if (err instanceof ApiError && err.code === "not_found") {
      status.append(el("p", {}, `Have the server's search go through each of ${names[seat]}'s decisions and say which it would have played instead.`), startButton());
    } else status.append(el("p.error", {}, err.message));
  }
}

function summaryLine(rv) {
  const s = rv.summary;
  const counts = VERDICTS.map((v) => `${s.counts[v]} ${s.counts[v] === 1 ? v : PLURAL[v]}`).join(", ");
  const forced = s.forced ? `; ${s.forced} forced move${s.forced === 1 ? "" : "s"} not counted` : "";
  return `${s.decisions} decision${s.decisions === 1 ? "" : "s"}: ${counts}${forced}. Judged by ${rv.bot}.`;
}

function legend(rv) {
  return el("ul.review-legend", {}, VERDICTS.map((v) => el("li", {},
    el(`span.swatch.v-${v}`, {}), `${v} (${rv.summary.counts[v]})`)),
  rv.players > 1 ? el("li", {}, el("span.swatch.fair", {}), "fair share") : null);
}

// The plot: x = move number, y = the seat's estimated share of the win after the move played.
// It is drawn in the units of the page's width (`room` pixels), so points and labels keep
// their size on a phone.
function plot(rv, steps, select, room) {
  const box = el("figure.review-plot");
  const width = Math.max(280, Math.min(1400, Math.round(room || 800)));
  const H = 240, L = 42, R = 12, T = 12, B = 30;
  const x = (step) => L + (steps ? step / steps : 0) * (width - L - R);
  const y = (share) => T + (1 - share) * (H - T - B);
  const chart = svg("svg", { id: "review-plot", viewBox: `0 0 ${width} ${H}`, role: "img",
    "aria-label": `Estimated share of the win of ${rv.names[rv.seat]}, move by move` });
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(svg("line", { class: "grid", x1: L, x2: width - R, y1: y(share), y2: y(share) }),
      svg("text", { class: "axis", x: L - 6, y: y(share) + 4, "text-anchor": "end" }, `${share * 100}%`));
  }
  const every = Math.max(1, Math.ceil(steps / 6 / 10) * 10);
  const tick = (n) => svg("text", { class: "axis", x: x(n - 1), y: H - 10, "text-anchor": "middle" }, String(n));
  chart.append(svg("text", { class: "axis", x: L - 6, y: H - 10, "text-anchor": "end" }, "move"));
  for (let n = every; n <= steps; n += every) chart.append(tick(n));
  if (rv.players > 1) {  // alone, there is no one to share the win with
    const fair = 1 / rv.players;
    chart.append(svg("line", { class: "fair", x1: L, x2: width - R, y1: y(fair), y2: y(fair) }));
  }
  if (rv.moves.length > 1) {
    chart.append(svg("polyline", { class: "played", points: rv.moves.map((m) => `${x(m.step).toFixed(1)},${y(m.played_share).toFixed(1)}`).join(" ") }));
  }
  for (const m of rv.moves) {
    const flagged = FLAGGED.has(m.verdict);
    const text = `Move ${m.step + 1}: ${m.played} — ${m.verdict}, ${pct(m.played_share)}`
      + (m.best_action === m.played_action ? "" : ` (best: ${m.best}, ${pct(m.best_share)})`);
    const dot = svg("circle", {
      class: `pt v-${m.verdict}${flagged ? " flagged" : ""}`, cx: x(m.step).toFixed(1), cy: y(m.played_share).toFixed(1),
      r: flagged ? 7 : 4, tabindex: 0, role: "button", "aria-label": text,
      "data-step": m.step, "data-verdict": m.verdict,
    }, svg("title", {}, text));
    dot.addEventListener("click", () => select(m));
    dot.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); select(m); } });
    chart.append(dot);
  }
  box.append(chart, el("figcaption.muted", {}, `${rv.names[rv.seat]}'s estimated share of the win after each decision; larger points are flagged moves.`
    + (rv.players > 1 ? ` The dashed line is the fair share (1 in ${rv.players}).` : " Alone, the share is the chance of winning.")));
  return box;
}

function movesTable(rv, select) {
  const row = (m) => {
    const same = m.best_action === m.played_action;
    const tr = el(`tr.v-${m.verdict}${FLAGGED.has(m.verdict) ? ".flagged" : ""}`, { dataset: { step: m.step, verdict: m.verdict }, tabindex: 0 },
      el("td.num", { "data-label": "Move" }, m.step + 1),
      el("td", { "data-label": "Played" }, m.played),
      el("td", { "data-label": "Search prefers" }, same ? el("span.muted", {}, "the same") : m.best),
      el("td.num", { "data-label": "Shares" }, same ? pct(m.played_share) : `${pct(m.played_share)} → ${pct(m.best_share)}`),
      el("td", { "data-label": "Verdict" }, el(`span.badge.v-${m.verdict}`, {}, m.verdict)));
    tr.addEventListener("click", () => select(m));
    tr.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); select(m); } });
    return tr;
  };
  return el("table", { id: "review-moves" },
    el("thead", {}, el("tr", {}, ["Move", "Played", "Search prefers", "Shares", "Verdict"].map((h) => el("th", {}, h)))),
    el("tbody", {}, rv.moves.map(row)));
}

function markCurrent(page, step) {
  for (const node of page.querySelectorAll("#review-moves tr.current, #review-plot .current")) node.classList.remove("current");
  const tr = page.querySelector(`#review-moves tr[data-step="${step}"]`);
  if (tr) {
    tr.classList.add("current");
    tr.setAttribute("aria-current", "step");
    const list = tr.closest(".review-moves");
    if (list && list.scrollHeight > list.clientHeight) {  // the row near the top of its own list
      const head = list.querySelector("thead")?.getBoundingClientRect().height ?? 0;
      list.scrollTop += tr.getBoundingClientRect().top - list.getBoundingClientRect().top - head - 2 * tr.offsetHeight;
    }
  }
  page.querySelector(`#review-plot circle[data-step="${step}"]`)?.classList.add("current");
  for (const node of page.querySelectorAll("#review-moves tr[aria-current]")) if (node !== tr) node.removeAttribute("aria-current");
}
