"""Settings, all read from the environment (django-environ).

With no variables set the project runs on an embedded default: SQLite in ``data/``,
DEBUG on, and Celery on kombu's filesystem transport, so a fresh machine needs no
server. ``DATABASE_URL=postgres://…`` and ``REDIS_URL=redis://…`` switch to
PostgreSQL and Redis (Celery broker and Django cache). Production differs only by
environment values (``DEBUG=false``, ``SECRET_KEY``, ``ALLOWED_HOSTS``…).
"""

from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()
if (BASE_DIR / ".env").exists():
    env.read_env(BASE_DIR / ".env")
DATA_DIR = Path(env.str("DATA_DIR", default=str(BASE_DIR / "data")))
DATA_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env.bool("DEBUG", default=True)

_DEV_SECRET = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdefghijkl"
SECRET_KEY = env.str("SECRET_KEY", default=_DEV_SECRET if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
if not DEBUG and SECRET_KEY == _DEV_SECRET:
    # The development key is public (it is in this file): sessions and reset links signed
    # with it could be forged.
    raise ImproperlyConfigured("SECRET_KEY is the development key: set a secret key of your "
                               "own when DEBUG is off.")

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    # Daphne first: its runserver serves the site over ASGI, WebSockets included (live play).
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    # Sign-in, password reset, email addresses and two-factor sign-in (django-allauth).
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "ops",
    "audit",
    "clubs",
    "federations",
    "results",
    "games",
    "chouette",
    "tournaments",
    "teamleagues",
    "accounts",
    "notifications",
    "ratings",
    "demo",
    "analysis",
    "live",
    "people",
    "printing",
    "imports",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # The site a mail made while answering the request links to (config.site).
    "config.site.SiteMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The language a page speaks: the login's choice, else its club's, else the browser's.
    "accounts.middleware.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
# HTTP and WebSockets (Django Channels): the live board follows the match over a socket.
ASGI_APPLICATION = "config.asgi.application"
#: A live board's socket asks again whether its login may follow the match before its first
#: push after this many seconds (live/views_socket.py): how long a login removed from the
#: club may still hear which versions pass (never the state: that comes over HTTP).
LIVE_SOCKET_RECHECK_SECONDS = env.float("LIVE_SOCKET_RECHECK_SECONDS", default=15.0)

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "notifications.context_processors.unread",
                "accounts.context_processors.two_factor",
                "accounts.context_processors.club_creation",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------
_SQLITE_DEFAULT = f"sqlite:///{DATA_DIR / 'db.sqlite3'}"
DATABASES = {"default": env.db_url("DATABASE_URL", default=_SQLITE_DEFAULT)}
DATABASES["default"].setdefault("ATOMIC_REQUESTS", False)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file (not in-memory) test database, so a real worker process can share it;
    # WAL and a busy timeout let the web server and the worker write side by side.
    # IMMEDIATE: a transaction takes the write lock when it begins, so one that reads and
    # then writes waits its turn (busy timeout) instead of failing at once with "database
    # is locked" when another commits in between (SQLite cannot upgrade a read lock).
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test_db.sqlite3")}
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "init_command": "PRAGMA journal_mode=WAL;",
         "transaction_mode": "IMMEDIATE"}
    )
elif env.bool("DB_POOL", default=False):
    # PostgreSQL under ASGI (config/asgi.py turns DB_POOL on, the one place that decides;
    # DB_POOL=false in the environment keeps it off): each request and each
    # socket's database call runs in a thread of its own, and a persistent connection per
    # thread would pile up (76 after 20 matches). A pool per process hands a connection to
    # whoever needs one and takes it back after the request: at most DB_POOL_MAX connections
    # per web process (so WEB_CONCURRENCY x DB_POOL_MAX in all); a request finding them all
    # busy waits up to DB_POOL_TIMEOUT seconds. The pool requires CONN_MAX_AGE 0.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DB_POOL_MIN", default=2),
        "max_size": env.int("DB_POOL_MAX", default=10),
        "timeout": env.float("DB_POOL_TIMEOUT", default=20.0),
    }
