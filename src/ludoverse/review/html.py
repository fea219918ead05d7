"""A review as one self-contained HTML page: an inline SVG of the seat's estimated win share
through the game and a table of its decisions, flagged ones highlighted.

No scripts, fonts or stylesheets from elsewhere, so the page opens offline and can be mailed
or attached to an issue as it is.
"""

from __future__ import annotations

from html import escape

from ludoverse.review.engine import MoveReview, Review
from ludoverse.review.verdicts import FLAGGED, VERDICTS

COLOURS = {
    "best": "#2e7d32",
    "good": "#689f38",
    "inaccuracy": "#f9a825",
    "mistake": "#ef6c00",
    "blunder": "#c62828",
}

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:60em;
color:#222;padding:0 1em}
h1{font-size:1.4em;margin-bottom:.2em}
p.meta{color:#555;margin-top:0}
table{border-collapse:collapse;width:100%;font-size:.92em}
th,td{padding:.3em .5em;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tr.inaccuracy{background:#fff8e1}
tr.mistake{background:#fff0e0}
tr.blunder{background:#fde8e8}
span.v{font-weight:600}
svg{display:block;margin:1em 0;max-width:100%;height:auto}
.legend span{margin-right:1.2em}
.swatch{display:inline-block;width:.8em;height:.8em;border-radius:50%;margin-right:.3em;
vertical-align:-.05em}
"""

W, H = 760, 260
LEFT, RIGHT, TOP, BOTTOM = 46, 14, 14, 34


def _fmt(x: float) -> str:
    return f"{x:.1f}"


def plot(review: Review) -> str:
    """The SVG: best share (dashed) and played share (solid) per decision, by move number;
    flagged decisions marked in their verdict's colour; the fair share as a dotted line."""
    moves = review.moves
    last = max((m.step for m in moves), default=0) + 1
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x(step: int) -> float:
        return LEFT + pw * (step / (last - 1) if last > 1 else 0.5)

    def y(share: float) -> float:
        return TOP + ph * (1.0 - min(1.0, max(0.0, share)))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
             f'height="{H}" role="img" aria-label="Estimated win share per decision">']
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{_fmt(y(tick))}" '
                     f'y2="{_fmt(y(tick))}" stroke="#e3e3e3"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{_fmt(y(tick) + 4)}" font-size="11" '
                     f'text-anchor="end" fill="#666">{tick:.2f}</text>')
    for k in range(5):
        step = round(k * (last - 1) / 4)
        parts.append(f'<text x="{_fmt(x(step))}" y="{H - BOTTOM + 14}" font-size="11" '
                     f'text-anchor="middle" fill="#666">{step + 1}</text>')
    fair = 1.0 / review.players if review.players > 1 else None
    if fair is not None:
        parts.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{_fmt(y(fair))}" '
                     f'y2="{_fmt(y(fair))}" stroke="#999" stroke-dasharray="2 3"/>')
    parts.append(f'<text x="{LEFT + pw / 2}" y="{H - 6}" font-size="11" text-anchor="middle" '
                 f'fill="#666">move number (decisions of seat {review.seat})</text>')
    if moves:
        best = " ".join(f"{_fmt(x(m.step))},{_fmt(y(m.best_share))}" for m in moves)
        played = " ".join(f"{_fmt(x(m.step))},{_fmt(y(m.played_share))}" for m in moves)
        parts.append(f'<polyline points="{best}" fill="none" stroke="#90a4ae" '
                     f'stroke-width="1.5" stroke-dasharray="5 3"/>')
        parts.append(f'<polyline points="{played}" fill="none" stroke="#1565c0" '
                     f'stroke-width="2"/>')
        for m in moves:
            r = 4.5 if m.verdict in FLAGGED else 2.2
            colour = COLOURS[m.verdict] if m.verdict in FLAGGED else "#1565c0"
            tip = escape(f"move {m.step + 1}: {m.played} ({m.verdict}, "
                         f"share {m.played_share:.2f}, best {m.best_share:.2f})")
            parts.append(f'<circle cx="{_fmt(x(m.step))}" cy="{_fmt(y(m.played_share))}" '
                         f'r="{r}" fill="{colour}"><title>{tip}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def _row(i: int, m: MoveReview) -> str:
    cells = [
        f'<td class="num">{i}</td>',
        f'<td class="num">{m.step + 1}</td>',
        f"<td>{escape(m.played)}</td>",
        f"<td>{escape(m.best)}</td>",
        f'<td class="num">{m.played_share:.3f}</td>',
        f'<td class="num">{m.best_share:.3f}</td>',
        f'<td class="num">{m.loss:.3f}</td>',
        f'<td><span class="v" style="color:{COLOURS[m.verdict]}">{m.verdict}</span></td>',
    ]
    return f'<tr class="{m.verdict}">{"".join(cells)}</tr>'


def to_html(review: Review) -> str:
    """The whole page as a string."""
    t = review.thresholds
    finished = "finished" if review.finished else "unfinished (reviewed up to its last move)"
    legend = "".join(
        f'<span><span class="swatch" style="background:{COLOURS[v]}"></span>{v}</span>'
        for v in VERDICTS
    )
    rows = "\n".join(_row(i, m) for i, m in enumerate(review.moves, 1))
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(review.title)} review, seat {review.seat}</title>
<style>{_CSS}</style>
</head>
<body>
<h1>{escape(review.title)}: review of seat {review.seat}</h1>
<p class="meta">{review.players} players, game {finished}.
Search: <code>{escape(review.bot)}</code>, review seed {review.seed};
{len(review.moves)} decisions reviewed, {review.forced} forced moves skipped.</p>
<p><strong>{escape(review.summary_line())}</strong></p>
<h2>Estimated win share</h2>
<p>Solid: the share of a win the search estimates for the move played; dashed: for the move
it prefers; dotted: the fair share. Large dots mark flagged moves.</p>
{plot(review)}
<p class="legend">{legend}</p>
<h2>Decisions</h2>
<p>Loss = best share &minus; played share, both from one paired estimate (docs/review.md).
Verdicts: best &le; {t.best:.2f}, good &le; {t.good:.2f}, inaccuracy &le; {t.inaccuracy:.2f},
mistake &le; {t.mistake:.2f}, blunder above.</p>
<table>
<thead><tr><th class="num">#</th><th class="num">Move</th><th>Played</th><th>Search prefers</th>
<th class="num">Played share</th><th class="num">Best share</th><th class="num">Loss</th>
<th>Verdict</th></tr></thead>
<tbody>
{rows}
</tbody>
</table>
</body>
</html>
"""
