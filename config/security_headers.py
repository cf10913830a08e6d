"""The security headers on every answer the app makes, also on those made before the middleware that adds them.

SecurityMiddleware (X-Content-Type-Options, Referrer-Policy, Cross-Origin-Opener-Policy, HSTS over HTTPS),
XFrameOptionsMiddleware and django-csp's CSPMiddleware add their headers on the way out, to what the middleware
inside them answered. An answer made further out got none or only some: the request guard's 400 and 404
(league/web/request_guard.py), the 400 for a Host that is not allowed (CommonMiddleware asks for the host, and
SecurityMiddleware does before it when it redirects to HTTPS), that redirect itself, static files (WhiteNoise).

This middleware is the outermost, so every answer Django gives passes it, whoever made it: it lets each of the
three add what is still missing. Each of them leaves a header already set alone and honours a view's exemption
(`csp_exempt`, `xframe_options_exempt`), so an answer that had its headers keeps them as they were.
"""

from __future__ import annotations

from csp.middleware import CSPMiddleware
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.security import SecurityMiddleware
from django.utils.deprecation import MiddlewareMixin


class EveryAnswerHeadersMiddleware(MiddlewareMixin):
    def __init__(self, get_response) -> None:
        super().__init__(get_response)
        self._security = SecurityMiddleware(get_response)
        self._framing = XFrameOptionsMiddleware(get_response)
        self._policy = CSPMiddleware(get_response)

    async def __acall__(self, request: HttpRequest) -> HttpResponseBase:
        # Under ASGI: headers set in memory need no thread of their own (MiddlewareMixin would take one).
        return self.process_response(request, await self.get_response(request))

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        response = self._framing.process_response(request, self._security.process_response(request, response))
        if "Content-Security-Policy" not in response:  # else it passed CSPMiddleware (building the policy costs)
            response = self._policy.process_response(request, response)
        return response
