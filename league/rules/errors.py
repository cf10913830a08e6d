"""The one error of the pure rules: input that breaks a rule, with a code the pages turn into words."""

from __future__ import annotations

__all__ = ["RulesError"]


class RulesError(ValueError):
    """Input that breaks a rule. `code` says which; `params` fill the caller's (translated) message."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params
