// A table wider than its place scrolls sideways inside its region (.table-scroll): a
// line above it says so while it does, and goes when the table fits (a wider window, a
// table that reflows). The words come from the page (main's data-scroll-hint, in the
// page's language). The line is only for the eye: the region itself has a name and takes
// the keyboard. Parts of a page that live.js puts in place are looked at again.
(function () {
  "use strict";
  var pending = false;

  function mark(region, words) {
    var scrolls = region.scrollWidth > region.clientWidth + 1;
    var before = region.previousElementSibling;
    var hinted = before !== null && before.classList.contains("scroll-hint");
    if (scrolls && !hinted) {
      var hint = document.createElement("p");
      hint.className = "scroll-hint";
      hint.setAttribute("aria-hidden", "true");
      hint.textContent = words;
      region.parentNode.insertBefore(hint, region);
    } else if (!scrolls && hinted) {
      before.remove();
    }
  }

  function markAll() {
    pending = false;
    var main = document.getElementById("content");
    var words = main && main.getAttribute("data-scroll-hint");
    if (!words) {
      return;
    }
    document.querySelectorAll(".table-scroll").forEach(function (region) {
      mark(region, words);
    });
  }

  // Once per frame at most, however many changes or resizes came in it.
  function soon() {
    if (!pending) {
      pending = true;
      window.requestAnimationFrame(markAll);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    markAll();
    window.addEventListener("resize", soon);
    var main = document.getElementById("content");
    if (main && "MutationObserver" in window) {
      new MutationObserver(soon).observe(main, { childList: true, subtree: true });
    }
  });
})();
