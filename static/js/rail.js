/* The rail: a public live view of the tables, kept fresh by an event stream.
 *
 * The page keeps one EventSource open (data-events-url): the server sends an
 * event "rail" whenever a table changed: the card of that table alone (it
 * replaces the card of the same id), or the rail's whole partial (#rail) when
 * more than cards changed. EventSource reconnects by itself (the server ends
 * each stream after a few minutes; Last-Event-ID says what the page holds).
 * Where there is no stream (no EventSource, the server refused it with 204, a
 * proxy that holds it back) the page polls instead: every second
 * (data-pulse-ms) it asks for the partial with the version it holds
 * (If-None-Match: data-pulse); 304 without a body while nothing changed. It
 * tries the stream again a minute later. The server has already left out
 * every card the table has not seen. Closed while the page is hidden; open
 * <details> stay open.
 */
(function () {
  "use strict";

  var OPEN_WITHIN_MS = 10000;     // a stream that does not open by then is given up for polling
  var OFFLINE_AFTER_MS = 5000;    // a reconnect shorter than this is not worth a note
  var STREAM_AGAIN_MS = 60000;    // after falling back to polling, try the stream again

  var timer = null;
  var busy = false;
  var source = null;
  var polling = false;
  var openTimer = null;
  var offlineTimer = null;
  var againTimer = null;

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
    el.dataset.updatedAt = String(Date.now());
  }

  function online(yes) {
    var el = rail();
    clearTimeout(offlineTimer);
    if (yes) {
      if (el) { el.classList.remove("is-offline"); }
    } else {
      offlineTimer = setTimeout(function () { var now = rail(); if (now) { now.classList.add("is-offline"); } }, OFFLINE_AFTER_MS);
    }
  }

  // --- the event stream ------------------------------------------------------------

  function listen() {
    var el = rail();
    if (!el) { return; }
    if (!window.EventSource || !el.dataset.eventsUrl) { return startPolling(); }
    if (source || document.visibilityState === "hidden") { return; }
    stopPolling();
    source = new EventSource(el.dataset.eventsUrl + "?seen=" + encodeURIComponent(el.dataset.pulse || ""));
    clearTimeout(openTimer);
    openTimer = setTimeout(function () {
      if (source && source.readyState !== EventSource.OPEN) { giveUp(); }
    }, OPEN_WITHIN_MS);
    source.addEventListener("open", function () {
      clearTimeout(openTimer);
      online(true);
      var now = rail();
      if (now) { now.dataset.live = "stream"; }
    });
    source.addEventListener("rail", function (event) {
      var now = rail();
      if (now) { swap(now, event.data, event.lastEventId); }
      online(true);
    });
    source.addEventListener("error", function () {
      if (source && source.readyState === EventSource.CLOSED) { giveUp(); } else { online(false); }
    });
  }

  // No stream here (refused, or it never opened): poll, and try the stream again later.
  function giveUp() {
    close();
    startPolling();
    clearTimeout(againTimer);
    againTimer = setTimeout(listen, STREAM_AGAIN_MS);
  }

  function close() {
    clearTimeout(openTimer);
    if (source) { source.close(); source = null; }
  }

  // --- the polling fallback -----------------------------------------------------------

  function startPolling() {
    var el = rail();
    if (el) { el.dataset.live = "poll"; }
    if (polling) { return; }
    polling = true;
    schedule();
  }

  function stopPolling() {
    polling = false;
    clearTimeout(timer);
  }

  function poll() {
    var el = rail();
    if (!polling) { return; }
    if (!el || busy || document.visibilityState === "hidden") { return schedule(); }
    busy = true;
    fetch(el.dataset.railUrl, {cache: "no-store", headers: {"HX-Request": "true", "If-None-Match": '"' + el.dataset.pulse + '"'}})
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error(response.status); }
        return response.text();
      })
      .then(function (html) {
        var now = rail();
        if (now) { now.classList.remove("is-offline"); }
        if (html !== null && now) { swap(now, html); }
      })
      .catch(function () { var now = rail(); if (now) { now.classList.add("is-offline"); } })
      .then(function () { busy = false; schedule(); });
  }

  function schedule() {
    var el = rail();
    clearTimeout(timer);
    if (!polling) { return; }
    timer = setTimeout(poll, el ? Number(el.dataset.pulseMs) || 1000 : 1000);
  }

  function init() {
    if (!rail()) { return; }
    listen();
    // A phone in a pocket holds no stream: closed while hidden, opened again (and caught up) when shown.
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") {
        close();
      } else if (polling) {
        poll();
      } else {
        listen();
      }
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
