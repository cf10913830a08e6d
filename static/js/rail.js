/* The rail: a public live view of the tables, kept fresh by a cheap poll.
 *
 * Every second (data-pulse-ms) the page asks for the rail's partial (HX-Request:
 * the server renders only #rail) with the version it holds (If-None-Match:
 * data-pulse); the server answers 304 without a body while nothing changed,
 * else the partial, which is swapped in. The server has already left out every card the table has not
 * seen. Paused while the page is hidden; open <details> stay open.
 */
(function () {
  "use strict";

  var timer = null;
  var busy = false;

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

  function swap(el, html) {
    var open = openDetails(el);
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("[data-rail]");
    if (!fresh) { return; }
    el.replaceWith(fresh);
    restoreDetails(fresh, open);
    fresh.dataset.updatedAt = String(Date.now());
  }

  function poll() {
    var el = rail();
    if (!el || busy || document.visibilityState === "hidden") { return schedule(); }
    busy = true;
    fetch(el.dataset.railUrl, {cache: "no-store", headers: {"HX-Request": "true", "If-None-Match": '"' + el.dataset.pulse + '"'}})
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error(response.status); }
        return response.text();
      })
      .then(function (html) {
        el.classList.remove("is-offline");
        if (html !== null) { swap(el, html); }
      })
      .catch(function () { var now = rail(); if (now) { now.classList.add("is-offline"); } })
      .then(function () { busy = false; schedule(); });
  }

  function schedule() {
    var el = rail();
    clearTimeout(timer);
    timer = setTimeout(poll, el ? Number(el.dataset.pulseMs) || 1000 : 1000);
  }

  function init() {
    if (!rail()) { return; }
    schedule();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { poll(); }
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
