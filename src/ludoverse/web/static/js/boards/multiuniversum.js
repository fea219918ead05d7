// Multiuniversum's board: the five transformers in a circle (numbered 1 to 5 clockwise), each
// with its portal stack above it and the scientists standing on it; the deck in the middle;
// the face-up discard pile; the player's own lab (hand, play area, tools, sealed portals with
// the best sets and the score) and the other players' labs. A panel above the circle shows the
// decision under way (paying a Seal, rearranging a stack, keeping cards, forming sets).
// Everything comes from the observation; clicks go through clickable().

import { el, svg, clickable, actionsWhere, seatName } from "../ui.js";

const CSS = "/static/css/multiuniversum.css";

const COLOURS = {
  red: "#e0474c", yellow: "#f2c230", purple: "#9b5de5", blue: "#3a86ff", green: "#3bb273",
};
const ACTION_WORDS = {
  search: "Search", ability: "Ability", move: "Move", seal: "Seal Portal", recycle: "Recycle",
};
const ABILITY_SHORT = {
  reorder_stack: "Rearrange a stack", draw_three_keep_two: "Draw 3, keep 2",
  swap_portals: "Swap 2 portals", rotate_stacks: "Rotate all stacks",
  keep_played_as_tool: "Keep a played card as a tool",
};
const PHASE_TEXT = {
  turn: "Take an action (up to 3 a turn)", move: "Move: choose a transformer",
  seal: "Seal Portal: pay the tools", recycle: "Recycle: take a card from the discard pile",
  reorder_stack: "Ability 1: choose a stack to rearrange",
  reorder_place: "Ability 1: put the portals back, top first",
  keep_two: "Ability 2: keep 2 cards of your hand", swap: "Ability 3: swap two face-up portals",
  keep_tool: "Ability 5: keep a played card as a tool", form_sets: "Forming sets",
  over: "Game over",
};
// Dimension icons on the portals: a glyph each (unknown icons show their initial).
const ICONS = {
  water: "≈", fire: "▲", crystal: "◆", void: "○", gear: "⚙", mirror: "◐", storm: "ϟ",
  fungus: "♣", dream: "☾", shadow: "●",
};
// Where the five transformers sit on the circle (percent of the circle box), 1 on top and
// going clockwise.
const SPOTS = [[50, 16], [83.5, 40], [70, 81], [30, 81], [16.5, 40]];

function ensureCss() {
  if (document.querySelector(`link[href="${CSS}"]`)) return;
  document.head.append(el("link", { rel: "stylesheet", href: CSS }));
}

const colour = (k) => COLOURS[k] || "#aaa";

// Keys of the detail views (help.js adds the info buttons). A portal's content id is its name
// in lower case with "_" between words (the observation names portals, it carries no id).
const portalKey = (p) => `portal:${p.name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "")}`;
const cardKey = (c) => `card:${c.name}`;

// Small pieces -------------------------------------------------------------------------------

/** A tool kind's symbol (flame, eye, tuning fork, snowflake, leaf) as a little SVG. */
function toolIcon(kind) {
  const paths = {
    red: "M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-6 0 2 1 3 2 3 0-3-1-6 1-9z",
    yellow: "M1 12c3-5 7-7 11-7s8 2 11 7c-3 5-7 7-11 7s-8-2-11-7z M12 8.5a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7z",
    purple: "M7 2v9a5 5 0 0 0 10 0V2h-2.5v9a2.5 2.5 0 0 1-5 0V2z M10.8 15h2.4v7h-2.4z",
    blue: "M11 1h2v22h-2z M1.5 6.9l1-1.7 20 11.8-1 1.7z M21.5 5.2l1 1.7-20 11.8-1-1.7z",
    green: "M4 20C4 9 10 4 21 3c0 11-5 17-15 17l-2 2-1-1 2-2c3-4 6-7 10-10-4 2-8 5-11 10z",
  };
  const d = paths[kind];
  return svg("svg", { class: "mu-ticon", viewBox: "0 0 24 24", "aria-hidden": "true" },
    d ? svg("path", { d, "fill-rule": "evenodd" }) : svg("circle", { cx: 12, cy: 12, r: 8 }));
}

