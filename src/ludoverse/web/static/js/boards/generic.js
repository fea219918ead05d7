// A plain view of any observation, used when a game has no board of its own (or it failed).

import { el, fmt } from "../ui.js";

export function render(root, ctx) {
  root.append(el("div.generic", {}, tree(ctx.observation)));
}

function tree(x) {
  if (x && typeof x === "object" && !Array.isArray(x)) {
    return el("dl", {}, Object.entries(x).filter(([k]) => k !== "legal_actions").flatMap(([k, v]) => [el("dt", {}, k.replaceAll("_", " ")), el("dd", {}, tree(v))]));
  }
  if (Array.isArray(x) && x.some((v) => v && typeof v === "object")) return el("ol", {}, x.map((v) => el("li", {}, tree(v))));
  return fmt(x);
}
