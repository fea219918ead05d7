// ULTRAMASSIVE: the Scoreboard (Round Track, Solar Mass Track, Resource Draft), your Black Hole
// Board with its two Channels spiralling into the Black Hole, your Anomalies and hand, and the
// other players' boards, smaller. Reads only ctx.observation (and ctx.legal for what to click).

import { el, svg, actionsWhere, clickable, seatName } from "../ui.js";

const CSS = "/static/css/ultramassive.css";
const TYPES = ["siphon", "matter", "orbit"];
const TIERS = ["1", "2A", "2B", "3", "4"];
const CORES = ["alpha", "beta", "gamma", "delta", "epsilon", "omega"];
const CHANNELS = ["blue", "pink"];
const SEAT_COLOURS = ["#ffcf4d", "#ff5d6c", "#2fd1c5", "#7c8cff"];
const SEAT_WORDS = ["Yellow", "Red", "Teal", "Blue"];
const TOKEN = {
  blue_giant: { name: "Blue Giant Star", short: "2", shape: "star", fill: "#3d9bff", ink: "#fff" },
  supergiant: { name: "Supergiant Star", short: "3", shape: "star", fill: "#ff5a3c", ink: "#fff" },
  primordial: { name: "Primordial Black Hole", short: "4", shape: "hole", fill: "#14091f", ink: "#f3d6ff" },
  major: { name: "Major Antimatter", short: "M", shape: "anti", fill: "#4be07a", ink: "#08240f" },
  minor: { name: "Minor Antimatter", short: "m", shape: "anti", fill: "#a6f5b8", ink: "#08240f" },
};
const THRESHOLDS = [[20, "Stellar"], [50, "Supermassive"], [100, "ULTRAMASSIVE"]];
const PHASES = {
  "wormhole set-up": "Set-up: place Wormholes",
  "resource draft": "Phase 1 · Resource Draft",
  "gain drafted resources": "Phase 1 · Gain drafted resources",
  "resource card": "Phase 1 · Keep a Resource card",
  discovery: "Phase 2 · Discovery",
  actions: "Phase 3 · Actions",
  "solar mass bonus": "Phase 4 · Solar Mass Bonus",
  "wormhole repositioning": "End of round · Move Wormholes",
  over: "Game over",
};

let uid = 0;