function toolChip(kind, text, mark = false) {
  return el("span.mu-tool", { style: `--k:${colour(kind)}`, title: `${kind} tool`, dataset: mark ? { kind, component: `tool:${kind}` } : { kind } },
    toolIcon(kind), text ? el("span", {}, text) : null);
}

function iconBadge(icon) {
  return el("span.mu-icon", { title: `${icon} icon`, dataset: { icon } },
    el("b", {}, ICONS[icon] || icon.slice(0, 1).toUpperCase()), ` ${icon}`);
}

/** A face-up portal card: DP, name, dimension icon, tier and the tools it needs. */
function portalCard(p, extra = "") {
  return el(`div.mu-portal.${p.tier}${extra}`, { dataset: { portal: p.id, component: portalKey(p) } },
    el("div.mu-ptop", {}, el("span.mu-dp", { title: `${p.dp} DP` }, `${p.dp}`, el("small", {}, "DP")),
      iconBadge(p.icon)),
    el("div.mu-pname", {}, p.name),
    el("div.mu-pneeds", { title: `needs ${p.tools.join(" + ")}` }, p.tools.map((k) => toolChip(k))));
}

/** An action card: its tool kind on top, then its five rows, the row `here` highlighted. */
function actionCard(c, here = null, extra = "") {
  return el(`div.mu-card${extra}`, { dataset: { card: c.id, component: cardKey(c) }, style: `--k:${colour(c.tool)}` },
    el("div.mu-chead", {}, toolIcon(c.tool), el("span.mu-cname", {}, c.name)),
    el("ol.mu-rows", {}, c.rows.map((r, i) => el(`li.mu-row.${r}${here === i + 1 ? ".here" : ""}`,
      { dataset: { row: i + 1 } }, el("span.mu-rn", {}, i + 1), ACTION_WORDS[r] || r))),
    el("div.mu-ctool", {}, c.tool_name));
}

/** A small card for piles: name and tool kind only. */
const LETTERS = { search: "S", ability: "A", move: "M", seal: "P", recycle: "R" };
const LEGEND = "rows 1–5: S Search · A Ability · M Move · P Seal Portal · R Recycle";

function miniCard(c, extra = "", here = null) {
  return el(`div.mu-mini${extra}`, { dataset: { card: c.id, component: cardKey(c) }, style: `--k:${colour(c.tool)}`, title: `${c.name}: ${c.rows.map((r, i) => `${i + 1} ${ACTION_WORDS[r]}`).join(", ")}` },
    toolIcon(c.tool), el("span", {}, c.name),
    el("span.mu-minirows", { title: LEGEND }, c.rows.map((r, i) => el(`i.${r}${here === i + 1 ? ".here" : ""}`, { title: `${i + 1} ${ACTION_WORDS[r]}` }, LETTERS[r] || r[0].toUpperCase()))));
}

function backs(n, max = 8) {
  return el("span.mu-backs", { title: `${n} cards` },
    Array.from({ length: Math.min(n, max) }, () => el("span.mu-back")),
    el("span.mu-count", {}, `${n}`));
}

function who(ctx, obs, q) {
  if (q === null || q === undefined || q >= obs.players) return "Virtual scientist";
  return q === ctx.seat ? "You" : seatName(ctx, q);
}

function setValue(set) {
  if (set.kind === "omni") return 9;
  return set.portals.length >= 3 ? 9 : 4;
}

/** The sets a lab scores: the ones its player formed (set_assignment=player_choice), else the
 *  engine's best sets. */
