/* The dealer's phone, made sure-footed (the page works without this file, by plain form posts).
 *
 * - A tap shows at once that it is working and every button waits until the answer is there.
 * - When the server cannot be reached or answers with an error, a banner says so and "Send again"
 *   repeats exactly the same input: it carries the table version the phone saw, so the server applies
 *   it at most once (a repeat of an input that did arrive is answered "the table changed").
 * - Every two seconds the page asks "has it changed?" (a few bytes: the table's revision) and reloads
 *   the table when another phone changed it.
 * - The page says which of its panels are open (X-Tracker-Open); an answer draws the closed ones as a
 *   shell, and htmx fetches a panel's body when the dealer opens it.
 * - The night's clock (level, blinds, time left) above the table is clock.js's countdown; twice a second
 *   the page asks "has the clock changed?" (the clock row's last write, a few bytes) and, when it has, has
 *   clock.js read the clock's state at once: a pause stops the countdown within a second, and a tap
 *   brings nothing of the clock.
 * - The screen stays on while a hand is open (Screen Wake Lock, where the browser has it).
 * - Who is to act is announced to screen readers; after a tap, focus stays in the action bar.
 * Configuration comes from data- attributes on #tracker and #tracker-banner (no inline script: CSP).
 */
(function () {
  "use strict";

  var POLL_MS = 2000;
  var pending = null;      // the last input that failed: {path, values}
  var inFlight = 0;
  var tapped = false;      // the next swap answers a tap (focus goes back to the action bar)
  var wakeLock = null;
  var lastAnnounced = "";

  function root() { return document.getElementById("tracker"); }
  function banner() { return document.getElementById("tracker-banner"); }

  function showBanner(kind) {
    var el = banner();
    if (!el) { return; }
    el.querySelector(".tracker-banner-text").textContent = el.dataset[kind] || "";
    el.querySelector(".tracker-retry").hidden = !pending;
    el.hidden = false;
  }

  function hideBanner() {
    var el = banner();
    if (el) { el.hidden = true; }
  }

  function setBusy(busy, submitter) {
    var tracker = root();
    if (!tracker) { return; }
    tracker.classList.toggle("busy", busy);
    tracker.setAttribute("aria-busy", busy ? "true" : "false");
    tracker.querySelectorAll("button").forEach(function (button) {
      if (busy) {
        if (!button.disabled) { button.dataset.wasEnabled = "1"; button.disabled = true; }
      } else if (button.dataset.wasEnabled) {
        delete button.dataset.wasEnabled;
        button.disabled = false;
        button.classList.remove("working");
      }
    });
    if (busy && submitter) { submitter.classList.add("working"); }
  }

  function valuesOf(formData) {
    var values = {};
    formData.forEach(function (value, key) {
      if (Object.prototype.hasOwnProperty.call(values, key)) {
        values[key] = [].concat(values[key], value);
      } else {
        values[key] = value;
      }
    });
    return values;
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var tracker = root();
    if (!tracker) { return; }
    if (event.detail.target === tracker) {
      // Which panels are open: the answer draws the closed ones as a shell whose body comes when opened.
      var open = [];
      tracker.querySelectorAll("details.card[id^='tracker-'][open]").forEach(function (panel) {
        open.push(panel.id.slice("tracker-".length));
      });
      event.detail.headers["X-Tracker-Open"] = open.join(",") || "-";
    }
    if (!tracker.contains(event.detail.elt)) { return; }
    if (event.detail.verb === "post") {
      var data = event.detail.formData || event.detail.parameters;
      // A panel's body fetched later may carry a newer version than the page shows: every input goes
      // with the version of the table the dealer sees.
      if (data && data.has && data.has("version")) { data.set("version", tracker.dataset.version); }
      pending = {path: event.detail.path, values: data && data.forEach ? valuesOf(data) : Object.assign({}, data)};
      tapped = true;
    }
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig || {};
    var trigger = config.triggeringEvent;
    inFlight += 1;
    setBusy(true, trigger && trigger.submitter);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    inFlight = Math.max(0, inFlight - 1);
    if (event.detail.successful) {
      if (event.detail.requestConfig && event.detail.requestConfig.verb === "post") { pending = null; }
      hideBanner();
      // The answer is in place (a panel's body swaps only itself: the rest of the page waits enabled again).
      if (!inFlight) { setBusy(false); }
    } else {
      setBusy(false);
      tapped = false;
    }
  });

  document.addEventListener("htmx:sendError", function () { showBanner("offline"); });
  document.addEventListener("htmx:timeout", function () { showBanner("offline"); });
  document.addEventListener("htmx:responseError", function () { showBanner("failed"); });

  document.addEventListener("click", function (event) {
    var retry = event.target.closest && event.target.closest(".tracker-retry");
    if (!retry || !pending || !window.htmx) { return; }
    var again = pending;
    tapped = true;
    window.htmx.ajax("POST", again.path, {target: "#tracker", swap: "outerHTML", values: again.values});
  });

  function settle() {
    var tracker = root();
    if (!tracker) { return; }
    var status = tracker.querySelector("[data-announce]");
    var text = status ? status.textContent.trim() : "";
    var live = document.getElementById("tracker-announce");
    if (live && text && text !== lastAnnounced) { live.textContent = text; lastAnnounced = text; }
    if (tapped) {
      tapped = false;
      var target = tracker.querySelector("#actionbar button:not([disabled])");
      if (target) { target.focus({preventScroll: true}); }
    }
    keepAwake(tracker.dataset.handOpen === "1");
  }

  document.addEventListener("htmx:afterSettle", function () { settle(); });

  // --- "has it changed?" -------------------------------------------------

  function poll() {
    var tracker = root();
    if (!tracker || document.hidden || inFlight) { return; }
    fetch(tracker.dataset.revisionUrl, {cache: "no-store", credentials: "same-origin"})
      .then(function (response) {
        if (response.redirected && /\/login/.test(response.url)) {
          window.location.assign(response.url);  // the organizer's session ended: the whole page logs in
          return null;
        }
        return response.ok ? response.text() : null;
      })
      .then(function (revision) {
        if (revision === null || revision === undefined) { return; }
        if (!pending) { hideBanner(); }
        var current = root();
        if (current && revision.trim() !== current.dataset.version && !inFlight && window.htmx) {
          window.htmx.ajax("GET", current.dataset.pageUrl, {target: "#tracker", swap: "outerHTML"});
        }
      })
      .catch(function () { showBanner("offline"); });
  }

  // --- "has the clock changed?" ------------------------------------------------

  var CLOCK_POLL_MS = 500;
  var clockSeen = null;

  function pollClock() {
    var clock = document.querySelector(".tracker-clock[data-version-url]");
    if (!clock || document.hidden) { return; }
    fetch(clock.dataset.versionUrl, {cache: "no-store", credentials: "same-origin"})
      .then(function (response) { return response.ok && !response.redirected ? response.text() : null; })
      .then(function (version) {
        if (version === null) { return; }
        if (clockSeen !== null && version !== clockSeen && window.LeagueClock) { window.LeagueClock.sync(); }
        clockSeen = version;
      })
      .catch(function () { /* the table's own poll shows the banner */ });
  }

  // --- the screen stays on during a hand ------------------------------------

  function keepAwake(wanted) {
    if (!("wakeLock" in navigator)) { return; }
    if (wanted && !wakeLock && document.visibilityState === "visible") {
      navigator.wakeLock.request("screen").then(function (lock) {
        wakeLock = lock;
        lock.addEventListener("release", function () { wakeLock = null; });
      }).catch(function () { wakeLock = null; });
    } else if (!wanted && wakeLock) {
      wakeLock.release().catch(function () {});
      wakeLock = null;
    }
  }

  document.addEventListener("visibilitychange", function () {
    var tracker = root();
    if (!document.hidden && tracker) {
      keepAwake(tracker.dataset.handOpen === "1");
      poll();
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    settle();
    window.setInterval(poll, POLL_MS);
    if (document.querySelector(".tracker-clock[data-version-url]")) {
      pollClock();
      window.setInterval(pollClock, CLOCK_POLL_MS);
    }
  });
})();
