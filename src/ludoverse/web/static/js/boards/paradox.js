// PARADOX board: the Multiverse ring with the Quake and the Anomaly at its heart, the Wormhole
// (Stable and Unstable sections, Research Hand, deck), the Research Goals, and each player's
// 5×5 Matrix of Energy Discs beside their Player Mat (Past, Present, Future, Danger!).
// Every piece that a legal move concerns is marked with clickable(): discs carry their swaps,
// Wormhole cards their draft, Worlds and mat cards the resource allocations, and so on.

import { el, svg, actionsWhere, clickable, seatName } from "../ui.js";

const CSS_ID = "paradox-css";
const COLOURS = ["red", "yellow", "blue", "black", "white"];
const SPACES = ["Past", "Present", "Future", "Danger!"];
const SIZE = 5;
const TURNS = 12;
const QUAKE_STEPS = [[5, "Past"], [3, "Present"], [1, "Future"]];
const GOAL_REWARD = ["1 VP per card", "3 VP per pair", "6 VP per triple"];
const PHASE_TEXT = {
  wormhole: "Phase 1 · Wormhole",
  matrix: "Phase 2 · Matrix",
  allocate: "Phase 2 · Matrix: allocate resources",
  flare: "Phase 2 · Matrix: Flare benefit",
  end_discard: "Game end: discard cards of Fractured Worlds",
  over: "Game over",
};
// Detail-view keys (help.py): a World's id is the slug of its name; Scenario cards go by number.
const slug = (s) => String(s).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");

function ensureCss() {
  if (document.getElementById(CSS_ID)) return;
  document.head.append(el("link", { id: CSS_ID, rel: "stylesheet", href: "/static/css/paradox.css" }));
}

const spaceName = (r, c) => `r${r + 1}c${c + 1}`;
const same = (a, b) => a[0] === b[0] && a[1] === b[1];

// Symbols: the printed shapes are not public; Helix, Star and Ring are our names.
function symbol(sym, size = 16) {
  const box = { viewBox: "-10 -10 20 20", width: size, height: size, class: "px-sym", "aria-hidden": "true" };
  if (sym === "helix") {
    return svg("svg", box,
      svg("path", { d: "M-7 -8 C 7 -4, -7 4, 7 8", fill: "none", "stroke-width": 2.4 }),
      svg("path", { d: "M7 -8 C -7 -4, 7 4, -7 8", fill: "none", "stroke-width": 2.4 }));
  }
  if (sym === "star") {
    const pts = [];
    for (let k = 0; k < 10; k++) {
      const r = k % 2 ? 3.6 : 8.5;
      const a = -Math.PI / 2 + (k * Math.PI) / 5;
      pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
    }
    return svg("svg", box, svg("polygon", { points: pts.join(" "), class: "fill" }));
  }
  if (sym === "ring") return svg("svg", box, svg("circle", { r: 6, fill: "none", "stroke-width": 3 }));
  return svg("svg", box, svg("circle", { r: 3, class: "fill" }));
}

function disc(d, extra = "") {
  if (!d) return el(`div.px-disc.empty${extra}`, { title: "empty space" });
  return el(`div.px-disc.c-${d.colour}${extra}`, { title: `${d.colour} ${d.symbol}`.trim(), dataset: { colour: d.colour, symbol: d.symbol } },
    symbol(d.symbol));
}

function pip(colour, filled = true) {
  return el(`span.px-pip.c-${colour.split(" ")[0]}${filled ? "" : ".hollow"}`, { title: colour });
}

function pips(counts, filled = true) {
  const out = [];
  for (const [c, n] of Object.entries(counts || {})) for (let i = 0; i < n; i++) out.push(pip(c, filled));
  return out;
}

// Cards ----------------------------------------------------------------------------------------

function splitName(card) {
  if (card.kind === "timeline" || card.kind === "nexus") {
    const k = card.name.lastIndexOf(" ");
    return [card.name.slice(0, k), card.name.slice(k + 1)];
  }
  return [card.name, ""];
}

