"""Guided first games: a tutorial script per game (``script``), running it step by step
(``engine``) and recording its moves from bot play (``record``). See ``docs/learn.md``."""

from ludoverse.learn.engine import Step, Tutorial, tutorial
from ludoverse.learn.script import Script, ScriptError, load_script, tutorial_games

__all__ = ["Script", "ScriptError", "Step", "Tutorial", "load_script", "tutorial", "tutorial_games"]
