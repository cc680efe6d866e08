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
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html === null || html === region.getAttribute("data-shown")) {
          return;
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
