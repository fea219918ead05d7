"""A self-contained HTML balance report of a results file (tables and embedded plots).

Everything is in one file: the plots are PNG images embedded as data URIs and the styles
are inline, so the report reads offline and can be mailed around. Needs matplotlib
(``pip install 'ludoverse[report]'``).
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Sequence
from typing import Any

from ludoverse.sim.metrics import RunMetrics, compute
from ludoverse.sim.simulate import GameResult

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { margin-bottom: 0.2em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { padding: 0.25em 0.8em; border-bottom: 1px solid #e4e4e4; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1em 0; } figcaption { color: #555; font-size: 0.9em; }
img { max-width: 100%; } .meta { color: #555; }
"""


def _figure_png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _img(png: str, alt: str, caption: str) -> str:
    return (f'<figure><img alt="{html.escape(alt)}" src="data:image/png;base64,{png}">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    def cell(v: Any) -> str:
        return html.escape(f"{v:.3f}" if isinstance(v, float) else str(v))

    out = ["<table><tr>", *(f"<th>{html.escape(h)}</th>" for h in head), "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def plots(m: RunMetrics, seats: Sequence[str]) -> list[tuple[str, str, str]]:
    """(png, alt, caption) for every plot of the report."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = []
    labels = [f"seat {i}\n{s}" for i, s in enumerate(seats)]
    fig, ax = plt.subplots(figsize=(6, 3.2))
    means = [100 * e.mean for e in m.win_rate]
    errs = [100 * e.half_width for e in m.win_rate]
    ax.bar(labels, means, yerr=errs, capsize=6, color="#4c78a8")
    ax.axhline(100 / m.seats, color="#e45756", linestyle="--", label="fair share")
    ax.set_ylabel("win rate %")
    ax.legend()
    out.append((_figure_png(fig), "win rate per seat",
                "Win rate per seat with 95% confidence intervals; dashed: the fair share."))

    fig, ax = plt.subplots(figsize=(6, 3.2))
    for i, sp in enumerate(m.scores):
        ax.hist(sp.values, bins=20, alpha=0.5, label=f"seat {i}")
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.legend()
    out.append((_figure_png(fig), "score histograms", "Final scores per seat."))

    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.hist(m.decisions.values, bins=25, color="#72b7b2")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    out.append((_figure_png(fig), "game length", "Game length in decisions."))

    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.hist(m.margin.values, bins=25, color="#f58518")
    ax.set_xlabel("winner's score minus the best other score")
    ax.set_ylabel("games")
    out.append((_figure_png(fig), "winning margin", "Winning margins."))

    for name, sp in m.game_metrics.items():
        if sp.minimum == sp.maximum:
            continue  # the same in every game: the table says it
        fig, ax = plt.subplots(figsize=(6, 2.8))
        ax.hist(sp.values, bins=min(25, max(5, len(set(sp.values)))), color="#54a24b")
        ax.set_xlabel(name)
        ax.set_ylabel("games")
        out.append((_figure_png(fig), f"game metric {name}", f"{name} per game."))

    for name, rows in m.game_tables.items():
        if not rows:
            continue
        key = next(iter(rows[0]))
        cols = [c for c in rows[0] if c not in (key, "count", "share")]
        fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 1.2))
        names = [str(r[key]) for r in rows][::-1]
        ax.barh(names, [r["count"] for r in rows][::-1], color="#b279a2")
        ax.set_xlabel("count")
        caption = f"{name}: how often each {key} occurs"
        if cols:
            rate = cols[-1] if "made" not in cols else "made"
            for y, r in enumerate(rows[::-1]):
                if rate in r:
                    ax.text(r["count"], y, f"  {rate} {r[rate]:.2f}", va="center", fontsize=8)
            caption += f", labelled with the mean '{rate}'"
        out.append((_figure_png(fig), f"table {name}", caption + "."))
    return out


def render_html(header: dict[str, Any], results: Sequence[GameResult]) -> str:
    """The whole report as one HTML document."""
    seats = header["seats"]
    m = compute(results, len(seats))
    title = f"{header['game']}: balance report ({m.games} games)"
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
             f"</title><style>{STYLE}</style></head><body>", f"<h1>{html.escape(title)}</h1>"]
    parts.append(f"<p class='meta'>Seats: {html.escape(', '.join(seats))}. Base seed "
                 f"{header['seed']}. Rules version {html.escape(str(header['version']))}. "
                 f"Options: <code>{html.escape(json.dumps(header['options']))}</code>. Content: "
                 f"{'shipped' if header.get('content') is None else 'custom file'}.</p>")
    parts.append("<h2>Seats</h2>")
    parts.append(_table(
        ["seat", "bot", "win rate %", "± 95%", "mean score", "median score"],
        [[i, s, 100 * m.win_rate[i].mean, 100 * m.win_rate[i].half_width,
          m.scores[i].mean.mean, m.scores[i].median] for i, s in enumerate(seats)],
    ))
    parts.append(_table(["measure", "value"], [
        ["Balance (1 - largest win-rate gap)", m.balance],
        ["first-player advantage (points)", 100 * m.first_player_advantage.mean],
        ["mean game length (decisions)", m.decisions.mean.mean],
        ["legal actions per decision", m.branching],
        ["mean winning margin", m.margin.mean.mean],
        ["shared wins", m.shared_wins],
        *[[f"decided by: {k}", v] for k, v in m.decided_by.items()],
    ]))
    if m.game_metrics:
        parts.append("<h2>Game metrics</h2>")
        parts.append(_table(["metric", "mean", "± 95%", "median", "min", "max"], [
            [k, sp.mean.mean, sp.mean.half_width, sp.median, sp.minimum, sp.maximum]
            for k, sp in m.game_metrics.items()
        ]))
    for name, rows in m.game_tables.items():
        if rows:
            parts.append(f"<h2>{html.escape(name)}</h2>")
            parts.append(_table(list(rows[0]), [list(r.values()) for r in rows]))
    parts.append("<h2>Plots</h2>")
    for png, alt, caption in plots(m, seats):
        parts.append(_img(png, alt, caption))
    parts.append("</body></html>")
    return "\n".join(parts)
