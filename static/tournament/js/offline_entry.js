// Games entered on a device whose network comes and goes (docs/offline.md): the
// director's match sheet and a player's report form (form[data-offline-entry]).
//
// A game typed is first kept on the device (IndexedDB), with a key of its own and the
// match's version the form was shown with, then sent. Kept, it is shown as "waiting to
// send" (tournament/includes/entry_queue.html) until the server answers, and is sent
// again whenever the network returns (from any page of the site). The server stores
// each key once: an entry sent again is answered as already done (web/sent_entries.py).
// One the server refuses (the match changed meanwhile, the rules forbid it) stays on
// the device with the reason, for the director to enter again or drop. Nothing typed is
// lost, nothing is recorded twice.
//
// Two games typed one after the other for one match go in that order, offline or while
// the first is still sending: the form takes the next game as soon as one is kept, the
// second waits for the first, then is sent with the version the first left; if the
// first is refused, so is the second (it was typed after it).
//
// While games wait, the form counts from them as the server will replay them: its
// heading's number, no form at all once they decide the match, and no cube, drop or
// beaver in the Crawford game they lead to (the choices the server marked
// data-crawford-closed; the form's data-* attributes are the match as it was shown).
(function () {
  "use strict";
  if (!window.indexedDB || !window.fetch || !window.Promise) {
    return; // the forms post as they always did
  }
  var DATABASE = "qgammon-entries";
  var STORE = "entries";
  var AGAIN = "qgammon-enter-again";
  // After a send that got no answer: tried again in 3 s, then less and less often (a
  // minute at most); at once when the browser says the network is back.
  var FIRST_RETRY = 3000;
  var LAST_RETRY = 60000;
  var retry = FIRST_RETRY;
  var retryTimer = null;
  var queue = document.querySelector("[data-entry-queue]");
  var elsewhere = document.querySelector("[data-entries-elsewhere]");
  var database = null;
  var sending = false;
  var leaving = false;
  // The store's read-then-write steps (keeping a game, settling a send) one at a time:
  // a game kept while the one before it is being settled sees it settled, never half.
  var queued = Promise.resolve();

  function serial(work) {
    var run = queued.then(work);
    queued = run.catch(function () {});
    return run;
  }

  // --- The device's store: one object per entry, by its key.

  function open() {
    return new Promise(function (resolve, reject) {
      var request = window.indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "key" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function transact(mode, work) {
    return new Promise(function (resolve, reject) {
      var transaction = database.transaction(STORE, mode);
      var result = work(transaction.objectStore(STORE));
      transaction.oncomplete = function () { resolve(result && result.result); };
      transaction.onerror = function () { reject(transaction.error); };
      transaction.onabort = function () { reject(transaction.error); };
    });
  }

  function all() {
    return transact("readonly", function (store) { return store.getAll(); })
      .then(function (entries) {
        return entries.sort(function (a, b) { return a.made - b.made; });
      });
  }

  function put(entries) {
    return transact("readwrite", function (store) {
      entries.forEach(function (entry) { store.put(entry); });
    });
  }

  function remove(key) {
    return transact("readwrite", function (store) { store.delete(key); });
  }

  // --- Typing: the form's game kept, then sent.

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) {
      return window.crypto.randomUUID();
    }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (byte) {
      return (byte + 256).toString(16).slice(1);
    }).join("");
  }

  // The game in words, as the form showed it: "Anna Bosch, gammon, played out, Cube 2",
  // in the form's order, each choice by its label ("Game 3: " goes before it).
  function described(form) {
    var words = [];
    Array.prototype.forEach.call(form.elements, function (field) {
      if ((field.type === "radio" || field.type === "checkbox") && field.checked) {
        var label = field.closest("label");
        words.push(label ? label.textContent.trim() : field.value);
      } else if (field.tagName === "SELECT" && field.selectedOptions.length) {
        var named = field.id && form.querySelector("label[for='" + field.id + "']");
        words.push((named ? named.textContent.trim() + " " : "") +
          field.selectedOptions[0].textContent.trim());
      }
    });
    return words.join(", ");
  }

  function title(form, number) {
    return (form.getAttribute("data-game-title") || "#").replace("#", number);
  }

  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (["csrfmiddlewaretoken", "version", "entry"].indexOf(name) === -1) {
        fields.push([name, value]);
      }
    });
    return fields;
  }

  // The game the form holds, kept on the device: read from the form at once (the form
  // then takes the next game while this one is stored and sent).
  function typed(form) {
    var match = form.getAttribute("data-match");
    var version = Number(form.querySelector("input[name=version]").value);
    var fields = fieldsOf(form);
    var words = described(form);
    var first = Number(form.getAttribute("data-next-number"));
    return serial(function () {
      return all().then(function (entries) {
        var before = entries.filter(function (entry) {
          return entry.match === match && entry.state === "waiting";
        });
        var entry = {
          key: newKey(),
          match: match,
          action: form.action,
          page: window.location.pathname,
          pageTitle: document.title,
          fields: fields,
          version: version,
          after: before.length ? before[before.length - 1].key : null,
          what: title(form, first + before.length) + ": " + words,
          state: "waiting",
          reason: "",
          made: Date.now(),
        };
        return put([entry]).then(function () { return entry; });
      });
    });
  }

  // The form is ready for the next game, its winner to choose (the form requires one:
  // a second tap on the button records nothing twice, whatever the page chose first).
  function readyForNext(form) {
    form.reset();
    form.querySelectorAll("input[name=winner]").forEach(function (radio) {
      radio.checked = false;
    });
    var first = form.querySelector("input[type=radio]");
    if (first) {
      first.focus();
    }
  }

  // The form holds a game again as it was typed (a refused one, to show or post).
  function fill(form, fields) {
    fields.forEach(function (pair) {
      form.querySelectorAll("[name='" + pair[0] + "']").forEach(function (field) {
        if (field.type === "radio" || field.type === "checkbox") {
          field.checked = field.value === pair[1];
        } else {
          field.value = pair[1];
        }
      });
    });
  }

  // Each form counts the games waiting on this device for its match: with two waiting,
  // the server's "Game 3" is the device's "Game 5"; and, where the page says what the
  // match is (js/entry_count.js), no form after games that decide the match, no cube in
  // the Crawford game they lead to.
  function countOn(entries) {
    document.querySelectorAll("form[data-offline-entry]").forEach(function (form) {
      var heading = form.querySelector("h2, h3");
      var waiting = entries.filter(function (entry) {
        return entry.match === form.getAttribute("data-match") && entry.state === "waiting";
      });
      var number = Number(form.getAttribute("data-next-number")) + waiting.length;
      if (heading) {
        heading.textContent = title(form, number);
      }
      if (window.qgammonEntryCount) {
        window.qgammonEntryCount.show(form, waiting.map(function (entry) {
          return entry.fields;
        }), number, queue);
      }
    });
  }

  // A game of this page's match recorded: the form goes on from the match as it is now
  // (its version, its next game's number, the score), so that a game typed before the
  // next page comes is sent against the match it was typed for.
  function advance(entry, answer) {
    if (entry.page !== window.location.pathname || answer.version === entry.version) {
      return; // another page's, or a report the opponent confirms first: no change yet
    }
    var form = document.querySelector("form[data-offline-entry][data-match='" + entry.match + "']");
    if (!form) {
      return;
    }
    form.querySelector("input[name=version]").value = String(answer.version);
    form.setAttribute("data-next-number", String(answer.number + 1));
    if (window.qgammonEntryCount) {
      window.qgammonEntryCount.advance(form, entry.fields);
    }
  }

  function stored(key) {
    return transact("readonly", function (store) { return store.get(key); });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!database || !form.matches || !form.matches("form[data-offline-entry]")) {
      return; // no store on this device: the browser posts the form itself
    }
    event.preventDefault();
    // Kept, the form takes the next game at once: one typed while this one is still
    // sending is kept too, and sent after it (never lost, never sent before it).
    var kept = typed(form);
    kept.then(function (entry) {
      readyForNext(form);
      return show()
        .then(sendAll)
        .then(function () { return stored(entry.key); })
        .then(function (now) {
          if (now && now.state === "refused" && now.status === 400 && !leaving) {
            // Refused by the rules or the form as it was typed, on the network: the
            // browser posts it itself, and the server's page shows the form with each
            // error beside its field, as without this script. Nothing is lost: the
            // form holds what was typed again (games typed after it stay on the
            // device, refused with it, to enter again).
            fill(form, entry.fields);
            remove(entry.key).then(function () { form.submit(); });
          }
          // Recorded: the next page is on its way. Refused because the match changed:
          // the page is loaded again, the entry kept beside it. Still waiting (offline,
          // or behind a game still sending): it is sent in its turn.
        });
    }, function () {
      // Not kept (the device's store failed): the browser posts it as it always did.
      form.submit();
    });
  }, true);

  // --- Sending, in the order typed.

  function token() {
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  // {kind: "recorded" | "already" | "refused", answer} from the server, or
  // {kind: "later", hint} when it could not be asked or did not answer for the queue.
  function send(entry) {
    var body = new FormData();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.append("version", String(entry.version));
    body.append("entry", entry.key);
    body.append("csrfmiddlewaretoken", token());
    return fetch(entry.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) {
        var kind = response.headers.get("Content-Type") || "";
        if (response.redirected || kind.indexOf("application/json") !== 0) {
          // A login page, a CSRF refusal, a server error page: not an answer about
          // the entry. A director logged out logs in again; it is sent then.
          var lost = response.redirected || response.status === 403;
          return { kind: "later", hint: lost ? "log-in" : "not-yet" };
        }
        return response.json().then(function (answer) {
          if (answer.status === "later") {
            // The site cannot record now (its database refuses writes): kept, sent again.
            return { kind: "later", hint: "cannot-record" };
          }
          return { kind: answer.status, answer: answer, status: response.status };
        });
      })
      .catch(function () { return { kind: "later", hint: "not-yet" }; });
  }

  // The answer kept: the entry gone (recorded), or kept with its reason (refused) or
  // its hint (no answer yet). The entries typed after it are read afresh, one typed
  // while it was sending included: the next goes with the version it left.
  function settle(entry, outcome) {
    return serial(function () {
      return all().then(function (entries) {
        var followers = entries.filter(function (other) { return other.after === entry.key; });
        if (outcome.kind === "recorded" || outcome.kind === "already") {
          advance(entry, outcome.answer);
          followers.forEach(function (other) {
            other.after = null;
            other.version = outcome.answer.version;
          });
          return put(followers).then(function () { return remove(entry.key); });
        }
        if (outcome.kind === "refused") {
          entry.state = "refused";
          entry.reason = outcome.answer.reason;
          entry.status = outcome.status;
          followers.forEach(function (other) {
            other.after = null;
            other.state = "refused";
            other.reason = queue ? queue.getAttribute("data-before-refused") : "";
          });
          return put([entry].concat(followers));
        }
        entry.hint = outcome.hint;
        return put([entry]);
      });
    });
  }

  // Sends what is waiting, one at a time; once this page's own are all in, loads the
  // page the server named (the sheet with the game's undo, the player's page).
  function sendAll() {
    if (sending || leaving || !database || navigator.onLine === false) {
      return Promise.resolve();
    }
    sending = true;
    var next = null;
    var changed = false; // a 409: the match is not as this page shows it
    var step = function () {
      return all().then(function (entries) {
        var keys = entries.map(function (entry) { return entry.key; });
        // Waiting for nothing, or for an entry no longer on the device (dropped): its
        // turn. The server refuses it if the match is not as it was typed for.
        var ready = entries.filter(function (entry) {
          return entry.state === "waiting" && (!entry.after || keys.indexOf(entry.after) === -1);
        });
        if (!ready.length) {
          return null;
        }
        var entry = ready[0];
        return send(entry).then(function (outcome) {
          if (entry.page === window.location.pathname) {
            if (outcome.answer && outcome.answer.next) {
              next = outcome.answer.next;
            }
            changed = changed || outcome.status === 409;
          }
          return settle(entry, outcome).then(function () {
            return outcome.kind === "later" ? null : step();
          });
        });
      });
    };
    return step()
      .then(function () { return all(); })
      .then(function (entries) {
        sending = false;
        later(entries);
        var mine = entries.filter(function (entry) {
          return entry.page === window.location.pathname && entry.state === "waiting";
        });
        // Every game of this page sent: the page the server named (one refused stays
        // on the device, and shows there with its reason).
        if (next && !mine.length) {
          leaving = true;
          window.location.assign(next);
          return null;
        }
        if (changed) {
          // Refused because the match changed: the page as the server has it now, the
          // refused entry beside it (kept on the device). A game the rules refused
          // keeps its form as typed instead, to be put right.
          leaving = true;
          window.location.reload();
          return null;
        }
        return show();
      }, function () {
        sending = false;
      });
  }

  // Entries still waiting (no answer yet): asked again later, more slowly each time.
  function later(entries) {
    clearTimeout(retryTimer);
    var waiting = entries.some(function (entry) { return entry.state === "waiting"; });
    if (!waiting) {
      retry = FIRST_RETRY;
      return;
    }
    retryTimer = setTimeout(sendAll, retry);
    retry = Math.min(retry * 2, LAST_RETRY);
  }

  // --- Showing what the device holds.

  function show() {
    return all().then(function (entries) {
      var here = entries.filter(function (entry) {
        return entry.page === window.location.pathname;
      });
      if (queue) {
        render(here);
      }
      countOn(entries);
      if (elsewhere) {
        renderElsewhere(entries.filter(function (entry) {
          return entry.page !== window.location.pathname;
        }));
      }
    });
  }

  function render(entries) {
    var list = queue.querySelector("ul");
    var template = queue.querySelector("template");
    list.textContent = "";
    entries.forEach(function (entry) {
      var item = template.content.firstElementChild.cloneNode(true);
      var state = item.querySelector(".entry-state");
      item.setAttribute("data-entry", entry.key);
      item.classList.add(entry.state);
      item.querySelector(".entry-what").textContent = entry.what;
      state.textContent = state.getAttribute("data-" + entry.state);
      var reason = entry.state === "refused" ? entry.reason :
        (entry.hint ? queue.getAttribute("data-" + entry.hint) : "");
      item.querySelector(".entry-reason").textContent = reason || "";
      item.querySelector(".entry-actions").hidden = entry.state !== "refused";
      item.querySelector("[data-again]").addEventListener("click", function () {
        enterAgain(entry);
      });
      item.querySelector("[data-drop]").addEventListener("click", function () {
        remove(entry.key).then(show);
      });
      list.appendChild(item);
    });
    queue.hidden = entries.length === 0;
  }

  function renderElsewhere(entries) {
    var links = elsewhere.querySelector("span");
    var pages = {};
    links.textContent = "";
    entries.forEach(function (entry) {
      if (pages[entry.page]) {
        return;
      }
      pages[entry.page] = true;
      var link = document.createElement("a");
      link.href = entry.page;
      link.textContent = entry.pageTitle || entry.page;
      if (links.childNodes.length) {
        links.appendChild(document.createTextNode(", "));
      }
      links.appendChild(link);
    });
    elsewhere.hidden = entries.length === 0;
  }

  // A refused entry back in the form, on the page as the server shows it now: the
  // director checks it against the match as it is and records it, or not.
  function enterAgain(entry) {
    window.sessionStorage.setItem(AGAIN, JSON.stringify({
      page: entry.page, match: entry.match, fields: entry.fields,
    }));
    remove(entry.key).then(function () { window.location.reload(); });
  }

  function refill() {
    var kept = window.sessionStorage.getItem(AGAIN);
    if (!kept) {
      return;
    }
    kept = JSON.parse(kept);
    if (kept.page !== window.location.pathname) {
      return;
    }
    window.sessionStorage.removeItem(AGAIN);
    var form = document.querySelector(
      "form[data-offline-entry][data-match='" + kept.match + "']"
    );
    if (!form) {
      return; // the match takes no game now: the page says why
    }
    fill(form, kept.fields);
    var button = form.querySelector("button[type=submit]");
    if (button) {
      button.focus();
    }
  }

  open().then(function (opened) {
    database = opened;
    refill();
    // A live part refreshed (a player's page) brings its forms as the server has them:
    // counted again from the games waiting here.
    document.addEventListener("live:updated", function () { show(); });
    window.addEventListener("online", function () {
      retry = FIRST_RETRY;
      sendAll();
    });
    return show().then(sendAll);
  }).catch(function () {
    database = null; // private browsing without IndexedDB: the forms post themselves
  });
})();
