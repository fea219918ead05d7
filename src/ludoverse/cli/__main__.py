"""``python -m ludoverse.cli`` runs the same command as ``ludoverse``."""

from ludoverse.cli import main

main()
