// The tournament form: only the settings of the chosen format are shown (a Swiss's
// rounds, a round robin's groups, a cup's consolation), and a date outside the chosen
// season moves to the date the server proposes in it. Without this script every field
// shows, and the server still checks the date against the season.
(function () {
  "use strict";
  var form = document.querySelector("form[data-tournament-form]");
  if (!form) return;

  var format = form.querySelector("[name=format]");
  function showFormat() {
    if (!format) return;
    form.querySelectorAll("[data-formats]").forEach(function (field) {
      var mine = field.dataset.formats.split(" ").indexOf(format.value) !== -1;
      // A field the server refused stays in sight, whatever the format.
      field.hidden = !mine && !field.classList.contains("has-error");
    });
  }
  if (format) {
    format.addEventListener("change", showFormat);
    showFormat();
  }

  var data = document.getElementById("season-dates");
  var season = form.querySelector("[name=season]");
  var date = form.querySelector("[name=date]");
  if (!data || !season || !date) return;
  var proposed = JSON.parse(data.textContent);
  season.addEventListener("change", function () {
    var inSeason = proposed[season.value];
    if (inSeason && date.value.slice(0, 4) !== inSeason.slice(0, 4)) date.value = inSeason;
  });
})();
