"""The Ludoverse web platform: ``create_app`` builds the FastAPI app (``ludoverse serve``)."""

from ludoverse.server.app import create_app

__all__ = ["create_app"]
