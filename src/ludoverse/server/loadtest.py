"""Load a running server with many live tables at once and measure it.

Each table has one scripted person (a WebSocket client that plays a random legal move as soon
as it is its turn) and bots in the other seats, so the server does everything a real table
needs: storage, hidden-information views for every seat, bots in worker processes. Reports
actions per second over the whole run and the latency of the scripted players' moves (from
sending a move to receiving the position after it).

    python -m ludoverse.server.loadtest --url http://127.0.0.1:8000 --tables 50
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

GAMES = {"ultia": 3, "paradox": 2, "ultramassive": 2, "universal_rule": 3, "multiuniversum": 2}


@dataclass
class Report:
    tables: int = 0
    finished: int = 0
    actions: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        if not self.latencies:
            return 0.0
        xs = sorted(self.latencies)
        return xs[min(len(xs) - 1, int(q * len(xs)))]

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": self.tables, "finished": self.finished, "actions": self.actions,
            "seconds": round(self.seconds, 2),
            "actions_per_second": round(self.actions_per_second, 1),
            "person_moves": len(self.latencies),
            "latency_ms_p50": round(1000 * self.percentile(0.5), 1),
            "latency_ms_p95": round(1000 * self.percentile(0.95), 1),
            "latency_ms_mean": round(1000 * statistics.fmean(self.latencies), 1)
            if self.latencies else 0.0,
            "errors": self.errors[:20],
        }


async def _table(url: str, game: str, players: int, seed: int, bot: str,
                 report: Report) -> None:
    import httpx
    import websockets

    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        seats = [{"kind": "human", "name": "load"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
        r = await http.post("/api/tables", json={"game": game, "seats": seats, "seed": seed})
        if r.status_code != 201:
            report.errors.append(f"{game}: create {r.status_code} {r.text[:200]}")
            return
        made = r.json()
        tid, token = made["table"]["id"], made["tokens"][0]
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{tid}?token={token}"
    sent_at: float | None = None
    sent_moves = -1
    async with websockets.connect(ws_url, max_size=2**24) as ws:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=120))
            if msg["type"] == "error":
                if msg["error"] != "stale":
                    report.errors.append(f"{game} {tid}: {msg['error']}: {msg['message']}")
                sent_at = None
                continue
            table = msg["table"]
            if sent_at is not None and table["moves"] > sent_moves:
                report.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if table["status"] == "finished":
                report.finished += 1
                report.actions += table["moves"]
                return
            if msg["legal"] and sent_at is None:
                a = msg["legal"][rng.randrange(len(msg["legal"]))]["id"]
                sent_moves = table["moves"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": a, "expect": sent_moves}))


async def run(url: str, tables: int = 50, bot: str = "random", seed: int = 1,
              limit_s: float = 600.0) -> Report:
    """Play ``tables`` tables at once (the games in turn) and measure."""
    report = Report(tables=tables)
    names = list(GAMES)
    jobs = [_table(url, names[i % len(names)], GAMES[names[i % len(names)]], seed + i, bot,
                   report) for i in range(tables)]
    start = time.perf_counter()
    try:
        await asyncio.wait_for(asyncio.gather(*jobs), timeout=limit_s)
    except TimeoutError:
        report.errors.append(f"not finished within {limit_s:.0f} s")
    report.seconds = time.perf_counter() - start
    return report


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default="http://127.0.0.1:8000")
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--bot", default="random", help="bot spec for the bot seats")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--limit", type=float, default=600.0, help="seconds before giving up")
    a = p.parse_args()
    report = asyncio.run(run(a.url, a.tables, a.bot, a.seed, a.limit))
    print(json.dumps(report.to_json(), indent=1))


if __name__ == "__main__":
    main()
