// The "Print" buttons (the score sheet, the match slips, the brackets). A script file
// rather than an onclick attribute: the Content Security Policy runs no inline script
// or handler. A button that needs this script comes `hidden` and is shown here, so a
// browser without JavaScript offers no button that does nothing.
(function () {
  "use strict";
  document.querySelectorAll("[data-print][hidden]").forEach(function (button) {
    button.hidden = false;
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) {
      // A large bracket's rounds out of the window first (rounds.js).
      var rounds = window.bracketRounds;
      (rounds ? rounds.all() : Promise.resolve()).then(function () {
        window.print();
      });
    }
  });
})();
