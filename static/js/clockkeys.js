/* Keyboard shortcuts for the blind clock, on the organizers' control page and on the pub's TV.
 *
 * Space pauses and resumes (starts a clock not yet started), the arrow keys go to the next and the previous
 * level, + and - add and take a minute, M mutes and unmutes, F toggles full screen, ? shows the list of
 * keys (in the page's language: the words come from the server, [data-clock-keys-help]) and Escape hides it.
 * A key typed into a field is left alone, and so is any key with Ctrl, Alt or Cmd.
 *
 * On the control page the keys submit the page's own forms (htmx takes them, the previous level still asks
 * first). On the TV the clock's buttons need an organizer's login: the page carries the address of the
 * buttons and a form token only for a logged-in organizer ([data-keys-act], [data-keys-token]); the TV
 * then posts the button as the control page would and follows by its event stream. Without them the keys
 * that change the clock only say so.
 */
(function () {
  "use strict";

  var ACTIONS = {" ": "toggle", "Spacebar": "toggle", "ArrowRight": "next", "ArrowLeft": "previous",
                 "+": "plus-minute", "Add": "plus-minute", "-": "minus-minute", "\u2212": "minus-minute",
                 "Subtract": "minus-minute"};
  var noteTimer = null;

  function clock() { return document.querySelector("[data-clock]"); }
  function help() { return document.querySelector("[data-clock-keys-help]"); }

  function typing(target) {
    if (!target || !target.tagName) { return false; }
    return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
  }

  function note(text) {
    var box = document.querySelector("[data-clock-keys-note]");
    if (!box || !text) { return; }
    box.textContent = text;
    box.hidden = false;
    clearTimeout(noteTimer);
    noteTimer = setTimeout(function () { box.hidden = true; }, 2500);
  }

  function word(name) {
    var h = help();
    return h ? (h.dataset["say" + name] || "") : "";
  }

  // "toggle" becomes what the clock needs now: start, pause or resume.
  function resolve(action) {
    if (action !== "toggle") { return action; }
    var el = clock();
    if (el.classList.contains("is-running")) { return "pause"; }
    if (el.classList.contains("is-paused")) { return "resume"; }
    return "start";
  }

  function act(action) {
    var el = clock();
    if (!el) { return; }
    action = resolve(action);
    var form = document.querySelector('form[data-clock-action="' + action + '"]');
    if (form) {  // the control page: its own button, as if clicked (htmx asks first where the page does)
      if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
      return;
    }
    var h = help();
    var url = h && h.dataset.keysAct;
    var token = h && h.dataset.keysToken;
    if (!url || !token) { note(word("Login")); return; }
    if (action === "previous" && !window.confirm(word("Previous"))) { return; }
    fetch(url.replace("ACTION", action), {
      method: "POST", credentials: "same-origin",
      headers: {"X-CSRFToken": token, "HX-Request": "true"},
    }).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      var said = action === "previous" ? "previous-done" : action;
      note(word(said.replace(/(^|-)(\w)/g, function (_, dash, c) { return c.toUpperCase(); })));
      if (window.LeagueClock) { window.LeagueClock.sync(); }
    }).catch(function () { note(word("Failed")); });
  }

  function toggleMute() {
    var el = clock();
    if (!el) { return; }
    var muted = el.dataset.muted === "true";
    el.dataset.muted = muted ? "false" : "true";
    if (muted) {
      // Sound never switched on yet: this key press is the gesture a browser needs for it.
      var button = document.querySelector("[data-clock-sound]");
      if (button && !button.hidden) { button.click(); }
      if (el.dataset.sound === "off") { el.dataset.sound = "on"; }
    }
    note(word(muted ? "Sound" : "Muted"));
  }

  function toggleFullscreen() {
    if (!document.documentElement.requestFullscreen) { return; }
    if (document.fullscreenElement) { document.exitFullscreen(); }
    else { document.documentElement.requestFullscreen().catch(function () {}); }
  }

  function toggleHelp(show) {
    var h = help();
    if (!h) { return; }
    h.hidden = show === undefined ? !h.hidden : !show;
    if (!h.hidden) { h.focus(); }
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || !clock()) { return; }
    var key = event.key;
    if (key === "?") { toggleHelp(); }
    else if (key === "Escape") { toggleHelp(false); return; }
    else if (key === "m" || key === "M") { toggleMute(); }
    else if (key === "f" || key === "F") { toggleFullscreen(); }
    else if (ACTIONS[key]) {
      if (event.repeat) { event.preventDefault(); return; }  // a held key acts once
      act(ACTIONS[key]);
    } else { return; }
    event.preventDefault();
  });
})();
