// ULTIA's board: a card table for three. The player sits at the bottom; the seat to their
// right (seat + 1, where play goes next) sits top right, the other top left. In the middle:
// the current trick laid out by seat, trump, the face-down cards and the Exploration Plan;
// around it the Plan Declaration panel (bidding), the last trick, the Progress Meter and the
// years played. Everything comes from the observation; clicks go through clickable().

import { el, svg, clickable, actionsWhere, seatName } from "../ui.js";

const SUITS = {
  D: { name: "Drills", one: "Drill", cls: "drills" },
  S: { name: "Scanners", one: "Scanner", cls: "scanners" },
  P: { name: "Probes", one: "Probe", cls: "probes" },
  B: { name: "Beacons", one: "Beacon", cls: "beacons" },
};
const LETTER_OF = { Drills: "D", Scanners: "S", Probes: "P", Beacons: "B" };
const ORDER = "DSPB";

const PHASE_TEXT = {
  bidding: "Plan Declaration: pass or take the face-down cards",
  declare_plan: "Plan Declaration: declare an Exploration Plan",
  bid_trump: "Plan Declaration: name trump for the plan",
  discard: "Plan Declaration: lay two cards face down",
  name_trump: "Exploration: the Main Surveyor names trump",
  reveal: "Exploration: showing cards",
  trick: "Exploration: trick play",
  rock_paper_scissors: "Tie-break: rock-paper-scissors",
  over: "Game over",
};
const BIDDING_PHASES = ["bidding", "declare_plan", "bid_trump", "discard"];
const TRUMP_TIMING = { exploration: "Main Surveyor names trump", bid: "trump named with the bid", none: "no trump" };

// The shipped plans (data/plans.toml, and the two no-trump plans that only the
// plan_list=with_no_trump option's list adds), for names and texts the observation gives
// only as ids. Names and values seen in the legal "declare" actions take precedence, so a
// table playing another plan list still shows its own names.
const PLANS = {
  survey: {"name": "Survey","progress": 10,"trump": "exploration","description": "Win at least 5 of the 10 tricks.","conditions": {"tricks_min": 5}},
  last_light: {"name": "Last Light","progress": 11,"trump": "exploration","description": "Win the last trick and at least 5 tricks in all.","conditions": {"tricks_min": 5,"win_tricks": [10]}},
  first_light: {"name": "First Light","progress": 12,"trump": "exploration","description": "Win the first trick and at least 5 tricks in all.","conditions": {"tricks_min": 5,"win_tricks": [1]}},
  core_sample: {"name": "Core Sample","progress": 13,"trump": "exploration","description": "Win at least 4 cards of rank 7 or 8.","conditions": {"high_cards": {"rank_min": 7,"count": 4}}},
  ultia: {"name": "ULTIA","progress": 14,"trump": "bid","description": "Win the last trick with the 1 of trumps; trump named while bidding.","conditions": {"last_trick_card": {"rank": 1}}},
  deep_survey: {"name": "Deep Survey","progress": 15,"trump": "exploration","description": "Win at least 6 tricks.","conditions": {"tricks_min": 6}},
  declared_survey: {"name": "Declared Survey","progress": 16,"trump": "bid","description": "Win at least 6 tricks, with the trump suit named while bidding.","conditions": {"tricks_min": 6}},
  ultia_survey: {"name": "ULTIA Survey","progress": 17,"trump": "bid","description": "Win at least 5 tricks and the last trick with the 1 of trumps; trump named while bidding.","conditions": {"tricks_min": 5,"last_trick_card": {"rank": 1}}},
  rich_vein: {"name": "Rich Vein","progress": 18,"trump": "exploration","description": "Win at least 5 cards of rank 7 or 8 (the rulebook's example plan).","conditions": {"high_cards": {"rank_min": 7,"count": 5}}},
  tool_harvest: {"name": "Tool Harvest","progress": 19,"trump": "exploration","description": "Win at least 6 of the 8 trump cards.","conditions": {"trumps_won_min": 6}},
  dawn_to_dusk: {"name": "Dawn to Dusk","progress": 20,"trump": "exploration","description": "Win the first and the last trick and at least 6 tricks in all.","conditions": {"tricks_min": 6,"win_tricks": [1,10]}},
  heavy_elements: {"name": "Heavy Elements","progress": 21,"trump": "exploration","description": "Win cards whose ranks add up to at least 80 (of 144).","conditions": {"points_min": 80}},
  scouted_expedition: {"name": "Scouted Expedition","progress": 24,"trump": "exploration","description": "Win at least 7 tricks; before play each Sub Surveyor shows 2 cards of their choice.","conditions": {"tricks_min": 7},"reveal": {"who": "subs","cards": "choose","count": 2}},
  expedition: {"name": "Expedition","progress": 25,"trump": "exploration","description": "Win at least 7 tricks.","conditions": {"tricks_min": 7}},
  mother_lode: {"name": "Mother Lode","progress": 27,"trump": "exploration","description": "Win at least 6 of the 8 cards of rank 7 or 8.","conditions": {"high_cards": {"rank_min": 7,"count": 6}}},
  grand_expedition: {"name": "Grand Expedition","progress": 61,"trump": "exploration","description": "Win at least 8 tricks.","conditions": {"tricks_min": 8}},
  open_expedition: {"name": "Open Expedition","progress": 62,"trump": "exploration","description": "Win at least 8 tricks after showing all your trumps.","conditions": {"tricks_min": 8},"reveal": {"who": "main","cards": "trumps"}},
  silent_running: {"name": "Silent Running","progress": 72,"trump": "none","description": "Win no trick at all. No trump this round.","conditions": {"tricks_max": 0}},
  open_silent_running: {"name": "Open Silent Running","progress": 83,"trump": "none","description": "Win no trick, with your whole hand shown to everyone before play. No trump.","conditions": {"tricks_max": 0},"reveal": {"who": "main","cards": "hand"}},
  full_sweep: {"name": "Full Sweep","progress": 90,"trump": "exploration","description": "Win every trick (the rulebook's example plan).","conditions": {"tricks_min": 10}},
  open_sweep: {"name": "Open Sweep","progress": 100,"trump": "exploration","description": "Win every trick with your whole hand shown before play.","conditions": {"tricks_min": 10},"reveal": {"who": "main","cards": "hand"}},
};
const learned = {};

