"""gunicorn settings that `manage.py venue` adds (``--config python:config.gunicorn``).

The TV and rail streams (live/events.py) wait on a condition for
minutes; when gunicorn stops or restarts a worker they must end at once rather
than hold its shutdown for the grace period: the watcher asks the worker
whether it is still alive and ends every stream when it is not (EventSource
then reconnects to the next worker).

gunicorn's own notes ("Starting gunicorn", "Booting worker", "Handling signal") are English and say
nothing the organizer needs: `manage.py venue` has said in the venue's language where the league is
served. Only warnings and errors (a worker that timed out or died) still reach the console.
"""

loglevel = "warning"


def post_worker_init(worker) -> None:
    from live.events import hub

    hub.serve_while(lambda: worker.alive)

# The app is loaded once, in the master, with every page's code, and the workers are forked from it: a worker
# is ready at once instead of after two seconds of imports of its own (at every start and every worker that
# gunicorn replaces), and the workers share that memory.
preload_app = True


def when_ready(server) -> None:
    """In the master, after the app is loaded and before the workers fork: the URL patterns import every view.
    No database connection may be open here (a forked worker must never share one)."""
    from django.db import connections
    from django.urls import get_resolver

    get_resolver().reverse_dict  # noqa: B018 - builds the patterns: imports every app's urls and views
    connections.close_all()
