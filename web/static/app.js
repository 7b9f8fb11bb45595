// Remembers the house last chosen on this phone, so the floor does not pick it every time.
(function () {
  "use strict";
  var select = document.querySelector("select[data-remember]");
  if (!select) { return; }
  var key = "pokerrules." + select.getAttribute("data-remember");
  var chosen = new URLSearchParams(window.location.search).get(select.name);
  try {
    if (!chosen) {
      var remembered = window.localStorage.getItem(key);
      if (remembered && select.querySelector('option[value="' + CSS.escape(remembered) + '"]')) {
        select.value = remembered;
      }
    }
    select.addEventListener("change", function () { window.localStorage.setItem(key, select.value); });
    if (chosen) { window.localStorage.setItem(key, chosen); }
  } catch (error) { /* storage may be off: nothing to remember then */ }
}());
