// Every element of the board lies within the screen's width, and no scrolling box hides part
// of it: what the page would need to scroll sideways to show is "cut off". Returns up to 8
// problems, each naming the element.
() => {
  const W = document.documentElement.clientWidth;
  const bad = [];
  const name = (n) => n.tagName.toLowerCase() + (n.id ? "#" + n.id : "")
    + (typeof n.className === "string" && n.className ? "." + n.className.trim().split(/\s+/).join(".") : "");
  if (document.documentElement.scrollWidth > W) bad.push(`page is ${document.documentElement.scrollWidth} px wide`);
  for (const n of document.querySelectorAll("#board *")) {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.left < -0.5 || r.right > W + 0.5) { bad.push(`${name(n)} spans ${r.left | 0}..${r.right | 0}`); continue; }
    for (let a = n.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === "visible") { if (a.id === "board") break; continue; }
      const box = a.getBoundingClientRect();
      if (r.right > box.right + 0.5 || r.left < box.left - 0.5) {
        bad.push(`${name(n)} is cut off by ${name(a)} (${r.left | 0}..${r.right | 0} in ${box.left | 0}..${box.right | 0})`);
        break;
      }
      if (a.id === "board") break;
    }
  }
  return bad.slice(0, 8);
}