function labSets(lab) {
  if (!Array.isArray(lab.sets)) return lab.best_sets || [];
  return lab.sets.map((ids) => {
    const icons = new Set(ids.map((id) => (lab.sealed.find((p) => p.id === id) || {}).icon));
    return { kind: icons.size === 1 && ids.length > 1 ? "specialisation" : "omni", portals: ids };
  });
}

const possessive = (name) => (name === "You" ? "Your" : `${name}'s`);

// The circle ---------------------------------------------------------------------------------

function transformer(ctx, obs, tr, me) {
  const legal = ctx.legal;
  const n = tr.number;
  const labs = obs.labs;
  const here = me && me.transformer === n;
  const active = labs[obs.active] && labs[obs.active].transformer === n && obs.phase !== "over";

  // The portal stack: face-down cards behind the face-up portal.
  const top = tr.face_up;
  const below = (tr.stack || []).slice(1);
  const stack = el("div.mu-stack", { dataset: { size: tr.stack_size } },
    Array.from({ length: Math.max(0, tr.stack_size - 1) }, (_, i) =>
      el("span.mu-pback", { style: `--i:${i + 1}` })),
    top ? portalCard(top, ".faceup") : el("div.mu-portal.empty", {}, "Deactivated"),
    el("span.mu-ssize", { title: `${tr.stack_size} portals in the stack` }, `${tr.stack_size}`));
  if (top) {
    clickable(stack.querySelector(".mu-portal"),
      actionsWhere(legal, (a) => a.info.kind === "swap" && a.info.transformers.includes(n)));
  }
  const known = below.some(Boolean)
    ? el("ol.mu-below", { start: 2, title: "The portals below, as far as you know them" },
      below.map((p) => el("li", p ? { dataset: { component: portalKey(p) } } : {}, p ? `${p.name} ${p.dp} DP ${p.icon}` : "?")))
    : null;

  const card = el(`div.mu-tcard${tr.deactivated ? ".off" : ""}`, { style: `--k:${colour(tr.colour)}`, dataset: { component: `transformer:${n}` } },
    el("div.mu-tnum", {}, `${n}`),
    el("div.mu-tname", {}, tr.name),
    el("div.mu-tab", { title: tr.ability_text }, `Ability ${n}: ${ABILITY_SHORT[tr.ability] || tr.ability_text}`),
    el("div.mu-scis", {}, tr.scientists.map((q) => el(`span.mu-sci${q === obs.active && obs.phase !== "over" ? ".active" : ""}`, {
      style: `--k:${colour(labs[q] ? labs[q].colour : "")}`, dataset: { seat: q }, title: `${who(ctx, obs, q)}'s scientist`,
    }, q === ctx.seat ? "You" : q >= obs.players ? "V" : `${q + 1}`))));
  clickable(card, actionsWhere(legal, (a) => (a.info.kind === "move" || a.info.kind === "stack") && a.info.transformer === n));

  const [x, y] = SPOTS[n - 1] || [50, 50];
  return el(`div.mu-tr${here ? ".here" : ""}${active ? ".active" : ""}`, {
    dataset: { t: n }, style: `--x:${x}%;--y:${y}%`,
  }, stack, known, card);
}

function circle(ctx, obs, me) {
  const end = obs.end;
  return el("div.mu-circle", {},
    el("div.mu-ring", { "aria-hidden": "true" }),
    obs.transformers.map((tr) => transformer(ctx, obs, tr, me)),
    el("div.mu-centre", {},
      el("div.mu-deck", { title: `${obs.deck} cards in the deck`, dataset: { count: obs.deck } },
        el("span.mu-back.big"), el("span", {}, `Deck ${obs.deck}`)),
      el("div.mu-end", { title: "The game ends when this many stacks are empty" },
        `Empty stacks ${end.empty_stacks}/${end.threshold}`,
        end.triggered ? el("strong", {}, " · last round") : null),
      obs.removed_portals ? el("div.mu-end", {}, `${obs.removed_portals} portals out of the game`) : null));
}