else:
    # PostgreSQL elsewhere (Celery's workers, a WSGI server, manage.py): one connection per
    # worker thread, kept for CONN_MAX_AGE seconds; their number is the threads'.
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: cache, Celery broker, Channels layer ------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
# The channel layer carries "this live match changed" to the pages following it: Redis
# between processes; in one process (the embedded default's runserver) memory is enough.
# Redis Pub/Sub: one PUBLISH per change, heard at once by each web process following the
# match, which hands it to its own sockets. (channels_redis' list-based layer pops one
# message per socket per round trip: at 20 full-speed matches its queues fell behind by
# seconds and dropped changes.) A page that misses one still polls.
CHANNEL_LAYERS = {"default": {
    "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
    "CONFIG": {"hosts": [REDIS_URL]},
} if REDIS_URL else {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
if REDIS_URL:
    # Forgiving (ops.cache): Redis away makes reads misses and writes no-ops, not 500s;
    # the timeouts keep a Redis that hangs from holding a request.
    CACHES = {"default": {"BACKEND": "ops.cache.ForgivingRedisCache", "LOCATION": REDIS_URL,
                          "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # Above the longest task's time limit, or a late-acked task is delivered twice.
        "visibility_timeout": 3600,
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    BROKER_DIR = Path(env.str("BROKER_DIR", default=str(DATA_DIR / "broker")))
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "control_folder": str(BROKER_DIR / "control"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "store_processed": False,
        # How long a worker sleeps when it finds nothing it may take. kombu's default (1 s)
        # is also slept after every task: with late acknowledgement and a prefetch of one,
        # the next message is not taken until the last is acknowledged, so each task
        # cost a second and a queue of N messages N seconds (the demo's 62 ratings
        # recomputes held a report's notice back 61 s). One listing of the folder every
        # 0.1 s per worker is nothing to the machine.
        "polling_interval": env.float("BROKER_POLLING_INTERVAL", default=0.1),
    }
    for _key in ("data_folder_in", "control_folder", "processed_folder"):
        Path(CELERY_BROKER_TRANSPORT_OPTIONS[_key]).mkdir(parents=True, exist_ok=True)

CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="celery")
# Match analyses (GNU Backgammon, seconds to minutes each) have their own queue, so they
# never delay a rules check or a result; `make run` starts a worker for each queue.
CELERY_ANALYSIS_QUEUE = env.str("CELERY_ANALYSIS_QUEUE", default="analysis")
# The computer's turns in practice matches (gnubg, under a second each) have theirs, so a
# long analysis never keeps a player waiting for the computer's move.
CELERY_COMPUTER_QUEUE = env.str("CELERY_COMPUTER_QUEUE", default="computer")
CELERY_TASK_ROUTES = {"analysis.tasks.*": {"queue": CELERY_ANALYSIS_QUEUE},
                      "live.tasks.*": {"queue": CELERY_COMPUTER_QUEUE}}
#: Analyse every match record whose rules check passed (off: only on request).
ANALYSIS_AFTER_CHECK = env.bool("ANALYSIS_AFTER_CHECK", default=True)
#: Printing (printing/): a pack of more scoresheets or table cards than this is made by the
#: worker (the request answers 202 and a page with its progress); fewer, while it waits.
PRINT_INLINE_SHEETS = env.int("PRINT_INLINE_SHEETS", default=40)
#: A pack still queued or being made after this many seconds is sent to the worker again
#: when someone asks for it (never sent while the broker was down, or its worker was lost).
PRINT_PACK_STALE_SECONDS = env.int("PRINT_PACK_STALE_SECONDS", default=120)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True  # outcomes are stored on models
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_TIMEOUT = 3
# Publishing gives up fast when the broker is down: the row stays queued and the periodic
# requeue task sends it once the broker is back (nothing is lost).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2, "interval_start": 0, "interval_step": 0.5, "interval_max": 1,
}
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=False)
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
#: A rules check running longer than this, whose worker has sent no heartbeat since it
#: started, was left by a killed worker: the periodic requeue sends it again (without
#: waiting for the broker to redeliver it: an hour with Redis). Well above the check task's
#: time limit (two minutes), so a check still running is never sent twice.
RULES_CHECK_RUNNING_LIMIT = timedelta(minutes=env.int("RULES_CHECK_RUNNING_LIMIT_MINUTES",
                                                      default=10))
CELERY_BEAT_SCHEDULE = {
    # A sign of life from a worker every minute (pages tell a silent worker from an idle one).
    "worker-heartbeat": {"task": "ops.tasks.worker_heartbeat_beat_task", "schedule": 60.0},
    # Requeue checks whose message never reached the broker (e.g. Redis was down) and
    # checks left running by a killed worker (RULES_CHECK_RUNNING_LIMIT).
    "requeue-stale-checks": {"task": "games.tasks.rules_check_requeue_task", "schedule": 60.0},
    # Zips of match files whose message never reached the broker (games.services.bulk).
    "requeue-match-files": {"task": "games.tasks.match_files_requeue_task", "schedule": 120.0},
    # Mails still pending (their message lost, or the SMTP server was down): sent again.
    "requeue-pending-mail": {"task": "accounts.tasks.mail_requeue_task", "schedule": 60.0},
    # Matches ready, challenges, fixture deadlines: notify whoever they wait on (idempotent).
    "notifications-scan": {"task": "notifications.tasks.notifications_scan_task",
                           "schedule": 60.0},
    # Ratings marked stale whose recompute message was lost (or a migration marked them).
    "requeue-rating-recomputes": {"task": "ratings.tasks.ratings_recompute_requeue_task",
                                  "schedule": 300.0},
    # The same for the federations' national lists.
    "requeue-national-lists": {"task": "ratings.tasks.national_recompute_requeue_task",
                               "schedule": 300.0},
    # Analyses whose message never reached the broker, or passed records never given one.
    "requeue-analyses": {"task": "analysis.tasks.analysis_requeue_task", "schedule": 300.0},
    # Ladder challenges not played in time: lost by default (idempotent, hourly).
    "expire-ladder-challenges": {"task": "tournaments.tasks.challenges_expire_task",
                                 "schedule": 3600.0},
    # League fixtures past their round's deadline: void or to the referees (idempotent).
    "expire-league-fixtures": {"task": "tournaments.tasks.fixtures_expire_task",
                               "schedule": 3600.0},
    # Team league captains whose line-up is due within a day (once per fixture, hourly).
    "team-lineups-due": {"task": "teamleagues.tasks.lineup_deadlines_notify_task",
                         "schedule": 3600.0},
}

# --- Auth ------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# allauth's backend (a ModelBackend that also takes an email address as the login); the
# user it loads on each request carries what apps above register (accounts.auth).
AUTHENTICATION_BACKENDS = ["accounts.auth.SignInBackend"]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "clubs:home"
LOGOUT_REDIRECT_URL = "clubs:home"
ACCOUNT_LOGOUT_REDIRECT_URL = "clubs:home"

# django-allauth: sign in by username or email; no public sign-up (logins come from club
# invitations, accounts.adapter); every mail it sends is a row of our outbox.
ACCOUNT_ADAPTER = "accounts.services.adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_UNIQUE_EMAIL = True
# A new address is used once confirmed by the link mailed to it; the old one stays until then.
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
# Password reset: the same answer for every address, a mail only to a known one.
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = ""
# A notice to the login's address when its password, address or second factor changes.
ACCOUNT_EMAIL_NOTIFICATIONS = True
ACCOUNT_LOGOUT_ON_GET = False
# No link signs anyone in by itself (issue 31): after a reset or a confirmation, the login
# signs in as usual, its password and then its second factor (allauth's defaults, pinned).
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = False
# Changing the password keeps this session and signs out the login's other sessions
# (Django checks each session against the password's hash).
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_SESSION_REMEMBER = True  # as Django's login did: the session lasts its age
# allauth's own limits stay on (failed logins per address and account, reset requests, email
# changes...); the login and reset forms are also under ours (REST_FRAMEWORK's "login" and
# "login-ip" rates, accounts.views), which count every attempt.
ACCOUNT_RATE_LIMITS = {
    "login_failed": env.str("LOGIN_FAILED_RATE_LIMIT", default="10/m/ip,5/300s/key"),
    "reset_password": env.str("RESET_PASSWORD_RATE_LIMIT", default="20/m/ip,5/m/key"),
}
# Two-factor sign-in: an authenticator app (TOTP) and recovery codes, for everyone.
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = env.str("MFA_TOTP_ISSUER", default="Backgammon club")

# --- The client's address (rate limits) ------------------------------------------------
#: How many proxies of ours stand in front of the web server (a load balancer, nginx...),
#: each appending the address it was reached from to X-Forwarded-For. 0 (the default): the
#: client connects directly and its address is the connection's; X-Forwarded-For, which any
#: client can write, is ignored. Our throttles (accounts.throttling.client_address), DRF's
#: and allauth's limits all read the client's address this way.
NUM_PROXIES = env.int("NUM_PROXIES", default=0)
if NUM_PROXIES < 0:
    raise ImproperlyConfigured("NUM_PROXIES must be 0 or more.")
ALLAUTH_TRUSTED_PROXY_COUNT = NUM_PROXIES

# Who may start a club (its founder becomes its admin, and may invite any address in its
# name): "superuser" (the default: the site's superusers only), "staff" (any staff login)
# or "open" (anyone signed in: `make run`'s demo).
CLUB_CREATION = env.str("CLUB_CREATION", default="superuser")
if CLUB_CREATION not in ("superuser", "staff", "open"):
    raise ImproperlyConfigured("CLUB_CREATION must be 'superuser', 'staff' or 'open'.")
# Invitations (accounts.services.invitations): a link works once and for this many days.
INVITATION_DAYS = env.int("INVITATION_DAYS", default=7)
# How many invitation mails (new or resent) a club may send in 24 hours.
INVITATIONS_PER_CLUB_PER_DAY = env.int("INVITATIONS_PER_CLUB_PER_DAY", default=100)
if INVITATIONS_PER_CLUB_PER_DAY < 1:
    raise ImproperlyConfigured("INVITATIONS_PER_CLUB_PER_DAY must be 1 or more.")
# Password reset links expire after this many seconds (Django's default: 3 days).
PASSWORD_RESET_TIMEOUT = env.int("PASSWORD_RESET_TIMEOUT", default=3 * 24 * 3600)

# --- Mail -----------------------------------------------------------------------------
# EMAIL_URL in django-environ's form: smtp://user:pass@host:587, smtp+tls://…, smtp+ssl://…,
# consolemail:// (the default: mail is printed to the worker's log). Every mail is a row of
# the outbox (accounts.models.OutboundMail) sent by a Celery task, so it is kept either way.
vars().update({key: value for key, value
               in env.email_url("EMAIL_URL", default="consolemail://").items()
               if value not in (None, "")})
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Backgammon club <club@localhost>")
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
# How often the outbox tries a mail before marking it failed (backoff doubles, 30 s first).
MAIL_MAX_ATTEMPTS = env.int("MAIL_MAX_ATTEMPTS", default=8)
# The address the links in mails point to (config.site). Set it to the address members use
# (https://club.example.org) behind a proxy, under bin/web, anywhere the site is served on
# another host or port than it listens on. Unset, a mail made while answering a request links
# to the host that request came to (checked against ALLOWED_HOSTS: a forged Host header is
# refused before), and a worker's mail to http://$HOST:$PORT, which bin/serve and bin/web
# pass on (`PORT=8765 make run`: http://127.0.0.1:8765).
SITE_URL = env.str("SITE_URL", default="").rstrip("/")
_LISTEN_HOST = env.str("HOST", default="127.0.0.1")
if _LISTEN_HOST in ("0.0.0.0", "::", "[::]", ""):
    _LISTEN_HOST = "127.0.0.1"  # every interface: this machine's own is one of them
elif ":" in _LISTEN_HOST and not _LISTEN_HOST.startswith("["):
    _LISTEN_HOST = f"[{_LISTEN_HOST}]"  # an IPv6 address in a URL
#: Where the server listens (HOST and PORT, as bin/serve and bin/web are given them).
LISTEN_URL = f"http://{_LISTEN_HOST}:{env.int('PORT', default=8000)}"

# --- I18N and time ------------------------------------------------------------------
LANGUAGE_CODE = "en"
#: The languages of the pages and mails (English, and the strongest club scenes').
LANGUAGES = [("en", "English"), ("da", "Dansk"), ("de", "Deutsch"), ("it", "Italiano"),
             ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]
#: Each language's formats, with the machine's first for the inputs (config/formats).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

# --- Static files ------------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# --- Uploads -----------------------------------------------------------------------
MATCH_UPLOAD_MAX_BYTES = env.int("MATCH_UPLOAD_MAX_BYTES", default=1_000_000)
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=2_621_440)
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE
#: A zip of match files (games.services.bulk): its size as uploaded (refused before it is
#: read), how many files its directory may list and how much they may unpack to (a zip
#: bomb is refused from the directory, nothing unpacked); up to BULK_INLINE_MAX_FILES files
#: are read during the request, more in the worker with a progress bar.
BULK_MAX_BYTES = env.int("BULK_MAX_BYTES", default=50 * 1024 * 1024)
BULK_MAX_FILES = env.int("BULK_MAX_FILES", default=2000)
BULK_MAX_UNCOMPRESSED_BYTES = env.int("BULK_MAX_UNCOMPRESSED_BYTES", default=500 * 1024 * 1024)
BULK_INLINE_MAX_FILES = env.int("BULK_INLINE_MAX_FILES", default=10)
# A club's history (imports): the largest spreadsheet read, what its zip may unpack to (a
# zip bomb is refused by it), and the largest checked and stored in the request (larger:
# in the worker, with its progress).
IMPORT_MAX_BYTES = env.int("IMPORT_MAX_BYTES", default=10 * 1024 * 1024)
IMPORT_MAX_UNZIPPED_BYTES = env.int("IMPORT_MAX_UNZIPPED_BYTES", default=200 * 1024 * 1024)
IMPORT_INLINE_BYTES = env.int("IMPORT_INLINE_BYTES", default=256 * 1024)