function cardFace(card, opts = {}) {
  if (!card) return el("div.px-card.empty", {}, "—");
  const [world, part] = splitName(card);
  const node = el(`div.px-card.k-${card.kind}${part ? `.era-${part.toLowerCase()}` : ""}`, { dataset: { card: card.id, component: cardKey(card) } });
  node.append(el("div.px-card-head", {},
    el("span.px-card-world", {}, world),
    el("span.px-card-era", {}, part || (card.kind === "nebula" ? "Nebula" : "Scenario"))));
  const body = el("div.px-card-body");
  if (card.kind === "timeline") {
    const placed = { ...(opts.placed || {}) };
    const need = [];
    for (const [c, n] of Object.entries(card.cost || {})) {
      for (let i = 0; i < n; i++) {
        const got = placed[c] > 0;
        if (got) placed[c] -= 1;
        need.push(pip(c, got));
      }
    }
    // Wild black/white on a Past Timeline: resources placed that match no printed colour.
    const wild = pips(Object.fromEntries(Object.entries(placed).filter(([, n]) => n > 0)));
    body.append(el("div.px-cost", { title: "Cost (filled: resources on the card)" }, need, wild.length ? el("span.px-wild", {}, "+", wild) : null),
      el("div.px-asset", {}, card.asset));
  } else if (card.kind === "nexus") {
    body.append(miniLock(card.lock), el("div.px-asset", {}, "Shield at ", spaceName(...card.lock)));
  } else if (card.kind === "flare") {
    body.append(el("div.px-cost", { title: "Strand colours, in order" },
      (card.colours || []).map((c, i) => el("span.px-flare-step", { class: `px-flare-step${opts.step > i ? " done" : ""}` }, pip(c, opts.step > i)))),
      el("div.px-asset", {}, opts.step !== undefined ? `step ${opts.step}/3` : "2 VP when done"));
  } else if (card.kind === "parallel_universe") {
    const got = Object.values(opts.placed || {}).reduce((a, b) => a + b, 0);
    body.append(el("div.px-cost", {}, [0, 1, 2].map((i) => el(`span.px-pip.c-bw${i < got ? "" : ".hollow"}`, { title: "black or white" }))),
      el("div.px-asset", {}, "wild World card"));
  } else if (card.kind === "breakthrough") {
    body.append(el("div.px-asset", {}, "+1 action or wipe a line"));
  } else if (card.kind === "nebula") {
    body.append(el("div.px-asset", {}, "blocks the Anomaly"));
  }
  node.append(body);
  return node;
}

function cardKey(card) {
  const [world, part] = splitName(card);
  if (card.kind === "timeline") return `timeline:${slug(world)}_${part.toLowerCase()}`;
  if (card.kind === "nexus") return `nexus:${slug(world)}`;
  const n = card.name.match(/(\d+)$/);
  return `${card.kind}:${n ? n[1] : slug(card.name)}`;
}

function kindName(kind) {
  return { breakthrough: "Breakthrough", flare: "Flare", parallel_universe: "Parallel", nebula: "Nebula", nexus: "Nexus" }[kind] || kind;
}

function miniLock(lock) {
  const g = svg("svg", { viewBox: "0 0 50 50", class: "px-minilock", "aria-hidden": "true" });
  for (let r = 0; r < SIZE; r++) for (let c = 0; c < SIZE; c++) {
    const on = lock && lock[0] === r && lock[1] === c;
    g.append(svg("rect", { x: c * 10 + 1, y: r * 10 + 1, width: 8, height: 8, rx: 2, class: on ? "on" : "off" }));
  }
  return g;
}

function cardBack(label = "") {
  return el("div.px-card.back", {}, el("span", {}, label));
}

// The Multiverse ring --------------------------------------------------------------------------

