"""Settings for the pub poker league, configured by environment variables.

With no environment at all this runs locally on SQLite with DEBUG on. In
production set DEBUG=0, SECRET_KEY, ALLOWED_HOSTS and (usually) DATABASE_URL.
"""

import ipaddress
import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

_DEV_SECRET = "django-insecure-dev-only-not-for-production"


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    lowered = value.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {value!r}")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_url(name: str, default: str) -> str:
    """An http(s) address without path, query or fragment, e.g. http://192.168.1.20:8000."""
    value = (os.environ.get(name) or "").strip() or default
    parts = urlsplit(value)
    if (
        parts.scheme not in {"http", "https"}
        or not parts.hostname
        or parts.path.strip("/")
        or parts.query
        or parts.fragment
    ):
        raise ImproperlyConfigured(f"{name} must look like http://192.168.1.20:8000 (no path), not {value!r}")
    try:
        parts.port  # noqa: B018 - reading the port checks it
    except ValueError:
        raise ImproperlyConfigured(f"{name} has a bad port: {value!r}") from None
    return f"{parts.scheme}://{parts.netloc}"


DEBUG = env_bool("DEBUG", True)

# Where the app writes while it runs: the SQLite database (when DATABASE_URL is not set), the caches, the
# venue's secret key, the demo's login file, the publishing state. The checkout by default; on a server a
# folder of the service user's own (docs/server.md), made here with mode 0700 when missing.
DATA_DIR = Path(os.environ.get("DATA_DIR") or BASE_DIR)
if "DATA_DIR" in os.environ:
    DATA_DIR.mkdir(mode=0o700, parents=True, exist_ok=True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = _DEV_SECRET

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# Every absolute link and QR code (dealer links, TV clock, results, sheets) is
# built from this one address, never from a request's host: phones scan what
# the organizer's laptop shows. `manage.py venue` sets it to the laptop's LAN
# address; the default is the README's runserver address.
PUBLIC_URL = env_url("PUBLIC_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "csp",
    "axes",
    "league",
    "tournaments",
    "results",
    "live",
    "housegames",
    "demo",
    "upkeep",
    "online",
]

MIDDLEWARE = [
    # First, so every answer passes it: it adds the headers of the three below to an answer made before them.
    "config.security_headers.EveryAnswerHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "league.web.compression.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "league.web.request_guard.RefuseHostileRequestsMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
    "league.web.busy.BusyDatabaseMiddleware",
]

ROOT_URLCONF = "config.urls"

# Content-Security-Policy (django-csp): scripts and styles only from the app's own static files, no inline
# script or handler (static/js/ does that), no framing; images may be data: URIs (QR codes, charts).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# The proxies whose X-Forwarded-For is believed (addresses or networks, comma-separated; none by default): the
# client's address for login lock-outs and per-client limits is then the right-most one that is not a proxy.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])
try:
    for _proxy in TRUSTED_PROXIES:
        ipaddress.ip_network(_proxy, strict=False)
except ValueError:
    raise ImproperlyConfigured(
        f"TRUSTED_PROXIES must be addresses or networks (10.0.0.1, 10.0.0.0/8), not {_proxy!r}"
    ) from None

# Login throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords from one address (for one account,
# or for several) that address is locked until an organizer unlocks it (/organizer/logins/, or
# `manage.py unlock_logins` with no account at all) or AXES_COOLOFF_HOURS pass. Every failed login is stored
# (admin: Axes) and logged.
# Django's own ModelBackend stays last so that an organizer signed in before the OrganizerBackend came (his
# session names ModelBackend) stays signed in after an update; a new sign-in goes through OrganizerBackend.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "league.accounts.backend.OrganizerBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = env_int("AXES_COOLOFF_HOURS", 1)
# A lock hits the client that guessed, never the account: one account from one address, and one address
# guessing many accounts. Locking the username alone let anyone lock the organizer out from any address.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
# The client's address: X-Forwarded-For only from a proxy named in TRUSTED_PROXIES (league/web/client_address.py).
AXES_CLIENT_IP_CALLABLE = "league.web.client_address.client_address"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
# Not verbose: no start-up line on stderr (the contract commands print exactly one line on failure).
AXES_VERBOSE = False
# Each failure is logged as a warning naming the account and the address (axes masks them by default).
AXES_SENSITIVE_PARAMETERS: list[str] = []

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "league.web.static_site.static_site",
                "league.venues.context.venues_here",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# A connection lives an hour (CONN_MAX_AGE seconds; 0: one per request), checked before each request
# is served. The connections of a server's threads open together, so they also close and reopen
# together: at 60 s the load benchmark saw every minute's wave of about 45 new connections (sign-in,
# the server's caches, the tracker's statements prepared again) lift p95 from 15 to 40 ms.
DATABASES = {
    # An empty DATABASE_URL (a line `DATABASE_URL=` in an env file) is the default, as for every other setting.
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", "").strip() or f"sqlite:///{DATA_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", 3600),
        conn_health_checks=True,
    )
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The tracker's statements (tournaments/tracker/prepared.py) are prepared the first time a connection runs
    # them; Django's own cursors bind in the client and are never prepared, whatever this says. Off
    # (PREPARED_STATEMENTS=0) for a pooler that cannot keep them (PgBouncer's transaction mode before 1.21).
    # JIT compilation off: the season's results query at 120,000 placements spent 670 of its 790 ms compiling
    # (docs/development/performance-notes.md); the app's queries are short, and none gains from it.
    DATABASES["default"]["OPTIONS"] = {
        "prepare_threshold": 0 if env_bool("PREPARED_STATEMENTS", True) else None,
        "options": "-c jit=off",
        **DATABASES["default"].get("OPTIONS", {}),
    }
    # The app's server (config/server.py sets DATABASE_POOL) holds a pool of connections (psycopg_pool through
    # Django): its 256 threads and the event streams that wake together on a tap borrow one for a moment instead of
    # each opening its own, a new PostgreSQL process and a password exchange every time. Persistent connections
    # per thread give way to it (Django refuses both).
    if env_bool("DATABASE_POOL", False):
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": 2,
            "max_size": env_int("DATABASE_POOL_SIZE", 24),
            "timeout": 10,
        }

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A night of six tables on one file: readers never wait for the writer
    # (WAL), a write transaction takes the lock when it begins (IMMEDIATE), so
    # it can never fail half-way on an upgrade, and waits up to SQLITE_TIMEOUT
    # seconds for it. Past that, league.web.busy answers "try again".
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": env_int("SQLITE_TIMEOUT", 5),
        **DATABASES["default"].get("OPTIONS", {}),
    }
    # Tests use a file like the venue does: an in-memory database shared between threads answers
    # "table is locked" at once instead of waiting, so concurrency tests would test nothing real.
    # One file per test process, so two test runs in one checkout do not share it.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f"test-db-{os.getpid()}.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's default hashers (PBKDF2 first). The test suite sets FAST_PASSWORD_HASHING=1 for itself and the servers
