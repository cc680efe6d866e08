// The tournament form: only the settings of the chosen format are shown (a Swiss's
// rounds, a round robin's groups, a cup's consolation); a date outside the chosen
// season moves to the date the server proposes in it when the season changes, and a
// date typed outside it is told so at once, in the server's own words (its first and
// last day and its message come from the server: core.seasons keeps the rule). Without
// this script every field shows, and the server still checks the date against the
// season.
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
  var seasons = JSON.parse(data.textContent);
  // ISO dates (yyyy-mm-dd) compare as text in the order of the days.
  function outside(chosen) {
    return date.value !== "" && (date.value < chosen.start || date.value > chosen.end);
  }
  var hint = document.createElement("p");
  hint.className = "error season-hint";
  hint.id = "season-hint";
  hint.setAttribute("role", "status");
  hint.hidden = true;
  date.insertAdjacentElement("afterend", hint);
  function tell() {
    var chosen = seasons[season.value];
    var wrong = Boolean(chosen) && outside(chosen);
    hint.hidden = !wrong;
    hint.textContent = wrong ? chosen.outside : "";
    // The field may be described already (its error): the hint is one more.
    var described = (date.getAttribute("aria-describedby") || "").split(" ").filter(
      function (id) { return id && id !== hint.id; }
    );
    if (wrong) described.push(hint.id);
    if (described.length) date.setAttribute("aria-describedby", described.join(" "));
    else date.removeAttribute("aria-describedby");
  }
  season.addEventListener("change", function () {
    var chosen = seasons[season.value];
    if (chosen && outside(chosen)) date.value = chosen.proposed;
    tell();
  });
  date.addEventListener("input", tell);
  date.addEventListener("change", tell);
})();
