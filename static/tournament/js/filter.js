// A filter box over a list (the desk's players): typing hides the rows whose name does
// not hold the text, as the club compares names (core/names.py): letters and digits
// alone, without accents or case, so "obrien" finds "Seán O’Brien" and "jean luc"
// finds "Jean-Luc". Without JavaScript every row stays in view.
(function () {
  "use strict";
  // Letters without a separate accent, typed plain; apostrophes Unicode counts as letters.
  var PLAIN = { "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th" };
  function plain(text) {
    return text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[łøđħıæœþ]/g, function (letter) { return PLAIN[letter]; })
      .replace(/[ʹʺʻʼʽʾʿˈˊˋꞌ]/g, "")
      .replace(/[^\p{L}\p{N}]/gu, "");
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("input[data-filter]").forEach(function (box) {
      var rows = document.querySelectorAll(box.getAttribute("data-filter"));
      box.addEventListener("input", function () {
        var wanted = plain(box.value);
        rows.forEach(function (row) {
          row.hidden = box.value.trim() !== "" && plain(row.getAttribute("data-name") || "").indexOf(wanted) < 0;
        });
      });
    });
  });
})();
