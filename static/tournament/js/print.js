// The "Print" button of the score sheet and the match slips. A script file rather than
// an onclick attribute: the Content Security Policy runs no inline script or handler.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) {
      window.print();
    }
  });
})();
