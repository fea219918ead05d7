"""``ludoverse serve``: the web platform."""

from __future__ import annotations

import typer


def serve_cmd(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0: every one)."),
    port: int = typer.Option(8000, min=1, max=65535, help="TCP port."),
    db: str | None = typer.Option(
        None, help="Database URL (default: an SQLite file in your data directory), e.g. "
                   "postgresql+psycopg://user@/ludoverse?host=/run/postgresql"),
    bot_workers: int = typer.Option(1, min=0, help="Processes for bots to think in "
                                                   "(0: a thread; for tests)."),
    bot_pace: float | None = typer.Option(
        None, min=0.0, max=10.0, help="Least seconds a bot's move takes at a table with "
        "people, so how long it thinks reveals nothing of its cards (default 0.6; 0: at once)."),
) -> None:
    """Start the web app: play any game in the browser, with bots or friends."""
    try:
        import uvicorn

        from ludoverse.server import create_app
    except ImportError as exc:
        raise typer.BadParameter(
            f"the web platform needs its extra: pip install 'ludoverse[web]' ({exc.name} "
            "is missing)") from None
    from ludoverse.server.db import default_url

    url = db or default_url()
    paced = {} if bot_pace is None else {"bot_pace": bot_pace}
    app = create_app(url, bot_workers=bot_workers, **paced)
    shown = url.split("@")[-1] if "@" in url else url
    typer.echo(f"Ludoverse on http://{host}:{port}/  (storage: {shown})")
    uvicorn.run(app, host=host, port=port, log_level="warning")
