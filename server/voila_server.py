"""The app's Voila server: Voila as `voila notebooks/` runs it, plus what a host of a class needs.

    python -m server.voila_server notebooks/ [Voila's options]

Settings come from voila.json in the working directory, as for `voila`; this adds a section
``CardkitVoila`` (also settable as ``--CardkitVoila.<name>=...``):

- **page limits** (``max_kernels``, ``max_kernels_per_client``): every page a visitor opens starts
  a kernel (about 80 MB, a few CPU seconds). Past either limit a page request gets a short
  "the class is full, try again in a minute" page (HTTP 503, Retry-After, reloading itself after
  a minute) instead of a kernel. Kernels that finished (tab closed, culled) no longer count;
  kernels warming in a class pool count only once a visitor took them; a client's first landing
  page (``free_pages``: only links) takes none of its own pages. A client is its address;
  behind a reverse proxy the host names (``trusted_proxies``, or CARDKIT_TRUSTED_PROXIES), the
  address that proxy passes on (X-Real-IP, or the last X-Forwarded-For entry that is not itself a
  trusted proxy). From any other peer, loopback included, those headers are the visitor's own
  words and are ignored: one visitor could otherwise claim a new address per page.
- **class mode** (``class_pages``, ``class_size``): Voila's preheated kernels, ``class_size`` of
  them for each of ``class_pages``, warmed before the students arrive (every notebook ends with
  ``wait_for_visitor()``, so a warm page waits for its visitor); "ready: N pages warm" is printed
  once all are. Once the class has arrived, each page keeps only ``class_reserve`` warm kernels
  for late-comers and reloads (Voila would otherwise warm a whole class again, on the CPU the
  arriving class needs).
- **one template**: every page has the app's (voila.json's ``template``), whatever the address
  (``?template=lab``) or a notebook's metadata asks: its page guard and lost-game notice stay.
- **static files kept**: Voila's scripts, the lab extensions' and the template's files are read and
  gzipped once and answered from memory, with an ETag; browsers and proxies keep a versioned one
  (``?v=``) for a year (``KeptStaticFiles``).

Kept apart from the notebooks' code (kernels never import it: importing Voila costs seconds).
"""
from __future__ import annotations

import contextvars
import datetime
import gzip
import hashlib
import html
import ipaddress
import json
import os
import re
import secrets
import sys
import time
from collections import Counter
from pathlib import Path

from dataclasses import dataclass

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.base.handlers import FileFindHandler
from tornado import web
from traitlets import Int, List, Unicode, default
from voila.app import Voila
from voila.paths import collect_static_paths
from voila.request_info_handler import RequestInfoSocketHandler
from voila.static_file_handler import MultiStaticFileHandler, TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from cardkit import i18n
from cardkit.i18n import N_

READY = "ready:"
CLIENT_HEADER = "X-Cardkit-Client"   # the kernel's HTTP_X_CARDKIT_CLIENT (classroom.pages.access.VISITOR_ADDRESS)
RETRY_AFTER = 60            # seconds a refused visitor is asked to wait (the page reloads by itself)

