// The games waiting on this device, counted as the server will replay them
// (docs/offline.md): for js/offline_entry.js, on the forms that record or report a game
// (form[data-offline-entry], whose data-* attributes are the match as it was shown: its
// length, raw score, the Crawford rule, whether the Crawford game was played or comes
// next, and what a single, a gammon and a backgammon are worth this season).
//
// While games wait, a line above the form says the score they make; after games that
// decide the match there is no form (no "Game 4" after a match won); in the Crawford
// game they lead to, the choices the server marked data-crawford-closed (a cube above
// 1, a drop, a beaver) are closed, and open again after it.
(function () {
  "use strict";

  function valueOf(fields, name, otherwise) {
    var found = fields.filter(function (pair) { return pair[0] === name; });
    return found.length ? found[0][1] : otherwise;
  }

  // The form's match (its data-* attributes) after `games` (each an entry's fields), by
  // the rules of scoring.replay: points, the Crawford game, the match decided.
  function counted(form, games) {
    var length = Number(form.getAttribute("data-length"));
    if (!length) {
      return null; // a form without the match's figures: nothing to count
    }
    var raw = (form.getAttribute("data-score") || "0 0").split(" ").map(Number);
    var points = (form.getAttribute("data-points") || "1 2 3").split(" ").map(Number);
    var rule = form.getAttribute("data-crawford-rule") === "1";
    var played = form.getAttribute("data-crawford-played") === "1";
    var crawford = form.getAttribute("data-next-crawford") === "1";
    games.forEach(function (fields) {
      if (Math.max(raw[0], raw[1]) >= length) {
        return;
      }
      var cube = Number(valueOf(fields, "cube", "1")) || 1;
      var how = valueOf(fields, "how", "played");
      var kind = ["single", "gammon", "backgammon"].indexOf(valueOf(fields, "kind", "single"));
      var dropped = how === "dropped" || how === "beaver_dropped";
      raw[Number(valueOf(fields, "winner", "0")) ? 1 : 0] += dropped ? cube : cube * points[Math.max(kind, 0)];
      if (crawford) {
        played = true;
        crawford = false;
      } else if (rule && !played && Math.max(raw[0], raw[1]) < length) {
        // One player exactly one point short, the other not: the Crawford game next.
        crawford = (raw[0] === length - 1) !== (raw[1] === length - 1);
      }
    });
    return {
      score: [Math.min(raw[0], length), Math.min(raw[1], length)],
      decided: Math.max(raw[0], raw[1]) >= length,
      crawford: crawford,
      played: played,
      raw: raw,
    };
  }

  function said(queue, name, values) {
    var text = queue ? queue.getAttribute("data-" + name) || "" : "";
    Object.keys(values).forEach(function (key) {
      text = text.split("%(" + key + ")s").join(String(values[key]));
    });
    return text;
  }

  // The choices the Crawford game closes, closed (or open again), as the server shows
  // them: a closed one disabled and out of sight, a choice on one moved to the first.
  function closeForCrawford(form, closed) {
    form.querySelectorAll("[data-crawford-closed]").forEach(function (element) {
      var input = element.matches("input, option") ? element : element.querySelector("input");
      var shown = element.tagName === "INPUT" ? element.closest("label") : element;
      if (input) {
        if (closed && (input.checked || input.selected)) {
          input.checked = false;
          if (input.tagName === "OPTION") {
            input.parentNode.selectedIndex = 0;
          } else if (input.type === "radio") {
            var open = form.querySelector("input[name='" + input.name + "']:not([data-crawford-closed])");
            if (open) {
              open.checked = true;
            }
          }
        }
        input.disabled = closed;
      }
      if (shown) {
        shown.hidden = closed;
      }
    });
    form.querySelectorAll("[data-crawford-note]").forEach(function (note) { note.hidden = !closed; });
    form.querySelectorAll("[data-live-note]").forEach(function (note) { note.hidden = closed; });
  }

  function show(form, games, number, queue) {
    var now = counted(form, games);
    if (!now) {
      return;
    }
    var note = form.previousElementSibling;
    if (!note || !note.hasAttribute("data-device-count")) {
      note = document.createElement("p");
      note.className = "notice device-count";
      note.setAttribute("data-device-count", "");
      note.setAttribute("role", "status");
      form.parentNode.insertBefore(note, form);
    }
    var values = { a: now.score[0], b: now.score[1], number: number };
    var name = now.decided ? "count-decided" : (now.crawford ? "count-crawford" : "count-score");
    note.textContent = games.length ? said(queue, name, values) : "";
    note.hidden = !games.length;
    // The server's own line on the cube (the director's sheet, one form) is of the
    // match without the games waiting: out of sight while they wait.
    var server = document.getElementById("cube-state");
    if (server) {
      server.hidden = games.length > 0;
    }
    form.hidden = now.decided;
    closeForCrawford(form, now.crawford);
  }

  // The form goes on from the match after `fields`, a game of it just recorded.
  function advance(form, fields) {
    var now = counted(form, [fields]);
    if (now) {
      form.setAttribute("data-score", now.raw[0] + " " + now.raw[1]);
      form.setAttribute("data-crawford-played", now.played ? "1" : "0");
      form.setAttribute("data-next-crawford", now.crawford ? "1" : "0");
    }
  }

  window.qgammonEntryCount = { counted: counted, show: show, advance: advance };
})();