function multiverse(obs, legal, ctx) {
  const box = el("section.px-zone.px-multiverse", {}, el("h3", {}, "Multiverse"));
  const ring = obs.ring || [];
  const n = ring.length || 15;
  const C = 200, R = 136;
  const s = svg("svg", { viewBox: "-84 2 568 396", class: "px-ring", role: "img", "aria-label": "The Multiverse: Worlds, Quake and Anomaly" });
  s.append(svg("circle", { cx: C, cy: C, r: R, class: "px-track" }));
  const hints = {};
  if (obs.quake !== null && obs.quake !== undefined) {
    for (const [step, era] of QUAKE_STEPS) hints[(obs.quake + step) % n] = [step, era];
  }
  ring.forEach((w, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    const x = C + R * Math.cos(a), y = C + R * Math.sin(a);
    const g = svg("g", { class: `px-world${w && w.fractured ? " fractured" : ""}${w ? "" : " none"}`, dataset: { space: i, world: w ? w.world : "" } });
    g.append(svg("circle", { cx: x, cy: y, r: 22, class: "px-world-disc" }));
    if (w && w.fractured) {
      g.append(svg("path", { d: `M${x - 12} ${y - 14} L${x - 2} ${y - 2} L${x - 8} ${y + 4} L${x + 4} ${y + 15} M${x - 2} ${y - 2} L${x + 12} ${y - 8}`, class: "px-crack" }));
    }
    g.append(svg("text", { x, y: y + 4, class: "px-world-num" }, String(i + 1)));
    if (w && w.shield !== null) {
      g.append(svg("circle", { cx: x, cy: y, r: 27, class: "px-shield" }));
      g.append(svg("text", { x: x + 20, y: y - 18, class: "px-shield-tag" }, `S${w.shield + 1}`));
    }
    // the name outside the ring
    const lx = C + (R + 36) * Math.cos(a), ly = C + (R + 36) * Math.sin(a);
    const anchor = Math.abs(Math.cos(a)) < 0.15 ? "middle" : Math.cos(a) > 0 ? "start" : "end";
    const nx = C + (R + 28) * Math.cos(a);
    g.append(svg("text", { x: anchor === "middle" ? lx : nx, y: ly + 4, class: "px-world-name", "text-anchor": anchor },
      w ? w.name : "(no World)"));
    g.append(svg("title", {}, w ? `${w.name}: ${w.fractured ? "Fractured" : "Stable"}${w.shield !== null ? `, shielded by ${seatName(ctx, w.shield)}` : ""}` : "no World"));
    if (w) clickable(g, actionsWhere(legal, { kind: "allocate_to_world", world: w.world }));
    s.append(g);
    if (hints[i] && i !== obs.quake) {
      const hx = C + (R - 36) * Math.cos(a), hy = C + (R - 36) * Math.sin(a);
      s.append(svg("text", { x: hx, y: hy + 4, class: "px-hint" }, `+${hints[i][0]}`, svg("title", {}, `The Quake stops here after a ${hints[i][1]} repair`)));
    }
  });
  if (obs.quake !== null && obs.quake !== undefined) {
    const a = -Math.PI / 2 + (2 * Math.PI * obs.quake) / n;
    const x = C + (R - 36) * Math.cos(a), y = C + (R - 36) * Math.sin(a);
    s.append(svg("g", { class: "px-quake", dataset: { space: obs.quake } },
      svg("polygon", { points: `${x},${y - 13} ${x + 11},${y} ${x},${y + 13} ${x - 11},${y}` }),
      svg("title", {}, `The Quake, on space ${obs.quake + 1}`)));
  } else {
    s.append(svg("text", { x: C, y: C - 72, class: "px-center-note" }, "No Worlds, no Quake"));
  }
  // Centre: the Anomaly and the supplies.
  s.append(svg("text", { x: C, y: C - 44, class: "px-center-title" }, "Anomaly"));
  const holes = [C - 38, C, C + 38];
  (obs.anomaly || []).forEach((d, k) => {
    const g = svg("g", { class: "px-anomaly-disc", dataset: { symbol: d ? d.symbol : "" } });
    g.append(svg("circle", { cx: holes[k], cy: C - 14, r: 16, class: `px-adisc c-${d ? d.colour : "none"}` }));
    if (d) g.append(svgSymbol(d.symbol, holes[k], C - 14, d.colour));
    g.append(svg("title", {}, d ? `Anomaly: ${d.colour} ${d.symbol}` : "empty Anomaly space"));
    if (d) {
      clickable(g, actionsWhere(legal, (a) => a.info.kind === "swap_with_anomaly" &&
        matrixDisc(obs, ctx, a.info.space)?.symbol === d.symbol));
    }
    s.append(g);
  });
  if (obs.nebulas) {
    s.append(svg("g", { class: `px-nebula${obs.anomaly_blocked ? " blocking" : ""}` },
      svg("rect", { x: C - 62, y: C - 34, width: 124, height: 40, rx: 8 }),
      svg("text", { x: C, y: C - 9 }, `Nebula${obs.nebulas > 1 ? ` ×${obs.nebulas}` : ""}${obs.anomaly_blocked ? ": blocked" : ""}`)));
  }
  const bag = obs.bag || {};
  s.append(svg("text", { x: C, y: C + 20, class: "px-center-line" }, `Turn ${obs.turn}/${TURNS}`));
  s.append(svg("text", { x: C, y: C + 38, class: "px-center-small" }, `Bag ${bag.discs ?? 0} discs · Shields free ${obs.shields_free}`));
  if (bag.purple || obs.trigger_discs_aside) {
    s.append(svg("text", { x: C, y: C + 54, class: "px-center-small purple" }, `Trigger Discs ${bag.purple} · aside ${obs.trigger_discs_aside}`));
  }
  const turnTrack = svg("g", { class: "px-turns" });
  for (let t = 1; t <= TURNS; t++) {
    const x = C - 66 + (t - 1) * 12;
    turnTrack.append(svg("circle", { cx: x, cy: C + 70, r: 4.5, class: t < obs.turn ? "done" : t === obs.turn ? "now" : "" }));
  }
  s.append(turnTrack);
  box.append(s, worldList(obs, ctx));
  return box;
}

