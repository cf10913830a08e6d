"""Every row of a backup checked as the league's forms would check it, before anything is written.

A hand-edited file (or one from another version) must not restore players with empty names, a name of
300 characters with a NUL in it, an account nobody made. Each row passes the
model's own field checks (lengths, choices, number ranges, the points list, a username's characters),
what a form adds to them (a required text is more than spaces; no NUL anywhere, in JSON neither), and
every reference names a row of the file. The first problems are listed; nothing is written.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.serializers.base import DeserializationError, DeserializedObject
from django.db import models
from django.utils.translation import gettext as _

from league.backup.dump import backup_models

MAX_LISTED = 20


@dataclass(frozen=True)
class Account:
    """An account of the file with more than a player's rights."""

    username: str
    superuser: bool
    staff: bool


def row_problems(objects: list[dict]) -> list[str]:
    """What is wrong with the rows, in the organizer's words (at most MAX_LISTED, then how many more)."""
    problems: list[str] = []
    more = 0
    for problem in _problems(objects):
        if len(problems) < MAX_LISTED:
            problems.append(problem)
        else:
            more += 1
    if more:
        problems.append(_("… and %(count)s more.") % {"count": more})
    return problems


def _problems(objects: list[dict]) -> Iterator[str]:
    allowed = {model._meta.label_lower: model for model in backup_models()}
    present: dict[str, set] = defaultdict(set)
    for obj in objects:
        present[str(obj.get("model"))].add(obj.get("pk"))
    usernames = {
        obj["fields"].get("username")
        for obj in objects
        if obj.get("model") == "auth.user" and isinstance(obj.get("fields"), dict)
    }
    seen: set[tuple[str, object]] = set()
    for obj in objects:
        label, pk, fields = obj.get("model"), obj.get("pk"), obj.get("fields")
        model = allowed.get(label)
        if model is None:
            yield _("%(model)s is not part of a league backup (a file from another version?).") % {
                "model": repr(label)[:60]
            }
            continue
        where = f"{model._meta.verbose_name} {pk!r}"[:80]
        if not isinstance(pk, int) or isinstance(pk, bool) or pk < 1 or not isinstance(fields, dict):
            yield _("%(row)s: not a row as `backup` writes it.") % {"row": where}
            continue
        if (label, pk) in seen:
            yield _("%(row)s: is in the file twice.") % {"row": where}
            continue
        seen.add((label, pk))
        known = {field.name for field in model._meta.get_fields() if field.concrete or field.many_to_many}
        unknown = sorted(str(name) for name in fields if name not in known)
        if unknown:
            yield _("%(row)s: unknown fields %(fields)s (a file from another version?).") % {
                "row": where,
                "fields": ", ".join(unknown)[:120],
            }
            continue
        try:
            (row,) = serializers.deserialize("python", [obj], handle_forward_references=True)
        except (DeserializationError, ValidationError, ValueError, TypeError) as error:
            yield _("%(row)s: %(error)s") % {"row": where, "error": " ".join(str(error).split())[:200]}
            continue
        yield from _row_problems(row, where, present, usernames)


def _row_problems(row: DeserializedObject, where: str, present: dict[str, set], usernames: set) -> Iterator[str]:
    instance = row.object
    relations = []
    for field in instance._meta.concrete_fields:
        value = getattr(instance, field.attname)
        if _holds_nul(value):
            yield _("%(row)s, %(field)s: contains a NUL character.") % {"row": where, "field": field.verbose_name}
        if field.is_relation:
            relations.append(field.name)
            yield from _reference_problems(row, field, value, where, present, usernames)
        elif (
            isinstance(field, (models.CharField, models.TextField))
            and not field.blank
            and isinstance(value, str)
            and value
            and not value.strip()
        ):  # a form strips the spaces, then finds nothing
            yield _("%(row)s, %(field)s: only spaces.") % {"row": where, "field": field.verbose_name}
    try:
        instance.clean_fields(exclude=relations)
    except ValidationError as error:
        for name, messages in error.message_dict.items():
            label = instance._meta.get_field(name).verbose_name if name != "__all__" else ""
            for message in messages:
                yield _("%(row)s, %(field)s: %(message)s") % {"row": where, "field": label, "message": message}
    for name, pks in row.m2m_data.items():
        target = instance._meta.get_field(name).related_model._meta.label_lower
        if target in present:
            for missing in sorted(set(pks) - present[target]):
                yield _("%(row)s, %(field)s: refers to %(target)s %(pk)s, which the file does not hold.") % {
                    "row": where,
                    "field": name,
                    "target": target,
                    "pk": missing,
                }


# References a row fills itself as it is saved: a backup made before the league had venues holds nights
# without a venue, and they go to the league's first (league/models/seasons.py), as the migration put them.
FILLED_WHEN_SAVED = {("league.night", "venue")}


def _reference_problems(row, field, value, where, present, usernames) -> Iterator[str]:
    target = field.related_model._meta.label_lower
    if field in row.deferred_fields:  # a user named by the username (a natural key) who is not stored yet
        named = row.deferred_fields[field]
        if target != "auth.user" or not (isinstance(named, list) and len(named) == 1 and named[0] in usernames):
            yield _("%(row)s, %(field)s: refers to %(target)s %(pk)s, which the file does not hold.") % {
                "row": where,
                "field": field.verbose_name,
                "target": target,
                "pk": repr(named)[:40],
            }
        return
    if value is None:
        if not field.null and (field.model._meta.label_lower, field.name) not in FILLED_WHEN_SAVED:
            yield _("%(row)s, %(field)s: is missing.") % {"row": where, "field": field.verbose_name}
        return
    if target in present and value not in present[target]:
        yield _("%(row)s, %(field)s: refers to %(target)s %(pk)s, which the file does not hold.") % {
            "row": where,
            "field": field.verbose_name,
            "target": target,
            "pk": value,
        }


def _holds_nul(value: object, depth: int = 0) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if depth > 20:
        return False
    if isinstance(value, dict):
        return any(_holds_nul(key, depth + 1) or _holds_nul(item, depth + 1) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return any(_holds_nul(item, depth + 1) for item in value)
    return False


def privileged_accounts(objects: list[dict]) -> list[Account]:
    """The file's accounts that may do more than look: organizers (staff) and superusers."""
    accounts = []
    for obj in objects:
        fields = obj.get("fields") if obj.get("model") == "auth.user" else None
        if isinstance(fields, dict) and (fields.get("is_superuser") or fields.get("is_staff")):
            accounts.append(
                Account(str(fields.get("username")), bool(fields.get("is_superuser")), bool(fields.get("is_staff")))
            )
    return sorted(accounts, key=lambda account: account.username)
