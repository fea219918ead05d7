// Universal Rule: the table as the players see it. Each player's galaxy of Planet Cards (the
// side up, with its cost, income, military, fleet and VP), credits, VP and hand; in the
// centre the Universal Rule card, the deck and the discard pile; the action panel with the
// five actions and the follow cost; the battle panel during an Attack; the Sneak Attack
// Victory and the set-up choice when they happen. Draws only what the observation holds.

import { el, svg, clickable, actionsWhere, seatName } from "../ui.js";

const ACTIONS = [
  ["explore", "Explore", "Pay 1, draw a card"],
  ["colonize", "Colonize", "Put a card from hand into play"],
  ["upgrade", "Upgrade", "Turn a planet to its upgraded side"],
  ["produce", "Produce", "Gain your planets' income"],
  ["attack", "Attack", "Battle an opponent's planet"],
];
const PHASE_TEXT = {
  keep: "Set-up: keep 2 of the 3 cards dealt, give up 1",
  choose: "Choose an action",
  follow_cost: "Set the follow cost",
  act: "Carry out the action",
  target: "Attack: choose the defending planet",
  instigate: "Attack: the Instigator may redirect the attack (pays the attacker 4)",
  commit: "Attack, fleet step: commit cards face down",
  funds: "Attack, funds step: commit credits and pick a side in secret",
  follow: "Follow step",
  free_explore: "Free Explores after a failed attack",
  end: "End of the turn",
  sneak: "Sneak Attack Victory: reveal cards from hand",
  counter: "Sneak Attack Victory: the others may reveal a larger fleet",
  over: "Game over",
};
const PENDING_TEXT = {
  thug_target: "choose the opponent the Thug collects from",
  hand_limit_discard: "discard a card down to the hand limit",
  sneak_attack_discard: "discard a card (the Sneak Attack was stopped)",
};
const HINTS = {
  give_up: "Click the card of your hand you give up (you keep the other two).",
  choose_action: "Choose your action in the action panel.",
  follow_cost: "Set the follow cost: click a coin.",
  follow: "Follow (pay the follow cost) or decline and gain 1 credit.",
  colonize: "Click the side of a card in your hand to put it into play.",
  upgrade: "Click one of your basic planets to upgrade it.",
  attacking_planet: "Click your attacking planet.",
  defending_planet: "Click the opponent's planet you attack.",
  instigate: "Click a planet to redirect the attack to it, or let the attack stand.",
  commit_card: "Click cards of your hand to commit them face down to the battle.",
  support_side: "Pick the side you support in the battle panel.",
  commit_credits: "Commit credits: click an amount in the battle panel.",
  thug_target: "Click the galaxy of the opponent the Thug collects from.",
  discard: "Click a card of your hand to discard it.",
  reveal: "Click cards of your hand to reveal them.",
};

let cssAdded = false;

function addCss() {
  if (cssAdded || document.querySelector("link[data-ur-css]")) { cssAdded = true; return; }
  document.head.append(el("link", { rel: "stylesheet", href: "/static/css/universal_rule.css", "data-ur-css": "" }));
  cssAdded = true;
}

const plural = (k, w) => `${k} ${w}${k === 1 ? "" : "s"}`;
const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : s;
const hue = (id) => (id * 67 + 200) % 360;

// Small icons ---------------------------------------------------------------------------------

