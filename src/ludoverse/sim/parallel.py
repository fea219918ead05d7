"""Run independent games on several local processes.

Tasks are plain tuples of picklable arguments (game names, specs, seeds, option dicts), and
each worker loads the game itself, so nothing large or unpicklable crosses process borders.
Results come back as they finish; callers that need a fixed order sort them by index.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

R = TypeVar("R")


def worker_count(workers: int | str | None) -> int:
    """``"auto"`` (or ``None``) means one worker per core."""
    if workers is None or workers == "auto":
        return max(1, os.cpu_count() or 1)
    n = int(workers)
    if n < 1:
        raise ValueError(f"workers must be at least 1 (or 'auto'), not {workers}")
    return n


BACKENDS = ("local", "ray")


def run_tasks(
    fn: Callable[..., R], tasks: Sequence[tuple[Any, ...]], workers: int = 1,
    backend: str = "local", address: str | None = None,
) -> Iterator[R]:
    """``fn(*task)`` for every task, on ``workers`` processes; yields in completion order.

    With one worker everything runs in this process, in order, which keeps tracebacks simple.
    At most ``4 x workers`` tasks are queued at a time, so a long run can be stopped early.
    ``backend="ray"`` runs the tasks on a Ray cluster instead (see :func:`run_on_ray`).
    """
    if backend == "ray":
        yield from run_on_ray(fn, tasks, workers, address)
        return
    if backend != "local":
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers <= 1 or len(tasks) <= 1:
        for t in tasks:
            yield fn(*t)
        return
    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        pending: set[Future[R]] = set()
        it = iter(tasks)
        try:
            for t in it:
                pending.add(pool.submit(fn, *t))
                if len(pending) >= 4 * workers:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for f in done:
                        yield f.result()
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
        finally:
            for f in pending:
                f.cancel()


def run_on_ray(
    fn: Callable[..., R], tasks: Sequence[tuple[Any, ...]], workers: int = 1,
    address: str | None = None,
) -> Iterator[R]:
    """Run the tasks as Ray remote functions; yields in completion order.

    ``address`` joins an existing cluster (``"ray://head:10001"``, ``"auto"``, ...), whose
    nodes need Ludoverse installed. Without it a private local Ray instance with ``workers``
    CPUs is started for this run and shut down after it.
    """
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'ludoverse[cluster]'") from None
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(address="local", num_cpus=workers, include_dashboard=False,
                     _node_ip_address="127.0.0.1", log_to_driver=False)
        started = True
    try:
        remote = ray.remote(fn)
        pending = [remote.remote(*t) for t in tasks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()
