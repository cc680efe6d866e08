// The call screen's chime: a short two-note sound when the live refresh (live.js) brings
// a match newly called to its table. Browsers play sound only after a gesture on the
// page, so the screen shows a button "Allow sound" to press once; without JavaScript
// the button stays hidden and the screen is silent.
(function () {
  "use strict";
  var AudioContext = window.AudioContext || window.webkitAudioContext;
  var button = document.querySelector("[data-allow-sound]");
  if (!button || !AudioContext) {
    return;
  }
  var audio = null;
  var known = calls();

  // The matches called to a table now, by id.
  function calls() {
    var ids = {};
    document.querySelectorAll("[data-call]").forEach(function (call) {
      ids[call.getAttribute("data-call")] = true;
    });
    return ids;
  }

  function note(frequency, start, length) {
    var oscillator = audio.createOscillator();
    var gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    // Fade in and out: a click-free chime.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + length);
  }

  function chime() {
    var now = audio.currentTime;
    note(880, now, 0.35);
    note(660, now + 0.3, 0.5);
    document.dispatchEvent(new CustomEvent("calls:chimed"));
  }

  button.hidden = false;
  button.addEventListener("click", function () {
    audio = audio || new AudioContext();
    audio.resume();
    button.setAttribute("aria-pressed", "true");
    button.textContent = button.getAttribute("data-allowed-text");
    chime(); // the screen says it can be heard
  });

  document.addEventListener("live:updated", function () {
    var now = calls();
    var fresh = Object.keys(now).some(function (id) {
      return !known[id];
    });
    known = now;
    if (fresh && audio) {
      chime();
    }
  });
})();
