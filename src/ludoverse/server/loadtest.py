"""Load running servers with many live tables at once and measure them.

Each table has one scripted person (a WebSocket client that plays a random legal move) and
bots in the other seats, so the server does everything a real table needs: storage,
hidden-information views for every seat, bots in worker processes. The person plays as soon
as it is its turn (``--think 0``, a stampede) or after a random pause like a real player
(``--think 2-5``). Latency is from sending a move to receiving the position after it; the
thinking is not part of it.

Two modes:

* fixed: ``--tables N`` tables at once, played to the end (or for ``--duration`` seconds);
  reports actions per second and the people's move latency over the whole run.
* capacity: ``--ramp START:STEP:MAX`` adds live tables step by step (a person whose game ends
  starts another, so each step holds its number of tables) and measures each step over a
  ``--window``; the capacity is the most live tables held with p95 latency under
  ``--limit-ms``, the saturation throughput the most actions per second at any step.

``--url`` may be given several times (several server processes on one database): table i is
created on, and played through, URL i mod n.

    python -m ludoverse.server.loadtest --url http://127.0.0.1:8000 --tables 50
    python -m ludoverse.server.loadtest --url http://127.0.0.1:8000 --url http://127.0.0.1:8001 \\
        --think 2-5 --ramp 20:20:200 --window 15
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

GAMES = {"ultia": 3, "paradox": 2, "ultramassive": 2, "universal_rule": 3, "multiuniversum": 2}
LIMIT_MS = 100.0
"""The latency a person should not notice: the capacity's p95 bound."""

Think = tuple[float, float]


def parse_think(text: str) -> Think:
    """``"2-5"`` (a range of seconds), ``"3"`` (always 3 s) or ``"0"`` (no thinking)."""
    lo, _, hi = text.partition("-")
    try:
        low, high = float(lo), float(hi or lo)
    except ValueError:
        raise ValueError(f"think time {text!r} is not seconds like '2-5' or '0'") from None
    if low < 0 or high < low:
        raise ValueError(f"think time {text!r}: want 0 <= low <= high")
    return low, high


def parse_ramp(text: str) -> tuple[int, int, int]:
    """``"START:STEP:MAX"`` live tables, e.g. ``"20:20:200"``."""
    try:
        start, step, most = (int(x) for x in text.split(":"))
    except ValueError:
        raise ValueError(f"ramp {text!r} is not START:STEP:MAX, e.g. 20:20:200") from None
    if start < 1 or step < 1 or most < start:
        raise ValueError(f"ramp {text!r}: want START >= 1, STEP >= 1, MAX >= START")
    return start, step, most