function icon(name, cls = "") {
  const box = { viewBox: "0 0 16 16", class: `ur-icon ${cls}`, "aria-hidden": "true" };
  switch (name) {
    case "coin": return svg("svg", box, svg("circle", { cx: 8, cy: 8, r: 6.5, fill: "#f2c14e", stroke: "#8a6500", "stroke-width": 1.2 }),
      svg("circle", { cx: 8, cy: 8, r: 3.6, fill: "none", stroke: "#8a6500", "stroke-width": 1 }));
    case "shield": return svg("svg", box, svg("path", { d: "M8 1.5 14 4v4c0 3.6-2.6 5.8-6 6.8C4.6 13.8 2 11.6 2 8V4z", fill: "#e0605e", stroke: "#5a1010", "stroke-width": 1 }));
    case "star": return svg("svg", box, svg("path", { d: "M8 1.2 10 6h5.2l-4.2 3.2 1.6 5.1L8 11.2l-4.6 3.1L5 9.2.8 6H6z", fill: "#7be08f", stroke: "#14501f", "stroke-width": .8 }));
    case "wings": return svg("svg", box, svg("path", { d: "M8 11C6 6 3.5 4.5.8 4.5 2 8 4 10.5 8 11zm0 0c2-5 4.5-6.5 7.2-6.5C14 8 12 10.5 8 11z", fill: "#8fd6ff", stroke: "#0f4a6b", "stroke-width": .8 }));
    case "cards": return svg("svg", box, svg("rect", { x: 2, y: 3, width: 8, height: 11, rx: 1.5, fill: "#3a4590", stroke: "#aab4ff" }),
      svg("rect", { x: 6, y: 1.5, width: 8, height: 11, rx: 1.5, fill: "#2b3470", stroke: "#aab4ff" }));
    case "crown": return svg("svg", box, svg("path", { d: "M2 12 1 4l4 3 3-5 3 5 4-3-1 8z", fill: "#ffcf4d", stroke: "#7a5a00", "stroke-width": .8 }));
    case "explore": return svg("svg", box, svg("circle", { cx: 6.5, cy: 6.5, r: 4.3, fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
      svg("path", { d: "M9.7 9.7 14.5 14.5", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round" }));
    case "colonize": return svg("svg", box, svg("path", { d: "M4 15V1.5", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" }),
      svg("path", { d: "M4.8 2h9l-2.4 3 2.4 3h-9z", fill: "currentColor" }));
    case "upgrade": return svg("svg", box, svg("path", { d: "M8 1.5 14 8h-3.5v6.5h-5V8H2z", fill: "currentColor" }));
    case "produce": return svg("svg", box, svg("circle", { cx: 8, cy: 8, r: 6.5, fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
      svg("path", { d: "M8 4v8M5.5 6.2c0-1 1-1.6 2.5-1.6s2.5.6 2.5 1.6S9.4 7.6 8 8s-2.5.8-2.5 1.8 1 1.6 2.5 1.6 2.5-.6 2.5-1.6", fill: "none", stroke: "currentColor", "stroke-width": 1.3 }));
    case "attack": return svg("svg", box, svg("path", { d: "M2 2l9 9M14 2 5 11M3.5 10.5l2 2M12.5 10.5l-2 2M1.8 12.7l1.5 1.5M14.2 12.7l-1.5 1.5", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" }));
    default: return null;
  }
}

function stat(kind, value, label) {
  return el(`span.ur-stat.ur-s-${kind}`, { title: label }, icon({ inc: "coin", mil: "shield", vp: "star", flt: "wings" }[kind]), el("b", {}, value));
}

// Cards ---------------------------------------------------------------------------------------

function globe(id, upgraded) {
  const h = hue(id);
  return el(`div.ur-globe${upgraded ? ".ringed" : ""}`, {
    style: `--h:${h}; background: radial-gradient(circle at 35% 30%, hsl(${h} 80% 78%), hsl(${h} 60% 45%) 55%, hsl(${h} 65% 18%))`,
    "aria-hidden": "true",
  });
}

function sideStats(side) {
  return el("div.ur-stats", {},
    stat("inc", side.income, "Income"), stat("mil", side.military, "Military"),
    stat("vp", side.vp, "Victory Points"),
    side.fleet ? stat("flt", side.fleet, "Fleet (winged number)") : null);
}

/** The detail view's key of a planet (help.js adds the info button). */
const planetKey = (c) => `planet:${c.key}`;

/** A planet in play: the side up, with its counters. */
function planetCard(c, extra = {}) {
  const up = c.side === "upgraded";
  const side = c[c.side];
  const other = c[up ? "basic" : "upgraded"];
  const military = extra.military ?? side.military;
  const node = el(`div.ur-card.ur-planet.${up ? "upgraded" : "basic"}`, {
    dataset: { card: c.id, side: c.side, component: planetKey(c) },
    title: `${c.name}, ${c.side} side${side.ability ? ` — ${side.ability}: ${side.text}` : ""}`,
  },
  el("div.ur-card-head", {},
    el("span.ur-cost", { title: "Cost" }, side.cost),
    el("span.ur-name", {}, c.name),
    el("span.ur-level", { title: up ? "Upgraded side" : "Basic side" }, up ? "▲" : "★")),
  el("div.ur-art", {}, globe(c.id, up), el("span.ur-side-word", {}, up ? "Upgraded" : "Basic")),
  el("div.ur-stats", {},
    stat("inc", side.income, "Income"), stat("mil", military, "Military"),
    stat("vp", side.vp, "Victory Points"), side.fleet ? stat("flt", side.fleet, "Fleet (winged number)") : null),
  side.ability ? el("div.ur-ability", { title: side.text }, side.ability) : el("div.ur-ability.none", {}, "—"),
  c.counters || c.key === "wim_star" ? el("div.ur-counters", { title: "Counters (their VP)" }, `◆ ${c.counters || 0} VP`) : null,
  !up ? el("div.ur-next", { title: `Upgraded side: cost ${other.cost}, income ${other.income}, military ${other.military}, VP ${other.vp}` },
    `▲ ${other.cost}: ${other.income}/${other.military}/${other.vp} VP`) : null);
  return node;
}

/** A card in hand: both sides, as printed on the two halves of the card. */
function handCard(c, legal, mine) {
  const halves = ["basic", "upgraded"].map((name) => {
    const s = c[name];
    const half = el(`div.ur-half.${name}`, { dataset: { side: name }, title: s.ability ? `${s.ability}: ${s.text}` : `${cap(name)} side` },
      el("div.ur-half-head", {}, el("span.ur-cost", { title: "Cost" }, s.cost),
        el("span.ur-side-word", {}, name === "basic" ? "★ Basic" : "▲ Upgraded")),
      sideStats(s),
      s.ability ? el("div.ur-ability", {}, s.ability) : null);
    return half;
  });
  const node = el("div.ur-card.ur-handcard", { dataset: { card: c.id, component: planetKey(c) }, title: c.name },
    el("div.ur-card-head", {}, globe(c.id, false), el("span.ur-name", {}, c.name),
      el("span.ur-fleet", { title: "Fleet it brings to a battle from hand" }, icon("wings"), c.fleet_from_hand)),
    halves);
  if (mine && legal.length) {
    const forCard = legal.filter((a) => a.info.card === c.id);
    const colonize = forCard.filter((a) => a.info.kind === "colonize");
    const rest = forCard.filter((a) => a.info.kind !== "colonize");
    if (colonize.length && !rest.length) {
      halves.forEach((half) => clickable(half, colonize.filter((a) => a.info.side === half.dataset.side)));
      if (colonize.length) node.classList.add("ur-choosable");
    } else {
      clickable(node, forCard);
    }
  }
  return node;
}

function miniCard(c) {
  return el("div.ur-mini", { dataset: { card: c.id, component: planetKey(c) }, title: `${c.name}: fleet ${c.fleet_from_hand} from hand` },
    globe(c.id, false), el("span", {}, c.name), el("span.ur-fleet", {}, icon("wings"), c.fleet_from_hand));
}

function cardBacks(n, cls = "") {
  return el(`div.ur-backs${cls}`, { title: plural(n, "card") },
    Array.from({ length: Math.min(n, 6) }, () => el("div.ur-back")), n > 6 ? el("span", {}, `×${n}`) : null);
}

function coin(value, actions, extra = "") {
  return clickable(el(`div.ur-coin${extra}`, { dataset: { value } }, el("span", {}, value)), actions);
}

function decisionButton(a, cls = "") {
  return clickable(el(`button.ur-decision${cls}`, { type: "button", dataset: { kind: a.info.kind } }, a.label), [a]);
}

// Panels --------------------------------------------------------------------------------------

function who(ctx, q) {
  if (q === null || q === undefined || q < 0) return "–";
  return seatName(ctx, q) + (q === ctx.seat ? " (you)" : "");
}

function statusBar(o, ctx, legal) {
  const lines = [el("div.ur-title", {}, el("strong", {}, "Universal Rule"),
    ` · Turn ${o.turn} · Round ${o.round} · `, el("span.ur-target", {}, `${o.target_vp} VP to win`))];
  const phase = el("div.ur-phase", {}, PHASE_TEXT[o.phase] || o.phase);
  if (o.phase === "follow_cost" && o.max_follow_cost) phase.append(` (1–${o.max_follow_cost})`);
  const cp = o.current_player;
  if (cp !== null && cp !== undefined && cp >= 0 && o.phase !== "over") phase.append(" · to act: ", el("b", {}, who(ctx, cp)));
  lines.push(phase);
  if (o.pending) {
    lines.push(el("div.ur-pending", { role: "status" },
      `⚠ ${who(ctx, o.pending.seat)} must ${PENDING_TEXT[o.pending.decision] || o.pending.decision.replaceAll("_", " ")}`));
  }
  if (legal.length) {
    const kinds = [...new Set(legal.map((a) => a.info.kind))].filter((k) => k !== "pass");
    const hint = kinds.map((k) => HINTS[k]).filter(Boolean).join(" ");
    if (hint) lines.push(el("div.ur-hint", {}, "Your move: ", hint));
  }
  return el("div.ur-status", {}, lines);
}

function centre(o, ctx) {
  const holder = o.universal_rule;
  const ur = el(`div.ur-rulecard${holder === null ? ".centre" : ".held"}`, { dataset: { component: "scoring_card:universal_rule" }, title: `The Universal Rule card: ${o.universal_rule_vp} VP to its holder` },
    icon("crown", "big"), el("div.ur-rule-name", {}, "Universal Rule"), el("div.ur-rule-vp", {}, `${o.universal_rule_vp} VP`),
    el("div.ur-rule-holder", {}, holder === null ? "In the centre" : `Held by ${who(ctx, holder)}`));
  const deck = el("div.ur-pile.ur-deck", { title: "Deck" },
    el("div.ur-stack", {}, o.deck ? el("div.ur-back.big") : el("div.ur-empty", {}, "empty")),
    el("div.ur-pile-label", {}, "Deck ", el("b", {}, o.deck)));
  const top = o.discard.length ? o.discard[o.discard.length - 1] : null;
  const discard = el("div.ur-pile.ur-discard", { title: "Discard pile" },
    el("div.ur-stack", {}, top ? el("div.ur-disc-top", { dataset: { card: top.id, component: planetKey(top) } }, globe(top.id, false), el("span", {}, top.name))
      : el("div.ur-empty", {}, "empty")),
    el("div.ur-pile-label", {}, "Discard ", el("b", {}, o.discard.length)),
    o.discard.length > 1 ? el("details.ur-disc-list", {}, el("summary", {}, "all"),
      el("ul", {}, o.discard.map((c) => el("li", { dataset: { component: planetKey(c) } }, c.name)))) : null);
  return el("div.ur-centre", {}, ur, deck, discard,
    o.removed ? el("div.ur-removed", { title: "Edge of War: planets removed unseen" }, `${o.removed} removed unseen`) : null);
}

function actionPanel(o, ctx, legal) {
  const choose = actionsWhere(legal, { kind: "choose_action" });
  const tiles = ACTIONS.map(([key, label, blurb]) => {
    const acts = choose.filter((a) => a.info.action === key);
    const chosen = o.action === key;
    const tile = el(`div.ur-action${chosen ? ".chosen" : ""}${choose.length && !acts.length ? ".unavailable" : ""}`,
      { dataset: { action: key } }, icon(key, "act"), el("span.ur-action-name", {}, label), el("small", {}, blurb));
    return clickable(tile, acts);
  });
  const parts = [el("div.ur-actions", {}, tiles)];
  // Follow cost: the coins to choose from, or the one set.
  const costActs = actionsWhere(legal, { kind: "follow_cost" });
  if (costActs.length) {
    parts.push(el("div.ur-row.ur-costs", {}, el("span.ur-row-label", {}, "Follow cost"),
      costActs.map((a) => coin(a.info.cost, [a]))));
  } else if (o.follow_cost && o.action && o.action !== "attack") {
    parts.push(el("div.ur-row.ur-costs", {}, el("span.ur-row-label", {}, "Follow cost"), coin(o.follow_cost, [], ".set"),
      ["act", "follow"].includes(o.phase)
        ? el("span.muted", {}, `Others may follow ${cap(o.action)} for ${plural(o.follow_cost, "credit")}, or take 1 credit.`) : null));
  }
  // The follow decision, and any "no thanks" that has no other panel.
  const extra = actionsWhere(legal, (a) => a.info.kind === "follow" ||
    (a.info.kind === "pass" && !o.battle && !o.sneak_attack));
  if (extra.length) parts.push(el("div.ur-row.ur-follow", {}, extra.map((a) => decisionButton(a, a.info.kind === "follow" ? ".go" : ""))));
  const head = o.active !== null && o.active !== undefined && o.phase !== "keep" && o.phase !== "over"
    ? el("h3", {}, "Action of ", who(ctx, o.active), o.action ? el("span.ur-chosen-name", {}, ` · ${cap(o.action)}`) : null)
    : el("h3", {}, "Actions");
  return el("section.ur-panel.ur-action-panel", {}, head, parts);
}

function setupPanel(o, ctx) {
  const su = o.setup;
  return el("section.ur-panel.ur-setup", {}, el("h3", {}, "Set-up: keep 2 cards, give up 1"),
    el("div.ur-row", {}, su.chosen.map((done, q) => el(`span.ur-chip${done ? ".done" : ""}`, {}, `${who(ctx, q)} ${done ? "✓ chosen" : "… choosing"}`))),
    su.gave_up ? el("div.ur-row", {}, "You gave up: ", miniCard(su.gave_up), el("span.muted", {}, "(shuffled into the deck)")) : null);
}

function battlePanel(o, ctx, legal) {
  const b = o.battle;
  const att = b.attacker;
  const dfn = b.defender;
  const sideActs = actionsWhere(legal, { kind: "support_side" });
  const sideBox = (side, title, seat, planet) => {
    const box = el(`div.ur-side.ur-${side}`, { dataset: { side } },
      el("div.ur-side-title", {}, title),
      el("div.ur-side-who", {}, seat === null || seat === undefined ? "not chosen yet" : who(ctx, seat)),
      planet ? planetCard(planet, { military: planet.military }) : el("div.ur-card.ur-placeholder", {}, el("span", {}, "?")),
      planet ? el("div.ur-side-mil", {}, "Military ", el("b", {}, planet.military)) : null);
    const acts = sideActs.filter((a) => a.info.side === side);
    if (acts.length) box.append(el("div.ur-side-pick", {}, "Support this side"));
    return clickable(box, acts);
  };
  const rows = b.cards_committed.map((count, q) => {
    const role = q === att ? "attacker" : q === dfn ? "defender" : "supporter";
    const chosen = b.funds_chosen[q];
    return el(`tr${q === ctx.seat ? ".me" : ""}`, { dataset: { seat: q } },
      el("td", {}, who(ctx, q)), el("td", {}, role),
      el("td", {}, count ? cardBacks(count, ".small") : el("span.muted", {}, "none"), el("span.ur-count", {}, ` ${count}`)),
      el("td", {}, chosen ? el("span.ur-ok", {}, "✓ chosen") : el("span.muted", {}, "… not yet")));
  });
  const parts = [
    el("div.ur-versus", {}, sideBox("attack", "Attacking side", att, b.attacking_planet), el("div.ur-vs", {}, "VS"),
      sideBox("defence", "Defending side", dfn, b.defending_planet)),
    el("div.ur-table-wrap", {}, el("table.ur-battle-table", {},
      el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", {}, "Role"), el("th", {}, "Cards face down"), el("th", {}, "Funds"))),
      el("tbody", {}, rows))),
  ];
  if ("my_cards" in b) {
    parts.push(el("div.ur-secret", {}, el("span.ur-row-label", {}, "Your secret choices"),
      el("span", {}, "Side: ", el("b", {}, b.my_side ?? "not chosen")),
      el("span", {}, "Credits: ", el("b", {}, b.my_credits ?? "not chosen")),
      b.my_fleet_capacity !== undefined && b.my_fleet_capacity !== null ? el("span", {}, "Fleet capacity: ", el("b", {}, b.my_fleet_capacity)) : null,
      el("span.ur-my-cards", {}, "Cards: ", b.my_cards.length ? b.my_cards.map(miniCard) : el("b", {}, "none"))));
  }
  const credits = actionsWhere(legal, { kind: "commit_credits" });
  if (credits.length) {
    parts.push(el("div.ur-row.ur-credit-choice", {}, el("span.ur-row-label", {}, "Commit credits"),
      el("div.ur-coins", {}, credits.map((a) => coin(a.info.credits, [a])))));
  }
  const others = actionsWhere(legal, (a) => a.info.kind === "pass");
  if (others.length) parts.push(el("div.ur-row", {}, others.map((a) => decisionButton(a))));
  return el("section.ur-panel.ur-battle", {}, el("h3", {}, icon("attack", "act"), " Battle"), parts);
}

function sneakPanel(o, ctx, legal) {
  const sa = o.sneak_attack;
  const rows = sa.shown.map((cards, q) => {
    const fleet = cards.reduce((t, c) => t + c.fleet_from_hand, 0);
    return el("div.ur-row", { dataset: { seat: q } }, el("span.ur-row-label", {}, who(ctx, q)),
      cards.length ? cards.map(miniCard) : el("span.muted", {}, "nothing shown"),
      cards.length ? el("b", {}, ` = fleet ${fleet}`) : null);
  });
  const passes = actionsWhere(legal, { kind: "pass" });
  return el("section.ur-panel.ur-sneak", {}, el("h3", {}, "Sneak Attack Victory"),
    el("div", {}, "Attempt by ", el("b", {}, who(ctx, sa.seat)), " · fleet ", el("b", {}, sa.fleet)),
    rows, passes.length ? el("div.ur-row", {}, passes.map((a) => decisionButton(a))) : null);
}

function galaxy(o, ctx, legal, q) {
  const pv = o.players_view[q];
  const me = q === ctx.seat;
  const badges = [];
  if (q === o.active && o.phase !== "keep" && o.phase !== "over") badges.push(el("span.ur-badge.active", {}, "Active player"));
  if (q === o.current_player && o.phase !== "over") badges.push(el("span.ur-badge.tomove", {}, "▶ to act"));
  if (q === o.first_player) badges.push(el("span.ur-badge.first", {}, "First player"));
  if (pv.holds_universal_rule) badges.push(el("span.ur-badge.rule", { title: `Holds the Universal Rule card (${o.universal_rule_vp} VP)` }, icon("crown"), "Universal Rule"));
  const head = el("div.ur-ghead", {},
    el("span.ur-gname", {}, who(ctx, q)), badges,
    el("span.ur-gstats", {},
      el(`span.ur-vp${pv.vp >= o.target_vp ? ".full" : ""}`, { title: "Victory Points / VP to win" }, icon("star"), el("b", {}, pv.vp), `/${o.target_vp} VP`),
      el(`span.ur-credits${pv.credits >= pv.credit_limit ? ".full" : ""}`, { title: "Credits / credit limit" }, icon("coin"), el("b", {}, pv.credits), `/${pv.credit_limit}`),
      el(`span.ur-handcount${pv.hand_size >= pv.hand_limit ? ".full" : ""}`, { title: "Cards in hand / hand limit" }, icon("cards"), el("b", {}, pv.hand_size), `/${pv.hand_limit}`)));
  const planets = pv.planets.map((c) => {
    const node = planetCard(c);
    clickable(node, legal.filter((a) => a.info.card === c.id &&
      ["upgrade", "attacking_planet", "defending_planet", "instigate"].includes(a.info.kind)));
    return node;
  });
  const section = el(`section.ur-galaxy${me ? ".me" : ""}${q === o.current_player && o.phase !== "over" ? ".tomove" : ""}`, { dataset: { seat: q } },
    head);
  const zones = el("div.ur-zones", {}, el("div.ur-zone", {}, el("div.ur-zone-label", {}, "Galaxy"),
    el("div.ur-planets", {}, planets.length ? planets : el("div.ur-none", {}, "No planets in play"))));
  section.append(zones);
  if (pv.hand) {
    zones.append(el("div.ur-zone.ur-hand-zone", {}, el("div.ur-zone-label", {}, "Your hand"),
      el("div.ur-hand", {}, pv.hand.length ? pv.hand.map((c) => handCard(c, legal, me)) : el("div.ur-none", {}, "Empty hand"))));
  } else {
    const known = pv.known_hand || [];
    const hidden = pv.hand_size - known.length;
    section.append(el("div.ur-row.ur-opp-hand", {}, el("span.ur-row-label", {}, "Hand"),
      known.map(miniCard), hidden ? cardBacks(hidden) : null, !pv.hand_size ? el("span.muted", {}, "empty") : null));
  }
  const thug = actionsWhere(legal, { kind: "thug_target", seat: q });
  if (thug.length) clickable(head, thug);
  return section;
}

// The board -----------------------------------------------------------------------------------

export function render(root, ctx) {
  addCss();
  const o = ctx.observation;
  root.classList.add("ur-board");
  if (!o || !o.players_view) { root.append(el("p.muted", {}, "Waiting for the game…")); return; }
  const legal = ctx.replay ? [] : (ctx.legal || []);
  const n = o.players_view.length;
  const seat = ctx.seat !== null && ctx.seat !== undefined && ctx.seat >= 0 && ctx.seat < n ? ctx.seat : null;
  const focus = seat ?? (o.active !== null && o.active !== undefined && o.active >= 0 ? o.active : 0);
  const order = Array.from({ length: n }, (_, k) => (focus + k) % n);
  const opponents = seat === null ? order : order.slice(1);
  const parts = [
    statusBar(o, ctx, legal),
    el("div.ur-opponents", {}, opponents.map((q) => galaxy(o, ctx, legal, q))),
    el("div.ur-middle", {}, centre(o, ctx), actionPanel(o, ctx, legal)),
    o.setup ? setupPanel(o, ctx) : null,
    o.battle ? battlePanel(o, ctx, legal) : null,
    o.sneak_attack ? sneakPanel(o, ctx, legal) : null,
    seat !== null ? galaxy(o, ctx, legal, seat) : null];
  root.append(...parts.filter(Boolean));
}