function plan(id) {
  if (id === null || id === undefined) return null;
  const d = PLANS[id] || {};
  const l = learned[id] || {};
  return { id, ...d, name: l.name || d.name || id.replaceAll("_", " "), progress: l.progress ?? d.progress };
}

// A declaration's plan, as its label names it. The action's info describes the standard
// list, so on a table playing another list (plan_list=with_no_trump) its plan_id and progress
// can be another plan's: the label, written by the table's own state, is the one to trust.
function declared(a) {
  const m = a.label.match(/^Declare (.*) \((\d+(?:\.\d+)?)%\)$/);
  if (!m) return { id: a.info.plan_id || null, name: a.info.plan_id, progress: a.info.progress };
  const byName = Object.keys(PLANS).find((id) => PLANS[id].name === m[1]);
  return { id: byName || a.info.plan_id || null, name: m[1], progress: +m[2] };
}

function learn(legal) {
  for (const a of legal) {
    if (a.info.kind !== "declare") continue;
    const d = declared(a);
    if (d.id) learned[d.id] = { name: d.name, progress: d.progress };
  }
}

// Pieces -------------------------------------------------------------------------------------

const ICONS = {
  D: () => [svg("path", { d: "M9.5 1h5v5h-5z M7.5 7h9v7.5L12 23l-4.5-8.5z" }),
    svg("path", { d: "M7.5 10.5l9-3 M7.5 14.5l9-3 M9.5 18l5-2", class: "groove" })],
  S: () => [svg("circle", { cx: 12, cy: 12, r: 9, fill: "none", "stroke-width": 2.2 }),
    svg("circle", { cx: 12, cy: 12, r: 4.5, fill: "none", "stroke-width": 2 }),
    svg("path", { d: "M12 12 L19 5", "stroke-width": 2.4 }), svg("circle", { cx: 12, cy: 12, r: 1.8 })],
  P: () => [svg("path", { d: "M12 1.5 C16 5 17 10 16 15 L19 20 L15 19 L12 22.5 L9 19 L5 20 L8 15 C7 10 8 5 12 1.5 Z" }),
    svg("circle", { cx: 12, cy: 10, r: 2.4, class: "window" })],
  B: () => svg("path", { d: "M12 1 L14.2 9.8 L23 12 L14.2 14.2 L12 23 L9.8 14.2 L1 12 L9.8 9.8 Z" }),
};

