"""Trained policies as bots: ``policy:PATH`` plays a saved network anywhere bots play.

A policy file is a NumPy ``.npz`` of plain arrays (loaded with ``allow_pickle=False``, so a
file cannot run code) and a JSON header: the game, player count and options it was trained
for, and a fingerprint of the observation layout. Playing needs NumPy only (the ``rl``
extra), not the training stack: the network is a stack of dense layers evaluated here.
:func:`save_sb3_policy` writes one from a Stable-Baselines3 / sb3-contrib model.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ludoverse.core.api import Game, State
from ludoverse.core.encoding import Layout
from ludoverse.rl.tensors import as_vector, encoder_for, state_encoder

FORMAT = "ludoverse-policy"
VERSION = 1
MAX_BYTES = 64 * 1024 * 1024
"""Largest policy file read (a 2×256 network for the largest game is under 2 MB)."""
MAX_LAYERS = 16
MAX_WIDTH = 4096
ACTIVATIONS = ("tanh", "relu")


class PolicyError(ValueError):
    """A policy file that cannot be played, and why."""


def layout_fingerprint(layout: Layout) -> str:
    """Changes whenever the meaning of an observation element could change."""
    text = ";".join(f"{f.name}:{f.offset}:{f.size}" for f in layout.fields)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Policy:
    """A dense network from observation vector to one logit per action id."""

    meta: dict[str, Any]
    layers: tuple[tuple[np.ndarray, np.ndarray], ...]
    action: tuple[np.ndarray, np.ndarray]
    scale: tuple[np.ndarray, np.ndarray, float] | None = None
    """Observation normalisation learnt in training (mean, standard deviation, clip), as
    Stable-Baselines3's ``VecNormalize`` applies it; ``None``: raw vectors."""

    @property
    def game(self) -> str:
        return str(self.meta["game"])

    def logits(self, observation: np.ndarray) -> np.ndarray:
        x = observation.astype(np.float32, copy=False)
        if self.scale is not None:
            mean, std, clip = self.scale
            x = np.clip((x - mean) / std, -clip, clip)
        act = np.tanh if self.meta["activation"] == "tanh" else _relu
        for w, b in self.layers:
            x = act(w @ x + b)
        w, b = self.action
        return w @ x + b  # type: ignore[no-any-return]

    def choose(self, observation: np.ndarray, legal: list[int], rng: random.Random | None,
               sample: bool = False) -> int:
        """The legal action with the highest logit, or one drawn by the policy's odds over
        the legal actions when ``sample``."""
        scores = self.logits(observation)[legal].astype(np.float64)
        if not sample:
            return legal[int(np.argmax(scores))]
        odds = np.exp(scores - scores.max())
        odds /= odds.sum()
        r = (rng or random.Random()).random()
        return legal[min(int(np.searchsorted(np.cumsum(odds), r, side="right")),
                         len(legal) - 1)]


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def save_policy(path: str | Path, meta: dict[str, Any],
                layers: list[tuple[np.ndarray, np.ndarray]],
                action: tuple[np.ndarray, np.ndarray],
                scale: tuple[np.ndarray, np.ndarray, float] | None = None) -> Path:
    arrays: dict[str, np.ndarray] = {}
    if scale is not None:
        meta = {**meta, "obs_clip": float(scale[2])}
        arrays["obs_mean"] = np.asarray(scale[0], dtype=np.float32)
        arrays["obs_std"] = np.asarray(scale[1], dtype=np.float32)
    arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
    for i, (w, b) in enumerate(layers):
        arrays[f"layer_{i}_weight"] = np.asarray(w, dtype=np.float32)
        arrays[f"layer_{i}_bias"] = np.asarray(b, dtype=np.float32)
    arrays["action_weight"] = np.asarray(action[0], dtype=np.float32)
    arrays["action_bias"] = np.asarray(action[1], dtype=np.float32)
    out = Path(path)
    with out.open("wb") as fh:
        np.savez_compressed(fh, **arrays)  # type: ignore[arg-type]
    load_policy(out)  # what is written must load
    return out


