"""The app's Voila server (``server.voila_server``) for the browser tests, plus one log line when
a preheated kernel is ready.

A preheated kernel runs its whole notebook before anyone asks for the page, then waits in
``voila.utils.wait_for_request()``, which opens a websocket to ``/voila/query/<kernel id>``.
That is the moment the page can be served whole. A page asked for earlier is streamed while
the kernel is still running its cells; on a busy 2-core machine the browser then sometimes
loses the race against the widget manager's fixed timeouts (2 s in ``get_model``, 4 s for the
control comm) and shows "widget model not found" for the later widgets (issue 7). The
fixtures read the line printed here (``READY``) to wait for the kernels instead.
"""

READY = "[cardkit-tests] preheated kernel ready:"


def main() -> None:
    from voila.request_info_handler import RequestInfoSocketHandler

    from server.voila_server import main as voila_main

    opened = RequestInfoSocketHandler.open

    def open_and_say_so(self, kernel_id: str) -> None:
        opened(self, kernel_id)
        print(READY, kernel_id, flush=True)

    RequestInfoSocketHandler.open = open_and_say_so
    voila_main()


if __name__ == "__main__":
    main()