function suitIcon(letter, cls = "suit-icon") {
  return svg("svg", { viewBox: "0 0 24 24", class: `${cls} s-${letter}`, "aria-hidden": "true" }, ICONS[letter]());
}

function cardName(code) { return `${SUITS[code[0]].one} ${code[1]}`; }

function card(code, { trump = null, small = false, cls = "" } = {}) {
  const s = code[0];
  const classes = ["ucard", `s-${s}`];
  if (small) classes.push("small");
  if (s === trump) classes.push("trump");
  if (cls) classes.push(cls);
  return el(`div.${classes.join(".")}`, { dataset: { card: code }, "aria-label": cardName(code), title: cardName(code) + (s === trump ? " (trump)" : "") },
    el("span.corner", {}, el("b", {}, code[1]), suitIcon(s, "pip")),
    suitIcon(s, "suit-icon big"),
    el("span.corner.flip", {}, el("b", {}, code[1])));
}

function back({ small = false } = {}) {
  return el(`div.ucard.back${small ? ".small" : ""}`, { "aria-hidden": "true" });
}

function backs(n, opts = {}) {
  return el("div.fan", { dataset: { count: n } }, Array.from({ length: n }, () => back(opts)));
}

function suitToken(letter, extra = "") {
  return el(`div.suit-token.s-${letter}${extra}`, { dataset: { suit: SUITS[letter].name } }, suitIcon(letter), el("span", {}, SUITS[letter].name));
}

const sortHand = (codes, trump) => [...codes].sort((a, b) =>
  ((a[0] !== trump) - (b[0] !== trump)) || (ORDER.indexOf(a[0]) - ORDER.indexOf(b[0])) || (a[1] - b[1]));

/** Index in the trick of the card winning so far: highest trump, else highest of the suit led. */
function winningIndex(trick, trump) {
  if (!trick.length) return null;
  const lead = trick[0][1][0];
  let best = 0;
  trick.forEach(([, c], i) => {
    const b = trick[best][1];
    if ((c[0] === trump && b[0] !== trump) || (c[0] === b[0] && c[1] > b[1] && (c[0] === lead || c[0] === trump))) best = i;
  });
  return best;
}

// The board ----------------------------------------------------------------------------------

export function render(root, ctx) {
  if (!document.querySelector("link[data-ultia-css]")) {
    document.head.append(el("link", { rel: "stylesheet", href: "/static/css/ultia.css", "data-ultia-css": "" }));
  }
  const obs = ctx.observation;
  if (!obs) { root.append(el("p.muted", {}, "Waiting for the deal…")); return; }
  learn(ctx.legal || []);
  const legal = ctx.replay ? [] : (ctx.legal || []);
  const me = ctx.seat ?? 0;
  const n = obs.players || 3;
  const trump = obs.trump ? LETTER_OF[obs.trump] : null;
  const name = (p) => (p === ctx.seat ? `${seatName(ctx, p)} (you)` : seatName(ctx, p));
  const bidding = BIDDING_PHASES.includes(obs.phase);
  const ended = obs.phase === "over" || obs.phase === "rock_paper_scissors";
  const g = { obs, ctx, legal, me, n, trump, name, bidding, ended };

  const left = (me + 2) % n;
  const right = (me + 1) % n;
  const box = el("div.ultia", { dataset: { phase: obs.phase } },
    head(g),
    el("div.u-table", {},
      seatBox(g, left, "left"),
      centre(g),
      seatBox(g, right, "right"),
      seatBox(g, me, "me")),
    el("div.u-panels", {},
      bidding ? biddingPanel(g) : planPanel(g),
      obs.rock_paper_scissors ? rpsPanel(g) : null,
      progressPanel(g),
      lastTrickPanel(g),
      yearsPanel(g)));
  root.append(box);
}