// The Worlds in words, clockwise from the ring's top, with the Quake and the Anomaly: each
// chip opens the piece's detail view (help.js) and reads its state without the picture.
function worldList(obs, ctx) {
  const chips = [];
  if (obs.quake !== null && obs.quake !== undefined) {
    chips.push(el("span.px-wchip.quake", { dataset: { component: "piece:quake" } }, `Quake on ${obs.quake + 1}`));
  }
  chips.push(el("span.px-wchip.anomaly", { dataset: { component: "piece:anomaly" } }, "Anomaly"));
  (obs.ring || []).forEach((w, i) => {
    if (!w) return;
    const state = `${w.fractured ? "Fractured" : "Stable"}${w.shield !== null ? `, shielded by ${seatName(ctx, w.shield)}` : ""}`;
    chips.push(el(`span.px-wchip${w.fractured ? ".fractured" : ""}${w.shield !== null ? ".shielded" : ""}`,
      { dataset: { component: `world:${slug(w.name)}`, world: w.world }, title: `${w.name}: ${state}` },
      el("b", {}, String(i + 1)), ` ${w.name}`));
  });
  return el("div.px-worlds", { "aria-label": "Worlds" }, chips);
}

function svgSymbol(sym, x, y, colour) {
  const dark = colour === "yellow" || colour === "white";
  const cls = `px-asym${dark ? " dark" : ""}`;
  if (sym === "helix") {
    return svg("g", { class: cls },
      svg("path", { d: `M${x - 6} ${y - 8} C ${x + 7} ${y - 4}, ${x - 7} ${y + 4}, ${x + 6} ${y + 8}` }),
      svg("path", { d: `M${x + 6} ${y - 8} C ${x - 7} ${y - 4}, ${x + 7} ${y + 4}, ${x - 6} ${y + 8}` }));
  }
  if (sym === "star") {
    const pts = [];
    for (let k = 0; k < 10; k++) {
      const r = k % 2 ? 3.4 : 8;
      const a = -Math.PI / 2 + (k * Math.PI) / 5;
      pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
    }
    return svg("polygon", { points: pts.join(" "), class: `${cls} fill` });
  }
  return svg("circle", { cx: x, cy: y, r: 6, class: cls });
}

function matrixDisc(obs, ctx, space) {
  const p = focusSeat(obs, ctx);
  const m = obs.players_view?.[p]?.matrix;
  return m ? m[space[0]][space[1]] : null;
}

function focusSeat(obs, ctx) {
  if (ctx.seat !== null && ctx.seat !== undefined && ctx.seat >= 0 && ctx.seat < obs.players) return ctx.seat;
  const cp = obs.current_player;
  return cp !== null && cp !== undefined && cp >= 0 && cp < obs.players ? cp : 0;
}

// The Wormhole, Research Hand and goals --------------------------------------------------------

