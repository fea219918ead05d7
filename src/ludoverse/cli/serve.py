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
                          bots={"workers": bot_workers, "pace_seconds": bot_pace})
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