function head({ obs, name }) {
  const cp = obs.current_player;
  return el("div.u-head", {},
    el("span.year", {}, `Year ${obs.round}`),
    el("span.phase", {}, PHASE_TEXT[obs.phase] || obs.phase.replaceAll("_", " ")),
    obs.phase !== "over" && cp !== null && cp >= 0 ? el("span.to-move", {}, `to act: ${name(cp)}`) : null,
    obs.phase === "over" && obs.winners ? el("span.winner", {}, `Winner: ${obs.winners.map(name).join(" and ")}`) : null);
}

function badges({ obs }, p) {
  const out = [];
  if (obs.main_surveyor === p) out.push(el("span.badge.main", { title: "Main Surveyor" }, "★ Main Surveyor"));
  else if (obs.main_surveyor !== null && obs.main_surveyor !== undefined) out.push(el("span.badge.sub", {}, "Sub Surveyor"));
  if (obs.dealer === p) out.push(el("span.badge.dealer", {}, "Dealer"));
  if (obs.bidding && obs.bidding.high_bidder === p && obs.main_surveyor === null) out.push(el("span.badge.high", {}, "High bid"));
  if ((obs.bidding?.out || []).includes(p)) out.push(el("span.badge.out", {}, "out of bidding"));
  if ((obs.overwork || []).includes(p)) out.push(el("span.badge.overwork", {}, "Overwork"));
  return out;
}

function seatBox(g, p, where) {
  const { obs, legal, trump, name, ended } = g;
  const turn = obs.current_player === p && obs.phase !== "over";
  const shown = (obs.revealed && obs.revealed[p]) || [];
  const parts = [
    el("div.u-name", {}, el("strong", {}, name(p)), turn ? el("span.turn-dot", { title: "to act" }, "▶") : null, badges(g, p)),
  ];
  if (where === "me" && obs.hand) {
    const hand = sortHand(obs.hand, trump);
    const handBox = el("div.hand", { id: "u-hand", dataset: { count: hand.length } });
    let prev = null;
    for (const code of hand) {
      const c = card(code, { trump, cls: prev && prev !== code[0] ? "gap" : "" });
      prev = code[0];
      if (shown.includes(code)) c.classList.add("shown");
      clickable(c, actionsWhere(legal, (a) => a.info.card === code && ["play", "discard", "reveal"].includes(a.info.kind)));
      handBox.append(c);
    }
    if (!hand.length) handBox.append(el("span.muted", {}, ended ? "" : "No cards in hand"));
    parts.push(handBox);
  } else {
    const count = obs.hand_sizes[p];
    parts.push(el("div.held", {}, backs(count, { small: where !== "me" }),
      el("span.u-count", { dataset: { seat: p } }, `${count} card${count === 1 ? "" : "s"}`)));
  }
  if (shown.length && where !== "me") {
    parts.push(el("div.shown-cards", {}, el("span.label", {}, "Shown:"), shown.map((c) => card(c, { trump, small: true }))));
  } else if (shown.length) {
    parts.push(el("div.shown-cards", {}, el("span.label", {}, "Cards marked \u201cshown\u201d are known to everyone.")));
  }
  if (where === "me" && obs.my_face_down && obs.my_face_down.length) {
    parts.push(el("div.my-face-down", {}, el("span.label", {}, "Your cards lying face down:"),
      obs.my_face_down.map((c) => card(c, { trump, small: true, cls: "facedown-mine" }))));
  }
  const tricks = obs.tricks_won[p];
  parts.push(el("div.won", { dataset: { seat: p } },
    el("div.pile", {}, Array.from({ length: Math.min(tricks, 10) }, () => el("i"))),
    el("span.tricks", { dataset: { seat: p } }, `${tricks} trick${tricks === 1 ? "" : "s"} won`),
    meter(obs.progress[p], p === obs.main_surveyor, true)));
  return el(`div.u-seat.${where}${turn ? ".turn" : ""}`, { dataset: { seat: p } }, parts);
}