function wormhole(obs, legal, ctx) {
  const box = el("section.px-zone.px-wormhole", {}, el("h3", { dataset: { component: "piece:wormhole" } }, "Wormhole"));
  for (const [section, label] of [["stable", "Stable"], ["unstable", "Unstable"]]) {
    const row = el(`div.px-row.px-${section}`, {}, el("div.px-row-label", {}, label));
    const cards = el("div.px-cards");
    (obs[section] || []).forEach((card, slot) => {
      const face = cardFace(card);
      face.dataset.slot = `${section}-${slot}`;
      clickable(face, actionsWhere(legal, { kind: "draft", section, slot }));
      cards.append(face);
    });
    row.append(cards);
    box.append(row);
  }
  const side = el("div.px-row.px-hand-row", {}, el("div.px-row-label", {}, "Research Hand"));
  const hand = el("div.px-cards.px-hand");
  if (Array.isArray(obs.research_hand)) {
    obs.research_hand.forEach((card, i) => {
      const face = cardFace(card);
      face.dataset.hand = i;
      clickable(face, actionsWhere(legal, { kind: "take_from_hand", hand_index: i }));
      hand.append(face);
    });
    if (!obs.research_hand.length) hand.append(el("span.px-muted", {}, "none drawn"));
  } else {
    for (let i = 0; i < obs.research_hand; i++) {
      const back = cardBack("?");
      back.dataset.hand = i;
      clickable(back, actionsWhere(legal, { kind: "take_from_hand", hand_index: i }));
      hand.append(back);
    }
    if (!obs.research_hand) hand.append(el("span.px-muted", {}, "none drawn"));
  }
  side.append(hand);
  box.append(side);
  const piles = el("div.px-cards.px-piles");
  const deck = el("div.px-pile.px-deck", { title: "The Multiverse deck" }, `Deck ${obs.deck}`);
  clickable(deck, actionsWhere(legal, { kind: "draw_research_hand" }));
  piles.append(deck, el("div.px-pile.px-discard", { title: "Discard pile beside the Wormhole" }, `Discard ${obs.discard?.length ?? 0}`));
  const pass = actionsWhere(legal, { kind: "take_nothing" });
  if (pass.length) piles.append(clickable(el("div.px-token.px-pass", {}, "Take no (more) cards"), pass));
  box.append(el("div.px-row", {}, el("div.px-row-label", {}, "Piles"), piles));
  if (obs.known_deck_top?.length) {
    box.append(el("p.px-note", {}, "You know the deck top: ", obs.known_deck_top.slice(0, 4).map((c) => c.name).join(", "),
      obs.known_deck_top.length > 4 ? " …" : ""));
  }
  return box;
}

function goals(obs, ctx) {
  const box = el("section.px-zone.px-goals", {}, el("h3", {}, "Research Goals"));
  if (!obs.research_goals?.length) {
    box.append(el("p.px-muted", {}, "Training Mission: no Research Goals."));
    return box;
  }
  box.append(el("div.px-goal-row", {}, obs.research_goals.map((g) => el("div.px-goal", { title: g.text, dataset: { goal: g.id, component: `goal:${g.id}` } },
    el("div.px-goal-slot", {}, `Slot ${g.slot} · ${GOAL_REWARD[g.slot - 1] || ""}`),
    el("div.px-goal-name", {}, g.name),
    el("div.px-goal-text", {}, g.text)))));
  if (obs.secret_objective) {
    box.append(el("div.px-goal.secret", { title: obs.secret_objective.text, dataset: { component: `goal:${obs.secret_objective.id}` } },
      el("div.px-goal-slot", {}, "Your Secret Objective"),
      el("div.px-goal-name", {}, obs.secret_objective.name),
      el("div.px-goal-text", {}, obs.secret_objective.text)));
  }
  return box;
}

function extras(obs, legal, ctx) {
  const out = [];
  const pendingColour = (obs.pending_resources?.[0] || "").split(" ")[0];
  if (obs.alliances) {
    const box = el("section.px-zone.px-alliances", {}, el("h3", {}, "Alliances"));
    box.append(el("div.px-alliance-row", {}, obs.alliances.map((a) => {
      const tok = el(`div.px-alliance.c-${a.colour}`, { dataset: { colour: a.colour, component: `alliance:${a.colour}` } },
        el("span.px-alliance-gem"),
        el("span.px-alliance-who", {}, a.holder < 0 ? "free" : `${seatName(ctx, a.holder)}${a.on_card ? " (on card)" : ""}`));
      const acts = actionsWhere(legal, { kind: "use_alliance", colour: a.colour });
      if (a.colour === pendingColour) acts.push(...actionsWhere(legal, { kind: "allocate_to_alliance" }));
      return clickable(tok, acts);
    })));
    out.push(box);
  }
  if (obs.maelstrom) {
    const m = obs.maelstrom;
    const box = el("section.px-zone.px-maelstrom", {}, el("h3", {}, "Maelstrom"));
    const piece = el("div.px-maelstrom-card", {},
      el("div", {}, "Cost ", pips(m.cost, false)),
      m.card ? cardFace(m.card) : null,
      el("div.px-paid", {}, m.paid.map((paid, p) => el("div", {}, `${seatName(ctx, p)}: `,
        paid.map((d) => d.alliance ? pip(d.alliance) : pip(d.colour))))));
    clickable(piece, actionsWhere(legal, { kind: "allocate_to_maelstrom" }));
    box.append(piece);
    out.push(box);
  }
  if (obs.matrix_level && obs.matrix_level !== 1) {
    out.push(el("p.px-level", { dataset: { component: `matrix_level:${obs.matrix_level}` } }, `Matrix level ${obs.matrix_level}: Strands are ${obs.strand_shapes.join(", ")}`));
  }
  return out;
}

