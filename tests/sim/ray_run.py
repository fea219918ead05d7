"""Run by tests/sim/test_ray.py inside a loopback-only network namespace: a private Ray
instance, whose listening sockets are checked, plays a batch; prints JSON for the test."""

from __future__ import annotations

import json
import subprocess

import ray

from ludoverse.sim.simulate import simulate

SEATS = ["greedy", "random", "random"]

ray.init(address="local", num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1",
         log_to_driver=False)
listening = subprocess.run(["ss", "-ltnH"], capture_output=True, text=True, check=True).stdout
on_ray = simulate("ultia", 12, SEATS, seed=5, workers=2, backend="ray")
ray.shutdown()
local = simulate("ultia", 12, SEATS, seed=5, workers=1)
print(json.dumps({
    "listen": [line.split()[3] for line in listening.splitlines() if line.strip()],
    "ray": [r.to_json() for r in on_ray.results],
    "local": [r.to_json() for r in local.results],
}))
