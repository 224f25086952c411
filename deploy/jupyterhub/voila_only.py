"""What a student's Jupyter server lets a browser do: show the Voila pages, nothing else.

A jupyter-server is made for running its owner's code; here the owner is a student who must not
(the code could read CARDKIT_DB and from it the cards a shared table hides). The single-user servers
load this module through the settings jupyterhub_config.py writes; docs/deploy.md says what it
closes and what it does not.
"""
from jupyterhub.singleuser.extension import JupyterHubAuthorizer

# The kernel messages a page's websocket may carry: standalone Voila's own list (voila/app.py), the
# widgets' messages. Never execute_request: Voila runs the notebook over ZMQ, not this websocket.
PAGE_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request",
                 "shutdown_request"]

# Closed even to reading: a terminal is a shell; nbconvert and the event stream no page uses.
CLOSED = {"terminals", "nbconvert", "events"}


class VoilaOnlyAuthorizer(JupyterHubAuthorizer):
    """Reading (the pages, their files, a kernel's state) and a kernel's websocket are allowed; every
    write is refused: no new kernels or sessions by REST (Voila starts its own, server-side), no file
    written into the home (Voila would run it), no settings changed. Then the hub's own check."""

    def is_authorized(self, handler, user, action, resource):
        allowed = (resource not in CLOSED
                   and (action == "read" or (resource, action) == ("kernels", "execute")))
        if not allowed:
            self.log.warning("Refused: %s on %s by %s (%s %s)", action, resource, user.username,
                             handler.request.method, handler.request.path)
            return False
        return super().is_authorized(handler, user, action, resource)


def server_settings() -> dict:
    """The Jupyter settings that lock a student's server (merged into its jupyter_server_config.json)."""
    return {
        "ServerApp": {"authorizer_class": f"{__name__}.{VoilaOnlyAuthorizer.__name__}",
                      "terminals_enabled": False},
        "MappingKernelManager": {"allowed_message_types": PAGE_MESSAGES},
    }
