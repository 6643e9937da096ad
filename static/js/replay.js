/* Replay viewer: step through a match's frames (each rendered on the server).
   Buttons, the move list and the game menu are links that work without this script;
   here they fetch the frame's fragment instead, and the turn goes in the URL fragment
   (#g3-t12) so a referee can cite it. Keys: ← → step, Home/End, PgUp/PgDn by game, n/p by
   marked turn (an analysis's errors).
   Steps replace the fragment; a jump (the move list, the game menu) adds a history entry,
   so Back returns from it; a fragment changed by hand, a link or Back is followed. */
(function () {
  "use strict";
  var gettext = window.gettext || function (s) { return s; };
  var root = document.getElementById("replay");
  if (!root || !document.getElementById("replay-frame")) return;
  var holder = document.getElementById("replay-frame");
  var list = root.querySelector(".replay-moves");
  var items = Array.prototype.slice.call(root.querySelectorAll(".replay-moves li[data-turn]"));
  var keys = items.map(function (li) { return li.getAttribute("data-turn"); });
  var current = holder.querySelector(".replay-frame").getAttribute("data-key");
  var initial = current;  // the turn the page opened on: Back to a bare URL returns here
  var pending = null;

  function gameOf(key) { return key.split("-")[0]; }

  function mark() {
    items.forEach(function (li) {
      var on = li.getAttribute("data-turn") === current;
      li.classList.toggle("current", on);
      if (on && list.scrollHeight > list.clientHeight + 4) {
        list.scrollTop = li.offsetTop - list.offsetTop - list.clientHeight / 2;
      }
    });
    var select = document.getElementById("jump-game");
    if (select) select.value = gameOf(current) + "-t1";
  }

  function show(key, focusStep, push) {
    if (keys.indexOf(key) < 0) return;
    var url = root.getAttribute("data-frame-url").replace("KEY", key);
    pending = key;
    fetch(url, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        if (pending !== key) return;
        holder.innerHTML = html;
        current = key;
        mark();
        if (focusStep) {  // keep the keyboard on the button that was used
          var again = holder.querySelector("a[data-step='" + focusStep + "']");
          if (again) again.focus();
        }
        if (history.replaceState && window.location.hash !== "#" + key) {
          if (push) history.pushState(null, "", "#" + key);
          else history.replaceState(null, "", "#" + key);
        }
      })
      .catch(function () { window.location.href = "?at=" + key + "#replay"; });
  }

  function step(delta) {
    var i = keys.indexOf(current) + delta;
    if (i >= 0 && i < keys.length) show(keys[i]);
  }

  function jumpGame(delta) {
    var game = gameOf(current), i = keys.indexOf(current);
    while (i >= 0 && i < keys.length && gameOf(keys[i]) === game) i += delta;
    if (i < 0 || i >= keys.length) return;
    show(gameOf(keys[i]) + "-t1");
  }

  root.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-turn]");
    if (link) {
      event.preventDefault();
      show(link.getAttribute("data-turn"), link.getAttribute("data-step"),
           !!link.closest(".replay-moves"));
      return;
    }
    var cite = event.target.closest("a.cite");
    if (cite) { event.preventDefault(); if (history.replaceState) history.replaceState(null, "", cite.getAttribute("href")); return; }
    var copy = event.target.closest("button.copy");
    if (copy) {
      var text = copy.getAttribute("data-copy");
      var done = function () { copy.textContent = gettext("Copied"); setTimeout(function () { copy.textContent = gettext("Copy"); }, 1500); };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, function () {});
      else {
        var code = copy.previousElementSibling, range = document.createRange();
        range.selectNodeContents(code);
        var sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
        try { document.execCommand("copy"); done(); } catch (e) { /* selected for the user */ }
      }
    }
  });

  var jump = root.querySelector("form.jump");
  if (jump) {
    jump.addEventListener("submit", function (event) { event.preventDefault(); show(jump.elements.at.value, null, true); });
    jump.elements.at.addEventListener("change", function () { show(jump.elements.at.value, null, true); });
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest("input, select, textarea")) return;
    var moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) { step(moves[event.key]); event.preventDefault(); }
    else if (event.key === "Home") { show(keys[0]); event.preventDefault(); }
    else if (event.key === "End") { show(keys[keys.length - 1]); event.preventDefault(); }
    else if (event.key === "PageDown") { jumpGame(1); event.preventDefault(); }
    else if (event.key === "PageUp") { jumpGame(-1); event.preventDefault(); }
    else if (event.key === "n" || event.key === "p") {  // the next or previous marked turn
      var mark = holder.querySelector("a[data-step='" + (event.key === "n" ? "next" : "prev") + "-mark']");
      if (mark) { show(mark.getAttribute("data-turn"), mark.getAttribute("data-step")); event.preventDefault(); }
    }
  });

  // Back, Forward, a link to #g…, a fragment typed by hand: show the turn it names.
  function follow() {
    var wanted = window.location.hash.slice(1) || initial;
    if (!/^g\d+-t\d+$/.test(wanted) || wanted === pending) return;
    if (wanted === current) { pending = current; return; }  // drops a fetch under way
    show(wanted);
  }
  window.addEventListener("hashchange", follow);
  window.addEventListener("popstate", follow);

  var wanted = window.location.hash.slice(1);
  if (/^g\d+-t\d+$/.test(wanted) && wanted !== current) show(wanted);
  else mark();
})();
