// pokerrules service worker: the app keeps working at a table with no connection.
// Kept offline: the app's shell, the phone's house rulebook (to browse and search), the glossary
// and the last rulings viewed. A new ruling needs the server; offline, the page says so.
"use strict";
var VERSION = {{ version | tojson }};
var SHELL = "pokerrules-shell-" + VERSION;
var PAGES = "pokerrules-pages-" + VERSION;
var SHELL_URLS = {{ shell | tojson }};
var OFFLINE_URL = {{ offline_url | tojson }};
var KEEP_RULINGS = {{ keep_rulings | tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(SHELL_URLS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("pokerrules-") === 0 && name !== SHELL && name !== PAGES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// The page tells which house this phone uses: its whole rulebook is kept for offline use.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "house" && typeof data.url === "string") {
    event.waitUntil(caches.open(PAGES).then(function (cache) { return cache.add(data.url); }));
  }
});

function isRuling(url) {
  return url.pathname === "/" && url.search.length > 1;
}

// What is kept for use offline: the lookup and the rulings viewed, the rulebook, the glossary.
function isKept(url) {
  return url.pathname === "/" || url.pathname === "/glossary" || url.pathname.indexOf("/rulebook/") === 0;
}

// Keep only the most recent rulings viewed (a cache keeps insertion order).
function trimRulings(cache) {
  return cache.keys().then(function (requests) {
    var rulings = requests.filter(function (request) { return isRuling(new URL(request.url)); });
    return Promise.all(rulings.slice(0, Math.max(0, rulings.length - KEEP_RULINGS)).map(function (request) {
      return cache.delete(request);
    }));
  });
}

function offlineAnswer(request, url) {
  if (url.pathname.indexOf("/api/") === 0) {
    return new Response(JSON.stringify({ error: "offline: this needs the server, and there is no connection" }),
      { status: 503, headers: { "Content-Type": "application/json" } });
  }
  return caches.match(OFFLINE_URL);
}

// HTML and the API: the network first (fresh rulings), what was kept when there is none.
function networkFirst(request, url) {
  return fetch(request).then(function (response) {
    var wanted = response.ok && isKept(url) &&
      (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
    if (wanted) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) {
        return cache.delete(request, { ignoreVary: true }).then(function () { return cache.put(request, copy); })
          .then(function () { return trimRulings(cache); });
      });
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (kept) {
      return kept || offlineAnswer(request, url);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf("/static/") === 0) {
    // Fingerprinted: a URL's content never changes, so the kept copy is always right.
    event.respondWith(caches.match(request).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(SHELL).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      });
    }));
    return;
  }
  event.respondWith(networkFirst(request, url));
});
