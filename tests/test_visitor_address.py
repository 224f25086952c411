"""The app's server tells each page's kernel its visitor's address (the class rooms' limits per address,
and who may create a class on a server without the host's key): the address the server saw, never a
header the visitor wrote."""
import asyncio
import threading
from types import SimpleNamespace

from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from classroom.pages import access
from server.voila_server import CLIENT_HEADER, CardkitVoila, LimitedVoilaHandler, PageLimits


def test_the_server_hands_the_header_to_the_kernels(tmp_path, monkeypatch):
    app = CardkitVoila(config_file_paths=[])
    app.initialize([str(tmp_path)])
    monkeypatch.setattr(Voila, "init_handlers", lambda self: [])   # Voila's own need a started server
    app.init_handlers()
    assert CLIENT_HEADER in app.voila_configuration.http_header_envs
    assert access.VISITOR_ADDRESS == "HTTP_" + CLIENT_HEADER.upper().replace("-", "_")   # as Voila names it


def test_a_page_request_carries_the_visitors_address_not_the_one_it_claims(monkeypatch):
    seen = []

    async def voila_get(self, path=None):                  # what Voila's own handler would read
        seen.append(self.request.headers.get_list(CLIENT_HEADER))
    monkeypatch.setattr(TornadoVoilaHandler, "get", voila_get)
    handler = LimitedVoilaHandler.__new__(LimitedVoilaHandler)
    handler._current_user = "visitor"
    handler.application = SimpleNamespace(settings={"cardkit_limits": PageLimits(0, 0),
                                                    "kernel_manager": SimpleNamespace(list_kernel_ids=lambda: [])})
    handler.request = HTTPServerRequest(method="GET", uri="/voila/render/class_board.ipynb",
                                        headers=HTTPHeaders({CLIENT_HEADER: "127.0.0.1", "Host": "127.0.0.1"}),
                                        start_line=RequestStartLine("GET", "/voila/render/class_board.ipynb", "HTTP/1.1"))
    handler.request.remote_ip = "10.0.0.7"
    # In a thread of its own: a test before this one may leave an event loop running in this one.
    thread = threading.Thread(target=lambda: asyncio.run(handler.get("class_board.ipynb")))
    thread.start()
    thread.join(60)
    assert seen == [["10.0.0.7"]]
