/* The live-update client the rail (rail.js) and the TV (tv.js) share: an event stream, or polling where
 * there is none.
 *
 * It keeps one EventSource open and hands each named event to the page; EventSource reconnects by itself
 * (the server ends each stream after a few minutes; the page's URL says what it holds). Where there is no
 * stream (no EventSource, the server refused it with 204, a proxy that holds it back, it never opened) it
 * polls instead and tries the stream again a minute later. A reconnect shorter than a few seconds is not
 * worth the offline note; a failed poll is. With pauseWhenHidden the stream is closed while the page is
 * hidden (a phone in a pocket holds no server thread) and opened again, caught up, when it is shown.
 *
 * window.LiveUpdates.follow({
 *   eventsUrl: function () { return url or "" },   // "" or null: no stream, poll
 *   events: {name: function (event) {...}},       // the stream's events
 *   poll: function () { return a Promise },        // one poll; rejected when it failed
 *   pollMs: function () { return milliseconds },
 *   mode: function ("stream" | "poll") {...},      // what the page follows now (data-live, for the tests)
 *   offline: function (bool) {...},                // show or take away the offline note
 *   pauseWhenHidden: true | false
 * })
 */
(function () {
  "use strict";

  var OPEN_WITHIN_MS = 10000;     // a stream that does not open by then is given up for polling
  var OFFLINE_AFTER_MS = 5000;    // a reconnect shorter than this is not worth a note
  var STREAM_AGAIN_MS = 60000;    // after falling back to polling, try the stream again

  function follow(options) {
    var source = null;
    var polling = false;
    var busy = false;
    var timer = null;
    var openTimer = null;
    var offlineTimer = null;
    var againTimer = null;

    function hidden() { return options.pauseWhenHidden && document.visibilityState === "hidden"; }

    function offline(yes, atOnce) {
      clearTimeout(offlineTimer);
      if (!yes) {
        options.offline(false);
      } else if (atOnce) {
        options.offline(true);
      } else {
        offlineTimer = setTimeout(function () { options.offline(true); }, OFFLINE_AFTER_MS);
      }
    }

    // --- the event stream ------------------------------------------------------------

    function listen() {
      var url = options.eventsUrl();
      if (!window.EventSource || !url) { return startPolling(); }
      if (source || hidden()) { return; }
      stopPolling();
      source = new EventSource(url);
      clearTimeout(openTimer);
      openTimer = setTimeout(function () {
        if (source && source.readyState !== EventSource.OPEN) { giveUp(); }
      }, OPEN_WITHIN_MS);
      source.addEventListener("open", function () {
        clearTimeout(openTimer);
        offline(false);
        options.mode("stream");
      });
      Object.keys(options.events).forEach(function (name) {
        source.addEventListener(name, function (event) {
          options.events[name](event);
          offline(false);
        });
      });
      source.addEventListener("error", function () {
        if (source && source.readyState === EventSource.CLOSED) { giveUp(); } else { offline(true); }
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
      options.mode("poll");
      if (polling) { return; }
      polling = true;
      schedule();
    }

    function stopPolling() {
      polling = false;
      clearTimeout(timer);
    }

    function poll() {
      if (!polling) { return; }
      if (busy || hidden()) { return schedule(); }
      busy = true;
      Promise.resolve()
        .then(options.poll)
        .then(function () { offline(false); }, function () { offline(true, true); })
        .then(function () { busy = false; schedule(); });
    }

    function schedule() {
      clearTimeout(timer);
      if (!polling) { return; }
      timer = setTimeout(poll, options.pollMs());
    }

    if (options.pauseWhenHidden) {
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
    listen();
  }

  window.LiveUpdates = {follow: follow};
})();
