"""Organizer pages of the cash book: the book and its exports, other lines and reversals, closing a night's
cash. Thin: parse the request, call `league.cashbook.book`, render."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from league import once
from league.access import get_night_or_404, get_season_or_404, night_organizer_required, organizer_required
from league.cashbook import book as cashbook
from league.cashbook.forms import CashBookFilterForm, CashLineForm, CloseCashForm, ReopenCountForm, ReverseLineForm
from league.rules.inputs import ascii_whole_or_none
from league.web.csv_safe import safe_csv
from league.web.downloads import csv_attachment, export_language, pdf_response
from league.web.money import format_money

if TYPE_CHECKING:
    from league.cashbook.sheets import MoneyRow

LINES_PER_PAGE = 100


def _short_box(box: str) -> str:
    return _("Organizer") if box == cashbook.CashBox.ORGANIZER else _("Jackpot fund")


def _money_row(line: cashbook.Line) -> MoneyRow:
    from league.cashbook.sheets import MoneyRow  # see cash_book_pdf

    return MoneyRow(
        line.at, line.kind_label, line.text, line.by, line.amount, line.balance, line.ref, _short_box(line.box)
    )


# --- the book ---------------------------------------------------------------------------------


def _filtered_book(request: HttpRequest) -> tuple[CashBookFilterForm, cashbook.CashBook]:
    form = CashBookFilterForm(request.GET or None)
    filters = form.cleaned_data if form.is_valid() else {}
    book = cashbook.cash_book(
        season=filters.get("season"),
        night=filters.get("night"),
        date_from=filters.get("date_from"),
        date_to=filters.get("date_to"),
        box=filters.get("box") or "",
    )
    return form, book


def _scope(book: cashbook.CashBook) -> str:
    parts = []
    if book.night is not None:
        parts.append(_("Night of %(date)s") % {"date": formats.date_format(book.night.date, "SHORT_DATE_FORMAT")})
    elif book.season is not None:
        parts.append(book.season.name)
    if book.date_from or book.date_to:
        start = formats.date_format(book.date_from, "SHORT_DATE_FORMAT") if book.date_from else "…"
        end = formats.date_format(book.date_to, "SHORT_DATE_FORMAT") if book.date_to else "…"
        parts.append(f"{start} – {end}")
    if book.box:
        parts.append(str(dict(cashbook.CashBox.choices)[book.box]))
    return " · ".join(parts) or _("All lines")


@organizer_required
@require_GET
def cash_book(request: HttpRequest) -> HttpResponse:
    """The lines in pages of LINES_PER_PAGE, the latest page first; the exports carry every line."""
    form, book = _filtered_book(request)
    params = request.GET.copy()
    params.pop("page", None)
    paginator = Paginator(book.lines, LINES_PER_PAGE)
    page = paginator.get_page(ascii_whole_or_none(request.GET.get("page"), max_digits=6) or paginator.num_pages)
    context = {"form": form, "book": book, "query": params.urlencode(), "scope": _scope(book), "page": page}
    return render(request, "league/cashbook/book.html", context)


@organizer_required
@require_GET
def cash_book_csv(request: HttpRequest) -> HttpResponse:
    language = export_language(request)
    with translation.override(language):
        _form, book = _filtered_book(request)
        rows: list[list[object]] = [
            [
                _("Date"),
                _("Time"),
                _("Reference"),
                _("Cash box"),
                _("Kind"),
                _("Night"),
                _("Text"),
                _("Booked by"),
                _("Paid by"),
                _("Reverses"),
                _("Reversed by"),
                _("Amount"),
                _("Balance"),
            ]
        ]
        for line in book.lines:
            local = timezone.localtime(line.at)
            rows.append(
                [
                    local.date(),
                    local.strftime("%H:%M"),
                    line.ref,
                    line.box_label,
                    line.kind_label,
                    line.night_date,
                    line.text,
                    line.by,
                    line.method_label,
                    line.reverses,
                    line.reversed_by,
                    line.amount,
                    line.balance,
                ]
            )
        content = safe_csv(rows, language=language)
    return csv_attachment(content, f"cashbook-{language}.csv")


@organizer_required
@require_GET
def cash_book_pdf(request: HttpRequest) -> HttpResponse:
    # reportlab (and its fonts, QR and bidi helpers) on first use, not at import: every process that loads the
    # URLs (a publish, a management command's checks) paid a tenth of a second of CPU for it.
    from league.cashbook.sheets import CashBookRenderer, CashBookSheet

    language = export_language(request)
    with translation.override(language):
        _form, book = _filtered_book(request)
        sheet = CashBookSheet(
            title=_("Cash book"),
            scope=_scope(book),
            lines=tuple(_money_row(line) for line in book.lines),
            balances=tuple((str(label), opening, closing) for _box, label, opening, closing in book.boxes),
            printed_at=timezone.now(),
        )
    return pdf_response(CashBookRenderer(language=language).generate(sheet))


# --- other lines and reversals ----------------------------------------------------------------


@organizer_required
@require_http_methods(["GET", "POST"])
def cash_line_new(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_or_404(season_id)
    initial = {}
    night_id = ascii_whole_or_none(request.GET.get("night"))
    if night_id is not None:
        initial["night"] = night_id
    form = CashLineForm(request.POST if request.method == "POST" else None, season=season, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with once.spend(request):
                line = cashbook.book_line(
                    season=season,
                    night=data["night"],
                    box=data["box"],
                    amount=form.signed_amount(),
                    reason=data["reason"],
                    by=request.user,
                )
        except (cashbook.CashError, once.FormAlreadyApplied) as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("Booked: %(amount)s, %(reason)s.") % {"amount": format_money(line.amount), "reason": line.reason},
            )
            if line.night_id:
                return redirect("night_cash", line.night_id)
            return redirect(f"{reverse('cash_book')}?season={season.pk}")
    return render(request, "league/cashbook/line_form.html", {"form": form, "season": season})


@organizer_required
@require_http_methods(["GET", "POST"])
def cash_line_reverse(request: HttpRequest, ref: str) -> HttpResponse:
    """A confirmation page first: the reversal stays in the book for good."""
    line = cashbook.find_line(ref)
    if line is None:
        raise Http404(_("There is no such cash book line."))
    form = ReverseLineForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            cashbook.reverse_line(ref=ref, reason=form.cleaned_data["reason"], by=request.user)
        except cashbook.CashError as error:
            form.add_error(None, str(error))
        else:
            if line.kind == cashbook.LineKind.FEE:
                facts = {"name": line.text, "amount": format_money(line.amount)}
                if cashbook.registered_again(line):
                    messages.success(
                        request,
                        _(
                            "Reversed: the fee of %(name)s (%(amount)s). %(name)s stays registered, unpaid, and the jackpot "
                            "share no longer counts; take the fee at the desk when it is paid."
                        )
                        % facts,
                    )
                else:
                    messages.success(
                        request,
                        _(
                            "Reversed: the fee of %(name)s (%(amount)s). The entry is taken off the finished night, "
                            "with its jackpot share."
                        )
                        % facts,
                    )
            elif line.kind == cashbook.LineKind.DEPOSIT:
                messages.success(
                    request,
                    _(
                        "The jackpot deposit of %(text)s is reversed as a whole: %(amount)s back in the organizer's box, out of "
                        "the jackpot fund. The table owes its jackpot sum again."
                    )
                    % {"text": line.text, "amount": format_money(abs(line.amount))},
                )
            else:
                messages.success(request, _("Reversed: %(line)s.") % {"line": line.label})
            return redirect(f"{reverse('cash_book')}?season={line.season_id}")
    context = {
        "form": form,
        "line": line,
        "deposit_amount": abs(line.amount),
        "closed_night": cashbook.closed_night(line),
        "refusal": cashbook.reversal_refusal(line),
        "night_finished": cashbook.night_finished(line),
    }
    return render(request, "league/cashbook/reverse_confirm.html", context)


# --- closing a night's cash -----------------------------------------------------------------


@night_organizer_required
@require_http_methods(["GET", "POST"])
def night_cash(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    form = CloseCashForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            count = cashbook.close_night_cash(
                night=night,
                by=request.user,
                counted=data["counted"],
                denominations=form.denominations(),
                reason=data["reason"],
                witness=data["witness"],
            )
        except cashbook.CashError as error:
            if cashbook.night_cash(night).closed:
                # Closed meanwhile from another desk (a race lost), or before: the page shows the count and no
                # form any more, so the refusal is said above it (the form's own errors would not be shown).
                messages.error(request, str(error))
                return redirect("night_cash", night.pk)
            form.add_error(None, str(error))
        else:
            if count.difference:
                messages.warning(
                    request,
                    _("The night's cash is closed with a difference of %(difference)s.")
                    % {"difference": format_money(count.difference)},
                )
            else:
                messages.success(request, _("The night's cash is closed: the count matches."))
            return redirect("night_cash", night.pk)
    context = {
        "night": night,
        "cash": cashbook.night_cash(night),
        "form": form,
        "reopened": cashbook.reopened_counts(night),
        "currency": settings.CURRENCY,
    }
    return render(request, "league/cashbook/night_cash.html", context)


@night_organizer_required
@require_http_methods(["GET", "POST"])
def night_cash_reopen(request: HttpRequest, night_id: int) -> HttpResponse:
    """A confirmation page first: reopening is recorded with its reason, and the box must be counted again."""
    night = get_night_or_404(night_id)
    form = ReopenCountForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            cashbook.reopen_night_cash(night=night, by=request.user, reason=form.cleaned_data["reason"])
        except cashbook.CashError as error:
            messages.error(request, str(error))
        else:
            messages.warning(
                request, _("The count is reopened: change tonight's lines, then count the box and close again.")
            )
        return redirect("night_cash", night.pk)
    context = {"night": night, "form": form, "count": cashbook.night_cash(night).count}
    return render(request, "league/cashbook/reopen_confirm.html", context)


@night_organizer_required
@require_GET
def night_cash_pdf(request: HttpRequest, night_id: int) -> HttpResponse:
    from league.cashbook.sheets import NightMoneySheet, NightMoneySheetRenderer  # see cash_book_pdf

    night = get_night_or_404(night_id)
    language = export_language(request)
    with translation.override(language):
        cash = cashbook.night_cash(night)
        count = cash.count
        sheet = NightMoneySheet(
            season=night.season.name,
            night_date=night.date,
            brought_forward=cash.brought_forward,
            fees=cash.fees,
            refunds=cash.refunds,
            deposits=cash.deposits,
            other=cash.other,
            expected=count.expected if count else cash.expected,
            lines=tuple(_money_row(line) for line in cash.lines),
            counted=count.counted if count else None,
            difference=count.difference if count else None,
            reason=count.reason if count else "",
            denominations=tuple(
                (value, count.denominations[format(value, "f")])
                for value in cashbook.DENOMINATIONS
                if count and format(value, "f") in count.denominations
            ),
            organizer=count.counted_by.get_username() if count else "",
            witness=count.witness if count else "",
            counted_at=count.counted_at if count else None,
        )
    return pdf_response(NightMoneySheetRenderer(language=language).generate(sheet))