function discardPile(ctx, obs, me) {
  const legal = ctx.legal;
  const here = me ? me.transformer : null;
  const zone = el("section.mu-zone.mu-discard", {},
    el("h3", {}, `Discard pile · ${obs.discard.length} face up`,
      el("small", {}, ` (any card can be recycled; ${LEGEND})`)),
    el("div.mu-pile", {}, obs.discard.length ? obs.discard.map((c) => clickable(miniCard(c, "", here),
      actionsWhere(legal, { kind: "recycle", card: c.id }))) : el("span.muted", {}, "empty")));
  clickable(zone.querySelector("h3"), actionsWhere(legal, { kind: "free_recycle" }));
  return zone;
}

// Labs ---------------------------------------------------------------------------------------

function sealedWithSets(lab) {
  const inSet = new Map();
  const sets = labSets(lab);
  sets.forEach((s, i) => s.portals.forEach((p) => inSet.set(p, i)));
  const groups = sets.map((s) => el(`div.mu-set.${s.kind}`, {},
    el("div.mu-setname", {}, `${s.kind === "omni" ? "Omni set" : "Specialisation set"} +${setValue(s)}`),
    el("div.mu-row-portals", {}, s.portals.map((id) => {
      const p = lab.sealed.find((x) => x.id === id);
      return p ? portalCard(p, ".small") : null;
    }))));
  const loose = lab.sealed.filter((p) => !inSet.has(p.id));
  return [groups, loose.length ? el("div.mu-row-portals.loose", {}, loose.map((p) => portalCard(p, ".small"))) : null];
}

function scoreLine(lab, setScoring) {
  // The score is the server's; the parts explain it (the virtual scientist's tools cost nothing).
  const dp = lab.sealed.reduce((a, p) => a + p.dp, 0);
  const penalty = lab.virtual ? 0 : lab.tools.length;
  const sets = lab.score - dp + penalty;
  const parts = [`${dp} DP sealed`];
  if (penalty) parts.push(`−${penalty} tool${penalty === 1 ? "" : "s"}`);
  if (setScoring || sets) parts.push(`+${sets} sets`);
  return el("div.mu-score", { dataset: { score: lab.score } },
    el("strong", {}, `${lab.score} DP`), el("span", {}, ` = ${parts.join(" ")}`),
    lab.tools_used ? el("span.muted", {}, ` · ${lab.tools_used} tools used`) : null);
}

function toolsRow(ctx, lab, mine) {
  if (!lab.tools.length) return el("span.muted", {}, "no tools");
  return lab.tools.map((c) => {
    const node = el("span.mu-toolcard", { dataset: { card: c.id, component: cardKey(c) }, title: `${c.name}: ${c.tool_name}` },
      toolChip(c.tool, c.tool_name), el("small", {}, c.name));
    return mine ? clickable(node, actionsWhere(ctx.legal, { kind: "spend_tool", card: c.id })) : node;
  });
}

