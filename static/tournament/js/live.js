// Live scores: every few seconds, ask the server again for the parts of the page
// marked data-live (the server renders the same HTML the page was built with) and put
// them in place when they changed. Without JavaScript the page is complete as served;
// this only spares a player the reload.
(function () {
  "use strict";
  var regions = document.querySelectorAll("[data-live]");
  if (!regions.length || !window.fetch) {
    return;
  }
  var every = 5000;

  function refresh(region) {
    return fetch(region.getAttribute("data-live"), {
      headers: { "X-Requested-With": "fetch" },
      cache: "no-store",
      credentials: "same-origin",
    })
      .then(function (response) {
        if (!response.ok) {
          return null;
        }
        // A part with forms (a player's page) carries a mark of what it shows: its
        // HTML differs on every render (the CSRF token), so the mark decides.
        var mark = response.headers.get("X-Live-Mark");
        if (mark && mark === region.getAttribute("data-mark")) {
          return null;
        }
        return response.text().then(function (html) { return { html: html, mark: mark }; });
      })
      .then(function (answer) {
        if (answer === null) {
          return;
        }
        var html = answer.html;
        if (html === region.getAttribute("data-shown")) {
          return;
        }
        // Someone typing in a form here keeps their input: try again next time.
        if (region.contains(document.activeElement) && document.activeElement.form) {
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
        region.innerHTML = html;
        region.setAttribute("data-shown", html);
        region.querySelectorAll(".bracket-scroll").forEach(function (element, index) {
          element.scrollLeft = scrolls[index] || 0;
        });
        region.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
      })
      .catch(function () { /* offline for a moment: try again next time */ });
  }

  function tick() {
    if (!document.hidden) {
      regions.forEach(refresh);
    }
  }

  setInterval(tick, every);
  document.addEventListener("visibilitychange", tick);
})();
