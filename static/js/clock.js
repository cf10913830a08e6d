/* The night's blind clock, counted down in the browser from the server's state.
 *
 * The server says how many seconds are left in the current level (and which
 * levels follow) at the moment it answers; the page counts down from there
 * with performance.now(), rolls on into the following levels by itself, and
 * reads the server's state again every few seconds and whenever the page
 * becomes visible again, so a paused, skipped or adjusted clock shows up on
 * every screen. Markup: an element with [data-clock] holding a
 * <script type="application/json" id="clock-data"> with the first state, and
 * [data-clock-field] elements to fill in.
 */
(function () {
  "use strict";

  var base = null;        // the last state from the server
  var baseAt = 0;         // performance.now() when that state was true
  var shownStage = null;  // "level:break" last shown, to notice a level change
  var syncTimer = null;
  var generation = 0;     // bumped by every newer state, so a slow answer cannot overwrite it
  var audio = null;
  var lastBeep = -Infinity;
  var numbers = new Intl.NumberFormat(document.documentElement.lang || undefined);

  function root() { return document.querySelector("[data-clock]"); }

  // `at`: when the state was true. For the page's own state that is when the server answered, not when this
  // script ran: on a slow phone or a busy laptop that can be seconds later, and the countdown showed those
  // seconds too many until the first sync made it jump.
  // Only a state not read before: on the dealer's phone a tap swaps the table, not the clock, and its state of
  // the page's load would set the countdown back.
  var readScript = null;

  function readEmbeddedState(at) {
    var script = document.getElementById("clock-data");
    if (script && script !== readScript) {
      readScript = script;
      generation += 1;
      setBase(JSON.parse(script.textContent), at === undefined ? performance.now() : at);
      return true;
    }
    return false;
  }

  function pageAnsweredAt() {
    var page = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    return page && page.responseStart > 0 ? page.responseStart : performance.now();
  }

  function setBase(state, at) {
    base = state;
    baseAt = at;
    render();
    var el = root();
    if (el) { el.dispatchEvent(new CustomEvent("clock:state", {detail: state})); }
  }

  // The clock as of now, rolled on locally through the levels the server listed.
  function current() {
    var left = base.seconds_left;
    if (base.running) { left -= (performance.now() - baseAt) / 1000; }
    var stage = {level: base.level, is_break: base.is_break, small_blind: base.small_blind,
                 big_blind: base.big_blind, seconds: base.level_seconds, ante: base.ante || 0, note: base.note || ""};
    var upcoming = base.upcoming.slice();
    while (left <= 0 && upcoming.length) {
      stage = upcoming.shift();
      left += stage.seconds;
    }
    return {stage: stage, left: Math.max(left, 0), next: upcoming[0] || null};
  }

  function countdown(seconds) {
    var whole = Math.max(0, Math.ceil(seconds - 1e-9));
    var rest = whole % 60;
    return Math.floor(whole / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function fill(el, name, text) {
    el.querySelectorAll('[data-clock-field="' + name + '"]').forEach(function (node) {
      if (node.textContent !== text) { node.textContent = text; }
    });
  }

  function render() {
    var el = root();
    if (!el || !base) { return; }
    var now = current();
    var stage = now.stage;
    var key = stage.level + ":" + stage.is_break;
    if (shownStage !== null && key !== shownStage) { levelChanged(el, stage); }
    shownStage = key;

    el.classList.toggle("is-break", stage.is_break);
    el.classList.toggle("is-running", base.running);
    el.classList.toggle("is-paused", base.paused);
    el.classList.toggle("is-waiting", !base.started);
    el.classList.toggle("is-final", !now.next);
    el.classList.toggle("next-break", !!(now.next && now.next.is_break));
    el.classList.toggle("is-seated", base.tables_playing !== null);
    el.classList.toggle("is-ending", base.running && now.left <= 60 && now.left > 0);
    el.classList.toggle("has-ante", !!stage.ante);
    el.classList.toggle("next-has-ante", !!(now.next && now.next.ante));
    el.classList.toggle("has-note", !!stage.note);

    fill(el, "countdown", countdown(now.left));
    fill(el, "level", String(stage.level));
    fill(el, "small", numbers.format(stage.small_blind));
    fill(el, "big", numbers.format(stage.big_blind));
    fill(el, "ante", numbers.format(stage.ante || 0));
    fill(el, "note", stage.note || "");
    if (now.next) {
      fill(el, "next-ante", numbers.format(now.next.ante || 0));
      fill(el, "next-level", String(now.next.level));
      fill(el, "next-small", numbers.format(now.next.small_blind));
      fill(el, "next-big", numbers.format(now.next.big_blind));
      fill(el, "next-minutes", String(Math.round(now.next.seconds / 60)));
    }
    fill(el, "players", numbers.format(base.players_left));
    fill(el, "tables", base.tables_playing === null ? "–" : numbers.format(base.tables_playing));
    el.dispatchEvent(new CustomEvent("clock:tick", {detail: {now: now, base: base, elapsed: elapsedSeconds()}}));
  }

  // Seconds the clock has run since the last state from the server (0 while paused).
  function elapsedSeconds() {
    return base && base.running ? (performance.now() - baseAt) / 1000 : 0;
  }

  function levelChanged(el, stage) {
    el.dataset.levelChanges = String(Number(el.dataset.levelChanges || 0) + 1);
    // One signal per change, even if a re-sync lands a moment before the local roll-over.
    if (el.dataset.sound === "on" && el.dataset.muted !== "true" && performance.now() - lastBeep > 5000) {
      lastBeep = performance.now();
      beep(stage.is_break ? 2 : 3);
    }
  }

  // --- the server's state --------------------------------------------------------

  function scheduleSync() {
    var el = root();
    if (!el) { return; }
    var seconds = Number(el.dataset.syncSeconds) || 12;
    clearTimeout(syncTimer);
    syncTimer = setTimeout(sync, seconds * 1000);
  }

  function sync() {
    var el = root();
    if (!el) { return; }
    var sent = performance.now();
    var asked = ++generation;
    fetch(el.dataset.stateUrl, {cache: "no-store", headers: {"Accept": "application/json"}})
      .then(function (response) {
        if (!response.ok) { throw new Error(response.status); }
        return response.json();
      })
      .then(function (state) {
        if (asked !== generation) { return; }  // a button press or a later sync came in meanwhile
        // The server read its clock somewhere between sending and receiving: take the middle.
        setBase(state, (sent + performance.now()) / 2);
        el.classList.remove("is-offline");
      })
      .catch(function () { el.classList.add("is-offline"); })
      .then(scheduleSync);
  }

  // --- sound and full screen --------------------------------------------------------

  function beep(count) {
    if (!audio || audio.state !== "running") { return; }
    var t = audio.currentTime + 0.05;
    for (var i = 0; i < count; i++) {
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = i === count - 1 ? 1320 : 880;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.6, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + 0.4);
      t += 0.5;
    }
  }

  function enableSound(button) {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    audio = audio || new Context();
    audio.resume().then(function () {
      button.hidden = true;
      beep(1);
    });
    // Keep a phone's screen on while the clock is shown, where the browser allows it.
    if (navigator.wakeLock) { navigator.wakeLock.request("screen").catch(function () {}); }
  }

  function setUpTools() {
    if (root().hasAttribute("data-tv")) { return; }  // the TV's tools live in tv.js
    var sound = document.querySelector("[data-clock-sound]");
    if (sound && (window.AudioContext || window.webkitAudioContext)) {
      sound.hidden = false;
      sound.addEventListener("click", function () { enableSound(sound); });
    }
    var full = document.querySelector("[data-clock-fullscreen]");
    if (full && document.documentElement.requestFullscreen) {
      full.hidden = false;
      full.addEventListener("click", function () {
        if (document.fullscreenElement) { document.exitFullscreen(); }
        else { document.documentElement.requestFullscreen().catch(function () {}); }
      });
    }
  }

  // A state the server pushed (tv.js's event stream): true as it arrives, newer than any sync under way.
  function apply(state) {
    var el = root();
    generation += 1;
    setBase(state, performance.now());
    if (el) { el.classList.remove("is-offline"); }
  }

  // For tv.js: read the server's state now (the pulse said it changed), or take the one it was sent.
  window.LeagueClock = {sync: sync, apply: apply};

  function init() {
    if (!root()) { return; }
    readEmbeddedState(pageAnsweredAt());
    setUpTools();
    setInterval(render, 200);
    scheduleSync();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { sync(); }
    });
    // The organizers' panel is swapped in by htmx after each button: start from the state it carries.
    document.body.addEventListener("htmx:afterSwap", function () {
      if (readEmbeddedState()) { scheduleSync(); }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
