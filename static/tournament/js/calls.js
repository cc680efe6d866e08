// The call screen on a TV: when a column holds more matches than the screen, it shows
// them a page at a time, turning the page every few seconds. The live refresh
// (live.js) replaces the lists; the page being shown carries on across it. Without
// JavaScript every match is listed, and the screen scrolls.
(function () {
  "use strict";
  var every = 10000;
  var page = 0;

  function show() {
    var board = document.querySelector(".calls");
    if (!board) {
      return;
    }
    var pages = parseInt(board.getAttribute("data-pages"), 10) || 1;
    board.classList.toggle("paged", pages > 1);
    var current = page % pages;
    board.querySelectorAll(".call[data-page]").forEach(function (call) {
      call.hidden = pages > 1 && parseInt(call.getAttribute("data-page"), 10) !== current;
    });
  }

  document.addEventListener("DOMContentLoaded", show);
  document.addEventListener("live:updated", show);
  setInterval(function () {
    page += 1;
    show();
  }, every);
})();
