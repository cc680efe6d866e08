// The service worker's push side (docs/push.md): a plain script for the site's service
// worker to importScripts(). It shows each notice the site pushes and opens (or brings
// forward) its page when the notice is tapped.
//
// The payload, JSON encrypted by the site for this browser alone:
//   {"title": "Copa de la Queimada",
//    "body": "Your match against Xavier Roca is called: table 7.",
//    "url": "/p/<token>/",          a path of this site to open on a tap
//    "tag": "match-12"}             a newer notice of the same thing replaces the older
// A push without a readable payload still shows a notice: a browser may refuse a push
// that shows nothing.
/* global self, clients */
(function () {
  "use strict";
  var FALLBACK_TITLE = "Q-gammon";

  function read(event) {
    if (!event.data) {
      return {};
    }
    try {
      var notice = event.data.json();
      return notice && typeof notice === "object" ? notice : {};
    } catch (error) {
      return {body: event.data.text()};
    }
  }

  // Only a page of this site: a payload is the site's own, but a path is all it needs.
  function sameSite(url) {
    try {
      var target = new URL(url || "/", self.location.origin);
      return target.origin === self.location.origin ? target.href : self.location.origin + "/";
    } catch (error) {
      return self.location.origin + "/";
    }
  }

  self.addEventListener("push", function (event) {
    var notice = read(event);
    var options = {
      body: typeof notice.body === "string" ? notice.body : "",
      data: {url: sameSite(notice.url)}
    };
    if (typeof notice.tag === "string" && notice.tag) {
      options.tag = notice.tag;
      options.renotify = true;
    }
    var title = typeof notice.title === "string" && notice.title ? notice.title : FALLBACK_TITLE;
    event.waitUntil(self.registration.showNotification(title, options));
  });

  self.addEventListener("notificationclick", function (event) {
    event.notification.close();
    var url = (event.notification.data && event.notification.data.url) ||
      self.location.origin + "/";
    event.waitUntil(
      clients.matchAll({type: "window", includeUncontrolled: true}).then(function (windows) {
        for (var i = 0; i < windows.length; i += 1) {
          if (windows[i].url === url && "focus" in windows[i]) {
            return windows[i].focus();
          }
        }
        return clients.openWindow ? clients.openWindow(url) : null;
      })
    );
  });
})();
