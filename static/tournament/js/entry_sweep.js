// The desk's tick list: how many players are ticked, beside the button, since a filter
// can hide players ticked earlier (they stay ticked and are registered too). Without
// JavaScript the list and its button work the same, without the count.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("sweep-form");
    var count = document.getElementById("sweep-count");
    if (!form || !count) { return; }
    var template = count.getAttribute("data-ticked") || "";
    function show() {
      var ticked = form.querySelectorAll("input[name=players]:checked:not(:disabled)").length;
      count.textContent = ticked ? template.replace("%s", ticked) : "";
    }
    form.addEventListener("change", show);
    show();
  });
})();
