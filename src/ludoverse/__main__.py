"""``python -m ludoverse`` is the ``ludoverse`` command."""

from ludoverse.cli import main

main()
