#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

# The contract commands (docs/contracts.md) are thin wrappers around the pure engines and use nothing from
# Django's app registry, so they run without django.setup(): that would import every app's models and,
# through the admin's autodiscovery, every admin.py with the PDF code behind it (0.85 s of CPU a run).
# They still run as Django commands (same parser, output, stderr and exit status); `call_command` and
# `manage.py help` find them as before.
CONTRACT_COMMANDS = {
    "replay_hand": "tournaments.management.commands.replay_hand",
    "equity": "tournaments.management.commands.equity",
    "uth_settle": "housegames.management.commands.uth_settle",
    "imperial_hand": "housegames.management.commands.imperial_hand",
}


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if len(sys.argv) > 1 and sys.argv[1] in CONTRACT_COMMANDS:
        # They do no linear algebra; OpenBLAS would otherwise start a thread per core as numpy loads (the
        # equity command's bulk evaluator), half of numpy's 0.1 s of start-up CPU.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        from importlib import import_module

        import_module(CONTRACT_COMMANDS[sys.argv[1]]).Command().run_from_argv(sys.argv)
        return
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