def policy_meta(game: Game, players: int, options: Any, content: Any = None,
                **trained: Any) -> dict[str, Any]:
    """The header of a policy trained for this setup (``trained``: how, for the record)."""
    opts = game.make_options(options)
    enc = encoder_for(game, players, opts, content)
    return {"format": FORMAT, "version": VERSION, "game": game.name,
            "game_version": game.version, "players": players,
            "options": opts.model_dump(mode="json"), "observation_size": enc.layout.size,
            "layout": layout_fingerprint(enc.layout), "num_actions": game.num_actions,
            "trained": trained}


def save_sb3_policy(model: Any, path: str | Path, game: Game, players: int,
                    options: Any = None, content: Any = None, normalize: Any = None,
                    **trained: Any) -> Path:
    """Write the acting network of a Stable-Baselines3 / sb3-contrib actor-critic model with
    an ``MlpPolicy`` (e.g. ``MaskablePPO``) as a policy file, with the observation scaling of
    the ``VecNormalize`` it was trained in, if any. The value network is left out: playing
    needs only the action logits."""
    import torch

    pol = model.policy
    names = {torch.nn.Tanh: "tanh", torch.nn.ReLU: "relu"}
    if pol.activation_fn not in names:
        raise PolicyError(f"activation {pol.activation_fn.__name__} is not one of "
                          f"{', '.join(ACTIVATIONS)}")
    if type(pol.pi_features_extractor).__name__ != "FlattenExtractor":
        raise PolicyError("only an MlpPolicy on a flat observation can be saved")
    layers = []
    for module in pol.mlp_extractor.policy_net:
        if isinstance(module, torch.nn.Linear):
            layers.append((module.weight.detach().cpu().numpy(),
                           module.bias.detach().cpu().numpy()))
        elif not isinstance(module, tuple(names)):
            raise PolicyError(f"the policy network holds a {type(module).__name__}")
    head = pol.action_net
    meta = policy_meta(game, players, options, content, **trained)
    meta["activation"] = names[pol.activation_fn]
    scale = None
    if normalize is not None and normalize.norm_obs:
        rms = normalize.obs_rms
        scale = (rms.mean, np.sqrt(rms.var + normalize.epsilon), float(normalize.clip_obs))
    return save_policy(path, meta, layers, (head.weight.detach().cpu().numpy(),
                                            head.bias.detach().cpu().numpy()), scale)