// A player's Matrix and mat ----------------------------------------------------------------------

function matrixGrid(obs, pv, legal, ctx, mine) {
  const grid = el(`div.px-matrix${mine ? ".mine" : ".small"}`, { dataset: { seat: pv.seat } });
  const shielded = new Map(pv.shields.map((s) => [`${s.space[0]},${s.space[1]}`, s]));
  const waiting = mine ? (obs.waiting_strands || []) : [];
  const lines = mine ? lineActions(legal) : {};
  if (mine) grid.append(el("div.px-corner"));
  if (mine) {
    for (let c = 0; c < SIZE; c++) grid.append(lineMarker(`column ${c + 1}`, lines, "▼"));
  }
  for (let r = 0; r < SIZE; r++) {
    if (mine) grid.append(lineMarker(`row ${r + 1}`, lines, "▶"));
    for (let c = 0; c < SIZE; c++) {
      const d = pv.matrix[r][c];
      const lock = shielded.get(`${r},${c}`);
      const inStrand = waiting.some((w) => d && w.colour === d.colour &&
        (w.name.endsWith(`row ${r + 1}`) || w.name.endsWith(`column ${c + 1}`)));
      const node = disc(d, `${lock ? ".shielded" : ""}${inStrand ? ".waiting" : ""}`);
      node.dataset.space = spaceName(r, c);
      node.dataset.r = r;
      node.dataset.c = c;
      if (lock) node.title += ` · Shield token (${lock.name})`;
      if (mine && d) {
        const here = [r, c];
        const acts = actionsWhere(legal, (a) =>
          (a.info.kind === "swap" && (same(a.info.spaces[0], here) || same(a.info.spaces[1], here))) ||
          ((a.info.kind === "swap_with_anomaly" || a.info.kind === "flare_discard_disc") && same(a.info.space, here)));
        clickable(node, acts);
        if (acts.length) {
          node.addEventListener("mouseenter", () => partners(grid, acts, here, true));
          node.addEventListener("mouseleave", () => partners(grid, acts, here, false));
        }
      }
      grid.append(node);
    }
  }
  return grid;
}

function partners(grid, acts, here, on) {
  for (const a of acts) {
    if (a.info.kind !== "swap") continue;
    const other = same(a.info.spaces[0], here) ? a.info.spaces[1] : a.info.spaces[0];
    grid.querySelector(`[data-space="${spaceName(...other)}"]`)?.classList.toggle("partner", on);
  }
}

function lineActions(legal) {
  const out = {};
  for (const a of legal) {
    if (a.info.kind === "breakthrough_wipe" || a.info.kind === "flare_discard_line") (out[a.info.line] ||= []).push(a);
  }
  return out;
}

function lineMarker(line, lines, arrow) {
  const node = el("div.px-line", { dataset: { line }, title: line }, el("span", {}, arrow));
  return clickable(node, lines[line] || []);
}

