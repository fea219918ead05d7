// Help on every board: what each piece does (its detail view), and the rules in our words.
//
// Boards mark a piece with data-component="<kind>:<id>"; the keys and texts come from the
// server (/api/tables/<id>/components, built from the game's own descriptions). A piece that
// plays no move opens its detail when clicked; in "Explain pieces" mode every piece does,
// so the same tap works on a phone and on SVG boards.

import { api } from "./api.js";
import { el, clear } from "./ui.js";

const SVGNS = "http://www.w3.org/2000/svg";

const PROVENANCE = {
  rulebook: "From the rulebook.",
  public: "Published by the makers",
  reconstructed: "Designed by the Ludoverse team: the real card is not public. "
    + "If you own the game you can play with your own cards (ludoverse cards explains how).",
};

export function provenanceText(c) {
  if (c.provenance === "public") return `${PROVENANCE.public}${c.source ? ` (${c.source})` : ""}.`;
  return PROVENANCE[c.provenance] || c.provenance;
}

/** Open the detail view of one component (a modal <dialog>, closed by Esc or its button). */
export function openDetail(c) {
  document.querySelectorAll("dialog.detail").forEach((d) => d.remove());
  const close = el("button.close", { type: "button", "aria-label": "Close", onclick: () => dialog.close() }, "×");
  const dialog = el("dialog.detail", { "aria-labelledby": "detail-title", dataset: { component: c.key } },
    close,
    el("p.kind", {}, c.kind),
    el("h2", { id: "detail-title" }, c.name),
    c.facts.length ? el("dl.facts", {}, c.facts.map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])) : null,
    el("p.text", {}, c.text || "No effect of its own."),
    el(`p.provenance.${c.provenance}`, {}, provenanceText(c)));
  dialog.addEventListener("close", () => dialog.remove());
  dialog.addEventListener("click", (ev) => { if (ev.target === dialog) dialog.close(); });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
  return dialog;
}

/**
 * Give every marked piece under `root` a tooltip (its name and effect) and a detail view.
 * `explaining()` says whether the "Explain pieces" mode is on.
 */
export function wireComponents(root, byKey, explaining) {
  for (const node of root.querySelectorAll("[data-component]")) {
    const c = byKey[node.dataset.component];
    if (!c) continue;
    node.classList.add("explained");
    const tip = `${c.name} (${c.kind}): ${c.text}`;
    if (node.namespaceURI === SVGNS) {
      if (!node.querySelector(":scope > title")) node.append(document.createElementNS(SVGNS, "title"));
      const t = node.querySelector(":scope > title");
      if (!node.dataset.actions) t.textContent = tip;
    } else if (!node.dataset.actions) node.title = tip;
  }
  if (root.dataset.helpWired) return;
  root.dataset.helpWired = "1";
  root.addEventListener("click", (ev) => {
    const node = ev.target.closest?.("[data-component]");
    if (!node || !root.contains(node)) return;
    const c = byKey[node.dataset.component];
    if (!c) return;
    const playable = ev.target.closest("[data-actions]");
    if (playable && root.contains(playable) && !explaining()) return;  // a move: the board plays it
    ev.preventDefault();
    ev.stopPropagation();
    openDetail(c);
  }, true);
}

/** The "Explain pieces" switch for a board's page: returns [button, isOn]. */
export function explainSwitch(onChange) {
  let on = false;
  const button = el("button.explain", { type: "button", "aria-pressed": "false", id: "explain",
    title: "Tap a piece on the board to read what it does" }, "Explain pieces");
  button.addEventListener("click", () => {
    on = !on;
    button.setAttribute("aria-pressed", String(on));
    button.classList.toggle("on", on);
    document.body.classList.toggle("explaining", on);
    if (onChange) onChange(on);
  });
  return [button, () => on];
}

const rulesCache = {};

async function rulesOf(game) {
  if (!rulesCache[game]) rulesCache[game] = api.get(`/api/games/${game}/rules`);
  return rulesCache[game];
}

/**
 * The searchable rules: every section of docs/rules/<game>.md, each rule row anchored by its
 * ID. Typing filters to the rules whose ID or text holds every word typed.
 */
