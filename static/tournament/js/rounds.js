// A bracket on a phone: one round at a time, chosen with the buttons above it (the
// round's name; aria-pressed says which is shown). On a wide screen, and without
// JavaScript, every round is in view and the bracket scrolls sideways as it always did.
// It starts on the round the server marks (data-start-round: the followed player's
// current match, or the round in play) and keeps the round shown when the live refresh
// (live.js) replaces the bracket and says so with a `live:updated` event.
//
// A large bracket comes as a window: the round a phone shows first and its neighbours,
// the other rounds as their headings (data-rest; without JavaScript, a link to the page
// with every round). A wide screen, or a phone switching to such a round, fetches every
// round once (the live part with &rounds=all), and the live refresh asks for that from
// then on, so every round in view stays up to date.
(function () {
  "use strict";
  var narrow = window.matchMedia("(max-width: 47.99rem)");
  var chosen = {}; // bracket id -> the round number shown (the reader's choice)
  var focused = null; // {bracket, round} of the round button that had the focus
  var loading = null; // every round, once asked for (a promise)

  function allRounds() {
    var region = document.querySelector(".live-region[data-live]");
    if (!region || !region.querySelector(".round[data-rest]") || !window.fetch) {
      return Promise.resolve();
    }
    if (loading) {
      return loading;
    }
    var url = region.getAttribute("data-live") + "&rounds=all";
    loading = fetch(url, {
      headers: { "X-Requested-With": "fetch" },
      cache: "no-store",
      credentials: "same-origin",
    })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("every round: " + response.status);
        }
        return response.text().then(function (html) {
          // live.js asks for this part from now on, with its ETag.
          region.setAttribute("data-live", url);
          region.setAttribute("data-etag", response.headers.get("ETag") || "");
          region.innerHTML = html;
          region.setAttribute("data-shown", html);
          region.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
        });
      })
      .catch(function () {
        loading = null; // asked again at the next switch; the links still lead there
      });
    return loading;
  }
  // For print.js: a printed bracket has every round.
  window.bracketRounds = { all: allRounds };

  function buttonsOf(bracket) {
    return Array.prototype.slice.call(bracket.querySelectorAll(".round-switcher button"));
  }

  function show(bracket, number) {
    var buttons = buttonsOf(bracket);
    if (!buttons.some(function (b) { return b.getAttribute("data-round") === number; })) {
      number = buttons.length ? buttons[0].getAttribute("data-round") : null;
    }
    buttons.forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-round") === number));
    });
    bracket.querySelectorAll(".round").forEach(function (round) {
      round.classList.toggle("on", round.getAttribute("data-round") === number);
    });
  }

  function apply(root) {
    root.querySelectorAll(".bracket[data-start-round]").forEach(function (bracket) {
      var switcher = bracket.querySelector(".round-switcher");
      if (!switcher) {
        return;
      }
      var one = narrow.matches;
      switcher.hidden = !one;
      bracket.classList.toggle("one-round", one);
      if (one) {
        // Once shown, a round stays: a refresh never moves the page under the reader.
        chosen[bracket.id] = chosen[bracket.id] || bracket.getAttribute("data-start-round");
        show(bracket, chosen[bracket.id]);
        if (bracket.querySelector(".round.on[data-rest]")) {
          allRounds();
        }
      } else if (bracket.querySelector(".round[data-rest]")) {
        allRounds(); // a wide screen shows the whole bracket
      }
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".round-switcher button");
    if (!button) {
      return;
    }
    var bracket = button.closest(".bracket");
    chosen[bracket.id] = button.getAttribute("data-round");
    show(bracket, chosen[bracket.id]);
    if (bracket.querySelector(".round.on[data-rest]")) {
      allRounds();
    }
  });

  // Left and right arrows (Home, End) move along the buttons; Enter or Space shows.
  document.addEventListener("keydown", function (event) {
    var button = event.target.closest && event.target.closest(".round-switcher button");
    if (!button) {
      return;
    }
    var buttons = buttonsOf(button.closest(".bracket"));
    var index = buttons.indexOf(button);
    var to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (to === undefined || to < 0 || to >= buttons.length) {
      return;
    }
    event.preventDefault();
    buttons[to].focus();
  });

  document.addEventListener("focusin", function (event) {
    var button = event.target.closest && event.target.closest(".round-switcher button");
    focused = button ? { bracket: button.closest(".bracket").id, round: button.getAttribute("data-round") } : null;
  });
  // Focus that leaves for nowhere (a tap beside the buttons) is forgotten; a button
  // the live refresh removed is not (Chromium says focusout for it too: it is told
  // apart once the removal is over, when it is no longer in the document).
  document.addEventListener("focusout", function (event) {
    var left = event.target;
    if (event.relatedTarget || !left.closest || !left.closest(".round-switcher")) {
      return;
    }
    setTimeout(function () {
      if (left.isConnected && document.activeElement !== left) {
        focused = null;
      }
    }, 0);
  });

  // The live refresh put new HTML in place: show the same round, and give the focus
  // back to the round button that had it (the old one is gone).
  document.addEventListener("live:updated", function (event) {
    apply(event.target);
    if (focused && (document.activeElement === document.body || !document.activeElement)) {
      var bracket = document.getElementById(focused.bracket);
      var button = bracket && bracket.querySelector('.round-switcher button[data-round="' + focused.round + '"]');
      if (button) {
        button.focus();
      }
    }
  });

  narrow.addEventListener("change", function () { apply(document); });
  apply(document);
})();