function centre(g) {
  const { obs, legal, trump, name, me, n } = g;
  // The trick, each card in front of its player.
  const slots = { left: null, right: null, me: null };
  const pos = (p) => (p === me ? "me" : p === (me + 1) % n ? "right" : "left");
  const best = winningIndex(obs.trick, trump);
  obs.trick.forEach(([p, c], i) => {
    const node = card(c, { trump, cls: i === best ? "winning" : "" });
    slots[pos(p)] = el("div", {}, node, i === 0 ? el("span.lead-tag", {}, "led") : null);
  });
  const trickArea = el("div.trick", { id: "u-trick", dataset: { cards: obs.trick.length } },
    ["left", "right", "me"].map((w) => el(`div.slot.${w}`, {}, slots[w] || el("div.ucard.empty"),
      el("small.slot-name", {}, name({ left: (me + 2) % n, right: (me + 1) % n, me }[w])))),
    el("div.trick-label", {},
      obs.trick_number ? `Trick ${obs.trick_number}/10` : "",
      obs.leader !== null && obs.leader !== undefined && !g.bidding && obs.phase !== "over"
        ? el("small", {}, `${name(obs.leader)} leads`) : null));

  // Trump: the named suit, or the four suits to choose from.
  const trumpActs = actionsWhere(legal, { kind: "trump" });
  let trumpBox;
  if (trumpActs.length) {
    trumpBox = el("div.trump-box.choosing", {}, el("h4", {}, "Name trump"),
      el("div.tokens", {}, trumpActs.map((a) => clickable(suitToken(LETTER_OF[a.info.suit]), [a]))));
  } else {
    const pl = plan(obs.plan);
    const bidTrump = obs.bidding?.trump ? LETTER_OF[obs.bidding.trump] : null;
    const t = trump || bidTrump;
    trumpBox = el("div.trump-box", { id: "u-trump", dataset: { trump: t ? SUITS[t].name : "" } }, el("h4", {}, "Trump"),
      t ? suitToken(t, ".named") : el("span.muted", {}, pl && pl.trump === "none" ? "none this year" : "not named yet"));
  }

  // The face-down cards in the middle of the table (the talon).
  const fd = obs.face_down || 0;
  const take = actionsWhere(legal, { kind: "take" });
  const pile = el("div.talon", { id: "u-talon", dataset: { count: fd } }, el("h4", {}, "Face-down cards"),
    fd ? backs(fd) : el("span.muted", {}, "none"));
  clickable(pile, take);
  return el("div.u-centre", {}, g.bidding ? null : trickArea, el("div.centre-side", {}, trumpBox, pile));
}

// The detail view's key of a plan (help.js adds the info button); none for an unknown slot.
const planKey = (id) => (/^[a-z][a-z0-9_]*$/.test(id || "") ? `plan:${id}` : null);

function planTile(pl, extra = {}) {
  const key = planKey(pl.id);
  return el("div.plan-tile", { dataset: key ? { plan: pl.id, component: key } : { plan: pl.id }, ...extra },
    el("div.plan-top", {}, el("span.plan-name", {}, pl.name), pl.progress !== undefined ? el("span.plan-value", {}, `${pl.progress}%`) : null),
    pl.description ? el("div.plan-desc", {}, pl.description) : null,
    el("div.plan-meta", {}, pl.trump ? TRUMP_TIMING[pl.trump] : "",
      pl.reveal ? ` · ${pl.reveal.who === "main" ? "Main Surveyor" : pl.reveal.who === "subs" ? "each Sub Surveyor" : "everyone"} shows ${pl.reveal.cards === "hand" ? "the whole hand" : pl.reveal.cards === "trumps" ? "all trumps" : `${pl.reveal.count} cards`}` : ""));
}

