"""Capacity of one and of two server processes on one PostgreSQL database, people thinking.

Starts a throwaway PostgreSQL cluster (``tests/server/pg.py``), then for one and for two
processes: a fresh database, that many ``ludoverse serve --bot-workers 1`` on it (relaxed
rates, bots unpaced), and the capacity ramp of ``ludoverse.server.loadtest`` with the tables
round-robin over the processes. Prints both side by side: the live tables held with p95 move
latency under 100 ms, the saturation throughput, and how the machine's cores were shared
between the load generator (this process), the servers with their bot workers, and
PostgreSQL, since they all run on the same machine. Everything it starts is stopped and
deleted at the end, on failure and on Ctrl-C too.

Run from the repository root:

    python benchmarks/bench_capacity.py [--think 2-5] [--ramp 100:50:800] [--window 10]
        [--processes 1,2] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests.server.{pg,live}: the tests' own cluster and server

from tests.server.live import Server  # noqa: E402
from tests.server.pg import Cluster  # noqa: E402

from ludoverse.server.loadtest import (  # noqa: E402
    GAMES,
    Capacity,
    argument,
    parse_ramp,
    parse_think,
    ramp,
    run,
)

RELAXED = """
# One address (the load generator) plays every table, as fast as the people think.
[limits]
open_tables_per_address = 100000
open_tables = 100000
sockets_per_address = 100000
[rates]
create = "100000/second"
join = "100000/second"
action = "100000/second"
read = "100000/second"
socket = "100000/second"
socket_message = "100000/second"
[bots]
pace_seconds = 0
"""

TICK = os.sysconf("SC_CLK_TCK")


def _stats() -> dict[int, tuple[int, float]]:
    """pid -> (parent pid, CPU seconds of it and its reaped children) for every process."""
    out: dict[int, tuple[int, float]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        out[int(entry.name)] = (int(fields[1]), sum(int(x) for x in fields[11:15]) / TICK)
    return out


def tree_cpu(*roots: int) -> Callable[[], float]:
    """A reader of the CPU seconds used so far by ``roots`` and all their descendants (a
    server and its bot worker; PostgreSQL and its backends). An exited child's time stays
    counted once its parent has reaped it."""

    def read() -> float:
        stats = _stats()
        kids: dict[int, list[int]] = {}
        for pid, (ppid, _) in stats.items():
            kids.setdefault(ppid, []).append(pid)
        total, todo = 0.0, [r for r in roots if r in stats]
        while todo:
            pid = todo.pop()
            total += stats[pid][1]
            todo += kids.get(pid, [])
        return total

    return read


def machine_cpu() -> float:
    """CPU seconds the whole machine has been busy (every core, every process): what is
    left after the client, the servers and PostgreSQL is someone else's load."""
    with open("/proc/stat") as f:
        user, nice, system, _idle, _iowait, irq, softirq, steal = \
            (int(x) for x in f.readline().split()[1:9])
    return (user + nice + system + irq + softirq + steal) / TICK


def postmaster(cluster: Cluster) -> int:
    return int((cluster.data / "postmaster.pid").read_text().split()[0])


@contextlib.contextmanager
def servers(db: str, count: int, config: str, logs: Path) -> Iterator[list[Server]]:
    """``count`` server processes on ``db``, started one after the other (the first makes
    the schema), always stopped."""
    started: list[Server] = []
    try:
        for i in range(count):
            s = Server(db, bot_workers=1, config=config, log=str(logs / f"server{i}.log"))
            started.append(s)
            s.start()
        yield started
    finally:
        for s in started:
            try:
                s.stop()
            except Exception:  # a server that will not stop is killed
                if s.proc is not None and s.proc.poll() is None:
                    s.kill()


def measure(cluster: Cluster, count: int, config: str, logs: Path,
            a: argparse.Namespace) -> dict[str, Any]:
    """The ramp against ``count`` processes on a fresh database."""
    db = cluster.new_database()
    with servers(db, count, config, logs) as procs:
        assert all(p.proc is not None for p in procs)
        cpu = {"servers": tree_cpu(*(p.proc.pid for p in procs if p.proc)),
               "postgres": tree_cpu(postmaster(cluster)), "machine": machine_cpu}
        start, step, most = a.ramp
        print(f"--- {count} process{'es' if count > 1 else ''}", file=sys.stderr, flush=True)
        urls = [p.url for p in procs]
        # One game of each kind on each process first, so that the first step does not
        # measure bot workers starting and games loading.
        warm = asyncio.run(run(urls, tables=len(GAMES) * count, limit_s=120, wait_s=60))
        if warm.errors or warm.finished != len(GAMES) * count:
            raise RuntimeError(f"warm-up failed: {warm.errors[:3]}")
        wall0, cpu0 = time.perf_counter(), time.process_time()
        cap: Capacity = asyncio.run(ramp(
            urls, start, step, most, a.window, think=a.think, seed=a.seed,
            settle_s=a.settle, over_steps=a.over_steps, cpu=cpu,
            log=lambda line: print(line, file=sys.stderr, flush=True)))
        wall, client = time.perf_counter() - wall0, time.process_time() - cpu0
    return {"processes": count, **cap.to_json(), "lines": cap.lines(),
            "wall_seconds": round(wall, 1),
            "client_cpu_share_whole_run": round(client / wall, 3)}


