// Small DOM helpers shared by the pages and the game boards.

/** el("div.card.red", {title: "x", onclick: f}, child, "text", ...) */
export function el(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const node = document.createElement(name || "div");
  if (classes.length) node.className = classes.join(" ");
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

const SVGNS = "http://www.w3.org/2000/svg";

/** svg("circle", {cx: 1, cy: 2, r: 3, class: "x"}, ...children) */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "text") node.textContent = v;
    else if (k === "style") setStyle(node, String(v));
    else node.setAttribute(k, v === true ? "" : String(v));
  }
}

// Styles go through the CSSOM, never a style attribute: the server's Content-Security-Policy
// allows no inline style (nor script).
function setStyle(node, text) {
  for (const rule of text.split(";")) {
    const at = rule.indexOf(":");
    if (at > 0) node.style.setProperty(rule.slice(0, at).trim(), rule.slice(at + 1).trim());
  }
}

function append(node, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** The legal actions whose info matches `pred` (a function or {kind, ...params}). */
export function actionsWhere(legal, pred) {
  const test = typeof pred === "function" ? pred
    : (a) => Object.entries(pred).every(([k, v]) => a.info[k] === v);
  return legal.filter(test);
}

/**
 * Make `node` a piece that plays the given legal actions when clicked: one action plays at
 * once, several open a chooser. Pieces with no action stay inert.
 */
export function clickable(node, actions) {
  if (!actions || !actions.length) return node;
  node.classList.add("playable");
  node.dataset.actions = actions.map((a) => a.id).join(",");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  const labels = actions.map((a) => a.label).join(" / ");
  if (!node.getAttribute("aria-label")) node.setAttribute("aria-label", labels);
  if (node.namespaceURI === SVGNS && !node.querySelector("title")) node.append(svg("title", {}, labels));
  else if (node.namespaceURI !== SVGNS && !node.title) node.title = labels;
  return node;
}

export function seatName(ctx, seat) {
  const s = ctx.table?.seats?.[seat];
  return s ? s.name : `Seat ${seat + 1}`;
}

export function fmt(x) {
  if (typeof x === "number") return Number.isInteger(x) ? String(x) : x.toFixed(1);
  if (Array.isArray(x)) return x.map(fmt).join(", ");
  if (x && typeof x === "object") return Object.entries(x).map(([k, v]) => `${k.replaceAll("_", " ")}: ${fmt(v)}`).join("; ");
  return x === null || x === undefined ? "–" : String(x);
}

/** Pieces marked by clickable(): one move plays at once, several open a chooser. */
export function wirePieces(root, legal, act) {
  for (const node of root.querySelectorAll("[data-actions]")) {
    const ids = node.dataset.actions.split(",").map(Number);
    const choose = () => {
      if (ids.length === 1) return act(ids[0]);
      const options = legal.filter((a) => ids.includes(a.id));
      const menu = el("div.chooser", { role: "menu" },
        options.map((a) => el("button", { role: "menuitem", "data-action": a.id, onclick: () => { menu.remove(); act(a.id); } }, a.label)),
        el("button.cancel", { onclick: () => menu.remove() }, "Cancel"));
      document.querySelectorAll(".chooser").forEach((m) => m.remove());
      document.body.append(menu);
      menu.querySelector("button").focus();
    };
    node.addEventListener("click", (ev) => { ev.stopPropagation(); choose(); });
    node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(); } });
  }
}