function myLab(ctx, obs, lab) {
  const legal = ctx.legal;
  const t = lab.transformer;
  const kept = new Set(obs.keep_two && obs.keep_two.cards ? obs.keep_two.cards : []);
  const hand = (lab.hand || []).map((c) => {
    const extra = kept.has(c.id) ? ".kept" : "";
    const node = actionCard(c, t, extra);
    return clickable(node, actionsWhere(legal, (a) => a.info.card === c.id &&
      ["play", "prepare_tool", "discard_draw", "keep_card"].includes(a.info.kind)));
  });
  const area = lab.play_area.map((c) => clickable(actionCard(c, null, ".played"),
    actionsWhere(legal, { kind: "keep_tool", card: c.id })));
  const sealed = lab.sealed.map((p) => p);
  return el(`section.mu-lab.mine`, { dataset: { seat: lab.seat }, style: `--k:${colour(lab.colour)}` },
    el("header", {}, el("span.mu-swatch"), el("h3", {}, `Your lab`),
      el("span.mu-at", {}, `on transformer ${t}`), scoreLine(lab, obs.set_scoring)),
    el("div.mu-sub", {}, el("h4", {}, `Hand · ${lab.hand_size} card${lab.hand_size === 1 ? "" : "s"}`,
      el("small", {}, ` (row ${t} is what a card does here)`)),
      el("div.mu-hand", { id: "mu-hand" }, hand.length ? hand : el("span.muted", {}, "empty"))),
    area.length ? el("div.mu-sub", {}, el("h4", {}, "Played this turn"), el("div.mu-hand.mu-area", {}, area)) : null,
    el("div.mu-sub", {}, el("h4", {}, `Tools · ${lab.tools.length}`), el("div.mu-tools", { id: "mu-tools" }, toolsRow(ctx, lab, true))),
    el("div.mu-sub", {}, el("h4", {}, `Sealed portals · ${sealed.length}`),
      el("div.mu-sealed", { id: "mu-sealed" }, sealed.length ? sealedWithSets(lab) : el("span.muted", {}, "none yet"))),
    lab.lost.length ? el("div.mu-sub", {}, el("h4", {}, "Lost to Deadly Portals"), el("div.mu-row-portals", {}, lab.lost.map((p) => portalCard(p, ".small.lost")))) : null);
}

function otherLab(ctx, obs, lab, q) {
  const turn = q === obs.active && obs.phase !== "over";
  return el(`section.mu-lab.other${turn ? ".turn" : ""}`, { dataset: { seat: q }, style: `--k:${colour(lab.colour)}` },
    el("header", {}, el("span.mu-swatch"), el("h3", {}, lab.virtual ? "Virtual scientist" : `${seatName(ctx, lab.seat)}`),
      el("span.mu-at", {}, `on transformer ${lab.transformer}`), scoreLine(lab, obs.set_scoring)),
    lab.virtual ? null : el("div.mu-line", {}, el("span.mu-label", {}, "Hand"), backs(lab.hand_size),
      (lab.known_hand || []).length ? el("span.mu-known", {}, " known: ", lab.known_hand.map((c) => miniCard(c))) : null),
    lab.play_area && lab.play_area.length ? el("div.mu-line", {}, el("span.mu-label", {}, "Played"), lab.play_area.map((c) => miniCard(c))) : null,
    el("div.mu-line", {}, el("span.mu-label", {}, "Tools"), el("span.mu-tools", {}, toolsRow(ctx, lab, false))),
    el("div.mu-line", {}, el("span.mu-label", {}, "Sealed"),
      el("div.mu-sealed", {}, lab.sealed.length ? sealedWithSets(lab) : el("span.muted", {}, "none"))));
}

// The decision under way ---------------------------------------------------------------------

