// Enter records the game from any field of the form, the cube's list included: a
// browser submits a form on Enter from a button or a text field, not from a <select>.
(function () {
  "use strict";
  document.querySelectorAll("form.game-form select").forEach(function (select) {
    select.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !event.altKey && select.form) {
        event.preventDefault();
        if (select.form.requestSubmit) {
          select.form.requestSubmit();
        } else {
          select.form.submit();
        }
      }
    });
  });
})();