function matCards(obs, pv, legal, ctx, mine) {
  const mat = el(`div.px-mat${mine ? "" : ".small"}`);
  for (const space of SPACES) {
    const col = el(`div.px-mat-space${space === "Danger!" ? ".danger" : ""}`, { dataset: { space } },
      el("div.px-mat-label", {}, space));
    for (const mc of pv.mat.filter((m) => m.space === space)) {
      const face = cardFace(mc, { placed: mc.placed, step: mc.step });
      if (mine) {
        const acts = actionsWhere(legal, { kind: "allocate_to_card", card: mc.id });
        if (mc.kind === "breakthrough") {
          acts.push(...actionsWhere(legal, (a) => a.info.kind === "breakthrough_extra_action" || a.info.kind === "breakthrough_wipe"));
        }
        if (mc.kind === "flare") {
          acts.push(...actionsWhere(legal, (a) => ["flare_decline", "flare_discard_line"].includes(a.info.kind)));
        }
        clickable(face, acts);
      }
      col.append(face);
    }
    mat.append(col);
  }
  return mat;
}

function scorePile(obs, pv, legal, mine) {
  const fractured = new Set((obs.ring || []).filter((w) => w && w.fractured).map((w) => w.name));
  const size = pv.score_pile_size ?? pv.score_pile.length;
  const box = el("div.px-score", {}, el("div.px-score-title", {}, `Score pile · ${size} card${size === 1 ? "" : "s"}${pv.score_pile_face_down ? " (face down)" : ""}`));
  if (pv.score_pile_face_down) {  // someone else's pile: only its size is public
    box.append(el("div.px-score-groups", {}, size
      ? Array.from({ length: size }, () => el("span.px-chip.back", { title: "a face-down scored card" }, "?"))
      : el("span.px-muted", {}, "empty")));
    return box;
  }
  const groups = new Map();
  for (const card of pv.score_pile) {
    const [world, part] = splitName(card);
    const key = card.kind === "timeline" || card.kind === "nexus" ? world : kindName(card.kind);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push([card, part]);
  }
  const list = el("div.px-score-groups");
  for (const [world, cards] of groups) {
    const g = el(`div.px-set${fractured.has(world) ? ".lost" : ""}`, { title: fractured.has(world) ? `${world} is Fractured: these cards are lost if it still is at the end` : world },
      el("span.px-set-name", {}, `${world}${fractured.has(world) ? " ✗" : ""}`));
    for (const [card, part] of cards) {
      const chip = el(`span.px-chip.k-${card.kind}${part ? `.era-${part.toLowerCase()}` : ""}`, { dataset: { card: card.id, component: cardKey(card) } }, part || kindName(card.kind));
      if (mine) {
        const acts = actionsWhere(legal, { kind: "discard_scored_card", card: card.id });
        if (card.kind === "flare") acts.push(...actionsWhere(legal, { kind: "spend_flare" }));
        clickable(chip, acts);
      }
      g.append(chip);
    }
    list.append(g);
  }
  if (!groups.size) list.append(el("span.px-muted", {}, "empty"));
  box.append(list);
  return box;
}

function playerArea(obs, p, legal, ctx, mine) {
  const pv = obs.players_view[p];
  const turn = obs.current_player === p && !obs.final;
  const cs = obs.chief_scientist === p;
  const area = el(`section.px-player${mine ? ".mine" : ".other"}${turn ? ".turn" : ""}`, { dataset: { seat: p } });
  area.append(el("h3.px-player-name", {},
    `${seatName(ctx, p)}${ctx.seat === p ? " (you)" : ""}`,
    cs ? el("span.px-cs", { title: "Chief Scientist: draws the Research Hand and picks last", dataset: { component: "piece:chief_scientist" } }, "Chief Scientist") : null,
    turn ? el("span.px-deciding", {}, "deciding") : null));
  const left = el("div.px-matrix-wrap", {}, matrixGrid(obs, pv, legal, ctx, mine));
  if (mine) {
    left.append(...matrixControls(obs, legal));
  }
  const right = el("div.px-mat-wrap", {}, el("div.px-mat-title", {}, "Player Mat"), matCards(obs, pv, legal, ctx, mine),
    scorePile(obs, pv, legal, mine),
    el("div.px-mat-discard", {}, `Mat discard pile: ${pv.mat_discard} disc${pv.mat_discard === 1 ? "" : "s"}`,
      pv.shields.length ? ` · Shield tokens: ${pv.shields.map((s) => spaceName(...s.space)).join(", ")}` : ""));
  area.append(el("div.px-player-body", {}, left, right));
  if (obs.final?.[p]) {
    const f = obs.final[p];
    area.append(el("div.px-final", {}, el("strong", {}, `${f.total} VP`),
      ` = Worlds ${f.worlds} + Goals ${f.goals.join("+") || 0} + Flares ${f.flares} + Alliances ${f.alliances} · ${f.cards} cards, ${f.nexus} Nexus`));
  }
  return area;
}