function biddingPanel(g) {
  const { obs, legal, name } = g;
  const b = obs.bidding;
  const high = plan(b.high_plan);
  const limit = obs.options?.bidding_end === "two_passes" ? 2 : 3;
  const passAct = actionsWhere(legal, { kind: "pass" });
  const takeAct = actionsWhere(legal, { kind: "take" });
  const declare = actionsWhere(legal, { kind: "declare" });
  const passes = el("div.passes", { title: "Passes in a row" }, "Passes in a row: ",
    Array.from({ length: limit }, (_, i) => el(`span.pass-pip${i < b.consecutive_passes ? ".on" : ""}`)),
    el("span.count", {}, ` ${b.consecutive_passes}`));
  const buttons = el("div.bid-buttons", {},
    clickable(el(`div.bid-piece.pass${passAct.length ? "" : ".inert"}`, { id: "u-pass" }, "Pass"), passAct),
    clickable(el(`div.bid-piece.take${takeAct.length ? "" : ".inert"}`, { id: "u-take" }, "Take the face-down cards"), takeAct));
  const standing = high
    ? el("div.high", { id: "u-high" }, el("h4", {}, "Standing plan"), planTile(high),
      el("p.by", {}, `by ${name(b.high_bidder)}`, b.trump ? el("span", {}, " · trump ", suitToken(LETTER_OF[b.trump], ".tiny")) : null))
    : el("div.high", { id: "u-high" }, el("p.muted", {}, "No plan declared yet: the dealer opens and may not pass."));
  const list = declare.length
    ? el("div.plan-list", { id: "u-plans" }, el("h4", {}, "Exploration Plan List: declare one"),
      el("div.plans", {}, declare.map((a) => clickable(planTile(plan(declared(a).id || `plan ${a.info.plan + 1}`)), [a]))))
    : null;
  const log = el("ol.bid-log", { id: "u-bidlog" }, b.log.map(([p, kind, id]) =>
    el(`li.${kind}`, {}, el("strong", {}, name(p)), ": ",
      kind === "declare" ? `declares ${plan(id).name}${plan(id).progress !== undefined ? ` (${plan(id).progress}%)` : ""}` : kind === "take" ? "takes the face-down cards" : kind)));
  return el("section.u-panel.bidding", {}, el("h3", {}, "Plan Declaration"),
    el("div.bid-grid", {}, standing, el("div.bid-side", {}, passes, buttons,
      el("details.bid-log-box", { open: true }, el("summary", {}, `Bidding log (${b.log.length})`), log))),
    list);
}

function conditionsStatus(pl, obs, main, trump) {
  const c = pl.conditions || {};
  const won = obs.won_cards[main] || [];
  const tricks = obs.tricks_won[main];
  const out = [];
  if (c.tricks_max === 0) out.push(`tricks won ${tricks} (must stay 0)`);
  else if (c.tricks_min !== undefined) out.push(`tricks ${tricks}/${c.tricks_min}`);
  if (c.win_tricks) out.push(`must win trick ${c.win_tricks.join(" & ")}`);
  if (c.high_cards) out.push(`rank ${c.high_cards.rank_min}+ cards ${won.filter((w) => +w[1] >= c.high_cards.rank_min).length}/${c.high_cards.count}`);
  if (c.points_min !== undefined) out.push(`points ${won.reduce((s, w) => s + +w[1], 0)}/${c.points_min}`);
  if (c.trumps_won_min !== undefined && trump) out.push(`trumps won ${won.filter((w) => w[0] === trump).length}/${c.trumps_won_min}`);
  if (c.last_trick_card) out.push(`last trick with the ${c.last_trick_card.rank} of trumps`);
  return out;
}