export async function rulesView(game, { focus = null } = {}) {
  const data = await rulesOf(game);
  const search = el("input.rules-search", { type: "search", placeholder: "Search the rules (e.g. trump, Quake, UR-WIN)",
    "aria-label": "Search the rules" });
  const count = el("span.muted.rules-count");
  const body = el("div.rules-body");
  for (const s of data.sections) {
    const box = el("section.rules-section", { id: `section-${s.id}` }, el("h3", {}, s.title));
    const html = el("div.rules-html");
    html.innerHTML = s.html;  // our own Markdown, rendered by the server with raw HTML off
    box.append(html);
    body.append(box);
  }
  const filter = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const box of body.querySelectorAll(".rules-section")) {
      let any = false;
      const rows = box.querySelectorAll("tbody tr");
      for (const tr of rows) {
        const hit = words.every((w) => tr.textContent.toLowerCase().includes(w));
        tr.hidden = !hit;
        if (hit) { any = true; shown += 1; }
      }
      const prose = [...box.querySelectorAll(".rules-html > :not(table)")];
      for (const p of prose) p.hidden = words.length > 0 && !words.every((w) => p.textContent.toLowerCase().includes(w));
      box.hidden = words.length > 0 && !any && prose.every((p) => p.hidden);
    }
    count.textContent = words.length ? `${shown} rule${shown === 1 ? "" : "s"} found` : `${data.rules.length} rules`;
  };
  search.addEventListener("input", filter);
  filter();
  const view = el("div.rules-view", { dataset: { game } },
    el("div.rules-tools", {}, search, count), body);
  if (focus) requestAnimationFrame(() => showRule(view, focus));
  return view;
}

/** Scroll to a rule by its ID and mark it (clearing any search that hides it). */
export function showRule(view, id) {
  const row = view.querySelector(`tr[id="${CSS.escape(id)}"]`);
  if (!row) return false;
  const search = view.querySelector(".rules-search");
  if (search.value) { search.value = ""; search.dispatchEvent(new Event("input")); }
  view.querySelectorAll("tr.focus").forEach((r) => r.classList.remove("focus"));
  row.classList.add("focus");
  row.scrollIntoView({ block: "center" });
  return true;
}

/** A side drawer with the rules, opened from a table, replay or tutorial page. */
export async function openRules(game, ruleId = null) {
  let drawer = document.querySelector("dialog.rules-drawer");
  if (!drawer || drawer.dataset.game !== game) {
    drawer?.remove();
    const close = el("button.close", { type: "button", "aria-label": "Close the rules", onclick: () => drawer.close() }, "×");
    drawer = el("dialog.rules-drawer", { dataset: { game }, "aria-label": "Rules" },
      close, el("h2", {}, "Rules"),
      el("p.muted", {}, "In our own words. ", el("a", { href: `/rules/${game}`, target: "_blank" }, "Open on its own page")));
    drawer.append(await rulesView(game));
    drawer.addEventListener("click", (ev) => { if (ev.target === drawer) drawer.close(); });
    document.body.append(drawer);
  }
  if (!drawer.open) drawer.showModal();
  if (ruleId) showRule(drawer.querySelector(".rules-view"), ruleId);
  return drawer;
}

/** /rules/<game>: the whole rules page; the URL's #RULE-ID is scrolled to and marked. */
export async function rulesPage(main, game, title) {
  const id = decodeURIComponent(location.hash.slice(1)) || null;
  clear(main).append(el("div.rules-page", {}, el("h1", {}, `${title}: the rules`),
    el("p.muted", {}, "The rules in our own words, each with an ID. ",
      el("a", { href: "/" }, "Back to the lobby")),
    await rulesView(game, { focus: id })));
}

const componentCache = {};

/** The pieces of a table's content, keyed by component key. */
export async function componentsOf(tableId) {
  if (!componentCache[tableId]) {
    componentCache[tableId] = api.get(`/api/tables/${tableId}/components`)
      .then((list) => Object.fromEntries(list.map((c) => [c.key, c])))
      .catch(() => ({}));
  }
  return componentCache[tableId];
}
