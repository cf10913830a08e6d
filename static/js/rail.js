/* The rail: a public live view of the tables, kept fresh by an event stream.
 *
 * The page keeps one EventSource open (data-events-url): the server sends an
 * event "rail" whenever a table changed: the card of that table alone (it
 * replaces the card of the same id), or the rail's whole partial (#rail) when
 * more than cards changed. Where there is no stream the page polls instead:
 * every second (data-pulse-ms) it asks for the partial with the version it
 * holds (If-None-Match: data-pulse); 304 without a body while nothing changed.
 * The stream, its fallback and the offline note are live.js's. The server has
 * already left out every card the table has not seen. Closed while the page is
 * hidden; open <details> stay open.
 *
 * On the TV's live tables (.tv-tables-live) every card is a fixed cell of a grid (tv.css): where a card's
 * content still overflows its cell (side pots, many odds lines), that card's type shrinks (--rail-fit) down
 * to 70 %; beyond that the rail is marked does-not-fit and the TV pages through it.
 */
(function () {
  "use strict";

  function rail() { return document.querySelector("[data-rail]"); }

  function openDetails(el) {
    var open = {};
    el.querySelectorAll("details").forEach(function (d) {
      var card = d.closest("[id]");
      open[(card ? card.id : "") + ":" + d.className] = d.open;
    });
    return open;
  }

  function restoreDetails(el, open) {
    el.querySelectorAll("details").forEach(function (d) {
      var card = d.closest("[id]");
      var key = (card ? card.id : "") + ":" + d.className;
      if (key in open) { d.open = open[key]; }
    });
  }

  // The rail's version from an event's id: the night's stream names the clock's part too ("clock-seats-play").
  function railPulse(id) {
    var parts = String(id || "").split("-");
    return parts.length > 2 ? parts.slice(1).join("-") : String(id || "");
  }

  function swap(el, html, eventId) {
    var open = openDetails(el);
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("[data-rail]");
    if (fresh) {
      fresh.dataset.live = el.dataset.live || "";
      el.replaceWith(fresh);
      el = fresh;
    } else {  // one table's card: in place of the card of the same id
      holder.querySelectorAll(".rail-table[id]").forEach(function (card) {
        var old = document.getElementById(card.id);
        if (old && el.contains(old)) { old.replaceWith(card); }
      });
      if (eventId) { el.dataset.pulse = railPulse(eventId); }
    }
    restoreDetails(el, open);
    fit(el);
    el.dataset.updatedAt = String(Date.now());
  }

  var SMALLEST_FIT = 0.7;

  function overflowing(card) {
    return card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1;
  }

  // The TV's cards: each at the largest type, in steps of 5 %, at which it shows whole (a busy table's card
  // smaller, the others as they are); a card that does not fit even so makes the rail's rows as tall as
  // their cards, and tv.js pages through them.
  function fit(el) {
    if (!el || !el.closest(".tv-tables-live")) { return; }
    var cards = el.querySelectorAll(".rail-table");
    el.classList.remove("does-not-fit");
    cards.forEach(function (card) { card.style.removeProperty("--rail-fit"); });
    if (!cards.length || !el.offsetParent) { return; }  // a hidden screen is fitted when it shows
    var whole = true;
    cards.forEach(function (card) {
      var scale = 1;
      while (scale > SMALLEST_FIT + 0.001 && overflowing(card)) {
        scale -= 0.05;
        card.style.setProperty("--rail-fit", scale.toFixed(2));
      }
      if (overflowing(card)) { whole = false; }
    });
    if (!whole) {
      cards.forEach(function (card) { card.style.removeProperty("--rail-fit"); });
      el.classList.add("does-not-fit");
    }
  }

  function fitWhenResized() {
    var pages = document.querySelector(".tv-tables-live [data-tv-pages]");
    if (!pages || !window.ResizeObserver) { return; }
    var width = -1, height = -1;
    new ResizeObserver(function (entries) {
      var box = entries[entries.length - 1].contentRect;
      if (box.width === width && box.height === height) { return; }
      width = box.width; height = box.height;
      fit(rail());
    }).observe(pages);
  }

  function offline(yes) {
    var el = rail();
    if (el) { el.classList.toggle("is-offline", yes); }
  }

  // Polling: the partial with the version the page holds (If-None-Match); 304 without a body while unchanged.
  function poll() {
    var el = rail();
    if (!el) { return Promise.resolve(); }
    return fetch(el.dataset.railUrl, {cache: "no-store", headers: {"HX-Request": "true", "If-None-Match": '"' + el.dataset.pulse + '"'}})
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error(response.status); }
        return response.text();
      })
      .then(function (html) {
        var now = rail();
        if (html !== null && now) { swap(now, html); }
      });
  }

  function init() {
    if (!rail()) { return; }
    fitWhenResized();
    window.LiveUpdates.follow({
      eventsUrl: function () {
        var el = rail();
        return el && el.dataset.eventsUrl ? el.dataset.eventsUrl + "?seen=" + encodeURIComponent(el.dataset.pulse || "") : "";
      },
      events: {
        rail: function (event) {
          var now = rail();
          if (now) { swap(now, event.data, event.lastEventId); }
        }
      },
      poll: poll,
      pollMs: function () { var el = rail(); return el ? Number(el.dataset.pulseMs) || 1000 : 1000; },
      mode: function (name) { var el = rail(); if (el) { el.dataset.live = name; } },
      offline: offline,
      pauseWhenHidden: true
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