def load_policy(path: str | Path) -> Policy:
    """Read and check a policy file; a :class:`PolicyError` says what is wrong with it."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise PolicyError(f"cannot read policy file {str(path)!r}: {exc.strerror}") from None
    if size > MAX_BYTES:
        raise PolicyError(f"policy file {p.name} is {size} bytes; at most {MAX_BYTES} are read")
    try:
        with np.load(p, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except (OSError, ValueError, EOFError) as exc:
        raise PolicyError(f"{p.name} is not a policy file (.npz of arrays): {exc}") from None
    return _policy_from_arrays(arrays, p.name)


def _policy_from_arrays(arrays: dict[str, np.ndarray], name: str) -> Policy:
    try:
        meta = json.loads(str(arrays.pop("meta")[()]))
    except (KeyError, ValueError, TypeError):
        raise PolicyError(f"{name} has no readable header") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise PolicyError(f"{name} is not a {FORMAT} file")
    if meta.get("version") != VERSION:
        raise PolicyError(f"{name} is format version {meta.get('version')}; this Ludoverse "
                          f"reads version {VERSION}")
    for key, kind in (("game", str), ("players", int), ("observation_size", int),
                      ("num_actions", int), ("layout", str), ("activation", str)):
        if not isinstance(meta.get(key), kind):
            raise PolicyError(f"{name}: header field {key!r} is missing or not a {kind.__name__}")
    if meta["activation"] not in ACTIVATIONS:
        raise PolicyError(f"{name}: activation {meta['activation']!r} is not one of "
                          f"{', '.join(ACTIVATIONS)}")
    layers = []
    width = meta["observation_size"]
    i = 0
    while f"layer_{i}_weight" in arrays:
        if i >= MAX_LAYERS:
            raise PolicyError(f"{name} has more than {MAX_LAYERS} layers")
        w, b = _dense(arrays, f"layer_{i}", width, name)
        layers.append((w, b))
        width = w.shape[0]
        i += 1
    action = _dense(arrays, "action", width, name)
    if action[0].shape[0] != meta["num_actions"]:
        raise PolicyError(f"{name}: the action layer has {action[0].shape[0]} outputs, the "
                          f"game {meta['num_actions']} actions")
    return Policy(meta, tuple(layers), action, _scale(arrays, meta, name))


def _scale(arrays: dict[str, np.ndarray], meta: dict[str, Any],
           name: str) -> tuple[np.ndarray, np.ndarray, float] | None:
    mean, std = arrays.get("obs_mean"), arrays.get("obs_std")
    if mean is None and std is None:
        return None
    size = meta["observation_size"]
    clip = meta.get("obs_clip")
    if mean is None or std is None or mean.shape != (size,) or std.shape != (size,) or \
            mean.dtype.kind != "f" or std.dtype.kind != "f":
        raise PolicyError(f"{name}: its observation scaling is not two vectors of {size} floats")
    if not isinstance(clip, int | float) or not clip > 0:
        raise PolicyError(f"{name}: header field 'obs_clip' is missing or not positive")
    if not (np.isfinite(mean).all() and np.isfinite(std).all() and (std > 0).all()):
        raise PolicyError(f"{name}: its observation scaling holds NaN, infinite or zero numbers")
    return mean.astype(np.float32), std.astype(np.float32), float(clip)


def _dense(arrays: dict[str, np.ndarray], key: str, width: int,
           name: str) -> tuple[np.ndarray, np.ndarray]:
    w, b = arrays.get(f"{key}_weight"), arrays.get(f"{key}_bias")
    if w is None or b is None:
        raise PolicyError(f"{name}: {key} lacks its weight or bias")
    if w.dtype.kind != "f" or b.dtype.kind != "f":
        raise PolicyError(f"{name}: {key} is not made of floats")
    limit = 100_000 if key == "action" else MAX_WIDTH
    if w.ndim != 2 or b.shape != (w.shape[0],) or w.shape[1] != width or \
            not 0 < w.shape[0] <= limit:
        raise PolicyError(f"{name}: {key} has shape {w.shape} after {width} inputs")
    if not (np.isfinite(w).all() and np.isfinite(b).all()):
        raise PolicyError(f"{name}: {key} holds NaN or infinite numbers")
    return w.astype(np.float32), b.astype(np.float32)


_LOADED: OrderedDict[tuple[str, int, int], Policy] = OrderedDict()


def cached_policy(path: str) -> Policy:
    """A policy file read once per version of the file (bots ask on every move)."""
    full = os.path.abspath(path)
    try:
        st = os.stat(full)
    except OSError as exc:
        raise PolicyError(f"cannot read policy file {path!r}: {exc.strerror}") from None
    key = (full, st.st_mtime_ns, st.st_size)
    hit = _LOADED.get(key)
    if hit is None:
        hit = _LOADED[key] = load_policy(full)
        if len(_LOADED) > 16:
            _LOADED.popitem(last=False)
    return hit


class PolicyBot:
    """Plays a saved policy: ``policy:PATH`` (or ``policy:path=PATH,mode=sample``).
    ``mode=best`` (default) plays the legal action the network rates highest; ``sample``
    draws by its odds."""

    def __init__(self, path: str = "", mode: str = "best") -> None:
        if not path:
            raise ValueError("a policy bot needs a file: policy:PATH")
        if mode not in ("best", "sample"):
            raise ValueError(f"mode is 'best' or 'sample', not {mode!r}")
        self.policy = cached_policy(path)
        self.sample = mode == "sample"
        self.spec = f"policy:{path}" + (",mode=sample" if self.sample else "")

    def check_game(self, game: Game) -> None:
        if game.name != self.policy.game:
            raise ValueError(f"the policy plays {self.policy.game}, not {game.name}")

    def choose(self, state: State, seat: int, rng: random.Random, budget: Any = None) -> int:
        meta = self.policy.meta
        enc = state_encoder(state)
        players = state.setup()[0]
        if players != meta["players"] or layout_fingerprint(enc.layout) != meta["layout"]:
            raise PolicyError(
                f"the policy was trained for {meta['players']} players of {meta['game']} with "
                f"another observation layout; this game has {players} players")
        obs = as_vector(enc.encode(state.observation(seat)))
        return self.policy.choose(obs, state.legal_actions(), rng, self.sample)
