/* The pub's TV: follows the organizer within a second, chimes, speaks, and shows the other screens.
 *
 * clock.js counts down; this file adds what only the TV does:
 * - it follows an event stream (data-events-url, through live.js as the rail
 *   does): the server sends the state ("state") at once after an organizer's
 *   button, and the figures and the other screens ("state", "screens") when
 *   someone sat down or went out. Without a stream it polls instead: every
 *   data-pulse-ms (500) it asks for the version "clock-seats-play"; a changed
 *   clock part makes clock.js read the state at once, a changed seats part
 *   brings the figures and the other screens at most every 3 s;
 * - the night's figures, the level list, the time to the next break, the wall clock
 *   and the organizer's announcement line;
 * - the screen the organizer chose (clock, seating, eliminations, standings, the
 *   live tables) or all of them in turn, paging a screen whose rows do not fit; while
 *   taking turns it stays on the live tables as long as an all-in's odds are up (the
 *   tables come through the night's rail stream: rail.js, as on a phone). A named TV
 *   (data-display, /tv/<key>/) has its own screen, or its own screens in turn
 *   (state.rotation), and loads its page again when it moves on to another night
 *   (the event "night", or the last part of its pulse "clock-seats-night"); with no
 *   night open its page shows the standings only (data-tv-idle) and just watches the pulse;
 * - sound: one tap enables it for the night (kept in localStorage); chimes at a
 *   level change, at one minute left and at a break's end; spoken announcements
 *   (speechSynthesis, in the page's language) when the organizer switched them on.
 */
