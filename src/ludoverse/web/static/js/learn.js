// The guided first game (/learn/<game>): a fixed deal against bots, shown step by step.
// The server keeps no session: this page holds its step number k (in localStorage, so
// leaving and coming back resumes at the same step) and asks /api/learn/<game>/at/<k> for
// the learner's view there. The board is the game's own board module, drawn with the same
// ctx as at a table.

import { el, clear, fmt, wirePieces } from "./ui.js";
import { explainSwitch, openRules, wireComponents } from "./help.js";

const main = document.getElementById("main");
const where = document.getElementById("where");
const BOT_DELAY_MS = 700;
const stepKey = (game) => `ludoverse:learn:${game}`;
// Tests (and the impatient) may shorten the pause before each bot move.
const botDelay = () => Number(localStorage.getItem("ludoverse:learn-delay") ?? BOT_DELAY_MS);

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch { /* no body */ }
  if (!res.ok) {
    const err = new Error(data?.message || res.statusText);
    err.status = res.status;
    throw err;
  }
  return data;
}

function ensureStyle() {
  if (!document.querySelector("link[data-learn-css]")) {
    document.head.append(el("link", { rel: "stylesheet", href: "/static/css/learn.css", "data-learn-css": "" }));
  }
}

/** The page of one game's tutorial. */
export async function learnPage(game) {
  ensureStyle();
  let info;
  try { info = await call("GET", `/api/learn/${encodeURIComponent(game)}`); } catch (err) {
    clear(main).append(el("section.learn-missing", {}, el("h1", {}, "No tutorial here"),
      el("p", {}, err.status === 404 ? `There is no tutorial for “${game}”.` : err.message),
      el("p", {}, el("a.button", { href: "/" }, "Back to the lobby"))));
    return;
  }
  let mod;
  try { mod = await import(`./boards/${game}.js`); } catch { mod = await import("./boards/generic.js"); }
  // Every piece's detail view, as at a table (the tutorial plays the shipped content).
  const pieces = await call("GET", `/api/games/${encodeURIComponent(game)}/components`)
    .then((list) => Object.fromEntries(list.map((c) => [c.key, c]))).catch(() => ({}));
  const [explain, explaining] = explainSwitch();
  where.textContent = info.title;

  const progress = el("span.learn-progress", { id: "learn-progress" });
  const panel = el("section.learn-panel", { id: "learn-panel", "aria-live": "polite" });
  const boardBox = el("div.board", { id: "board" });
  const actionsBox = el("div.actions", { id: "actions" });
  const logBox = el("ol.log", { id: "log" });
  const result = el("div.result.learn-result", { id: "learn-result", hidden: true });
  const page = el("div.table-page.learn-page", { dataset: { game } },
    el("div.learn-bar", {}, progress,
      explain,
      el("button", { type: "button", id: "open-rules", onclick: () => openRules(game) }, "Rules"),
      el("a.button", { href: "/", id: "learn-leave", title: "Come back later: the tutorial resumes at this step" }, "Leave"),
      el("button", { id: "learn-restart", type: "button", onclick: () => go(0) }, "Start again")),
    result,
    el("div.play", {}, boardBox,
      el("aside.side", {}, panel,
        el("section.learn-moves", {}, el("h2", {}, "Your moves"), actionsBox),
        el("details.log-panel", { open: true }, el("summary", {}, "Game log"), logBox))));
  clear(main).append(page);

  let k = Number(localStorage.getItem(stepKey(game)) ?? 0);
  if (!Number.isInteger(k) || k < 0 || k > info.steps) k = 0;
  let view = null;
  let busy = false;
  let timer = null;

  async function go(n) {
    clearTimeout(timer);
    if (!page.isConnected) return;  // the learner has gone to another page
    try {
      view = await call("GET", `/api/learn/${game}/at/${n}`);
      if (!page.isConnected) return;
    } catch (err) {
      if (n !== 0) return go(0);  // a stored step the tutorial no longer has: start over
      panel.append(el("p.error", {}, err.message));
      return;
    }
    k = n;
    if (location.pathname.startsWith(`/learn/${game}`)) localStorage.setItem(stepKey(game), String(k));
    busy = false;
    draw();
  }

  async function act(actionId) {
    if (busy || !view?.step || view.step.kind !== "move") return;
    busy = true;
    page.classList.add("waiting");
    try {
      const r = await call("POST", `/api/learn/${game}/at/${k}`, { action: Number(actionId) });
      await go(r.next);
    } catch (err) {
      busy = false;
      page.classList.remove("waiting");
      document.querySelectorAll(".chooser").forEach((m) => m.remove());
      panel.querySelector(".learn-refusal")?.remove();
      panel.append(el("p.learn-refusal", { role: "alert" }, err.message));
    }
  }

  function draw() {
    page.classList.remove("waiting");
    page.dataset.step = k;
    page.dataset.kind = view.step ? view.step.kind : "done";
    const s = view.step;
    progress.textContent = s ? `Step ${s.number} of ${view.readable}` : `Done: all ${view.readable} steps`;
    const ctx = { view, table: view.table, observation: view.observation, seat: view.seat, legal: view.legal, act, replay: false };
    clear(boardBox);
    try { mod.render(boardBox, ctx); } catch (err) { console.error(err); boardBox.append(el("pre.error", {}, String(err))); }
    wirePieces(boardBox, view.legal, act);
    wireComponents(boardBox, pieces, explaining);
    drawActions(actionsBox, view, act);
    clear(logBox);
    for (const e of view.events) logBox.append(el("li", {}, e.text));
    logBox.scrollTop = logBox.scrollHeight;
    drawResult(result, view, info, game);
    drawPanel();
    point();
  }

  function drawPanel() {
    const s = view.step;
    clear(panel);
    if (!s) {
      panel.append(el("h2", {}, "Tutorial complete"),
        el("p", {}, "You have played a whole game. Ready for a real one?"),
        el("p.learn-links", {}, el("a.button.primary", { href: "/" }, "Play a real game"), " ",
          el("a.button", { href: `/rules/${game}` }, "Read the rules"), " ",
          el("button", { type: "button", onclick: () => go(0) }, "Start again")));
      return;
    }
    const rules = s.rules.length ? el("p.learn-rules", {}, "Rules: ",
      s.rules.map((r, i) => [i ? ", " : "", el("a", { href: r.href, target: "_blank", rel: "noopener",
        onclick: (ev) => { ev.preventDefault(); openRules(game, r.id); } }, r.id)])) : null;
    if (s.kind === "bot") {
      const who = view.table.seats[s.seat]?.name ?? `Seat ${s.seat + 1}`;  // never the learner
      panel.append(el("p.learn-bot", {}, `${who} is playing…`));
      timer = setTimeout(() => { if (view.k === k) go(k + 1); }, botDelay());
      return;
    }
    // A move the script says nothing about needs no text beyond the move itself.
    if (s.written || s.kind !== "move") panel.append(el("p.learn-text", { id: "learn-text" }, s.text));
    panel.append(rules);
    if (s.kind === "move") {
      panel.append(el("p.learn-expected", {}, "Your move: ", el("strong", { id: "learn-expected" }, s.expected.label)));
    } else {
      panel.append(el("button.primary", { id: "learn-next", type: "button", onclick: () => go(k + 1) },
        s.kind === "skip" ? "Skip ahead" : "Next"));
    }
  }

  // Highlight what the step points at: a selector, or "move" for the expected move.
  function point() {
    document.querySelectorAll(".learn-point").forEach((n) => n.classList.remove("learn-point"));
    page.querySelectorAll(".learn-arrow").forEach((n) => n.remove());
    const s = view.step;
    if (!s || s.kind === "bot") return;
    let targets = [];
    if (s.point === "move" && s.expected) {
      const id = String(s.expected.id);
      targets = [...page.querySelectorAll(`#actions [data-action="${id}"]`),
        ...[...boardBox.querySelectorAll("[data-actions]")].filter((n) => n.dataset.actions.split(",").includes(id))];
    } else if (s.point) {
      try { targets = [...page.querySelectorAll(s.point)]; } catch { targets = []; }
    }
    targets.forEach((n) => n.classList.add("learn-point"));
    // Bring the expected move into view inside its (scrolling) list, without moving the page.
    const inList = targets.find((n) => n.closest(".action-list"));
    if (inList) {
      const list = inList.closest(".action-list");
      const top = inList.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
    const first = targets.find((n) => n.getBoundingClientRect().width > 0);
    if (first) arrow(first, s.point === "move" ? "your move" : "look here");
  }

  // A small tag above the target, inside the page (so it goes when the page goes).
  function arrow(target, text) {
    const r = target.getBoundingClientRect();
    const box = page.getBoundingClientRect();
    const tag = el("div.learn-arrow", { "aria-hidden": "true" }, `▼ ${text}`);
    page.append(tag);
    // At the target's top right corner, where a list's or a row's neighbour rarely has text.
    const left = Math.max(0, Math.min(r.right - box.left - tag.offsetWidth, page.clientWidth - tag.offsetWidth));
    tag.style.left = `${left}px`;
    tag.style.top = `${Math.max(0, r.top - box.top - tag.offsetHeight - 2)}px`;
  }

  window.addEventListener("resize", () => { if (view && page.isConnected) point(); });
  window.addEventListener("popstate", () => clearTimeout(timer));
  page.querySelector("#learn-leave").addEventListener("click", () => clearTimeout(timer));
  await go(k);
}

function drawActions(box, v, act) {
  clear(box);
  if (v.outcome) { box.append(el("p.muted", {}, "The game is over.")); return; }
  if (!v.legal.length) {
    box.append(el("p.muted", {}, v.step?.kind === "bot" ? "Waiting for the other players…" : "Read the explanation, then press Next."));
    return;
  }
  box.append(el("p.your-turn", {}, "Your turn"),
    el("ul.action-list", {}, v.legal.map((a) => el("li", {},
      el("button.action", { "data-action": a.id, onclick: () => act(a.id) }, a.label)))));
}

function drawResult(box, v, info, game) {
  const o = v.outcome;
  if (!o) { box.hidden = true; clear(box); return; }
  box.hidden = false;
  const name = (p) => (p === v.seat ? "You" : info.names[p] ?? `Seat ${p + 1}`);
  const order = o.scores.map((_, p) => p).sort((a, b) => o.ranking[a] - o.ranking[b]);
  const ending = info.ending;
  clear(box).append(
    el("h2", {}, o.winners.length === 1 ? (o.winners[0] === v.seat ? "You win!" : `${name(o.winners[0])} wins`)
      : `Shared win: ${o.winners.map(name).join(", ")}`),
    el("table.scores", {}, el("tr", {}, el("th", {}, "Place"), el("th", {}, "Player"), el("th", {}, "Score")),
      order.map((p) => el("tr", {}, el("td", {}, o.ranking[p]), el("td", {}, name(p)), el("td", {}, fmt(o.scores[p]))))),
    ending ? el("p.learn-why", {}, "Why the game ended: ", ending) : null,
    el("p.learn-links", {}, el("a.button", { href: "/" }, "Play a real game"), " ",
      el("a.button", { href: `/rules/${game}` }, "Read the rules")));
}
