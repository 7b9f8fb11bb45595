// The pages work without this file; with it, a phone at the table is smoother:
// the house is remembered, Return in the dispute box asks, an answer re-rules in place
// (no reload to the top), focus lands on the new verdict, and the app works offline.
(function () {
  "use strict";
  var HOUSE_KEY = "pokerrules.house";

  function remembered() {
    try { return window.localStorage.getItem(HOUSE_KEY); } catch (error) { return null; }
  }
  function remember(house) {
    try { if (house && house !== "all") { window.localStorage.setItem(HOUSE_KEY, house); } } catch (error) { /* storage off */ }
  }

  // The house last chosen on this phone, so the floor does not pick it every time.
  function rememberHouse(root) {
    var select = root.querySelector("select[data-remember]");
    if (!select) { return; }
    var chosen = new URLSearchParams(window.location.search).get(select.name);
    var kept = remembered();
    if (!chosen && kept && select.querySelector('option[value="' + CSS.escape(kept) + '"]')) {
      select.value = kept;
    }
    select.addEventListener("change", function () { remember(select.value); keepHouseOffline(); });
    remember(chosen);
  }

  // A rule page opened from anywhere shows this phone's house first.
  function houseOnRuleLinks(root) {
    var house = remembered();
    if (!house) { return; }
    root.querySelectorAll('a[href^="/rule/"]').forEach(function (link) {
      var url = new URL(link.href, window.location.href);
      if (!url.searchParams.get("house")) { url.searchParams.set("house", house); link.href = url.pathname + url.search; }
    });
  }

  // Return in the dispute box asks; Shift+Return still starts a new line.
  function submitOnEnter(root) {
    root.querySelectorAll("textarea[data-submit-on-enter]").forEach(function (box) {
      box.addEventListener("keydown", function (event) {
        if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
          event.preventDefault();
          if (box.form.requestSubmit) { box.form.requestSubmit(); } else { box.form.submit(); }
        }
      });
    });
  }

  function focusVerdict() {
    var verdict = document.getElementById("verdict");
    if (!verdict) { return; }
    verdict.focus({ preventScroll: true });
    (document.getElementById("ruling") || verdict).scrollIntoView({ block: "start" });
  }

  // Fetch the page an answer leads to and put its main part in place of this one's.
  function swapTo(url, push) {
    var main = document.getElementById("main");
    main.setAttribute("aria-busy", "true");
    return window.fetch(url, { headers: { Accept: "text/html" } }).then(function (response) {
      if (!response.ok && response.status !== 404 && response.status !== 400) { throw new Error(String(response.status)); }
      return response.text().then(function (html) { return { html: html, url: response.url || url }; });
    }).then(function (got) {
      var next = new DOMParser().parseFromString(got.html, "text/html");
      var nextMain = next.getElementById("main");
      if (!nextMain) { throw new Error("no main"); }
      main.innerHTML = nextMain.innerHTML;
      document.title = next.title;
      var shown = new URL(got.url, window.location.href);
      shown.hash = "verdict";
      if (push) { window.history.pushState({ swapped: true }, "", shown.href); }
      main.removeAttribute("aria-busy");
      enhance(main);
      focusVerdict();
    }).catch(function () {
      window.location.href = url; // let the browser (and the service worker) do it the plain way
    });
  }

  function formUrl(form) {
    var url = new URL(form.action, window.location.href);
    url.hash = "";
    url.search = new URLSearchParams(new FormData(form)).toString();
    return url.href;
  }

  // Listening on main itself: its content is replaced, main stays.
  function answerInPlace(main) {
    main.addEventListener("click", function (event) {
      var target = event.target.closest && event.target.closest("a");
      if (target && target.getAttribute("href") === "#q") {  // "say more": into the text box
        event.preventDefault();
        var box = document.getElementById("q");
        if (box) { box.focus(); box.scrollIntoView({ block: "center" }); }
        return;
      }
      var link = event.target.closest && event.target.closest("a.answer, a.correct, a.undo");
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey) { return; }
      event.preventDefault();
      swapTo(link.href, true);
    });
    main.addEventListener("submit", function (event) {
      var form = event.target;
      if (!form.matches("form[data-in-place]") || form.method !== "get") { return; }
      event.preventDefault();
      swapTo(formUrl(form), true);
    });
  }

  function enhance(root) {
    rememberHouse(root);
    houseOnRuleLinks(root);
    submitOnEnter(root);
  }

  // The rulebook page: as the words are typed, only the rules holding all of them stay shown.
  function filterRules(root) {
    var box = root.querySelector("input[data-filter]");
    if (!box) { return; }
    var rules = document.querySelectorAll(box.getAttribute("data-filter"));
    var count = root.querySelector("[data-filter-count]");
    function apply() {
      var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      rules.forEach(function (rule) {
        var text = rule.textContent.toLowerCase();
        var hit = words.every(function (word) { return text.indexOf(word) >= 0; });
        rule.hidden = !hit;
        shown += hit ? 1 : 0;
      });
      document.querySelectorAll(".rulebook-section").forEach(function (section) {
        section.hidden = !section.querySelector(".rulebook-rule:not([hidden])");
      });
      if (count) { count.textContent = words.length ? shown + " rules match" : ""; }
    }
    box.addEventListener("input", apply);
    box.form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
    apply();
  }

  // The offline page: what this phone kept, found in the service worker's caches.
  function listKept(root) {
    var recent = root.querySelector("[data-recent-rulings]");
    var house = remembered();
    var rulebook = root.querySelector("[data-house-rulebook]");
    if (rulebook && house) {
      rulebook.querySelector("a").href = "/rulebook/" + encodeURIComponent(house);
      rulebook.hidden = false;
    }
    if (!recent || !window.caches) { return; }
    window.caches.keys().then(function (names) {
      var pages = names.filter(function (name) { return name.indexOf("pokerrules-pages-") === 0; })[0];
      return pages ? window.caches.open(pages).then(function (cache) { return cache.keys(); }) : [];
    }).then(function (requests) {
      var rulings = requests.map(function (request) { return new URL(request.url); })
        .filter(function (url) { return url.pathname === "/" && url.search.length > 1; }).reverse();
      if (!rulings.length) { return; }
      recent.innerHTML = "";
      rulings.forEach(function (url) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = url.pathname + url.search;
        link.textContent = url.searchParams.get("q") || url.searchParams.getAll("fact").join(", ") || "a ruling";
        item.appendChild(link);
        recent.appendChild(item);
      });
    });
  }

  // Tell the service worker which house's rulebook to keep for use with no connection.
  function keepHouseOffline() {
    var house = remembered();
    if (!house || !navigator.serviceWorker) { return; }
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) {
        registration.active.postMessage({ type: "house", url: "/rulebook/" + encodeURIComponent(house) });
      }
    });
  }

  // A rule page opened without a house (a bookmark, a shared link): this phone's house first.
  var here = new URL(window.location.href);
  if (here.pathname.indexOf("/rule/") === 0 && !here.searchParams.get("house") && remembered()) {
    here.searchParams.set("house", remembered());
    window.location.replace(here.href);
    return;
  }

  var main = document.getElementById("main");
  if (main) {
    filterRules(main);
    listKept(main);
    enhance(document);
    answerInPlace(main);
    if (window.location.hash === "#verdict") { focusVerdict(); }
  }
  window.addEventListener("popstate", function () { window.location.reload(); });

  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(keepHouseOffline)
        .catch(function () { /* offline use unavailable: the pages work online as before */ });
    });
  }
}());