def argument(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """``parse`` for argparse, which then shows its message rather than "invalid value"."""

    def wrapped(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return wrapped


def percentile(xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile by rank (no interpolation); 0 with no samples."""
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


@dataclass
class Meter:
    """Everything the people saw, time-stamped, so that a window can be cut out of a test
    that goes on (the capacity steps) as well as summed over a whole run."""

    moves: int = 0
    """Actions seen on every table, bots' included (from the ``moves`` the server reports)."""
    latencies: list[tuple[float, float]] = field(default_factory=list)
    """(received at, seconds from sending a move to receiving the position after it)."""
    errors: list[tuple[float, str]] = field(default_factory=list)
    finished: int = 0
    live: int = 0
    """Tables whose person is connected and whose game is on, now."""
    started: set[int] = field(default_factory=set)
    """Slots (people) that have had a live table at least once."""
    sends: dict[str, list[float]] = field(default_factory=dict)
    """Per table: when its person sent each move (the think test spaces them)."""
    where: dict[str, str] = field(default_factory=dict)
    """Per table: the URL it was created on."""

    def error(self, text: str) -> None:
        self.errors.append((time.perf_counter(), text))


@dataclass
class Report:
    """A fixed-size run (``run``)."""

    tables: int = 0
    finished: int = 0
    actions: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)
    think: Think = (0.0, 0.0)
    client_cpu_seconds: float = 0.0
    sends: dict[str, list[float]] = field(default_factory=dict)
    where: dict[str, str] = field(default_factory=dict)

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        return percentile(self.latencies, q)

    def to_json(self) -> dict[str, Any]:
        return {
            "urls": self.urls, "think": list(self.think),
            "tables": self.tables, "finished": self.finished, "actions": self.actions,
            "seconds": round(self.seconds, 2),
            "actions_per_second": round(self.actions_per_second, 1),
            "person_moves": len(self.latencies),
            "latency_ms_p50": round(1000 * self.percentile(0.5), 1),
            "latency_ms_p95": round(1000 * self.percentile(0.95), 1),
            "latency_ms_mean": round(1000 * statistics.fmean(self.latencies), 1)
            if self.latencies else 0.0,
            "client_cpu_share": round(self.client_cpu_seconds / self.seconds, 3)
            if self.seconds else 0.0,
            "errors": self.errors[:20],
        }


async def _game(http: Any, url: str, slot: int, game: str, seed: int, bot: str,
                think: Think, meter: Meter, wait_s: float) -> bool:
    """Create one table on ``url``, play it to the end as its person, record what happened.
    Every network wait is bounded by ``wait_s``; a failure is recorded, never raised, so one
    broken table does not end the test. True if the game was played to its end."""
    import httpx
    import websockets

    rng = random.Random(seed)
    players = GAMES[game]
    live = False
    try:
        seats = [{"kind": "human", "name": "load"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
        r = await http.post("/api/tables", json={"game": game, "seats": seats, "seed": seed})
        if r.status_code != 201:
            meter.error(f"{game}: create {r.status_code} {r.text[:200]}")
            return False
        made = r.json()
        tid, token = made["table"]["id"], made["tokens"][0]
        meter.where[tid] = url
        sends = meter.sends.setdefault(tid, [])
        ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{tid}?token={token}"
        sent_at: float | None = None
        sent_moves = -1
        seen = 0
        async with websockets.connect(ws_url, max_size=2**24, open_timeout=wait_s,
                                      close_timeout=2) as ws:
            while True:
                async with asyncio.timeout(wait_s):  # not wait_for: on 3.11 it can lose a
                    text = await ws.recv()           # cancel that comes as the message does
                msg = json.loads(text)
                if msg["type"] == "error":
                    if msg["error"] != "stale":
                        meter.error(f"{game} {tid}: {msg['error']}: {msg['message']}")
                    sent_at = None
                    continue
                if msg["type"] != "state":
                    continue
                table = msg["table"]
                if table["moves"] > seen:
                    meter.moves += table["moves"] - seen
                    seen = table["moves"]
                if sent_at is not None and table["moves"] > sent_moves:
                    meter.latencies.append((time.perf_counter(),
                                            time.perf_counter() - sent_at))
                    sent_at = None
                if table["status"] == "finished":
                    meter.finished += 1
                    return True
                if not live:
                    live = True
                    meter.live += 1
                    meter.started.add(slot)
                if msg["legal"] and sent_at is None:
                    if think[1] > 0:
                        await asyncio.sleep(rng.uniform(*think))
                    a = msg["legal"][rng.randrange(len(msg["legal"]))]["id"]
                    sent_moves = table["moves"]
                    sent_at = time.perf_counter()
                    sends.append(sent_at)
                    await ws.send(json.dumps({"type": "act", "action": a,
                                              "expect": sent_moves}))
    except TimeoutError:
        meter.error(f"{game} on {url}: no answer within {wait_s:.0f} s")
    except (httpx.HTTPError, OSError, websockets.exceptions.WebSocketException,
            ValueError, KeyError) as exc:
        meter.error(f"{game} on {url}: {type(exc).__name__}: {str(exc)[:200]}")
    finally:
        if live:
            meter.live -= 1
    return False


@contextlib.asynccontextmanager
async def _clients(urls: Sequence[str], wait_s: float) -> Any:
    """One HTTP client per server, shared by its tables (no connection per table)."""
    import httpx

    async with contextlib.AsyncExitStack() as stack:
        yield {u: await stack.enter_async_context(httpx.AsyncClient(base_url=u, timeout=wait_s))
               for u in urls}


async def _cancel(tasks: Sequence[asyncio.Task[Any]], wait_s: float = 10.0) -> None:
    """Stop the people (each closes its socket, bounded by its close timeout), cancelling
    again any that went on (a cancel can be lost inside a library's own timeouts)."""
    deadline = time.perf_counter() + wait_s
    pending = [t for t in tasks if not t.done()]
    while pending and time.perf_counter() < deadline:
        for t in pending:
            t.cancel()
        _, left = await asyncio.wait(pending, timeout=min(0.5, wait_s))
        pending = list(left)


def _urls(url: str | Sequence[str]) -> list[str]:
    urls = [url] if isinstance(url, str) else list(url)
    if not urls:
        raise ValueError("no server URL given")
    return [u.rstrip("/") for u in urls]


async def run(url: str | Sequence[str], tables: int = 50, bot: str = "random", seed: int = 1,
              limit_s: float = 600.0, think: Think = (0.0, 0.0),
              duration_s: float | None = None, wait_s: float = 120.0) -> Report:
    """Play ``tables`` tables at once (the games in turn, table i on URL i mod n) to their end
    and measure; with ``duration_s``, stop them all after that long (not an error)."""
    urls = _urls(url)
    report = Report(tables=tables, urls=urls, think=think)
    meter = Meter()
    names = list(GAMES)
    cpu0, start = time.process_time(), time.perf_counter()
    async with _clients(urls, wait_s) as http:
        tasks = [asyncio.create_task(_game(
            http[urls[i % len(urls)]], urls[i % len(urls)], i, names[i % len(names)], seed + i,
            bot, think, meter, wait_s)) for i in range(tables)]
        _, pending = await asyncio.wait(tasks, timeout=duration_s or limit_s)
        if pending and duration_s is None:
            meter.error(f"not finished within {limit_s:.0f} s")
        await _cancel(list(pending))
    report.seconds = time.perf_counter() - start
    report.client_cpu_seconds = time.process_time() - cpu0
    report.finished, report.actions = meter.finished, meter.moves
    report.latencies = [s for _, s in meter.latencies]
    report.errors = [e for _, e in meter.errors]
    report.sends, report.where = meter.sends, meter.where
    return report


@dataclass
class Step:
    """One level of the capacity ramp, measured over its window."""

    tables: int
    reached: bool
    live: float
    """Mean live tables over the window (a game that ends leaves a short gap)."""
    seconds: float
    actions: int
    latencies: list[float]
    errors: list[str]
    finished: int
    cpu: dict[str, float]
    """Share of one core per measured process over the window ("client": this one)."""

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def p95_ms(self) -> float:
        return 1000 * percentile(self.latencies, 0.95)

    def held(self, limit_ms: float) -> bool:
        """Reached, without error, with person moves measured and p95 under the limit."""
        return (self.reached and not self.errors and bool(self.latencies)
                and self.p95_ms < limit_ms)

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": self.tables, "reached": self.reached, "live": round(self.live, 1),
            "seconds": round(self.seconds, 2), "actions": self.actions,
            "actions_per_second": round(self.actions_per_second, 1),
            "person_moves": len(self.latencies),
            "latency_ms_p50": round(1000 * percentile(self.latencies, 0.5), 1),
            "latency_ms_p95": round(self.p95_ms, 1),
            "games_finished": self.finished, "errors": len(self.errors),
            "first_errors": self.errors[:5],
            "cpu": {k: round(v, 2) for k, v in self.cpu.items()},
        }


@dataclass
class Capacity:
    """A whole ramp: its steps, the capacity and the saturation throughput."""

    urls: list[str]
    think: Think
    ramp: tuple[int, int, int]
    window_s: float
    limit_ms: float = LIMIT_MS
    steps: list[Step] = field(default_factory=list)
    stopped: str = ""

    @property
    def capacity(self) -> int:
        """The most live tables held with p95 under the limit (0: not even the first step)."""
        return max((s.tables for s in self.steps if s.held(self.limit_ms)), default=0)

    @property
    def saturation(self) -> float:
        """The most actions per second reached at any step."""
        return max((s.actions_per_second for s in self.steps), default=0.0)

    def to_json(self) -> dict[str, Any]:
        return {
            "urls": self.urls, "think": list(self.think), "ramp": list(self.ramp),
            "window_s": self.window_s, "limit_ms": self.limit_ms,
            "capacity_tables": self.capacity,
            "saturation_actions_per_second": round(self.saturation, 1),
            "stopped": self.stopped, "steps": [s.to_json() for s in self.steps],
        }

    def lines(self) -> list[str]:
        """The steps as a text table, then the verdict."""
        names = sorted({k for s in self.steps for k in s.cpu})
        head = (f"{'tables':>6} {'live':>6} {'actions/s':>9} {'moves':>6} {'p50 ms':>7} "
                f"{'p95 ms':>7} {'errors':>6}  " + " ".join(f"{n:>8}" for n in names))
        out = [head]
        for s in self.steps:
            j = s.to_json()
            mark = "" if s.held(self.limit_ms) else "  over" if s.reached else "  not reached"
            out.append(f"{s.tables:>6} {s.live:>6.1f} {s.actions_per_second:>9.1f} "
                       f"{len(s.latencies):>6} {j['latency_ms_p50']:>7.1f} {s.p95_ms:>7.1f} "
                       f"{len(s.errors):>6}  "
                       + " ".join(f"{s.cpu.get(n, 0.0):>8.2f}" for n in names) + mark)
        out.append(f"capacity: {self.capacity} live tables with p95 < {self.limit_ms:.0f} ms; "
                   f"saturation: {self.saturation:.1f} actions/s ({self.stopped})")
        if names:
            out.append("cpu columns: share of one core over each window (2 cores = 2.00)")
        return out


def _over(steps: Sequence[Step], limit_ms: float, over_steps: int) -> bool:
    """True once the last ``over_steps`` steps all failed to hold: the ramp is past its
    capacity, and going on would only pile up queues."""
    tail = steps[-over_steps:]
    return len(tail) == over_steps and not any(s.held(limit_ms) for s in tail)


async def ramp(url: str | Sequence[str], start: int, step: int, most: int, window_s: float,
               think: Think = (0.0, 0.0), bot: str = "random", seed: int = 1,
               limit_ms: float = LIMIT_MS, over_steps: int = 2, settle_s: float = 2.0,
               wait_s: float = 30.0, cpu: Mapping[str, Callable[[], float]] | None = None,
               log: Callable[[str], None] | None = None) -> Capacity:
    """Hold START, START+STEP, ... up to MOST live tables, measuring each level over
    ``window_s`` seconds after it is reached (and ``settle_s`` more for the new tables'
    first moves). Stops after ``over_steps`` steps in a row over the limit. ``cpu`` maps names
    to cumulative CPU-seconds readers of other processes (servers, database), whose share is
    reported per window next to this process's own."""
    urls = _urls(url)
    result = Capacity(urls=urls, think=think, ramp=(start, step, most), window_s=window_s,
                      limit_ms=limit_ms)
    meters: dict[str, Callable[[], float]] = {"client": time.process_time, **(cpu or {})}
    meter = Meter()
    names = list(GAMES)
    tasks: list[asyncio.Task[Any]] = []

    async def person(i: int, http: Any) -> None:
        """One person: a game after another on URL i mod n, so the table count holds."""
        u = urls[i % len(urls)]
        for k in itertools.count():
            played = await _game(http[u], u, i, names[(i + k) % len(names)],
                                 seed + i + 100_000 * k, bot, think, meter, wait_s)
            if not played:
                await asyncio.sleep(1.0)  # a failed table: retry, but do not spin

    async def reach(level: int) -> bool:
        """Wait (bounded) until ``level`` people have each had a live table."""
        deadline = time.perf_counter() + wait_s
        while len(meter.started) < level:
            if time.perf_counter() > deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    async with _clients(urls, wait_s) as http:
        try:
            errors_seen = 0
            for level in range(start, most + 1, step):
                tasks += [asyncio.create_task(person(i, http))
                          for i in range(len(tasks), level)]
                reached = await reach(level)
                await asyncio.sleep(settle_s)
                s = await _window(meter, meters, window_s)
                new_errors = [e for _, e in meter.errors[errors_seen:]]
                errors_seen = len(meter.errors)
                done = Step(tables=level, reached=reached, live=s["live"], seconds=s["seconds"],
                            actions=s["actions"], latencies=s["latencies"], errors=new_errors,
                            finished=s["finished"], cpu=s["cpu"])
                result.steps.append(done)
                if log:
                    log(" ".join(f"{k}={v}" for k, v in done.to_json().items()
                                 if k not in ("first_errors",)))
                if _over(result.steps, limit_ms, over_steps):
                    result.stopped = f"stopped after {over_steps} steps over the limit"
                    break
            else:
                result.stopped = "reached the ramp's maximum"
        finally:
            await _cancel(tasks)
    return result


async def _window(meter: Meter, meters: Mapping[str, Callable[[], float]],
                  window_s: float) -> dict[str, Any]:
    """What ``meter`` gained over the next ``window_s`` seconds, live tables sampled."""
    cpu0 = {k: f() for k, f in meters.items()}
    t0, moves0, lat0, fin0 = time.perf_counter(), meter.moves, len(meter.latencies), \
        meter.finished
    samples = []
    while time.perf_counter() - t0 < window_s:
        samples.append(meter.live)
        await asyncio.sleep(min(0.2, window_s / 10))
    seconds = time.perf_counter() - t0
    return {
        "seconds": seconds, "actions": meter.moves - moves0,
        "latencies": [x for _, x in meter.latencies[lat0:]],
        "finished": meter.finished - fin0, "live": statistics.fmean(samples),
        "cpu": {k: (f() - cpu0[k]) / seconds for k, f in meters.items()},
    }


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", action="append", help="a server; several: tables round-robin "
                   "(default http://127.0.0.1:8000)")
    p.add_argument("--tables", type=int, default=50, help="fixed mode: tables at once")
    p.add_argument("--bot", default="random", help="bot spec for the bot seats")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--think", type=argument(parse_think), default=(0.0, 0.0), metavar="LOW-HIGH",
                   help="seconds a person thinks before each move, uniform in the range "
                   "(default 0: as soon as it may)")
    p.add_argument("--limit", type=float, default=600.0, help="fixed mode: seconds before "
                   "giving up")
    p.add_argument("--duration", type=float, help="fixed mode: stop after this many seconds "
                   "instead of at the games' end")
    p.add_argument("--ramp", type=argument(parse_ramp), metavar="START:STEP:MAX",
                   help="capacity mode: live tables per step")
    p.add_argument("--window", type=float, default=15.0, help="capacity mode: seconds "
                   "measured per step")
    p.add_argument("--settle", type=float, default=2.0, help="capacity mode: seconds between "
                   "reaching a step and measuring it")
    p.add_argument("--limit-ms", type=float, default=LIMIT_MS, help="capacity mode: p95 "
                   "latency bound")
    p.add_argument("--over-steps", type=int, default=2, help="capacity mode: stop after this "
                   "many steps in a row over the bound")
    p.add_argument("--wait", type=float, default=30.0, help="seconds any one network wait "
                   "may take before it counts as an error")
    p.add_argument("--json", action="store_true", help="capacity mode: JSON, not a table")
    a = p.parse_args(argv)
    urls = a.url or ["http://127.0.0.1:8000"]
    if a.ramp:
        start, step, most = a.ramp
        result = asyncio.run(ramp(
            urls, start, step, most, a.window, think=a.think, bot=a.bot, seed=a.seed,
            limit_ms=a.limit_ms, over_steps=a.over_steps, settle_s=a.settle, wait_s=a.wait,
            log=None if a.json else lambda line: print(line, file=sys.stderr, flush=True)))
        print(json.dumps(result.to_json(), indent=1) if a.json else "\n".join(result.lines()))
        return
    report = asyncio.run(run(urls, a.tables, a.bot, a.seed, a.limit, think=a.think,
                           duration_s=a.duration, wait_s=a.wait))
    print(json.dumps(report.to_json(), indent=1))


if __name__ == "__main__":
    main()
