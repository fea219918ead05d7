"""``ludoverse serve``: the web platform."""

from __future__ import annotations

import typer


def serve_cmd(
    config: str | None = typer.Option(
        None, "--config", help="A server.toml with every limit (see docs/hosting.md); the "
        "options below override it."),
    host: str | None = typer.Option(None, help="Address to listen on (default 127.0.0.1; "
                                                "0.0.0.0: every one)."),
    port: int | None = typer.Option(None, min=1, max=65535, help="TCP port (default 8000)."),
    db: str | None = typer.Option(
        None, help="Database URL (default: an SQLite file in your data directory), e.g. "
                   "postgresql+psycopg://user@/ludoverse?host=/run/postgresql"),
    bot_workers: int | None = typer.Option(None, min=0, help="Processes for bots to think in "
                                                             "(default 1; 0: a thread)."),
    bot_pace: float | None = typer.Option(
        None, min=0.0, max=10.0, help="Least seconds a bot's move takes at a table with "
        "people, so how long it thinks reveals nothing of its cards (default 0.6; 0: at once)."),
    bot_worker: bool | None = typer.Option(
        None, "--bot-worker/--no-bot-worker", help="Also play queued bot moves in this "
        "process (default: yes; no when 'ludoverse bot-worker' processes play them all)."),
) -> None:
    """Start the web app: play any game in the browser, with bots or friends."""
    try:
        import uvicorn

        from ludoverse.server import create_app
        from ludoverse.server.config import ConfigError, load_config
    except ImportError as exc:
        raise typer.BadParameter(
            f"the web platform needs its extra: pip install 'ludoverse[web]' ({exc.name} "
            "is missing)") from None
    from ludoverse.server.db import default_url

    try:
        cfg = load_config(config, server={"host": host, "port": port, "db": db},
                          bots={"workers": bot_workers, "pace_seconds": bot_pace,
                                "worker": bot_worker})
    except ConfigError as exc:
        raise typer.BadParameter(str(exc), param_hint="--config") from None
    url = cfg.server.db or default_url()
    app = create_app(url, config=cfg)
    shown = url.split("@")[-1] if "@" in url else url
    typer.echo(f"Ludoverse on http://{cfg.server.host}:{cfg.server.port}/  (storage: {shown})")
    uvicorn.run(app, host=cfg.server.host, port=cfg.server.port,
                log_level="info" if cfg.server.access_log else "warning",
                access_log=cfg.server.access_log, proxy_headers=False,
                ws_max_size=cfg.limits.ws_message_bytes, server_header=False)


def bot_worker_cmd(
    db: str = typer.Option(..., help="The PostgreSQL database of the servers, e.g. "
                           "postgresql+psycopg://user@/ludoverse?host=/run/postgresql"),
    config: str | None = typer.Option(
        None, "--config", help="The servers' server.toml (its [bots] section: budgets, pace "
        "and the levels the host publishes)."),
    workers: int | None = typer.Option(None, min=0, max=64, help="Bot moves thought at once, "
                                       "each in its own process (default: [bots] workers)."),
) -> None:
    """Play the bot moves that the servers on one PostgreSQL database queue (any number of
    workers, on any machine; stop one and another takes its move)."""
    import asyncio
    import logging

    try:
        from ludoverse.server.botworker import work_alone
        from ludoverse.server.config import ConfigError, load_config
    except ImportError as exc:
        raise typer.BadParameter(
            f"bot workers need the postgres extra: pip install 'ludoverse[postgres]' "
            f"({exc.name} is missing)") from None
    try:
        cfg = load_config(config, bots={"workers": workers})
    except ConfigError as exc:
        raise typer.BadParameter(str(exc), param_hint="--config") from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    shown = db.split("@")[-1] if "@" in db else db
    typer.echo(f"Ludoverse bot worker on {shown} ({max(1, cfg.bots.workers)} thinking at once)")
    try:
        asyncio.run(work_alone(db, cfg))
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--db") from None
    except KeyboardInterrupt:
        pass
