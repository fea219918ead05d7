// Rule options: a form built from the game's JSON schema, and a summary of a table's choices.

import { el } from "./ui.js";

/** Inputs for every option of game `g` (enums: selects, booleans: checkboxes, numbers). */
export function renderForm(g) {
  const props = g.options.properties || {};
  const inputs = {};
  const presets = Object.keys(g.presets || {});
  const rows = [];
  if (presets.length) {
    const p = el("select", { name: "preset", "aria-label": "Preset" }, el("option", { value: "" }, "rulebook (default)"),
      presets.map((name) => el("option", { value: name }, name.replaceAll("_", " "))));
    inputs.preset = { read: () => p.value || undefined, node: p };
    rows.push(el("label.option", {}, el("span", {}, "Preset"), p));
  }
  for (const [name, spec] of Object.entries(props)) {
    const s = resolve(spec, g.options);
    let input;
    if (s.enum) {
      input = el("select", { name }, s.enum.map((v) => el("option", { value: v, selected: v === s.default }, String(v).replaceAll("_", " "))));
      inputs[name] = { read: () => (input.value === String(s.default) ? undefined : coerce(input.value, s)) };
    } else if (s.type === "boolean") {
      input = el("input", { type: "checkbox", name, checked: !!s.default });
      inputs[name] = { read: () => (input.checked === !!s.default ? undefined : input.checked) };
    } else if (s.type === "integer" || s.type === "number") {
      input = el("input", { type: "number", name, value: s.default ?? "", min: s.minimum, max: s.maximum, step: s.type === "integer" ? 1 : "any" });
      inputs[name] = { read: () => (input.value === "" || Number(input.value) === s.default ? undefined : Number(input.value)) };
    } else continue;  // lists and objects: only through the API
    rows.push(el("label.option", { title: s.description || "" }, el("span", {}, s.title || name), input,
      s.description ? el("small", {}, s.description) : null));
  }
  return {
    node: el("div.option-form", {}, rows),
    values() {
      const out = {};
      for (const [k, v] of Object.entries(inputs)) { const x = v.read(); if (x !== undefined) out[k] = x; }
      return out;
    },
  };
}

function resolve(spec, root) {
  const ref = spec.$ref || spec.allOf?.[0]?.$ref;
  if (!ref) return spec;
  const target = ref.split("/").slice(1).reduce((o, k) => o?.[k], root) || {};
  return { ...target, ...spec };
}

function coerce(value, s) {
  const typed = s.enum.find((v) => String(v) === value);
  return typed === undefined ? value : typed;
}

/** The options that differ from the rulebook's reading, in words. */
export function optionSummary(g, options) {
  const props = g.options.properties || {};
  const changed = Object.entries(options || {}).filter(([k, v]) => props[k] && JSON.stringify(resolve(props[k], g.options).default) !== JSON.stringify(v));
  if (!changed.length) return el("p", {}, "Rulebook rules (no options changed).");
  return el("ul.options-used", {}, changed.map(([k, v]) => el("li", {}, `${resolve(props[k], g.options).title || k}: ${String(v).replaceAll("_", " ")}`)));
}
