// A filter box over a list (the desk's players): typing hides the rows whose name does
// not hold the text, ignoring case and accents, as the club compares names. Without
// JavaScript every row stays in view.
(function () {
  "use strict";
  function plain(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, "");
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("input[data-filter]").forEach(function (box) {
      var rows = document.querySelectorAll(box.getAttribute("data-filter"));
      box.addEventListener("input", function () {
        var wanted = plain(box.value);
        rows.forEach(function (row) {
          row.hidden = wanted !== "" && plain(row.getAttribute("data-name") || "").indexOf(wanted) < 0;
        });
      });
    });
  });
})();