def _at(result: dict[str, Any], tables: int, key: str) -> Any:
    step = next((s for s in result["steps"] if s["tables"] == tables), None)
    return None if step is None else step["cpu"].get(key)


def _others(result: dict[str, Any], tables: int) -> float | None:
    """Cores busy with anything but the client, the servers and PostgreSQL (another job on
    a shared machine makes the figures worse than the code is)."""
    step = next((s for s in result["steps"] if s["tables"] == tables), None)
    if step is None:
        return None
    cpu = step["cpu"]
    return round(max(0.0, cpu["machine"] - cpu["client"] - cpu["servers"] - cpu["postgres"]), 2)


def side_by_side(results: list[dict[str, Any]]) -> list[str]:
    """The two runs' verdicts in columns, then each run's steps."""
    def sat_step(r: dict[str, Any]) -> int:
        return max(r["steps"], key=lambda s: s["actions_per_second"])["tables"] \
            if r["steps"] else 0

    rows: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [
        ("live tables held, p95 < 100 ms", lambda r: r["capacity_tables"]),
        ("saturation actions/s", lambda r: r["saturation_actions_per_second"]),
        ("  reached at (tables)", sat_step),
        ("load generator CPU, whole run (cores)", lambda r: r["client_cpu_share_whole_run"]),
        ("  at capacity (cores)", lambda r: _at(r, r["capacity_tables"], "client")),
        ("  at saturation (cores)", lambda r: _at(r, sat_step(r), "client")),
        ("servers + bot workers at saturation", lambda r: _at(r, sat_step(r), "servers")),
        ("PostgreSQL at saturation", lambda r: _at(r, sat_step(r), "postgres")),
        ("whole machine at saturation", lambda r: _at(r, sat_step(r), "machine")),
        ("  of which not this benchmark", lambda r: _others(r, sat_step(r))),
        ("steps measured", lambda r: len(r["steps"])),
        ("run time (s)", lambda r: r["wall_seconds"]),
    ]
    heads = [f"{r['processes']} process{'es' if r['processes'] > 1 else ''}" for r in results]
    out = [f"{'':40}" + "".join(f"{h:>14}" for h in heads)]
    for name, get in rows:
        out.append(f"{name:40}" + "".join(f"{_fmt(get(r)):>14}" for r in results))
    for r, h in zip(results, heads, strict=True):
        out += ["", f"{h} ({r['stopped']}):", *r["lines"]]
    return out


def _fmt(x: Any) -> str:
    return "-" if x is None else f"{x:.2f}" if isinstance(x, float) else str(x)


def _counts(text: str) -> tuple[int, ...]:
    counts = tuple(int(x) for x in text.split(","))
    if not counts or min(counts) < 1:
        raise ValueError(f"{text!r}: want process counts like 1,2")
    return counts


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # SIGTERM cleans up like Ctrl-C


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--think", type=argument(parse_think), default=(2.0, 5.0),
                   metavar="LOW-HIGH", help="seconds a person thinks before each move "
                   "(default 2-5)")
    p.add_argument("--ramp", type=argument(parse_ramp), default=(100, 50, 800),
                   metavar="START:STEP:MAX", help="live tables per step (default 100:50:800)")
    p.add_argument("--window", type=float, default=10.0, help="seconds measured per step")
    p.add_argument("--settle", type=float, default=3.0, help="seconds between reaching a "
                   "step and measuring it")
    p.add_argument("--over-steps", type=int, default=2, help="stop a ramp after this many "
                   "steps in a row over 100 ms (more: see where throughput levels off)")
    p.add_argument("--processes", type=argument(_counts), default=(1, 2), metavar="N,N",
                   help="server process counts to measure, in turn (default 1,2)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print JSON, not tables")
    a = p.parse_args()
    signal.signal(signal.SIGTERM, _interrupt)
    cluster: Cluster | None = None
    with tempfile.TemporaryDirectory(prefix="ludoverse-capacity-") as tmp:
        config = Path(tmp) / "server.toml"
        config.write_text(RELAXED)
        try:
            try:
                cluster = Cluster()
            except BaseException as exc:  # pytest.skip's outcome when PostgreSQL is missing
                if isinstance(exc, KeyboardInterrupt):
                    raise
                print(f"cannot start PostgreSQL: {exc}", file=sys.stderr)
                return 2
            results = []
            for count in a.processes:
                logs = Path(tmp) / f"p{count}"
                logs.mkdir()
                results.append(measure(cluster, count, str(config), logs, a))
        except KeyboardInterrupt:
            print("interrupted: stopping servers and PostgreSQL", file=sys.stderr)
            return 130
        except Exception as exc:
            print(f"failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            for log in sorted(Path(tmp).glob("p*/server*.log")):
                print(f"--- {log.name}:\n{log.read_text()[-2000:]}", file=sys.stderr)
            return 1
        finally:
            if cluster is not None:
                cluster.stop()
    if a.json:
        print(json.dumps({"think": list(a.think), "ramp": list(a.ramp), "window_s": a.window,
                          "cores": os.cpu_count(), "runs": results}, indent=1))
    else:
        print(f"think {a.think[0]:g}-{a.think[1]:g} s, ramp {':'.join(map(str, a.ramp))}, "
              f"window {a.window:g} s, {os.cpu_count()} cores shared by everything")
        print("\n".join(side_by_side(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
