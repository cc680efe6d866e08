// "Allow notifications" (docs/push.md): a player's page and the director's desk. The
// section comes hidden and is shown only where this browser can push (a service worker,
// which the site registers at /sw.js on every page, and PushManager): elsewhere nothing
// changes. It subscribes with the club's VAPID public key (data-push-key), posts the
// subscription (PushSubscription.toJSON()) to data-push-url, and its endpoint to
// data-push-off-url to stop. No inline script: the Content Security Policy runs none.
(function () {
  "use strict";
  var box = document.querySelector(".push-control[data-push-key]");
  if (!box || !("serviceWorker" in navigator) || !("PushManager" in window) ||
      !("Notification" in window)) {
    return;
  }
  // Whose subscription this browser holds ("player-12", "director-3"): a shared phone
  // subscribed from someone else's page offers to move it here rather than saying "on".
  var OWNER = "qgammon-push-owner";

  function keyBytes(base64url) {
    var base64 = (base64url + "===".slice((base64url.length + 3) % 4))
      .replace(/-/g, "+").replace(/_/g, "/");
    var text = window.atob(base64);
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i += 1) {
      bytes[i] = text.charCodeAt(i);
    }
    return bytes;
  }

  var key = keyBytes(box.dataset.pushKey);

  function sameKey(subscription) {
    var given = subscription.options && subscription.options.applicationServerKey;
    if (!given) {
      return false;
    }
    var bytes = new Uint8Array(given);
    return bytes.length === key.length && bytes.every(function (value, index) {
      return value === key[index];
    });
  }

  function owner() {
    try {
      return window.localStorage.getItem(OWNER);
    } catch (error) {
      return null;
    }
  }

  function remember(value) {
    try {
      if (value) {
        window.localStorage.setItem(OWNER, value);
      } else {
        window.localStorage.removeItem(OWNER);
      }
    } catch (error) {
      // Storage refused (a private window): the page then says "off" after a reload.
    }
  }

  function show(state) {
    box.querySelectorAll("[data-push-state]").forEach(function (element) {
      element.hidden = element.dataset.pushState !== state;
    });
    box.querySelector("[data-push-action='on']").hidden = state === "on" || state === "blocked";
    box.querySelector("[data-push-action='off']").hidden = state !== "on";
    box.hidden = false;
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": box.dataset.csrf},
      body: JSON.stringify(body)
    }).then(function (response) {
      if (!response.ok) {
        throw new Error("the site answered " + response.status);
      }
    });
  }

  function current(registration) {
    return registration.pushManager.getSubscription().then(function (subscription) {
      // One made with another key (the club's key made anew) can no longer be pushed to.
      if (subscription && !sameKey(subscription)) {
        return subscription.unsubscribe().then(function () {
          return null;
        });
      }
      return subscription;
    });
  }

  function allow(registration) {
    return current(registration).then(function (subscription) {
      return subscription || registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key
      });
    }).then(function (subscription) {
      return post(box.dataset.pushUrl, subscription.toJSON());
    }).then(function () {
      remember(box.dataset.pushOwner);
      show("on");
    }).catch(function () {
      show(Notification.permission === "denied" ? "blocked" : "failed");
    });
  }

  function stop(registration) {
    return registration.pushManager.getSubscription().then(function (subscription) {
      if (!subscription) {
        return null;
      }
      return post(box.dataset.pushOffUrl, {endpoint: subscription.endpoint}).then(function () {
        return subscription.unsubscribe();
      });
    }).then(function () {
      remember(null);
      show("off");
    }).catch(function () {
      show("failed");
    });
  }

  navigator.serviceWorker.ready.then(function (registration) {
    box.addEventListener("click", function (event) {
      var button = event.target.closest("[data-push-action]");
      if (!button) {
        return;
      }
      button.disabled = true;
      var done = button.dataset.pushAction === "on" ? allow(registration) : stop(registration);
      done.then(function () {
        button.disabled = false;
      });
    });
    return current(registration).then(function (subscription) {
      if (Notification.permission === "denied") {
        show("blocked");
      } else if (subscription && owner() === box.dataset.pushOwner) {
        show("on");
      } else {
        show("off");
      }
    });
  });
})();