# it starts: PBKDF2's million rounds cost about 0.3 s a login or a new account, thousands of times a run. Never
# set it anywhere else.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
if os.environ.get("FAST_PASSWORD_HASHING") == "1":
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *PASSWORD_HASHERS]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# German is the venue's language; English for visitors. LANGUAGE_CODE=en makes English the venue's language:
# what `manage.py venue` prints, and the pages for a browser that asks for neither.
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LANGUAGE_CODE = (os.environ.get("LANGUAGE_CODE") or "de").strip().lower()
if LANGUAGE_CODE not in dict(LANGUAGES):
    raise ImproperlyConfigured(f"LANGUAGE_CODE must be one of {', '.join(dict(LANGUAGES))}, not {LANGUAGE_CODE!r}")
LOCALE_PATHS = [BASE_DIR / "locale"]
# The league's own date formats: 23.11.2026 in German, 23 Nov 2026 in English.
FORMAT_MODULE_PATH = ["config.formats"]

# Finished tables' hand statistics and hand-history files: rebuilt from the stored hands whenever missing
# (tournaments/hands/figures.py), kept on disk so that a restart of the laptop does not replay a season again.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "hand_stats": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": os.environ.get("HAND_STATS_CACHE_DIR") or str(DATA_DIR / ".cache" / "hand-stats"),
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 200000},
    },
}
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]

# The first organizer's login, written once when `manage.py venue` or `setup_demo` creates the account, or
# `organizer_password` sets a new one; git ignores it. Unset: the database's own file in DATA_DIR
# (`.organizer-login` for the default database, league/accounts/first_login.py names the others). The tests
# point it elsewhere.
ORGANIZER_LOGIN_FILE = Path(os.environ["ORGANIZER_LOGIN_FILE"]) if os.environ.get("ORGANIZER_LOGIN_FILE") else None

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# The league's currency; money is always Decimal.
CURRENCY = os.environ.get("CURRENCY", "EUR")

# Imperial Poker table limits (docs/rules.md, "Limits": the total paid per round is capped).
IMPERIAL_MIN_ANTE = env_int("IMPERIAL_MIN_ANTE", 5)
IMPERIAL_PAYOUT_CAP = env_int("IMPERIAL_PAYOUT_CAP", 20000)
# Seconds a UTH guest has for each decision before it is made for him (docs/rules.md, "Decision time"); 0: no limit.
UTH_DECISION_SECONDS = env_int("UTH_DECISION_SECONDS", 300)

# The published static site (manage.py publish): where it goes (a folder or sftp://user@host/path) and the
# address it is seen at (for the sitemap's absolute links).
PUBLISH_TO = os.environ.get("PUBLISH_TO", "")
PUBLISH_URL = os.environ.get("PUBLISH_URL", "")

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Off only for plain HTTP on the pub's own network (manage.py venue).
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    # A monitor may ask the app itself for its health over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"without_traceback": {"()": "config.log.WithoutTraceback"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "console_brief": {"class": "logging.StreamHandler", "filters": ["without_traceback"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        # A request for a host the server does not serve (a scanner on the internet) is one line, not a traceback.
        "django.security.DisallowedHost": {"handlers": ["console_brief"], "level": "WARNING", "propagate": False},
    },
}
