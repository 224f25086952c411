"""JupyterHub for one class: every student logs in and gets a Jupyter server of their own that opens
the app's landing page (Voila's server extension, the app's "cardkit" template and voila.json's
settings); every server keeps its class rooms in one database (CARDKIT_DB). `make hub` runs it; the
deploy guide (docs/deploy.md) says why each choice.

Settings (environment variables of the hub; all optional):
  CARDKIT_HUB_DATA     the hub's folder: its own database, cookie secret, the students' homes
                       (default: ./hub-data under the folder the hub starts in)
  CARDKIT_HUB_ADMIN    the teacher's user name, the hub's admin (default: teacher)
  CARDKIT_DB           the class rooms' database for every server, e.g.
                       postgresql+psycopg://cardkit:secret@127.0.0.1/cardkit
                       (default: one SQLite file under CARDKIT_HUB_DATA, for one machine)
  CARDKIT_TEACHER_KEY  the host's key; only the admin's server gets it (default: made once and
                       kept in CARDKIT_HUB_DATA/teacher-key)
  CARDKIT_HUB_SPAWNER  "simple" (default: no system users, homes under CARDKIT_HUB_DATA/homes)
                       or "system" (one system user per student, homes in /home; the hub runs as root)
  CARDKIT_HUB_IDLE     seconds a student's server may sit unused before the culler stops it (3600)
Ports and addresses are jupyterhub's own options: --ip, --port, --JupyterHub.hub_port,
--ConfigurableHTTPProxy.api_url.
"""
import json
import os
import secrets
import shutil
import sys
from pathlib import Path

import nativeauthenticator
from jupyterhub.spawner import LocalProcessSpawner, SimpleLocalProcessSpawner

c = get_config()  # noqa: F821  (given by jupyterhub)

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO), str(HERE)]           # server.cli: where the app's files are; voila_only
from server.cli import app_files  # noqa: E402
from voila_only import server_settings  # noqa: E402

FILES = app_files()
DATA = Path(os.environ.get("CARDKIT_HUB_DATA") or "hub-data").resolve()
ADMIN = os.environ.get("CARDKIT_HUB_ADMIN", "teacher").strip() or "teacher"
IDLE = int(os.environ.get("CARDKIT_HUB_IDLE", "3600"))
SYSTEM_USERS = os.environ.get("CARDKIT_HUB_SPAWNER", "simple").strip() == "system"
DATA.mkdir(parents=True, exist_ok=True)
# The cookie secret and the key are the hub's alone; students' servers run as system users in
# "system" mode and need only the settings folder (and CARDKIT_DB: SQLite files would be shared).
os.chmod(DATA, 0o711 if SYSTEM_USERS else 0o700)
if SYSTEM_USERS and not os.environ.get("CARDKIT_DB", "").strip():
    sys.exit("CARDKIT_HUB_SPAWNER=system needs CARDKIT_DB (a PostgreSQL URL): see docs/deploy.md")

# -- the hub and its proxy ------------------------------------------------------------------------
c.JupyterHub.db_url = f"sqlite:///{DATA / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(DATA / "jupyterhub-proxy.pid")
# configurable-http-proxy from npm, installed by `make hub` next to this environment (not globally).
PROXY = Path(sys.prefix) / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
if PROXY.exists():
    c.ConfigurableHTTPProxy.command = [str(PROXY)]
c.JupyterHub.cleanup_servers = True             # stopping the hub stops the students' servers

# -- logins: NativeAuthenticator, every account approved by the teacher ----------------------------
# A student signs up (name, password); nobody gets in until the teacher (the admin) approves the
# name at /hub/authorize. The admin's own sign-up is approved at once, so the teacher signs up first.
c.JupyterHub.authenticator_class = "nativeauthenticator.NativeAuthenticator"
c.Authenticator.admin_users = {ADMIN}
c.Authenticator.allow_all = True                # everyone the teacher approved: NativeAuthenticator checks that
c.NativeAuthenticator.open_signup = False
c.NativeAuthenticator.minimum_password_length = 8
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5 # then the name waits 10 minutes
c.NativeAuthenticator.seconds_before_next_try = 600
c.JupyterHub.template_paths = [str(Path(nativeauthenticator.__file__).parent / "templates")]   # its sign-up pages

# -- one server per student -----------------------------------------------------------------------
c.JupyterHub.spawner_class = LocalProcessSpawner if SYSTEM_USERS else SimpleLocalProcessSpawner
if not SYSTEM_USERS:
    c.SimpleLocalProcessSpawner.home_dir_template = str(DATA / "homes" / "{username}")
c.Spawner.cmd = [str(Path(sys.prefix) / "bin" / "jupyterhub-singleuser")]
c.Spawner.default_url = "/voila/render/index.ipynb"
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
if os.geteuid() == 0 and not SYSTEM_USERS:   # a hub run as root runs its students' servers as root
    c.Spawner.args = ["--allow-root"]

# The students' servers read their Jupyter settings from here: voila.json's (template, stripped
# sources, hidden tracebacks, the page extensions left out, the executor's timeouts, idle kernels
# culled), less the app server's own page limits (CardkitVoila), which a server of one does not need,
# plus the lock (voila_only.py): the browser gets the Voila pages and no way to run code of its own.
SETTINGS = DATA / "singleuser-config"
SETTINGS.mkdir(exist_ok=True)
os.chmod(SETTINGS, 0o755)
settings = json.loads((FILES.config / "voila.json").read_text())
settings.pop("CardkitVoila", None)
for section, values in server_settings().items():
    settings.setdefault(section, {}).update(values)
(SETTINGS / "jupyter_server_config.json").write_text(json.dumps(settings, indent=2))

try:
    TEACHER_KEY = os.environ.get("CARDKIT_TEACHER_KEY") or (DATA / "teacher-key").read_text().strip()
except FileNotFoundError:
    TEACHER_KEY = secrets.token_urlsafe(24)
    (DATA / "teacher-key").write_text(TEACHER_KEY + "\n")
DATABASE = os.environ.get("CARDKIT_DB", "").strip()
if not DATABASE:
    (DATA / "classes").mkdir(exist_ok=True)


def prepare_server(spawner):
    """Before a server starts: the app's notebooks copied into the home (fresh each start: a student's
    pages are the app's), the database, and, for the teacher only, the host's key and the Class board
    as the first page (the key never reaches a student's server)."""
    home = Path(spawner.home_dir_template.format(username=spawner.user.name) if not SYSTEM_USERS
                else os.path.expanduser(f"~{spawner.user.name}"))
    shutil.copytree(FILES.notebooks, home, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    if SYSTEM_USERS:
        shutil.chown(home, spawner.user.name)
        for path in home.rglob("*"):
            shutil.chown(path, spawner.user.name)
    env = {
        "JUPYTER_CONFIG_PATH": str(SETTINGS),
        "JUPYTER_PATH": str(FILES.jupyter),        # the "cardkit" template, wherever the app is installed
        "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])),  # voila_only
        **({"CARDKIT_DB": DATABASE} if DATABASE else {"CARDKIT_DATA": str(DATA / "classes")}),
    }
    if spawner.user.admin:
        env["CARDKIT_TEACHER_KEY"] = TEACHER_KEY
        spawner.default_url = f"/voila/render/class_board.ipynb?teacher={TEACHER_KEY}"
    spawner.environment.update(env)
    spawner.notebook_dir = str(home)


c.Spawner.pre_spawn_hook = prepare_server

# -- the idle culler: a server nobody used for CARDKIT_HUB_IDLE seconds is stopped -----------------
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={IDLE}", "--cull-every=60"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
