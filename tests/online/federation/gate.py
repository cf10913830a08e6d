"""A venue's internet line, as a test controls it: a TCP forwarder on a loopback address between a venue's laptop
and the league's server that can be taken offline (connections are refused) or cut once after a number of
bytes from the laptop (both sides of that connection are closed mid-stream, as a dropped line does).

TLS passes through untouched: the laptop speaks to the server, the gate only carries bytes."""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass, field


@dataclass
class Gate:
    target: tuple[str, int]
    host: str = "127.0.0.1"
    online: bool = True
    cut_after: int | None = None  # bytes from the laptop; the connection that passes it is cut, once
    carried: int = 0  # bytes from the laptop since the gate opened
    cuts: int = 0
    _server: socket.socket | None = None
    _threads: list[threading.Thread] = field(default_factory=list)

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.getsockname()[1]

    def open(self) -> Gate:
        self._server = socket.create_server((self.host, 0))
        self._server.settimeout(0.2)
        self._running = True
        thread = threading.Thread(target=self._accept, daemon=True)
        thread.start()
        self._threads.append(thread)
        return self

    def close(self) -> None:
        self._running = False
        if self._server is not None:
            self._server.close()

    def __enter__(self) -> Gate:
        return self.open()

    def __exit__(self, *exc) -> None:
        self.close()

    def _accept(self) -> None:
        while self._running:
            try:
                laptop, _ = self._server.accept()  # type: ignore[union-attr]
            except (TimeoutError, OSError):
                continue
            if not self.online:
                laptop.close()  # the line is down: the laptop's connect fails at once
                continue
            try:
                server = socket.create_connection(self.target, timeout=10)
            except OSError:
                laptop.close()
                continue
            state = {"open": True}
            for source, sink, outgoing in ((laptop, server, True), (server, laptop, False)):
                thread = threading.Thread(target=self._pipe, args=(source, sink, outgoing, state), daemon=True)
                thread.start()

    def _pipe(self, source: socket.socket, sink: socket.socket, outgoing: bool, state: dict) -> None:
        try:
            while state["open"]:
                chunk = source.recv(16384)
                if not chunk:
                    break
                if outgoing:
                    if self.cut_after is not None and self.carried + len(chunk) > self.cut_after:
                        self.cut_after = None
                        self.cuts += 1
                        break
                    self.carried += len(chunk)
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            state["open"] = False
            for end in (source, sink):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                end.close()
