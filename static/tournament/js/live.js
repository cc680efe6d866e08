// Live scores: every few seconds, ask the server again for the parts of the page
// marked data-live (the server renders the same HTML the page was built with) and put
// them in place when they changed. Without JavaScript the page is complete as served;
// this only spares a player the reload.
//
// Each ask sends back the ETag of what the region shows (If-None-Match; the page
// brings the first one in data-etag): when nothing changed the server answers 304
// after one query, and nothing is sent or replaced. A hidden tab does not ask at all
// and asks at once when it is shown again; a failing network (or server) is asked
// less and less often, from 5 s up to a minute, and every 5 s again once it answers.
(function () {
  "use strict";
  var regions = Array.prototype.slice.call(document.querySelectorAll("[data-live]"));
  if (!regions.length || !window.fetch || !window.Promise) {
    return;
  }
  var EVERY = 5000;
  var LONGEST = 60000;
  var wait = EVERY; // until the next ask: EVERY, doubled after each failure
  var timer = null;
  var asking = false;

  // Resolves true when the server answered (changed or not), false when it failed.
  function refresh(region) {
    var headers = { "X-Requested-With": "fetch" };
    var shown = region.getAttribute("data-etag");
    if (shown) {
      headers["If-None-Match"] = shown;
    }
    // no-store: the ETag is ours to send, so the 304 reaches us (the browser's cache
    // would answer it for us and hand back a 200).
    var asked = region.getAttribute("data-live");
    return fetch(asked, {
      headers: headers,
      cache: "no-store",
      credentials: "same-origin",
    })
      .then(function (response) {
        if (response.status === 304) {
          return null; // unchanged
        }
        if (!response.ok) {
          throw new Error("live refresh: " + response.status);
        }
        return response.text().then(function (html) {
          return {
            html: html,
            etag: response.headers.get("ETag"),
            // A part with forms (a player's page) carries a mark of what it shows: its
            // HTML differs on every render (the CSRF token), so the mark decides.
            mark: response.headers.get("X-Live-Mark"),
          };
        });
      })
      .then(function (answer) {
        // An answer for another part than the region now shows (rounds.js fetched
        // every round meanwhile) is dropped: the next ask is for the new one.
        if (answer !== null && region.getAttribute("data-live") === asked) {
          update(region, answer);
        }
        return true;
      })
      .catch(function () {
        return false;
      });
  }

  function update(region, answer) {
    // Someone typing in a form here keeps their input: the ETag is not taken either,
    // so the next ask brings the change again.
    if (region.contains(document.activeElement) && document.activeElement.form) {
      return;
    }
    if (answer.etag) {
      region.setAttribute("data-etag", answer.etag);
    }
    if (answer.mark && answer.mark === region.getAttribute("data-mark")) {
      return;
    }
    if (answer.html === region.getAttribute("data-shown")) {
      return;
    }
    if (answer.mark) {
      region.setAttribute("data-mark", answer.mark);
    }
    // Keep the reader's place: only the changed region is replaced, and its
    // sideways scroll (a bracket on a phone) is restored.
    var scrolls = Array.prototype.map.call(
      region.querySelectorAll(".bracket-scroll"),
      function (element) { return element.scrollLeft; }
    );
    region.innerHTML = answer.html;
    region.setAttribute("data-shown", answer.html);
    region.querySelectorAll(".bracket-scroll").forEach(function (element, index) {
      element.scrollLeft = scrolls[index] || 0;
    });
    region.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
  }

  function ask() {
    timer = null;
    if (document.hidden || asking) {
      return;
    }
    asking = true;
    Promise.all(regions.map(refresh)).then(function (answered) {
      asking = false;
      var failed = answered.indexOf(false) !== -1;
      wait = failed ? Math.min(wait * 2, LONGEST) : EVERY;
      later(wait);
      // When the next ask comes: for a hint that the page is out of touch, and tests.
      document.dispatchEvent(
        new CustomEvent("live:asked", { detail: { answered: !failed, next: wait } })
      );
    });
  }

  function later(delay) {
    clearTimeout(timer);
    timer = document.hidden ? null : setTimeout(ask, delay);
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      clearTimeout(timer);
      timer = null;
    } else if (!asking) {
      later(0); // shown again: what changed meanwhile, at once
    }
  });
  // Back on the network: ask at once, at the usual pace.
  window.addEventListener("online", function () {
    wait = EVERY;
    if (!asking) {
      later(0);
    }
  });
  later(EVERY);
})();
