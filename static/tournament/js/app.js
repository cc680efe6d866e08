// The site as an app (docs/offline.md): registers the service worker that keeps a copy
// of each page opened on this device, and says when a page is such a copy or has lost
// the network: "Offline, as of 14:32" (the note in base.html, its time the copy's).
// When the network returns, a copy is loaded again from the server, and a page that
// lost it on the way brings its live parts up to date (live.js).
(function () {
  "use strict";
  var root = document.documentElement;
  var worker = root.getAttribute("data-service-worker");
  if (worker && "serviceWorker" in navigator) {
    var firstVisit = !navigator.serviceWorker.controller;
    navigator.serviceWorker
      .register(worker)
      .then(function () {
        if (firstVisit && window.caches && root.getAttribute("data-copy") === "network") {
          return navigator.serviceWorker.ready.then(keepThisPage);
        }
        return null;
      })
      .catch(function () {
        // Without a worker (a private window, an old browser) the site works as before.
      });
  }

  // The worker keeps the pages and files it serves; the page that installs it, and its
  // styles and scripts, came before it, so they are kept once here (in the caches that
  // pwa/build-sw.mjs names). A file that cannot be fetched is left out, not the rest.
  function keepThisPage() {
    var site = window.location.origin + "/";
    var files = performance.getEntriesByType("resource")
      .filter(function (entry) {
        return ["link", "script", "img", "css"].indexOf(entry.initiatorType) !== -1 &&
          entry.name.indexOf(site) === 0;
      })
      .map(function (entry) { return entry.name; });
    return Promise.all([
      window.caches.open("qgammon-pages").then(function (cache) {
        return cache.add(window.location.href);
      }),
      window.caches.open("qgammon-static").then(function (cache) {
        return Promise.all(files.map(function (file) {
          return cache.add(file).catch(function () { return null; });
        }));
      }),
    ]);
  }

  // Games typed on this device and not recorded yet are sent from any page of the site.
  // The script that sends them (offline_entry.js) is on the pages with entry forms; it
  // comes to the others only when the device holds some, so that a phone opening a
  // bracket does not fetch it for nothing.
  var entries = root.getAttribute("data-entry-script");
  if (entries && window.indexedDB &&
      !document.querySelector("script[src='" + entries + "']")) {
    // The database and store offline_entry.js keeps them in.
    var asked = window.indexedDB.open("qgammon-entries");
    asked.onupgradeneeded = function () {
      asked.transaction.abort(); // not made here: no game was ever typed on this device
    };
    asked.onsuccess = function () {
      var database = asked.result;
      var counted = database.transaction("entries").objectStore("entries").count();
      counted.onsuccess = function () {
        database.close();
        if (counted.result > 0) {
          var script = document.createElement("script");
          script.src = entries;
          document.head.appendChild(script);
        }
      };
    };
  }

  var note = document.querySelector("[data-offline-note]");
  var shownAt = note && note.querySelector("time");
  // A copy from the device, or the page the worker shows for one never opened here.
  var stale = root.getAttribute("data-copy") === "cache" ||
    document.querySelector("[data-offline-page]") !== null;
  var CHECK_EVERY = 10000;

  function show(offline) {
    if (note) {
      note.hidden = !offline;
    }
  }

  function two(number) {
    return (number < 10 ? "0" : "") + number;
  }

  // The time the page was last in touch with the server (the server wrote the first).
  function touched() {
    if (!shownAt) {
      return;
    }
    var now = new Date();
    shownAt.textContent = two(now.getHours()) + ":" + two(now.getMinutes());
    shownAt.setAttribute("datetime", now.toISOString());
  }

  // Does the server answer? A HEAD of the worker's script: no database, never served
  // from the device (the worker keeps pages and files, not this).
  function reachable() {
    return fetch(worker || "/sw.js", { method: "HEAD", cache: "no-store" })
      .then(function (response) { return response.ok || response.status === 404; })
      .catch(function () { return false; });
  }

  // Logging out forgets the pages kept for the director on this device.
  // The form is sent once the copies are gone (or at once where there are none).
  document.querySelectorAll("form[data-forget-pages]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.caches || form.hasAttribute("data-forgotten")) {
        return;
      }
      event.preventDefault();
      form.setAttribute("data-forgotten", "");
      var send = function () { form.submit(); };
      window.caches.delete("qgammon-pages").then(send, send);
    });
  });

  if (stale) {
    show(true);
    var reloading = false;
    var tryAgain = function () {
      if (reloading) {
        return;
      }
      reachable().then(function (answered) {
        if (answered && !reloading) {
          reloading = true;
          window.location.reload();
        }
      });
    };
    window.addEventListener("online", tryAgain);
    window.setInterval(tryAgain, CHECK_EVERY);
    return;
  }

  window.addEventListener("offline", function () { show(true); });
  // live.js asks the server for the page's live parts every few seconds: its answers say
  // whether the page is still in touch.
  document.addEventListener("live:asked", function (event) {
    if (event.detail && event.detail.answered) {
      touched();
      show(false);
    } else {
      show(true);
    }
  });
  // A page without live parts: in touch again as soon as the browser says so.
  window.addEventListener("online", function () {
    if (!document.querySelector("[data-live]")) {
      show(false);
    }
  });
})();