function planPanel(g) {
  const { obs, name, trump, ended } = g;
  const pl = plan(obs.plan);
  if (!pl) return null;
  const ow = (obs.overwork || []).length;
  const status = conditionsStatus(pl, obs, obs.main_surveyor, trump);
  return el("section.u-panel.plan", { id: "u-plan" }, el("h3", {}, "Exploration Plan"),
    el("div.plan-row", {}, planTile(pl),
      el("div.plan-info", {},
        el("p", {}, "Main Surveyor: ", el("strong", {}, name(obs.main_surveyor))),
        ow ? el("p.overwork", {}, `Overwork ×${2 ** ow}: ${pl.progress * 2 ** ow}% at stake`) : null,
        status.length && !ended ? el("ul.status", {}, status.map((s) => el("li", {}, s))) : null)));
}

function meter(value, main, mini = false) {
  const pct = Math.min(100, Math.max(0, value));
  return el(`div.meter${mini ? ".mini" : ""}${value >= 100 ? ".full" : ""}${main ? ".main" : ""}`, { title: `${value}%` },
    el("div.bar", {}, el("div.fill", { style: `width:${pct}%` }),
      mini ? null : [25, 50, 75].map((t) => el("i.tick", { style: `left:${t}%` }))),
    el("span.value", {}, `${+value.toFixed(1)}%${value > 100 ? "+" : ""}`));
}

function progressPanel(g) {
  const { obs, name, n } = g;
  return el("section.u-panel.progress", { id: "u-progress" }, el("h3", {}, "Progress Meter"),
    el("div.meters", {}, Array.from({ length: n }, (_, p) => el("div.meter-row", { dataset: { seat: p } },
      el("span.who", {}, name(p), obs.main_surveyor === p ? " ★" : ""), meter(obs.progress[p], obs.main_surveyor === p)))),
    el("div.goal", {}, "Goal: 100%"));
}

function lastTrickPanel(g) {
  const { obs, name, trump } = g;
  const lt = obs.last_trick;
  if (!lt || g.bidding) return null;
  return el("section.u-panel.last", { id: "u-last" }, el("h3", {}, "Last trick"),
    el("div.last-cards", {}, lt.cards.map((c, i) => {
      const p = (lt.leader + i) % g.n;
      return el(`div.last-card${p === lt.winner ? ".won" : ""}`, {}, card(c, { trump, small: true }), el("small", {}, name(p)));
    })),
    el("p.muted", {}, `${name(lt.leader)} led · ${name(lt.winner)} took it`));
}

function yearsPanel(g) {
  const { obs, name } = g;
  if (!obs.rounds || !obs.rounds.length) return null;
  return el("section.u-panel.years", {}, el("h3", {}, "Years"),
    el("table.years-table", {}, el("tr", {}, el("th", {}, "Year"), el("th", {}, "Main"), el("th", {}, "Plan"), el("th", {}, "Result"), el("th", {}, "Gains")),
      obs.rounds.slice(-5).map((r) => el("tr", {}, el("td", {}, r.round), el("td", {}, name(r.main)),
        el("td", { dataset: planKey(r.plan) ? { component: planKey(r.plan) } : {} }, `${plan(r.plan).name}${r.overwork ? ` ×${2 ** r.overwork}` : ""}`),
        el(`td.${r.success ? "ok" : "bad"}`, {}, r.success ? "succeeded" : "failed"),
        el("td", {}, r.gains.map((x) => `+${+x.toFixed(1)}`).join(" / "))))));
}

function rpsPanel(g) {
  const { obs, legal, name } = g;
  const r = obs.rock_paper_scissors;
  const acts = actionsWhere(legal, { kind: "rock_paper_scissors" });
  return el("section.u-panel.rps", { id: "u-rps" }, el("h3", {}, "Tie-break: rock-paper-scissors"),
    el("p", {}, `Throw ${r.throws + 1} · points: `, Object.entries(r.points).map(([p, v]) => `${name(+p)} ${v}`).join(", ")),
    r.chosen.length ? el("p.muted", {}, `Chosen: ${r.chosen.map(name).join(", ")}`) : null,
    obs.my_rps_choice ? el("p", {}, `Your secret choice: ${obs.my_rps_choice}`) : null,
    el("div.tokens", {}, acts.map((a) => clickable(el("div.rps-token", { dataset: { choice: a.info.choice } }, a.label), [a]))));
}