# --- REST framework and OpenAPI --------------------------------------------------------
REST_FRAMEWORK = {
    # Every 4xx in one shape ({"detail": ..., "errors": {field: [...]}}), and the schema
    # lists each operation's 4xx with it (ops.api, ops.api_schema).
    "EXCEPTION_HANDLER": "ops.api.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "ops.api_schema.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 25,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Scripts and tablet apps: "Authorization: Token <key>" (keys made on /accounts/tokens/).
        "accounts.authentication.ApiTokenAuthentication",
        # The browser (and the browsable API): the login session, with its CSRF check.
        # (No HTTP Basic: a password alone would get past a login's second factor.)
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # Over the rate: 429 with Retry-After. Rates are "<n>/<second|minute|hour|day>".
    "DEFAULT_THROTTLE_CLASSES": [
        "accounts.throttling.AnonThrottle",
        "accounts.throttling.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.str("API_THROTTLE_ANON", default="60/minute"),
        "user": env.str("API_THROTTLE_USER", default="600/minute"),
        # Match file uploads through the API, per user (each queues a rules check).
        "uploads": env.str("API_THROTTLE_UPLOADS", default="120/hour"),
        # The login form (accounts.views.ThrottledLoginView): per address and username,
        # and per address whatever the username.
        "login": env.str("LOGIN_THROTTLE", default="5/minute"),
        "login-ip": env.str("LOGIN_THROTTLE_IP", default="30/minute"),
    },
    # The client's address for DRF: the same as ours and allauth's (NUM_PROXIES above).
    "NUM_PROXIES": NUM_PROXIES,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Backgammon club manager API",
    "DESCRIPTION": "Clubs, players, match records and rules checks, chouette sessions.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # <id:pk> (config/converters.py) is a database id: an integer, as <int:pk> was.
    "PATH_CONVERTER_OVERRIDES": {"id": int},
    # The router's path routes add ``/api/clubs.json`` and the like: the schema, as before,
    # describes the plain paths only.
    "PREPROCESSING_HOOKS": ["drf_spectacular.hooks.preprocess_exclude_path_format"],
    # Two apps' fields of one name with their own choices: each set named once.
    "ENUM_NAME_OVERRIDES": {
        "MembershipRoleEnum": "clubs.models.Membership.Role",
        "FederationRoleEnum": "federations.models.FederationRole.Role",
        "ComputerLevelEnum": "live.models.LiveMatch.Level",
        "FederationLevelEnum": "federations.models.Federation.Level",
    },
}

# --- Production hardening (DEBUG off) -----------------------------------------------------
if not DEBUG:
    if NUM_PROXIES > 0:
        # Only a proxy of ours may say the client came over HTTPS; with none in front, a
        # client's own X-Forwarded-Proto would pass plain HTTP off as secure.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"
SILENCED_SYSTEM_CHECKS = env.list("SILENCED_SYSTEM_CHECKS", default=[])

# Every logger that writes a request's path leaves its secrets out (config/logs.py: the
# tokens of invitation, password-reset and confirmation links).
LOGGING_CONFIG = "config.logs.configure"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # A Redis that is away: one line per outage (ops.outage), not a traceback a second.
    "filters": {"layer_outage": {"()": "ops.outage.LayerOutageFilter"}},
    "loggers": {"channels_redis.pubsub": {"filters": ["layer_outage"]},
                # WeasyPrint (printing/) tells every step of every PDF at INFO.
                "weasyprint.progress": {"level": "WARNING"}},
}