FULL_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="{retry}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{page_title} · cardkit</title>
<style>
body {{ font-family: sans-serif; background: #f6f6f6; color: #222; }}
.ck-class-full {{ max-width: 560px; margin: 15vh auto; padding: 20px 24px; background: #fff8e8;
  border: 1px solid #d9a441; border-left: 6px solid #d9a441; border-radius: 8px; line-height: 1.45; }}
</style></head>
<body><div class="ck-class-full" role="alert" data-reason="{reason}">
<p><strong>{title}</strong></p><p>{text}</p>
<p>{again} <a href="">{now}</a></p>
</div></body></html>
"""

#: The refusal pages' words, by the limit reached.
FULL_WORDS = {
    "class": (N_("The class is full right now."),
              N_("Every seat on this server is taken. Try again in a minute, when someone has closed a page.")),
    "client": (N_("You have many pages open already."),
               N_("Close a page you no longer use (its seat is freed at once), then try again in a minute.")),
}

LANGUAGE_COOKIE = "cardkit_lang"     # the picker's choice, remembered by the browser (language-picker.js)

#: The words the template's scripts show (the lost-game notice, the page guard, the landmarks), handed
#: to the page translated as ``window.cardkitWords`` (English where the page has none: the static site).
PAGE_WORDS = (
    N_("This page has lost its game: the Python process that ran it has ended (after a long pause, or "
       "because it or its server failed), so its buttons no longer do anything. Start again to open this "
       "page afresh with a new game."),
    N_("Start again"),
    N_("This page could not be shown completely: some of its parts did not load. Reload it to start again."),
    N_("Reload"),
    N_("Skip to the game"),
    N_("The game"),
    N_("The table"),
    N_("Your cards and moves"),
    N_("What happened"),
    N_("Language"),
)

_HTML_TAG = re.compile(r"<html\b[^>]*>", re.I)
_HEAD_TAG = re.compile(r"<head\b[^>]*>", re.I)


def page_head(lang: str) -> str:
    """What the page's <head> starts with in ``lang``: the scripts' words."""
    with i18n.using(lang):
        words = {w: i18n.gettext(w) for w in PAGE_WORDS if i18n.gettext(w) != w}
    text = json.dumps(words, ensure_ascii=False).replace("</", "<\\/")
    return f"<script>window.cardkitWords = {text};</script>"


def in_language(page: str, lang: str) -> str:
    """``page``'s first chunk with ``<html lang>`` set to ``lang`` and the scripts' words in its head."""
    page, found = _HTML_TAG.subn(lambda m: _with_lang(m.group(0), lang), page, count=1)
    if found:
        page = _HEAD_TAG.sub(lambda m: m.group(0) + page_head(lang), page, count=1)
    return page


def _with_lang(tag: str, lang: str) -> str:
    tag = re.sub(r"\slang=(\"[^\"]*\"|'[^']*'|\S+)", "", tag[:-1])
    return f'{tag} lang="{html.escape(lang)}">'


def page_language(request) -> str:
    """The language of a page request: its ``?lang=``, the picker's cookie, the browser's
    Accept-Language, English."""
    cookie = request.cookies.get(LANGUAGE_COOKIE)
    asked = request.query_arguments.get("lang")
    return i18n.negotiate(asked=asked[-1].decode("utf-8", "replace") if asked else None,
                          remembered=cookie.value if cookie else None,
                          accept_language=request.headers.get("Accept-Language"))


def with_language(request, lang: str) -> None:
    """Put ``lang`` in the request's query string, which Voila hands the page's kernel (QUERY_STRING,
    also to a preheated kernel when its visitor arrives): the kernel speaks it
    (``widgets.ui.language``)."""
    import urllib.parse
    pairs = [(k, v) for k, v in urllib.parse.parse_qsl(request.query, keep_blank_values=True) if k != "lang"]
    request.query = urllib.parse.urlencode([*pairs, ("lang", lang)])
    request.uri = request.path + "?" + request.query
    request.query_arguments["lang"] = request.arguments["lang"] = [lang.encode()]


TRUSTED_PROXIES = "CARDKIT_TRUSTED_PROXIES"   # the host's proxies, as trusted_proxies (comma-separated)


def proxy_networks(entries) -> list:
    """The networks of ``entries`` (addresses or CIDR blocks: "127.0.0.1", "10.0.0.0/8"); a bad
    entry is a ValueError naming it."""
    networks = []
    for entry in entries:
        entry = str(entry).strip()
        if not entry:
            continue
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"a trusted proxy is an address or a network such as 10.0.0.0/8, not {entry!r}") from None
    return networks


def _address(text: str):
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _trusted(address, proxies) -> bool:
    return address is not None and any(address in network for network in proxies)


def client_address(request, proxies=()) -> str:
    """The visitor's address: the peer's, or, when the peer is one of the host's ``proxies``
    (``proxy_networks``), the address it passes on: X-Real-IP, else the last X-Forwarded-For entry
    that is not a trusted proxy itself. Headers from any other peer are ignored."""
    peer = request.remote_ip or ""
    if not _trusted(_address(peer), proxies):
        return peer
    real = _address(request.headers.get("X-Real-Ip", ""))
    if real is not None:
        return str(real)
    hops = [_address(hop) for hop in request.headers.get("X-Forwarded-For", "").split(",")]
    for hop in reversed(hops):
        if hop is None:             # a hop the proxies did not write: stop at what they vouch for
            break
        if not _trusted(hop, proxies):
            return str(hop)
    return peer


PAGE_SECRET = "CARDKIT_PAGE_SECRET"       # as classroom.pages.outbox.PAGE_SECRET (kept apart: no import of it here)


def ensure_page_secret(log) -> None:
    """Give the kernels the server's secret for what a page keeps for them in its browser (a result
    waiting for the class's database, signed so a page gives back only what it was given). It must
    outlive a restart: kept in the data folder (CARDKIT_DATA, default ./cardkit-data) as page-secret,
    unless CARDKIT_PAGE_SECRET is set (several servers on one database share it that way)."""
    if os.environ.get(PAGE_SECRET):
        return
    path = Path(os.environ.get("CARDKIT_DATA", "").strip() or "cardkit-data") / "page-secret"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as out:
                out.write(secrets.token_urlsafe(32))
        except FileExistsError:
            pass
        secret = path.read_text().strip()
    except OSError as exc:
        secret = ""
        log.warning("no page secret in %s (%s): results waiting in browsers do not outlive a restart", path, exc)
    os.environ[PAGE_SECRET] = secret or secrets.token_urlsafe(32)


class Visit:
    """One page request: its client, whether it is for a free page, and, once it has one, its kernel."""

    def __init__(self, client: str, free: bool = False):
        self.client = client
        self.free = free
        self.kernel_id: str | None = None


_visit: contextvars.ContextVar[Visit | None] = contextvars.ContextVar("cardkit_visit", default=None)


class PageLimits:
    """Who holds which page kernel, and whether one more page may start.

    A client's first page of ``free_pages`` (the landing page: only links) takes none of its
    ``max_per_client`` pages; it still counts towards ``max_kernels``, the server's memory."""

    def __init__(self, max_kernels: int, max_per_client: int, free_pages=()):
        self.max_kernels = max_kernels
        self.max_per_client = max_per_client
        self.free_pages = {_page_path(page) for page in free_pages}
        self.owner: dict[str, str] = {}        # kernel id -> client it was started or taken for
        self.free: set[str] = set()            # kernels of a free page
        self.pending: Counter = Counter()      # client -> page requests still waiting for a kernel
        self.pending_free: Counter = Counter()     # the same, for a free page
        self.serving: set[str] = set()         # kernels whose page request is still being answered

    def is_free(self, path) -> bool:
        return _page_path(path or "") in self.free_pages

    def refusal(self, client: str, alive, free: bool = False) -> str | None:
        """None if ``client`` may open one more page (``free``: of ``free_pages``), else "class" or
        "client" (which limit)."""
        alive = set(alive)
        for kernel_id in [k for k in self.owner if k not in alive]:
            del self.owner[kernel_id]           # shut down or culled: no longer counts
            self.free.discard(kernel_id)
        held = Counter(self.owner.values()) + self.pending + self.pending_free
        if self.max_kernels > 0 and sum(held.values()) >= self.max_kernels:
            return "class"
        free_held = sum(1 for k in self.free if self.owner[k] == client) + self.pending_free[client]
        if free and not free_held:
            return None                         # the client's first free page takes none of its pages
        if self.max_per_client > 0 and held[client] - min(free_held, 1) >= self.max_per_client:
            return "client"
        return None

    def begin(self, client: str, free: bool = False) -> Visit:
        (self.pending_free if free else self.pending)[client] += 1
        return Visit(client, free)

    def _settled(self, visit: Visit) -> None:
        """The request ``visit`` waits no more (it got a kernel, or ended without one)."""
        (self.pending_free if visit.free else self.pending)[visit.client] -= 1
        self.pending += Counter()               # drop zero counts
        self.pending_free += Counter()

    def took(self, visit: Visit, kernel_id: str) -> None:
        """The page request ``visit`` got its kernel: the kernel counts from now on, not the request."""
        if visit.kernel_id is None:
            self._settled(visit)
        visit.kernel_id = kernel_id
        self.owner[kernel_id] = visit.client
        if visit.free:
            self.free.add(kernel_id)
        self.serving.add(kernel_id)

    def end(self, visit: Visit) -> None:
        """The page request ended; if it never got a kernel, it no longer counts."""
        if visit.kernel_id is None:
            self._settled(visit)
            visit.kernel_id = ""
        self.serving.discard(visit.kernel_id)


def _page_path(path: str) -> str:
    """A notebook's path under the served folder as one spelling: "index.ipynb" for "/index", "index"."""
    path = str(path).strip("/")
    return path if path.endswith(".ipynb") else path + ".ipynb"


class LimitedVoilaHandler(TornadoVoilaHandler):
    """Voila's page handler, refusing a page past the limits instead of starting its kernel."""

    @web.authenticated
    async def get(self, path=None):
        # Every page has the app's template (its page guard, its lost-game notice), whatever the
        # address asks: ``?template=lab`` is dropped here, so the page also comes from the warm pool.
        for arguments in (self.request.arguments, self.request.query_arguments):
            arguments.pop("template", None)
        lang = self._cardkit_lang = page_language(self.request)
        with_language(self.request, lang)
        limits: PageLimits = self.settings["cardkit_limits"]
        client = client_address(self.request, self.settings.get("cardkit_proxies", ()))
        reason = limits.refusal(client, self.kernel_manager.list_kernel_ids(), limits.is_free(path))
        if reason:
            self.log.warning("Page refused (%s limit reached) for %s: %s", reason, client, self.request.path)
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER))
            self.set_header("Cache-Control", "no-store")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            with i18n.using(lang):
                title, text = (i18n.gettext(w) for w in FULL_WORDS[reason])
                page_title = i18n.gettext("The class is full")
                again, now = i18n.gettext("This page tries again by itself in a minute, or"), i18n.gettext("try again now")
            self.finish(FULL_PAGE.format(retry=RETRY_AFTER, reason=reason, title=title, text=text, lang=lang,
                                         page_title=page_title, again=again, now=now))
            return
        visit = limits.begin(client, limits.is_free(path))
        self.request.headers[CLIENT_HEADER] = client     # to the page's kernel (the visitor's own one replaced)
        token = _visit.set(visit)
        try:
            await super().get(path)
            self._cardkit_flush_start()
        finally:
            _visit.reset(token)
            limits.end(visit)

    def write(self, chunk):
        # The page's start, up to its <head>, is held back until it is whole (the template streams
        # it in pieces): <html lang> is the page's language (screen readers read by it), and the
        # scripts' words go in the head.
        lang = getattr(self, "_cardkit_lang", None)
        if not lang or not isinstance(chunk, str):
            return super().write(chunk)
        self._cardkit_start = getattr(self, "_cardkit_start", "") + chunk
        start = self._cardkit_start
        if _HEAD_TAG.search(start) or len(start) > 50_000:
            self._cardkit_lang, self._cardkit_start = None, ""
            return super().write(in_language(start, lang))
        return None

    def _cardkit_flush_start(self) -> None:
        """A page that ended before its <head> (an error page): what was held back, as it is."""
        start, self._cardkit_start, self._cardkit_lang = getattr(self, "_cardkit_start", ""), "", None
        if start:
            super().write(start)


@dataclass
class KeptFile:
    """A static file as served: read, hashed and gzipped once."""
    path: str
    stat: tuple                    # (mtime_ns, size, inode): the file as read
    content_type: str
    modified: float
    body: bytes
    etag: str
    gzipped: bytes | None          # None: not worth compressing (fonts, images, tiny files)

    def unchanged(self) -> bool:
        try:
            st = os.stat(self.path)
        except OSError:
            return False
        return (st.st_mtime_ns, st.st_size, st.st_ino) == self.stat


COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml", "application/xml")
KEEP_BYTES = 64 << 20              # static files kept in memory at most (a page needs about 5.5 MB)
YEAR = 365 * 24 * 3600


class KeptStaticFiles:
    """Mixin for Voila's static file handlers (``/voila/static``, ``/voila/labextensions``, the
    templates' ``static``): each file is found, read, hashed and gzipped once, then answered from
    memory with its ETag. A first visit asks for about 108 such files (5.5 MB, 1.4 MB gzipped);
    tornado's way (the Jupyter paths walked, the file read in 64 KB slices, each flushed) was nearly
    all of the server's CPU for a visit in class mode (bench/server_capacity.py).

    A URL that carries its version (``?v=<hash>``: the template's files, the widgets' chunks) may be
    kept by browsers and proxies for a year; any other is asked for again each time and answered
    304 while unchanged (Voila's chunk names carry no version). A file changed on disk is read again."""

    kept: dict[str, KeptFile] = {}
    kept_bytes = 0

    @allow_unauthenticated                       # as jupyter_server's FileFindHandler.get: assets
    async def get(self, path: str, include_body: bool = True) -> None:
        kept = KeptStaticFiles.kept.get(self.request.path)
        if kept is None or not kept.unchanged():
            kept = self._keep(path)
            if kept is None:                     # a folder, a missing file, or too much kept already
                return await super().get(path, include_body)
        self._answer(kept, include_body)

    def _keep(self, path: str) -> KeptFile | None:
        try:                                     # found as the handler finds it, checked as it checks it
            self.path = self.parse_url_path(path)
            absolute = self.get_absolute_path(self.root, self.path)
            if not absolute or not os.path.isfile(absolute):
                return None
            absolute = self.validate_absolute_path(self.root, absolute)
        except web.HTTPError:
            return None
        if absolute is None:
            return None
        with open(absolute, "rb") as source:
            st = os.fstat(source.fileno())
            old = KeptStaticFiles.kept.get(self.request.path)
            grown = st.st_size - (len(old.body) if old else 0)
            if KeptStaticFiles.kept_bytes + grown > KEEP_BYTES:
                return None
            body = source.read()
        self.absolute_path = absolute
        content_type = self.get_content_type()
        gzipped = None
        if len(body) > 1024 and content_type.startswith(COMPRESSIBLE):
            gzipped = gzip.compress(body, compresslevel=9, mtime=0)
            if len(gzipped) > 0.9 * len(body):
                gzipped = None
        kept = KeptFile(absolute, (st.st_mtime_ns, len(body), st.st_ino), content_type, st.st_mtime, body,
                        hashlib.sha256(body).hexdigest()[:32], gzipped)
        KeptStaticFiles.kept[self.request.path] = kept
        KeptStaticFiles.kept_bytes += grown
        return kept

    def _answer(self, kept: KeptFile, include_body: bool) -> None:
        zipped = kept.gzipped is not None and "gzip" in self.request.headers.get("Accept-Encoding", "")
        self.set_header("Etag", f'"{kept.etag}{"-gz" if zipped else ""}"')
        self.set_header("Last-Modified", datetime.datetime.fromtimestamp(kept.modified, datetime.timezone.utc))
        self.set_header("Content-Type", kept.content_type)
        if "v" in self.request.arguments:
            self.set_header("Cache-Control", f"public, max-age={YEAR}, immutable")
        else:
            self.set_header("Cache-Control", "no-cache")
        if kept.gzipped is not None:
            self.set_header("Vary", "Accept-Encoding")
        if self.check_etag_header():
            self.set_status(304)
            self.finish()
            return
        body = kept.gzipped if zipped else kept.body
        if zipped:
            self.set_header("Content-Encoding", "gzip")
        self.set_header("Content-Length", len(body))
        self.finish(body if include_body else None)


class KeptVoilaStatic(KeptStaticFiles, MultiStaticFileHandler):
    """``/voila/static/``: Voila's own scripts (voila.js and its ~70 chunks)."""


class KeptLabExtensions(KeptStaticFiles, FileFindHandler):
    """``/voila/labextensions/``: the widget manager's and other extensions' scripts."""

    async def prepare(self) -> None:
        """Only jupyter_server's host check: the files are anyone's (as its FileFindHandler says), and
        the anonymous identity it would make, sent as a cookie with every file, kept a proxy such as
        nginx from keeping the files (it keeps nothing that sets a cookie)."""
        self.current_user = None
        if not self.check_host():
            raise web.HTTPError(403)


class TemplateStaticFiles(KeptStaticFiles, TemplateStaticFileHandler):
    """Voila's handler of the template's static files (``/voila/templates/<name>/static/...``), with
    each template's folders looked up once: Voila walks the Jupyter paths and reads the templates'
    conf.json twice per file (a fifth of what serving a visit cost the server, before the files
    were kept). Templates do not change while the server runs."""

    _roots: dict[str, list[str]] = {}

    @classmethod
    def template_roots(cls, template: str) -> list[str]:
        if template not in cls._roots:
            cls._roots[template] = collect_static_paths(["voila", "nbconvert"], template)
        return cls._roots[template]

    @staticmethod
    def _parts(path: str, sep: str = "/") -> list[str]:
        parts = path.split(sep, 2)
        if len(parts) < 3 or parts[1] != "static":
            raise web.HTTPError(404)
        return parts

    def parse_url_path(self, path):
        self.roots = self.template_roots(self._parts(path)[0])
        return web.StaticFileHandler.parse_url_path(self, path)

    @classmethod
    def get_absolute_path(cls, root, path):
        template, _static, relpath = cls._parts(os.path.normpath(path), os.path.sep)
        paths = [os.path.abspath(os.path.join(r, relpath)) for r in cls.template_roots(template)]
        return next((p for p in paths if os.path.exists(p)), paths[-1] if paths else "/nonexistent")


class ReadySocket(RequestInfoSocketHandler):
    """Voila's socket a preheated kernel opens once it has run its notebook: count warm pages."""

    def open(self, kernel_id: str) -> None:
        super().open(kernel_id)
        on_warm = self.application.settings.get("cardkit_on_warm")
        if on_warm:
            on_warm(kernel_id)


class CardkitVoila(Voila):
    """Voila with page limits and a class mode (see the module's docstring)."""

    max_kernels = Int(40, config=True, help="""Pages (kernels) the server holds at once, over all
        visitors; 0: no limit. About 80 MB of memory each.""")
    max_kernels_per_client = Int(4, config=True, help="""Pages one client address holds at once;
        0: no limit.""")
    free_pages = List(Unicode(), ["index.ipynb"], config=True, help="""Pages that only link to others (the
        landing page): a client's first one open takes none of its max_kernels_per_client pages (it
        still counts towards max_kernels).""")
    class_pages = List(Unicode(), config=True, help="""Notebooks (paths under the served folder,
        with or without .ipynb) to warm kernels for before a class arrives: class mode.""")
    class_size = Int(30, config=True, help="Warm kernels for each page of class_pages.")
    class_reserve = Int(2, config=True, help="""Warm kernels each class page keeps once the class
        has arrived, for late-comers and reloads.""")
    orphan_timeout = Int(300, config=True, help="""Seconds a visitor's page kernel may stay without any
        page connected (a crashed tab, a laptop gone to sleep, a lost network) before it is shut down
        and its seat freed; 0: never (the idle culler's cull_idle_timeout still ends it). A closed tab
        ends its kernel at once; warm class kernels wait for their visitor and are not counted.""")
    trusted_proxies = List(Unicode(), config=True, help="""Reverse proxies (addresses or networks,
        e.g. 127.0.0.1 or 10.0.0.0/8) whose X-Real-IP / X-Forwarded-For name the visitor for the page
        limits; default: the CARDKIT_TRUSTED_PROXIES environment variable (comma-separated), else
        none: the client is the peer's address.""")

    @default("trusted_proxies")
    def _trusted_proxies_from_env(self):
        return [p for p in os.environ.get(TRUSTED_PROXIES, "").split(",") if p.strip()]

    def initialize(self, argv=None):
        if os.name == "posix" and "transport" not in self.config.KernelManager:
            # Kernels talk to the server over Unix sockets in the server's own folder, not TCP ports:
            # a free port picked for a kernel could be taken by another process (another server, a
            # second class page) before the kernel bound it, and that kernel died at start with
            # "Address already in use", leaving its page waiting (seen in bench/server_capacity.py
            # runs of 30 and 60 visitors). A setting given to the server still wins.
            self.config.KernelManager.transport = "ipc"
        super().initialize(argv)
        self.voila_configuration.allow_template_override = "NO"    # nor a notebook's metadata
        try:
            self.proxy_networks = proxy_networks(self.trusted_proxies)
        except ValueError as bad:
            self.log.critical("trusted_proxies: %s", bad)
            self.exit(2)
        self.class_notebooks = [p if p.endswith(".ipynb") else p + ".ipynb" for p in self.class_pages]
        if self.class_notebooks and self.class_size > 0:
            missing = [nb for nb in self.class_notebooks if not os.path.isfile(os.path.join(self.root_dir, nb))]
            if missing:
                self.log.critical("class mode: no such page under %s: %s", self.root_dir, ", ".join(missing))
                self.exit(2)
            want = self.class_size * len(self.class_notebooks)
            if 0 < self.max_kernels < want:
                self.log.warning("max_kernels raised from %s to %s: the class's warm pages",
                                 self.max_kernels, want)
                self.max_kernels = want
            vc = self.voila_configuration
            vc.preheat_kernel = True
            vc.default_pool_size = 0
            vc.progressive_rendering = False        # Voila: incompatible with preheating
            pools = {"default": {"pool_size": 0}}
            pools.update({nb: {"pool_size": self.class_size} for nb in self.class_notebooks})
            self.config.VoilaKernelManager.kernel_pools_config = pools
        else:
            self.class_notebooks = []
        self._warm: set[str] = set()
        self._ready_said = False
        self._alone_since: dict[str, float] = {}     # kernel id -> when its last page left

    def start(self):
        ensure_page_secret(self.log)            # before any kernel starts: they inherit it
        if self.orphan_timeout > 0:
            from tornado.ioloop import PeriodicCallback
            every = max(1.0, min(30.0, self.orphan_timeout / 4))
            self._orphans = PeriodicCallback(self._end_orphans, every * 1000)
            self._orphans.start()
        super().start()

    async def _end_orphans(self) -> None:
        """Shut down a visitor's kernel no page has been connected to for ``orphan_timeout`` seconds."""
        km, limits = self.kernel_manager, self.limits
        now, alone = time.monotonic(), self._alone_since
        for kernel_id in list(limits.owner):
            try:
                connections = km.kernel_model(kernel_id)["connections"]
            except Exception:                    # gone meanwhile: the limits forget it on their own
                alone.pop(kernel_id, None)
                continue
            if connections or kernel_id in limits.serving:     # a page on it, or its page still coming
                alone.pop(kernel_id, None)
            elif now - alone.setdefault(kernel_id, now) >= self.orphan_timeout:
                alone.pop(kernel_id, None)
                self.log.warning("Shutting down kernel %s: no page connected for %d s (a crashed or lost tab)",
                                 kernel_id, self.orphan_timeout)
                try:
                    await km.shutdown_kernel(kernel_id)
                except Exception:
                    self.log.exception("could not shut down the orphaned kernel %s", kernel_id)

    def init_settings(self):
        settings = super().init_settings()
        limits = self.limits = PageLimits(self.max_kernels, self.max_kernels_per_client, self.free_pages)
        settings["cardkit_limits"] = limits
        settings["cardkit_proxies"] = self.proxy_networks
        settings["cardkit_on_warm"] = self._on_warm
        km = self.kernel_manager

        # Note which visitor each page's kernel is for. A kernel Voila starts for a page and one it
        # takes from a pool both pass here, in the page request's context; pool kernels being
        # warmed start elsewhere (Voila calls its base class directly) and belong to nobody.
        start_kernel = km.start_kernel

        async def start_kernel_for_client(*args, **kwargs):
            kernel_id = await start_kernel(*args, **kwargs)
            self._note_taken(limits, kernel_id)
            return kernel_id

        km.start_kernel = start_kernel_for_client
        if hasattr(km, "get_rendered_notebook"):
            get_rendered = km.get_rendered_notebook

            async def get_rendered_for_client(*args, **kwargs):
                self._class_arriving()
                task, cache, kernel_id = await get_rendered(*args, **kwargs)
                self._note_taken(limits, kernel_id)
                return task, cache, kernel_id

            km.get_rendered_notebook = get_rendered_for_client
        return settings

    @staticmethod
    def _note_taken(limits: PageLimits, kernel_id: str) -> None:
        visit = _visit.get()
        if visit is not None:
            limits.took(visit, kernel_id)

    def init_handlers(self):
        # The page's kernel learns its visitor's address (HTTP_X_CARDKIT_CLIENT): the class rooms'
        # limits per address, and who may create a class on a server without the host's key.
        if CLIENT_HEADER not in self.voila_configuration.http_header_envs:
            self.voila_configuration.http_header_envs = [*self.voila_configuration.http_header_envs, CLIENT_HEADER]
        swap = {TornadoVoilaHandler: LimitedVoilaHandler, RequestInfoSocketHandler: ReadySocket,
                TemplateStaticFileHandler: TemplateStaticFiles, MultiStaticFileHandler: KeptVoilaStatic,
                FileFindHandler: KeptLabExtensions}
        return [(h[0], swap.get(h[1], h[1]), *h[2:]) for h in super().init_handlers()]

    def _on_warm(self, kernel_id: str) -> None:
        if not self.class_notebooks or self._ready_said:
            return
        self._warm.add(kernel_id)
        want = self.class_size * len(self.class_notebooks)
        if len(self._warm) < want:
            if len(self._warm) % 5 == 0:
                print(f"warming: {len(self._warm)} of {want} pages", flush=True)
            return
        self._ready_said = True
        pages = ", ".join(self.class_notebooks)
        print(f"{READY} {want} pages warm ({self.class_size} each of {pages})", flush=True)
        self._class_arriving()

    def _class_arriving(self) -> None:
        """From now on (every page warm, or a first student took one) a taken kernel is replaced only
        while fewer than class_reserve wait: kernels still warming go on, and a class arriving before
        they are all warm (or after one failed) does not make Voila start one more for each page."""
        pools = self.kernel_manager.kernel_pools_config
        for nb in self.class_notebooks:
            if nb in pools:
                pools[nb]["pool_size"] = max(self.class_reserve, 0)


main = launch_new_instance = CardkitVoila.launch_instance

if __name__ == "__main__":
    sys.exit(main())