function matrixControls(obs, legal) {
  const out = [];
  const strands = obs.waiting_strands || [];
  const resolve = actionsWhere(legal, { kind: "resolve_strand" });
  if (strands.length || resolve.length) {
    const box = el("div.px-strands", {}, el("span.px-mini-title", {}, "Waiting Strands"));
    const seen = new Set();
    for (const w of strands) {
      if (seen.has(w.shape)) continue;
      seen.add(w.shape);
      box.append(clickable(el(`div.px-token.px-strand.c-${w.colour}`, { dataset: { shape: w.shape } }, pip(w.colour), ` ${w.name}`),
        actionsWhere(legal, { kind: "resolve_strand", shape: w.shape })));
    }
    for (const a of resolve) {
      if (seen.has(a.info.shape)) continue;
      box.append(clickable(el("div.px-token.px-strand", { dataset: { shape: a.info.shape } }, a.info.shape_name), [a]));
    }
    out.push(box);
  }
  const row = el("div.px-controls");
  if (obs.actions_left !== null && obs.actions_left !== undefined) {
    row.append(el("div.px-actions-left", { title: "Matrix actions left this phase" }, `Actions left ${obs.actions_left} `,
      Array.from({ length: Math.max(obs.actions_left, 0) }, () => el("span.px-action-pip"))));
  }
  const end = actionsWhere(legal, { kind: "end_matrix_phase" });
  if (end.length) row.append(clickable(el("div.px-token.px-end", {}, "End Matrix phase"), end));
  const rebuild = actionsWhere(legal, { kind: "rebuild_matrix" });
  if (rebuild.length || obs.locked_board) {
    row.append(clickable(el("div.px-token.px-rebuild", {}, "Locked Matrix: rebuild"), rebuild));
  }
  if (row.childNodes.length) out.push(row);
  return out;
}

function statusBar(obs, legal, ctx) {
  const cp = obs.current_player;
  const bar = el("div.px-status", {},
    el("span.px-phase", {}, PHASE_TEXT[obs.phase] || obs.phase),
    el("span", {}, `Turn ${obs.turn}/${TURNS}`),
    el("span", {}, "Chief Scientist: ", el("strong", {}, seatName(ctx, obs.chief_scientist))),
    cp !== null && cp !== undefined && cp >= 0 && !obs.final ? el("span", {}, "To decide: ", el("strong", {}, seatName(ctx, cp))) : null);
  if (obs.pending_resources?.length) {
    const res = el("div.px-pending", {}, el("span.px-mini-title", {}, "Resources to allocate"));
    obs.pending_resources.forEach((r, i) => {
      const colour = r.split(" ")[0];
      const d = el(`div.px-disc.res.c-${colour}${i === 0 ? ".now" : ""}`, { title: r, dataset: { resource: r } });
      if (i === 0) clickable(d, actionsWhere(legal, { kind: "let_resource_go" }));
      res.append(d);
    });
    res.append(el("span.px-muted", {}, "click a card, World, Alliance or the Maelstrom to place it; click the disc to let it go"));
    bar.append(res);
  }
  if (obs.flare_benefits_owed) bar.append(el("span.px-flare-owed", {}, `Flare benefits owed: ${obs.flare_benefits_owed}`));
  return bar;
}

// Entry points ---------------------------------------------------------------------------------

export function render(root, ctx) {
  ensureCss();
  const obs = ctx.observation;
  const legal = ctx.legal || [];
  root.classList.add("px-board");
  if (!obs || !obs.players_view) {
    root.append(el("p.px-muted", {}, "Waiting for the game to start…"));
    return;
  }
  const focus = focusSeat(obs, ctx);
  const others = [];
  for (let k = 1; k < obs.players; k++) others.push((focus + k) % obs.players);
  root.append(
    statusBar(obs, legal, ctx),
    el("div.px-top", {}, multiverse(obs, legal, ctx),
      el("div.px-top-side", {}, wormhole(obs, legal, ctx), goals(obs, ctx), extras(obs, legal, ctx))),
    playerArea(obs, focus, legal, ctx, true),
    el("div.px-others", {}, others.map((p) => playerArea(obs, p, [], ctx, false))));
}