(function () {
  "use strict";

  var ROTATION = [["clock", 40], ["seating", 20], ["eliminations", 15], ["standings", 20], ["tables", 20]];
  var SCREENS = ["clock", "seating", "eliminations", "standings", "tables"];
  var PAGE_SECONDS = 8;
  var FIGURES_SECONDS = 3;

  var el = null;
  var state = null;
  var audio = null;
  var lastKey = null;
  var lastLeft = null;
  var lastAnnouncement = null;
  var lookVersion = null;
  var figuresTimer = null;
  var lastFigures = -Infinity;
  var rotationIndex = 0;
  var rotationSince = 0;
  var pageSince = 0;
  var soundKey = "";
  var LONG_ANNOUNCEMENT = 60;  // characters: a smaller size, as tv.html sets it (tv.css)
  var numbers = new Intl.NumberFormat(document.documentElement.lang || undefined);
  // The average in big blinds: tenths below 10, whole numbers above (as live/tv/screens.py writes it).
  var tenths = new Intl.NumberFormat(document.documentElement.lang || undefined, {minimumFractionDigits: 1, maximumFractionDigits: 1});
  var wholes = new Intl.NumberFormat(document.documentElement.lang || undefined, {maximumFractionDigits: 0});

  function field(name, text) {
    el.querySelectorAll('[data-tv-field="' + name + '"]').forEach(function (node) {
      if (node.textContent !== text) { node.textContent = text; }
    });
  }

  function countdown(seconds) {
    var whole = Math.max(0, Math.ceil(seconds - 1e-9));
    var hours = Math.floor(whole / 3600);
    var minutes = Math.floor((whole % 3600) / 60);
    var rest = whole % 60;
    var mm = (hours && minutes < 10 ? "0" : "") + minutes;
    return (hours ? hours + ":" : "") + mm + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function word(name) {
    var template = el.querySelector("[data-tv-level-words]");
    var node = template && template.content.querySelector('[data-word="' + name + '"]');
    return node ? node.textContent : name;
  }

  // --- the state from the server -----------------------------------------------------

  function applyState(fresh) {
    state = fresh;
    el.dataset.pulse = fresh.pulse;
    field("players-left", numbers.format(fresh.players_left));
    field("players-started", numbers.format(fresh.players_started));
    field("tables", fresh.tables_playing === null ? "–" : numbers.format(fresh.tables_playing));
    field("average", fresh.average_stack_text);
    field("average-bb", fresh.average_bb_text);
    field("chips", fresh.chips_in_play_text);
    field("jackpot", fresh.season_jackpot_text);
    field("jackpot-tonight", fresh.jackpot_tonight_text);
    var line = el.querySelector('[data-tv-field="announcement"]');
    if (line) {
      line.hidden = !fresh.announcement;
      line.classList.toggle("long", fresh.announcement.length > LONG_ANNOUNCEMENT);
      field("announcement", fresh.announcement);
    }
    if (lastAnnouncement !== null && fresh.announcement && fresh.announcement !== lastAnnouncement) {
      say(fresh.announcement);
    }
    lastAnnouncement = fresh.announcement;
    el.classList.toggle("has-breaks", fresh.break_in !== null || fresh.is_break);
    // The club changed its clock's logo, chips or figures: the page again, drawn with them.
    if (lookVersion !== null && fresh.look !== lookVersion) { window.location.reload(); return; }
    lookVersion = fresh.look;
    chooseScreen(true);
  }

  // The average in big blinds as the level changes on the TV between two states (live/tv/screens.py rounds
  // the same way: tenths below 10).
  function renderAverageInBigBlinds(stage) {
    if (!state || state.average_stack === null || state.average_stack === undefined || !stage.big_blind) { return; }
    var value = state.average_stack / stage.big_blind;
    field("average-bb", (value < 10 ? tenths : wholes).format(value));
  }

  // --- the event stream, or polling where there is none ---------------------------------

  function follow() {
    window.LiveUpdates.follow({
      eventsUrl: function () {
        return el.dataset.eventsUrl ? el.dataset.eventsUrl + "?seen=" + encodeURIComponent(el.dataset.pulse || "") : "";
      },
      events: {
        state: function (event) { if (window.LeagueClock) { window.LeagueClock.apply(JSON.parse(event.data)); } },
        screens: function (event) { setScreens(event.data); },
        night: function () { window.location.reload(); }
      },
      poll: pulse,
      pollMs: function () { return Number(el.dataset.pulseMs) || 500; },
      mode: function (name) { el.dataset.live = name; },
      offline: function (yes) { el.classList.toggle("is-offline", yes); },
      pauseWhenHidden: false
    });
  }

  // Polling: the pulse "clock-seats-play"; a changed clock part is shown at once, a changed seats part
  // brings the figures and the other screens.
  function pulse() {
    return fetch(el.dataset.pulseUrl, {cache: "no-store"})
      .then(function (response) {
        // A named TV that was removed: its page says so ("not found") rather than a clock that stands still.
        if (response.status === 404 && el.dataset.display !== undefined) { window.location.reload(); }
        if (!response.ok) { throw new Error(response.status); }
        return response.text();
      })
      .then(function (value) {
        value = value.trim();
        var was = (el.dataset.pulse || "").split("-");
        var now = value.split("-");
        el.dataset.pulse = value;  // one fetch per change; the state carries its own pulse
        if (now[0] !== was[0]) {
          // The organizer pressed a button: show it at once.
          if (window.LeagueClock) { window.LeagueClock.sync(); }
        }
        if (now[1] !== was[1]) { figuresChanged(); }
        if (el.dataset.display !== undefined && now[2] !== was[2]) { window.location.reload(); }
      });
  }

  // Polling: someone sat down or went out; the figures and the other screens follow, at most once every
  // FIGURES_SECONDS.
  function figuresChanged() {
    if (figuresTimer) { return; }
    var wait = Math.max(0, lastFigures + FIGURES_SECONDS * 1000 - performance.now());
    figuresTimer = setTimeout(function () {
      figuresTimer = null;
      lastFigures = performance.now();
      if (window.LeagueClock) { window.LeagueClock.sync(); }
      refreshScreens();
    }, wait);
  }

  function refreshScreens() {
    fetch(el.dataset.screensUrl, {cache: "no-store"})
      .then(function (response) { if (!response.ok) { throw new Error(response.status); } return response.text(); })
      .then(setScreens)
      .catch(function () {});
  }

  function setScreens(html) {
    var holder = el.querySelector("[data-tv-screens]");
    var scroll = {};
    holder.querySelectorAll("[data-tv-pages]").forEach(function (pages) {
      scroll[pages.closest("[data-screen]").dataset.screen] = pages.scrollTop;
    });
    holder.innerHTML = html;
    holder.querySelectorAll("[data-tv-pages]").forEach(function (pages) {
      pages.scrollTop = scroll[pages.closest("[data-screen]").dataset.screen] || 0;
    });
    chooseScreen(false);
  }

  // --- every tick (clock.js renders five times a second) -------------------------------

  function tick(event) {
    var now = event.detail.now;
    var base = event.detail.base;
    if (!state) { state = base; }
    renderLevels(now, base);
    renderBreak(now, base, event.detail.elapsed);
    renderAverageInBigBlinds(now.stage);
    var wall = new Date();
    field("wall", (wall.getHours() < 10 ? "0" : "") + wall.getHours() + ":" + (wall.getMinutes() < 10 ? "0" : "") + wall.getMinutes());
    chimes(now, base);
    rotate();
    page();
  }

  function stepText(step) {
    if (step.is_break) { return word("break") + " · " + Math.round(step.seconds / 60) + " " + word("min"); }
    // Breaks after "·" and "/" only, never inside a number (a late level's blinds are wider than the list).
    return step.level + " ·<wbr> <span class=\"n\">" + numbers.format(step.small_blind) + "</span>/<wbr><span class=\"n\">" +
      numbers.format(step.big_blind) + "</span>" + (step.ante ? "/<wbr><span class=\"n\">" + numbers.format(step.ante) + "</span>" : "");
  }

  function renderLevels(now, base) {
    var list = el.querySelector("[data-tv-levels]");
    if (!list) { return; }
    // The stages in the server's list from the current one on (the clock may have rolled on locally).
    var all = [];
    if (base.previous) { all.push({step: base.previous, cls: "done"}); }
    all.push({step: {level: base.level, is_break: base.is_break, small_blind: base.small_blind,
                     big_blind: base.big_blind, seconds: base.level_seconds, ante: base.ante || 0}, cls: ""});
    base.upcoming.forEach(function (step) { all.push({step: step, cls: ""}); });
    var current = 0;
    all.forEach(function (item, k) {
      if (item.step.level === now.stage.level && item.step.is_break === now.stage.is_break) { current = k; }
    });
    var html = "";
    all.slice(Math.max(0, current - 1), current + 6).forEach(function (item, k, shown) {
      var index = all.indexOf(item);
      var cls = index < current ? "done" : (index === current ? "current" : "");
      if (item.step.is_break) { cls += " break"; }
      html += '<li class="' + cls.trim() + '"' + (index === current ? ' aria-current="step"' : "") + ">" + stepText(item.step) + "</li>";
    });
    if (list.dataset.html !== html) {
      list.innerHTML = html;  // built from numbers and the page's own words only
      list.dataset.html = html;
      fitLevels(list);
    }
  }

  window.addEventListener("resize", function () {  // drawn afresh for the new size at the next tick
    var list = el.querySelector("[data-tv-levels]");
    if (list) { list.dataset.html = ""; }
  });

  // Rows the list's box cannot hold are left out, from the end: a row is shown whole or not at all.
  function fitLevels(list) {
    var box = list.closest(".tv-levels");
    if (!box) { return; }
    var bottom = box.getBoundingClientRect().bottom - parseFloat(getComputedStyle(box).paddingBottom || "0");
    // The box grows with its rows, so its own bottom is no limit where the live tables' QR code stands below
    // it (before the start, a line more at the top pushed six rows over the code at 720p and 1080p).
    var qr = el.querySelector(".clock-qr");
    if (qr && qr.offsetParent !== null) {
      var code = qr.getBoundingClientRect(), own = box.getBoundingClientRect();
      if (code.left < own.right && code.right > own.left && code.top > own.top) {
        bottom = Math.min(bottom, code.top - parseFloat(getComputedStyle(box).paddingBottom || "0"));
      }
    }
    var rows = list.querySelectorAll("li");
    rows.forEach(function (row) {  // a number wider than the list itself (a night of ten hours and more) breaks too
      if (row.scrollWidth > row.clientWidth + 1) { row.classList.add("long"); }
    });
    for (var k = rows.length - 1; k > 0; k--) {
      if (rows[k].classList.contains("current") || rows[k].getBoundingClientRect().bottom <= bottom + 0.5) { break; }
      rows[k].remove();
    }
  }

  function renderBreak(now, base, elapsed) {
    var text = "–";
    if (now.stage.is_break) {
      text = word("break");
    } else if (base.break_in !== null && base.break_in !== undefined) {
      text = countdown(Math.max(base.break_in - elapsed, 0));
    }
    field("break-in", text);
  }

  // --- sound and voice -------------------------------------------------------------

  function chimes(now, base) {
    var key = now.stage.level + ":" + now.stage.is_break;
    if (lastKey !== null && key !== lastKey) {
      var wasBreak = lastKey.split(":")[1] === "true";
      if (wasBreak && !now.stage.is_break) {
        chime("break-over", [784, 988, 1175, 1568]);
        say(el.dataset.sayBreakOver + ". " + sayLevel(now.stage));
      } else {
        chime("level", [659, 880, 1319]);
        say(now.stage.is_break ? format(el.dataset.sayBreak, {minutes: Math.round(now.stage.seconds / 60)}) : sayLevel(now.stage));
      }
    } else if (lastKey === key && base.running && lastLeft !== null && lastLeft > 60 && now.left <= 60 && now.left > 0) {
      chime("minute", [880, 880]);
      say(el.dataset.sayMinute);
    }
    lastKey = key;
    lastLeft = now.left;
  }

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, name) { return values[name]; });
  }

  function sayLevel(stage) {
    return format(el.dataset.sayLevel, {level: stage.level, small: numbers.format(stage.small_blind), big: numbers.format(stage.big_blind)});
  }

  function chime(kind, notes) {
    var log = (el.dataset.chimes ? el.dataset.chimes.split(",") : []).concat([kind]).slice(-10);
    el.dataset.chimes = log.join(",");
    if (!audio || audio.state !== "running" || el.dataset.muted === "true") { return; }
    var t = audio.currentTime + 0.05;
    notes.forEach(function (frequency) {
      // A soft bell: a sine and its octave, fading out.
      [1, 2].forEach(function (harmonic) {
        var osc = audio.createOscillator();
        var gain = audio.createGain();
        osc.type = "sine";
        osc.frequency.value = frequency * harmonic;
        gain.gain.setValueAtTime(0.0001, t);
        gain.gain.exponentialRampToValueAtTime(harmonic === 1 ? 0.5 : 0.12, t + 0.015);
        gain.gain.exponentialRampToValueAtTime(0.0001, t + 1.1);
        osc.connect(gain).connect(audio.destination);
        osc.start(t);
        osc.stop(t + 1.2);
      });
      t += 0.28;
    });
  }

  function say(text) {
    if (!text || !state || !state.spoken || !window.speechSynthesis || !audio || audio.state !== "running" ||
        el.dataset.muted === "true") { return; }
    var utterance = new SpeechSynthesisUtterance(text);
    var lang = document.documentElement.lang || "de";
    utterance.lang = lang;
    var voice = window.speechSynthesis.getVoices().filter(function (v) { return v.lang && v.lang.indexOf(lang) === 0; })[0];
    if (voice) { utterance.voice = voice; }
    window.speechSynthesis.speak(utterance);
  }

  function enableSound(remember) {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return Promise.resolve(false); }
    audio = audio || new Context();
    return audio.resume().then(function () {
      if (audio.state !== "running") { return false; }
      if (remember) { try { localStorage.setItem(soundKey, "on"); } catch (e) { /* private mode */ } }
      var button = el.querySelector("[data-clock-sound]");
      if (button) { button.hidden = true; }
      el.dataset.soundOn = "true";
      if (navigator.wakeLock) { navigator.wakeLock.request("screen").catch(function () {}); }
      return true;
    });
  }

  function setUpSound() {
    var button = el.querySelector("[data-clock-sound]");
    if (!button || !(window.AudioContext || window.webkitAudioContext)) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      enableSound(true).then(function (on) { if (on) { chime("test", [880]); } });
    });
    var remembered = false;
    try { remembered = localStorage.getItem(soundKey) === "on"; } catch (e) { /* private mode */ }
    if (remembered) {
      // Enabled before tonight: a kiosk browser allows it at once; otherwise (a resume() that waits for a
      // gesture) the first touch or key anywhere does it.
      var wake = function () { enableSound(false); };
      document.addEventListener("pointerdown", wake, {once: true});
      document.addEventListener("keydown", wake, {once: true});
      enableSound(false);
    }
  }

  function setUpFullscreen() {
    var full = el.querySelector("[data-clock-fullscreen]");
    if (full && document.documentElement.requestFullscreen) {
      full.hidden = false;
      full.addEventListener("click", function () {
        if (document.fullscreenElement) { document.exitFullscreen(); }
        else { document.documentElement.requestFullscreen().catch(function () {}); }
      });
      // In full screen the button would only take room from the announcement line.
      document.addEventListener("fullscreenchange", function () { full.hidden = !!document.fullscreenElement; });
    }
  }

  // --- which screen, and paging ---------------------------------------------------------

  function hasRows(name) {
    var screen = el.querySelector('[data-screen="' + name + '"]');
    if (!screen) { return false; }
    if (name === "seating") { return !!screen.querySelector(".tv-table"); }
    if (name === "tables") { return !!screen.querySelector(".rail-table"); }
    return screen.dataset.hasRows === undefined || Number(screen.dataset.hasRows) > 0;
  }

  function show(name) {
    var current = el.dataset.showing;
    if (current === name) { return; }
    SCREENS.forEach(function (n) { el.classList.toggle("show-" + n, n === name); });
    el.dataset.showing = name;
    pageSince = performance.now();
    var pages = el.querySelector('[data-screen="' + name + '"] [data-tv-pages]');
    if (pages) { pages.scrollTop = 0; }
    updatePageNumber();
  }

  function chooseScreen(reset) {
    if (!state) { return; }
    if (state.screen !== "rotate") { show(state.screen); return; }
    var order = turns();
    if ((reset && el.dataset.showing === undefined) || rotationIndex >= order.length) {
      rotationIndex = 0;
      rotationSince = performance.now();
    }
    show(order[rotationIndex][0]);
  }

  // An all-in with the odds up is the moment of the night: while taking turns, the TV stays on the tables.
  function oddsShown() {
    return !!el.querySelector('[data-screen="tables"] .seat-odds');
  }

  // The screens in turn with their seconds: a named TV's own (state.rotation), else every screen.
  function turns() {
    return state && state.rotation && state.rotation.length ? state.rotation : ROTATION;
  }

  function rotate() {
    if (!state || state.screen !== "rotate") { return; }
    var order = turns();
    if (rotationIndex >= order.length) { rotationIndex = 0; }
    var tables = order.map(function (item) { return item[0]; }).indexOf("tables");
    if (tables >= 0 && oddsShown()) {
      if (rotationIndex !== tables) { rotationIndex = tables; rotationSince = performance.now(); show("tables"); }
      return;
    }
    if (performance.now() - rotationSince < order[rotationIndex][1] * 1000) { return; }
    for (var k = 1; k <= order.length; k++) {
      var next = (rotationIndex + k) % order.length;
      if (order[next][0] === "clock" || hasRows(order[next][0])) { rotationIndex = next; break; }
    }
    rotationSince = performance.now();
    show(order[rotationIndex][0]);
  }

  function page() {
    var pages = el.querySelector('[data-screen="' + el.dataset.showing + '"] [data-tv-pages]');
    if (!pages || pages.scrollHeight <= pages.clientHeight + 2) { updatePageNumber(); return; }
    if (performance.now() - pageSince < PAGE_SECONDS * 1000) { updatePageNumber(); return; }  // "1/2" at once
    pageSince = performance.now();
    // The next page starts with the highest table, seat or row that did not fit whole on this one. The live
    // tables stand side by side and a table of six is taller than the screen: its last seats start a page of
    // their own (a page break only between whole tables never showed them), and the highest cut row of either
    // column leads, so that no seat is cut on one page and above the top of the next.
    var top = pages.getBoundingClientRect().top - pages.scrollTop;
    var bottom = pages.scrollTop + pages.clientHeight;
    var next = Infinity;
    var rows = pages.querySelectorAll(".tv-table, .tv-subtitle, .tv-names li, .tv-rows li, .rail-table, .rail-seat");
    for (var k = 0; k < rows.length; k++) {
      var box = rows[k].getBoundingClientRect();
      var rowTop = box.top - top;
      if (rowTop + box.height > bottom + 1 && rowTop > pages.scrollTop + 1 && rowTop < next) { next = rowTop; }
    }
    pages.scrollTop = next === Infinity ? 0 : next;
    updatePageNumber();
  }

  function updatePageNumber() {
    var screen = el.querySelector('[data-screen="' + el.dataset.showing + '"]');
    var pages = screen && screen.querySelector("[data-tv-pages]");
    var label = screen && screen.querySelector("[data-tv-page]");
    if (!pages || !label) { return; }
    var more = pages.scrollTop + pages.clientHeight < pages.scrollHeight - 2;
    pages.classList.toggle("is-paged", more);  // the fade at the bottom says "more follows": not on the last page
    var count = Math.max(1, Math.ceil((pages.scrollHeight - 2) / pages.clientHeight));
    // Pages begin at a row, not at multiples of the height: the last page is the one that reaches the end.
    var at = pages.scrollTop <= 1 ? 1 : !more ? count
      : Math.min(count - 1, Math.max(2, Math.floor(pages.scrollTop / pages.clientHeight + 0.5) + 1));
    var text = count > 1 ? at + "/" + count : "";
    if (label.textContent !== text) { label.textContent = text; }
  }

  // A named TV with no night open: it shows the standings and loads its page again once its version changes
  // (a night began, the TV's settings changed); nothing else on it moves.
  function idle(page) {
    var wait = Number(page.dataset.pulseMs) || 1000;
    function look() {
      fetch(page.dataset.pulseUrl, {cache: "no-store"})
        .then(function (response) {
          if (response.status === 404) { window.location.reload(); }  // the TV was removed: "not found"
          return response.ok ? response.text() : null;
        })
        .then(function (value) {
          if (value !== null && value.trim() !== page.dataset.pulse) { window.location.reload(); return; }
          setTimeout(look, wait);
        })
        .catch(function () { setTimeout(look, wait); });
    }
    setTimeout(look, wait);
    // Now and then the standings as corrected since, without anyone touching the TV.
    setTimeout(function () { window.location.reload(); }, (Number(page.dataset.reloadSeconds) || 600) * 1000);
  }

  function init() {
    var resting = document.querySelector("[data-tv-idle]");
    if (resting) { idle(resting); return; }
    el = document.querySelector("[data-tv]");
    if (!el) { return; }
    // A named TV keeps its sound from week to week, as it keeps its address; the night's TV for its night.
    soundKey = "league-tv-sound:" + (el.dataset.display !== undefined ? "tv-" + el.dataset.display : el.dataset.night);
    var embedded = document.getElementById("clock-data");
    if (embedded) { applyState(JSON.parse(embedded.textContent)); }
    el.addEventListener("clock:state", function (event) { el.classList.remove("is-offline"); applyState(event.detail); });
    el.addEventListener("clock:tick", tick);
    setUpSound();
    setUpFullscreen();
    follow();
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