function taskPanel(ctx, obs) {
  const legal = ctx.legal;
  const parts = [];
  if (obs.seal) {
    const need = Object.entries(obs.seal.still_needed);
    parts.push(el("div.mu-task-row", {}, el("span", {}, "Sealing "), portalCard(obs.seal.portal, ".small"),
      el("span", {}, " still to pay: ", need.map(([k, n]) => [toolChip(k, `×${n}`, true), " "])),
      el("span.muted", {}, " (click a tool in your lab)")));
  }
  if (obs.reorder) {
    const r = obs.reorder;
    const order = r.new_order || [];
    const placed = new Set(order.map((p) => p.id));
    const left = (r.portals || []).filter((p) => !placed.has(p.id));
    parts.push(el("div.mu-task-row.mu-reorder", {}, el("span", {}, `Stack of transformer ${r.transformer}. New order, top first: `),
      el("div.mu-row-portals", { id: "mu-new-order" }, order.length ? order.map((p) => portalCard(p, ".small")) : el("span.muted", {}, "none yet")),
      left.length ? el("span", {}, " Still to place: ") : null,
      el("div.mu-row-portals", { id: "mu-to-place" }, left.map((p) => clickable(portalCard(p, ".small"),
        actionsWhere(legal, { kind: "place_portal", portal: p.id }))))));
  }
  if (obs.keep_two) parts.push(el("div.mu-task-row", {}, `Kept ${obs.keep_two.kept} of 2: click the cards to keep in your hand.`));
  if (obs.keep_tool) parts.push(el("div.mu-task-row", {}, `Click a card you played this turn to keep it as a tool (${obs.keep_tool.uses_left} to keep).`));
  if (obs.form_sets) {
    const me = obs.labs[obs.form_sets.seat];
    const forming = new Set(obs.form_sets.forming);
    const name = who(ctx, obs, obs.form_sets.seat);
    const inSets = new Set(me && Array.isArray(me.sets) ? me.sets.flat() : []);
    parts.push(el("div.mu-task-row.mu-forming", {}, el("span", {}, `${name} ${name === "You" ? "are" : "is"} forming sets. In the set: `),
      el("div.mu-row-portals", {}, forming.size && me ? me.sealed.filter((p) => forming.has(p.id)).map((p) => portalCard(p, ".small")) : el("span.muted", {}, "none yet")),
      el("span", {}, " Sealed portals free to add: "),
      me ? el("div.mu-row-portals", {}, me.sealed.filter((p) => !inSets.has(p.id)).filter((p) => !forming.has(p.id)).map((p) =>
        clickable(portalCard(p, ".small"), actionsWhere(legal, { kind: "set_add", portal: p.id })))) : null));
  }
  const buttons = [
    ["pass", (a) => a.label],
    ["set_close", (a) => a.label],
    ["sets_done", (a) => a.label],
    ["free_recycle", () => "Recycle (no card)"],
  ].flatMap(([kind, text]) => actionsWhere(legal, { kind }).map((a) =>
    clickable(el("button.mu-btn", { type: "button", dataset: { kind } }, text(a)), [a])));
  return [parts, buttons];
}

// The board ----------------------------------------------------------------------------------

export function render(root, ctx) {
  ensureCss();
  const obs = ctx.observation;
  if (!obs || !obs.transformers) { root.append(el("p.muted", {}, "Waiting for the game…")); return; }
  const seat = ctx.seat;
  const me = seat !== null && seat !== undefined && obs.labs[seat] && !obs.labs[seat].virtual ? obs.labs[seat] : null;
  const [task, buttons] = taskPanel(ctx, obs);
  const activeName = who(ctx, obs, obs.current_player);
  const status = el("div.mu-status", {},
    el("span.mu-phase", { dataset: { phase: obs.phase } }, PHASE_TEXT[obs.phase] || obs.phase),
    obs.phase !== "over" ? el("span", {}, `${possessive(activeName)} turn`) : null,
    el("span", {}, `Turn ${obs.turn} · Round ${obs.round}`),
    obs.phase !== "over" && obs.phase !== "form_sets" ? el("span.mu-pips", { title: `${obs.actions_left} actions left` },
      "Actions ", [0, 1, 2].map((i) => el(`i${i < obs.actions_left ? ".on" : ""}`)), ` ${obs.actions_left} left`) : null);
  const others = obs.labs.map((lab, q) => [lab, q]).filter(([lab]) => lab !== me);
  root.append(el("div.mu", { dataset: { phase: obs.phase } },
    status,
    task.length || buttons.length ? el("div.mu-task", {}, task, el("div.mu-buttons", {}, buttons)) : null,
    el("div.mu-table", {},
      el("div.mu-left", {}, circle(ctx, obs, me), discardPile(ctx, obs, me)),
      el("div.mu-right", {}, me ? myLab(ctx, obs, me) : null,
        others.map(([lab, q]) => otherLab(ctx, obs, lab, q))))));
}