function ensureCss() {
  if (!document.querySelector(`link[href="${CSS}"]`)) {
    document.head.append(el("link", { rel: "stylesheet", href: CSS }));
  }
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
// Detail-view keys (help.py): content ids, or the slug of a shown name where the observation
// gives only the name (Action Cards, Challenges).
const slug = (s) => String(s).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
const anomalyKey = (a) => (a.type === "core" ? `core:${a.id}` : `anomaly:${a.id}`);
const cardKey = (c) => `card:${slug(c.name)}`;
const colour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
const playerName = (ctx, seat) => seatName(ctx, seat);

export function render(root, ctx) {
  ensureCss();
  const o = ctx.observation;
  const legal = ctx.replay ? [] : (ctx.legal || []);
  const me = typeof ctx.seat === "number" ? ctx.seat : null;
  const players = o.players_view;
  const box = el("div.um", { dataset: { phase: o.phase } });
  root.append(box);

  box.append(scoreboard(o, ctx, legal));

  const mine = me !== null ? players[me] : null;
  if (mine) box.append(myArea(mine, o, ctx, legal));
  if (o.solo) box.append(soloArea(o, ctx, legal));

  const others = players.filter((pv) => pv.seat !== me);
  if (others.length) {
    box.append(el("section.um-others", {},
      el("h3.um-h", {}, mine ? "Other players' boards" : "Players' boards"),
      el("div.um-others-list", {}, others.map((pv) => otherBoard(pv, o, ctx)))));
  }
  box.append(legend());
}

// Scoreboard ----------------------------------------------------------------------------------

function scoreboard(o, ctx, legal) {
  const cur = o.current_player;
  const turn = typeof cur === "number" && cur >= 0
    ? el("span.um-turn", {}, disc(cur), ` ${playerName(ctx, cur)}: ${o.prompt || ""}`) : null;
  const rounds = el("ol.um-rounds", { "aria-label": "Round Track" },
    [1, 2, 3, 4, 5, 6].map((r) => el(`li${r === o.round ? ".now" : r < o.round ? ".done" : ""}`, {}, String(r))));
  const head = el("div.um-status", {},
    el("span.um-round-label", {}, "Round"), rounds,
    el("span.um-phase", {}, PHASES[o.phase] || o.phase),
    el("span.um-start", { title: "Starting Player token" }, "★ ", playerName(ctx, o.starting_player)),
    turn);
  const parts = [head, solarTrack(o, ctx)];
  if (!o.solo) parts.push(draftBoard(o, ctx, legal));
  parts.push(el("div.um-decks", {},
    el("span.um-deckpile", { title: "Action deck" }, el("span.um-miniback"), ` Action deck: ${o.deck}`),
    el("span", { title: o.discard.map((c) => c.name).join(", ") }, `Discard pile: ${o.discard.length}`)));
  return el("section.um-scoreboard", { "aria-label": "Scoreboard" }, parts);
}

function disc(seat, text = "") {
  return el("span.um-disc", { style: `background:${colour(seat)}`, title: SEAT_WORDS[seat % 4] }, text);
}

// The Solar Mass Track in ten segments of 10 that wrap into rows on a narrow screen (two rows
// of five on a phone): thresholds mark the right edge of their segment, discs sit at their value.
function solarTrack(o, ctx) {
  const at = {};
  const discs = Array.from({ length: 10 }, () => []);
  o.players_view.forEach((pv) => {
    const v = pv.solar_mass;
    const k = Math.max(0, Math.min(v, 100));
    const seg = Math.min(Math.floor(k / 10), 9);
    const n = (at[k] = (at[k] || 0) + 1) - 1;
    const pct = ((k - seg * 10) / 10) * 100;
    discs[seg].push(el("span.um-smdisc", {
      dataset: { seat: pv.seat, sm: v, stack: n },
      style: `left:calc(${pct}% - .85em + ${n * 0.4}em);top:${1.2 - n * 0.55}em;background:${colour(pv.seat)}`,
      title: `${playerName(ctx, pv.seat)}: ${v} Solar Mass${v > 100 ? " (past 100)" : ""}`,
    }, String(v)));
  });
  const segs = discs.map((here, s) => {
    const end = (s + 1) * 10;
    const thr = THRESHOLDS.find(([t]) => t === end);
    return el(`div.um-smseg${thr ? ".thr" : ""}`, { dataset: { from: s * 10 } },
      el("span.um-smbar"),
      el("span.um-smnum", {}, String(s * 10)),
      thr ? el("span.um-smthr-t", {}, `${thr[1]} ${thr[0]}`) : null,
      here);
  });
  return el("div.um-smwrap", {}, el("div.um-cap", {}, "Solar Mass Track"),
    el("div.um-smtrack", { role: "img", "aria-label": "Solar Mass Track" }, segs));
}

const isTaken = (sp) => typeof sp.taken_by === "number" && sp.taken_by >= 0;

function currentSet(o) {
  const taken1 = o.draft.sets[0].filter(isTaken).length;
  return taken1 < o.players ? 0 : 1;
}

function draftBoard(o, ctx, legal) {
  const drafting = o.phase === "resource draft";
  const setNow = drafting ? currentSet(o) : -1;
  const inPlay = o.draft.spaces_in_play;
  const rows = o.draft.sets.map((set, j) => el(`div.um-draftset${j === setNow ? ".now" : ""}`, {},
    el("span.um-draftset-label", {}, `Draft set ${j + 1}`, j === 0 ? " →" : " ←"),
    el("div.um-draftspaces", {}, set.map((sp, k) => {
      const off = k >= inPlay;
      const taken = isTaken(sp);
      const node = el(`div.um-draftspace${off ? ".off" : ""}${taken ? ".taken" : ""}`,
        { dataset: { set: j + 1, space: sp.space } },
        el("span.um-draftopt", {}, draftIcon(sp.option), el("span", {}, sp.option)),
        off ? el("small", {}, "4 players only") : null,
        taken ? el("span.um-draftpick", {}, disc(sp.taken_by), ` ${playerName(ctx, sp.taken_by)}`) : null);
      if (j === setNow) clickable(node, actionsWhere(legal, { kind: "draft", index: k }));
      return node;
    }))));
  const tokens = o.draft.tokens.length ? el("div.um-draft-tokens.um-muted", {}, "Draft tokens: ",
    o.draft.tokens.map((t) => el("span.um-chip", { dataset: { component: `draft_token:${t}` } },
      cap(t.replace(/^token_/, "").replaceAll("_", " "))))) : null;
  return el("div.um-draft", { "aria-label": "Resource Draft" }, el("div.um-cap", {}, "Resource Draft"), rows, tokens);
}

function tokenOfLabel(text) {
  const t = text.toLowerCase();
  if (t.startsWith("antimatter") || t.includes("major antimatter")) return "major";
  if (t.includes("minor antimatter")) return "minor";
  if (t.includes("blue giant")) return "blue_giant";
  if (t.includes("supergiant")) return "supergiant";
  if (t.includes("primordial")) return "primordial";
  return null;
}

function draftIcon(text) {
  const t = text.toLowerCase();
  const key = tokenOfLabel(text);
  if (key) return tokenIcon(key);
  if (t.includes("orbit")) return el("span.um-ico.orbit", { "aria-hidden": "true" }, "⟳");
  if (t.includes("discovery")) return el("span.um-ico.disc", { "aria-hidden": "true" }, "◆");
  if (t.includes("card")) return el("span.um-ico.card", { "aria-hidden": "true" }, "▭");
  return null;
}

function tokenIcon(key) {
  const s = svg("svg", { viewBox: "-12 -12 24 24", width: "1.3em", height: "1.3em", class: "um-tokicon", "aria-hidden": "true" });
  s.append(tokenShape(key, 0, 0, 10));
  return s;
}

// Your area -----------------------------------------------------------------------------------

function myArea(pv, o, ctx, legal) {
  const boardNode = el("div.um-myboard", {},
    el("h3.um-h", {}, disc(pv.seat), ` Your Black Hole · ${pv.size}`),
    blackHoleBoard(pv, legal, false));
  const side = el("div.um-side", {},
    tracks(pv, legal, true),
    wormholeReserve(pv),
    drafted(pv, legal),
    anomalies(pv, legal, true),
    played(pv));
  const area = el("section.um-mine", { "aria-label": "Your board" },
    el("div.um-mine-top", {}, boardNode, side));
  const supply = anomalySupply(legal);
  if (supply) area.append(supply);
  area.append(hand(pv, legal));
  return area;
}

function tracks(pv, legal, big) {
  const dtrack = el("ol.um-dtrack", { "aria-label": "Discovery Track" },
    Array.from({ length: 11 }, (_, i) => {
      const here = i === Math.max(0, Math.min(10, pv.discovery));
      const cell = el(`li${here ? ".here" : ""}`, {}, String(i));
      if (here) clickable(cell, actionsWhere(legal, { kind: "exchange" }));
      return cell;
    }));
  const next = THRESHOLDS.find(([t]) => t > pv.solar_mass);
  return el("div.um-tracks", {},
    el("div.um-stat.um-sm", {}, el("span.um-k", {}, "Solar Mass"), el("b.um-v", { "data-sm": pv.solar_mass }, String(pv.solar_mass)),
      next && pv.size !== "Supermassive" && pv.size !== "ULTRAMASSIVE" ? el("small", {}, ` (${next[1]} at ${next[0]})`) : null),
    el("div.um-stat", {}, el("span.um-k", {}, "Discovery"), el("b.um-v", { "data-disc": pv.discovery }, String(pv.discovery)),
      big ? null : el("small", {}, ` · spent ${pv.discovery_spent}`)),
    big ? dtrack : null);
}

function wormholeReserve(pv) {
  const free = pv.wormholes.filter((w) => w.space === null);
  if (!free.length) return null;
  return el("div.um-reserve", {}, el("span.um-k", {}, "Wormholes to place: "),
    free.map(() => el("span.um-wormchip", { title: "Wormhole (open)" }, "◎")));
}

function drafted(pv, legal) {
  if (!pv.drafted.length) return null;
  return el("div.um-drafted", {}, el("div.um-cap", {}, "Drafted resources to gain"),
    el("div.um-chips", {}, pv.drafted.map((label) => {
      const chip = el("span.um-chip", { dataset: { resource: label } }, draftIcon(label), el("span", {}, label));
      const acts = actionsWhere(legal, (a) => (a.info.kind === "gain_resource" && a.label === `Gain ${label}`)
        || (a.info.kind === "remove_drafted" && a.info.token === tokenOfLabel(label)));
      return clickable(chip, acts);
    })));
}

function anomalyIndex(a) {
  if (a.type === "core") return 15 + CORES.indexOf(a.id);
  return TYPES.indexOf(a.type) * 5 + TIERS.indexOf(String(a.tier));
}

function anomalies(pv, legal, own) {
  const list = [...pv.anomalies, ...pv.core_anomalies];
  const cards = list.map((a) => {
    const used = a.used_this_round;
    const node = el(`div.um-anomaly.t-${a.type}${used ? ".used" : ""}`, { dataset: { anomaly: a.id, component: anomalyKey(a) } },
      el("div.um-an-head", {}, el("b", {}, a.name)),
      el("div.um-an-kind", {}, a.type === "core" ? "Core Anomaly" : `${cap(a.type)} Tier ${a.tier} · cost ${a.cost}`),
      own ? el("div.um-an-text", {}, a.text) : null,
      a.has_effect ? el("div.um-an-cool", {}, used ? "❄ Cooldown (used)" : "Effect ready") : el("div.um-an-cool", {}, "Passive"));
    const i = anomalyIndex(a);
    return clickable(node, actionsWhere(legal, { kind: "use_effect", index: i }));
  });
  const waiting = pv.core_anomalies_waiting;
  const waitNodes = Array.isArray(waiting)
    ? waiting.map((name) => {
      const key = name.split(/\s/)[0].toLowerCase();
      const node = el("div.um-anomaly.t-core.waiting", { dataset: { core: key, component: `core:${key}` } },
        el("div.um-an-head", {}, el("b", {}, name)), el("div.um-an-kind", {}, "Core Anomaly · drawn, not discovered"));
      return clickable(node, actionsWhere(legal, { kind: "core_anomaly", index: CORES.indexOf(key) }));
    })
    : Array.from({ length: waiting }, () => el("div.um-anomaly.back", { title: "Core Anomaly (hidden)" }, "Core"));
  if (!cards.length && !waitNodes.length) return el("div.um-muted", {}, "No Anomalies discovered yet");
  return el("div.um-anomalies", {}, el("div.um-cap", {}, own ? "Your Anomalies" : "Anomalies"),
    el("div.um-anlist", {}, cards, waitNodes));
}

function played(pv) {
  if (!pv.played.length) return null;
  return el("div.um-played", {}, el("div.um-cap", {}, "Played this round"),
    el("div.um-chips", {}, pv.played.map((c) => el(`span.um-chip.t-${c.type}`, { title: c.text, dataset: { component: cardKey(c) } }, c.name))));
}

function anomalySupply(legal) {
  const acts = actionsWhere(legal, { kind: "discover" });
  if (!acts.length) return null;
  const byType = TYPES.map((t) => acts.filter((a) => Math.floor(a.info.index / 5) === TYPES.indexOf(t)));
  return el("div.um-supply", { "aria-label": "Anomaly supply" },
    el("div.um-cap", {}, "Anomaly supply: discover at most one"),
    el("div.um-supply-rows", {}, byType.map((row, t) => row.length ? el("div.um-supply-row", {},
      el("span.um-supply-type", {}, cap(TYPES[t])),
      row.map((a) => {
        const m = a.label.match(/^Discover (.*) \((\w+) (\w+), cost (\d+)\)$/);
        const id = `${TYPES[t]}_${TIERS[a.info.index % 5].toLowerCase()}`;
        const node = el(`div.um-anomaly.t-${TYPES[t]}.supply`, { dataset: { discover: a.info.index, component: `anomaly:${id}` } },
          el("div.um-an-head", {}, el("b", {}, m ? m[1] : a.label)),
          el("div.um-an-kind", {}, m ? `Tier ${m[3]} · cost ${m[4]}` : ""));
        return clickable(node, [a]);
      })) : null)));
}

function hand(pv, legal) {
  if (!Array.isArray(pv.hand)) return null;
  const cards = pv.hand.map((c) => {
    const node = el(`div.um-card.t-${c.type}`, { dataset: { card: c.id, component: cardKey(c) } },
      el("div.um-card-head", {}, el("span.um-card-type", {}, cap(c.type)), el("span.um-card-power", { title: "Power" }, String(c.power))),
      el("div.um-card-name", {}, c.name),
      el("div.um-card-text", {}, c.text));
    const acts = actionsWhere(legal, (a) => (a.info.kind === "play_card" || a.info.kind === "discard") && a.info.index === c.id);
    return clickable(node, acts);
  });
  return el("div.um-hand", { "aria-label": "Your hand" },
    el("div.um-cap", {}, `Your Action Cards (${pv.hand.length}) · played ${pv.played.length} this round`),
    el("div.um-cards", {}, cards.length ? cards : el("span.um-muted", {}, "No cards in hand")));
}

// Other players -------------------------------------------------------------------------------

function otherBoard(pv, o, ctx) {
  const handCount = Array.isArray(pv.hand) ? pv.hand.length : pv.hand;
  const turn = o.current_player === pv.seat;
  return el(`div.um-other${turn ? ".turn" : ""}`, { dataset: { seat: pv.seat } },
    el("div.um-other-head", {}, disc(pv.seat), el("b", {}, ` ${playerName(ctx, pv.seat)}`), ` · ${pv.size}`),
    el("div.um-other-stats", {},
      el("span", {}, "Solar Mass ", el("b", { "data-sm": pv.solar_mass }, String(pv.solar_mass))),
      el("span", {}, "Discovery ", el("b", {}, String(pv.discovery))),
      el("span", { title: "Action Cards in hand" }, el("span.um-miniback"), ` ${handCount}`)),
    blackHoleBoard(pv, [], true),
    pv.drafted.length ? el("div.um-muted", {}, "Drafted: ", pv.drafted.join("; ")) : null,
    anomalies(pv, [], false),
    played(pv));
}

function soloArea(o, ctx, legal) {
  const s = o.solo;
  const chal = s.challenges.map((c) => el(`div.um-challenge${c.completed ? ".done" : ""}`, { dataset: { component: `challenge:${slug(c.name)}` } },
    el("b", {}, c.name), el("div", {}, c.text), el("small", {}, `${c.reward} Solar Mass · ${c.when}${c.completed ? " · completed ✔" : ""}`)));
  const offer = Array.isArray(s.resource_offer) ? s.resource_offer.map((r) => {
    const node = el("div.um-card.t-resource", { dataset: { resource: r.id, component: `resource_card:${r.id}` } },
      el("div.um-card-head", {}, el("span.um-card-type", {}, "Resource card")), el("div.um-card-text", {}, r.text));
    return clickable(node, actionsWhere(legal, (a) => a.info.kind === "resource_card" && a.label === `Keep Resource card: ${r.text}`));
  }) : [];
  return el("section.um-solo", { "aria-label": "Solo Mode" },
    el("div.um-cap", {}, `Solo Mode (${s.difficulty}): complete ${s.goal.challenges} Challenges and reach ${s.goal.solar_mass} Solar Mass · Resource deck ${s.resource_deck}`),
    el("div.um-challenges", {}, chal),
    offer.length ? el("div.um-cap", {}, "Resource cards: keep one") : null,
    offer.length ? el("div.um-cards", {}, offer) : null);
}

function legend() {
  return el("div.um-legend", {}, Object.entries(TOKEN).map(([k, t]) => el("span", { dataset: { component: `token:${k}` } }, tokenIcon(k), ` ${t.name}`)),
    el("span", { dataset: { component: "piece:wormhole" } }, el("span.um-wormchip", {}, "◎"), " open Wormhole"),
    el("span", {}, el("span.um-wormchip.closed", {}, "⊘"), " closed Wormhole"),
    el("span", { dataset: { component: "piece:rift_space" } }, el("span.um-riftchip"), " Rift Space (3)"));
}

// The Black Hole Board ------------------------------------------------------------------------

const C = 200;

// A label centred on (x, y) at a font size in board units: its place and size are attributes of
// the drawing, not of the stylesheet, so that the label stays inside the board (and the
// screen) while ultramassive.css is still loading; the stylesheet gives only colours and weight.
function label(x, y, size, cls, text, attrs = {}) {
  return svg("text", { x, y, "font-size": size, "text-anchor": "middle", class: cls, ...attrs }, text);
}

function spacePos(ch, i) {
  const ang = ((ch === 0 ? 198 : 18) + i * 38) * Math.PI / 180;
  const r = 172 - i * 16.5;
  return { x: C + r * Math.cos(ang), y: C + r * Math.sin(ang), R: 27 - i * 1.3, ang };
}

function blackHoleBoard(pv, legal, small) {
  const id = `um${++uid}`;
  const root = svg("svg", {
    viewBox: "-8 -8 416 416", class: `um-bhboard${small ? " small" : ""}`, role: "group",
    "aria-label": `Black Hole Board of seat ${pv.seat + 1}`, "data-seat": pv.seat,
  });
  const defs = svg("defs", {},
    svg("radialGradient", { id: `${id}-bh` },
      svg("stop", { offset: "0%", "stop-color": "#000" }),
      svg("stop", { offset: "62%", "stop-color": "#05010c" }),
      svg("stop", { offset: "80%", "stop-color": "#ff9a3c" }),
      svg("stop", { offset: "100%", "stop-color": "#ff9a3c", "stop-opacity": "0" })),
    svg("radialGradient", { id: `${id}-rift` },
      svg("stop", { offset: "0%", "stop-color": "#ff7a2f" }),
      svg("stop", { offset: "100%", "stop-color": "#5a0f2a" })));
  root.append(defs);
  root.append(svg("rect", { x: -8, y: -8, width: 416, height: 416, rx: 22, class: "um-bg" }));
  // starfield, fixed pattern
  for (let k = 0; k < 40; k++) {
    const sx = (k * 97) % 400;
    const sy = (k * 53 + (k % 7) * 31) % 400;
    root.append(svg("circle", { cx: sx, cy: sy, r: k % 5 === 0 ? 1.4 : 0.8, class: "um-star" }));
  }

  const sizeIdx = ["Primordial", "Stellar", "Supermassive", "ULTRAMASSIVE"].indexOf(pv.size);
  // the spiral lanes
  CHANNELS.forEach((name, ch) => {
    const pts = [];
    for (let t = -0.6; t <= 7.01; t += 0.1) pts.push(spacePos(ch, t));
    const d = pts.map((p, k) => `${k ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    root.append(svg("path", { d, class: `um-lane ${name}` }));
  });
  // the Black Hole
  const bhR = 44 + Math.max(0, sizeIdx) * 8;
  root.append(svg("circle", { cx: C, cy: C, r: bhR + 14, fill: `url(#${id}-bh)`, class: "um-bh-glow" }));
  root.append(svg("circle", { cx: C, cy: C, r: bhR, class: "um-bh" }));
  root.append(label(C, C - 4, 11, "um-bh-t", "BLACK HOLE"));
  root.append(label(C, C + 12, 12, "um-bh-size", pv.size));

  const channelActs = (ch, a) => a.info.kind === "channel" && a.info.channel === CHANNELS[ch];
  const worms = [];
  CHANNELS.forEach((name, ch) => {
    const acts = actionsWhere(legal, (a) => channelActs(ch, a));
    const place = acts.filter((a) => a.label.startsWith("Place "));
    const move = acts.filter((a) => !a.label.startsWith("Place "));
    pv.channels[name].forEach((sp, i) => {
      const p = spacePos(ch, i);
      const g = svg("g", {
        class: `um-space ${name}${sp.rift ? " rift" : ""}${sp.covered ? " covered" : ""}`,
        "data-channel": name, "data-space": sp.space,
      });
      g.append(svg("circle", {
        cx: p.x, cy: p.y, r: p.R, class: "um-space-bg",
        style: sp.covered ? "fill:#2a0f45" : sp.rift ? `fill:url(#${id}-rift)` : null,
      }));
      if (sp.rift && !sp.covered) g.append(svg("circle", { cx: p.x, cy: p.y, r: p.R - 4, class: "um-rift-ring" }));
      if (sp.covered) g.append(label(p.x, p.y + 4, 10, "um-covered-t", "BH"));
      const num = label(p.x - p.R * 0.72, p.y + p.R * 0.95, 10, "um-space-n", sp.rift ? `${sp.space}R` : String(sp.space));
      g.append(num);
      drawTokens(g, sp, p, name, legal);
      // what clicking the space does
      let spaceActs = actionsWhere(legal, (a) => a.info.kind === "space" && a.info.channel === name && a.info.space === sp.space);
      if (!sp.covered) {
        spaceActs = spaceActs.concat(move);
        const target = (a) => (a.label.includes("Rift Space") ? 3 : 1) === sp.space;
        spaceActs = spaceActs.concat(place.filter(target));
      }
      clickable(g, spaceActs);
      g.append(svg("title", {}, `${cap(name)} Channel, space ${sp.space}${sp.rift ? " (Rift Space)" : ""}${sp.covered ? " (covered: part of the Black Hole)" : ""}` +
        (sp.tokens.length ? `: ${sp.tokens.map((t) => TOKEN[t]?.name || t).join(", ")}` : "")));
      root.append(g);
      if (sp.wormhole) worms.push({ sp, p, name });
    });
    // the Channel's plaque near its outer end, for Orbit / Pull / placing
    const p0 = spacePos(ch, 0);
    const px = ch === 0 ? 6 : 302;
    const py = ch === 0 ? 6 : 372;
    const plaque = svg("g", { class: `um-plaque ${name}`, "data-channel": name },
      svg("rect", { x: px, y: py, width: 92, height: 26, rx: 13 }),
      label(px + 46, py + 17, 12, "um-plaque-t", `${cap(name)} Channel`));
    root.append(svg("line", { x1: px + 46, y1: ch === 0 ? py + 26 : py, x2: p0.x, y2: p0.y + (ch === 0 ? -p0.R : p0.R), class: `um-entry ${name}` }));
    root.append(clickable(plaque, acts));
  });
  // Wormholes last, over the spaces; the one being moved (public: UM-WORM-7) is marked
  const moving = new Set((pv.wormholes || []).filter((w) => w.moving).map((w) => w.index));
  for (const { sp, p, name } of worms) {
    const w = sp.wormhole;
    const wx = p.x + p.R * 0.72;
    const wy = p.y - p.R * 0.72;
    const g = svg("g", { class: `um-worm${w.open ? " open" : " closed"}${moving.has(w.index) ? " moving" : ""}`, "data-wormhole": w.index, "data-channel": name, "data-space": sp.space },
      svg("circle", { cx: wx, cy: wy, r: 9 }),
      w.open ? svg("path", { d: `M${wx - 4},${wy} a4,4 0 1,1 4,4 a2.5,2.5 0 1,1 -2,-2.5`, class: "um-worm-swirl" })
        : svg("path", { d: `M${wx - 5},${wy - 5} L${wx + 5},${wy + 5}`, class: "um-worm-x" }),
      svg("title", {}, `Wormhole ${w.index + 1} (${w.open ? "open" : "closed"}) on ${name} ${sp.space}`));
    const acts = actionsWhere(legal, (a) => (a.info.kind === "wormhole" && a.info.index === w.index)
      || (a.info.kind === "activate_wormholes" && a.info.wormholes.includes(w.index)));
    root.append(clickable(g, acts));
  }
  return root;
}

function drawTokens(g, sp, p, channel, legal) {
  const n = sp.tokens.length;
  if (!n) return;
  const offs = n === 1 ? [[0, 0]] : n === 2 ? [[-0.38, 0], [0.38, 0]] : n === 3 ? [[-0.38, 0.3], [0.38, 0.3], [0, -0.36]]
    : [[-0.36, -0.36], [0.36, -0.36], [-0.36, 0.36], [0.36, 0.36], [0, 0]];
  const r = n === 1 ? p.R * 0.55 : p.R * 0.36;
  sp.tokens.forEach((t, k) => {
    const [dx, dy] = offs[k % offs.length];
    const tg = svg("g", { class: `um-token ${t}`, "data-token": t });
    tg.append(tokenShape(t, p.x + dx * p.R, p.y + dy * p.R, r));
    const acts = actionsWhere(legal, { kind: "remove", channel, space: sp.space, token: t });
    g.append(clickable(tg, acts));
  });
}

function tokenShape(t, x, y, r) {
  const d = TOKEN[t] || { short: "?", shape: "star", fill: "#888", ink: "#000" };
  const g = svg("g", { class: "um-tok" });
  if (d.shape === "anti") {
    const s = t === "minor" ? r * 0.85 : r;
    g.append(svg("rect", { x: x - s * 0.78, y: y - s * 0.78, width: s * 1.56, height: s * 1.56, rx: 2,
      transform: `rotate(45 ${x} ${y})`, fill: d.fill, stroke: "#0b3d1a", "stroke-width": 1.5 }));
  } else if (d.shape === "hole") {
    g.append(svg("circle", { cx: x, cy: y, r, fill: d.fill, stroke: "#c77dff", "stroke-width": 2 }));
  } else {
    const pts = [];
    for (let k = 0; k < 16; k++) {
      const rr = k % 2 ? r * 0.78 : r;
      const a = (k * Math.PI) / 8;
      pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
    }
    g.append(svg("polygon", { points: pts.join(" "), fill: d.fill, stroke: "#fff8", "stroke-width": 1 }));
  }
  g.append(label(x, y + r * 0.38, r * 1.05, "um-tok-t", d.short, { fill: d.ink }));
  return g;
}
