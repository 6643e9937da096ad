// The live chouette scoreboard: taps are posted without a page reload, and the board polls
// a small JSON endpoint every few seconds, swapping in the server-rendered board when the
// session's version changed. Without JavaScript the forms post and redirect as usual.
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board) { return; }
  // The catalog's globals (base.html loads /jsi18n/ first); English if it is missing.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (fmt, obj) {
    return fmt.replace(/%\(\w+\)s/g, function (match) { return String(obj[match.slice(2, -2)]); });
  };
  var flash = document.getElementById("flash");
  var stateUrl = board.getAttribute("data-state-url");
  var POLL_MS = 3000;
  var busy = false;

  function version() { return board.getAttribute("data-version"); }

  function show(html, newVersion) {
    board.innerHTML = html;
    board.setAttribute("data-version", String(newVersion));
  }

  function say(text, ok) {
    flash.textContent = text || "";
    flash.className = "flash " + (ok ? "ok" : "error");
  }

  function poll() {
    if (busy || document.hidden) { return; }
    fetch(stateUrl + "?since=" + encodeURIComponent(version()), {
      headers: { "Accept": "application/json" }, credentials: "same-origin"
    }).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (data) {
      if (data && data.changed && !busy) { show(data.html, data.version); }
    }).catch(function () { /* offline for a moment: the next poll tries again */ });
  }

  board.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList.contains("tap")) { return; }
    event.preventDefault();
    if (busy) { return; }
    var body = new FormData(form);
    var submitter = event.submitter;
    if (submitter && submitter.name) { body.append(submitter.name, submitter.value); }
    busy = true;
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Accept": "application/json" }
    }).then(function (response) {
      return response.json().catch(function () {
        return { ok: false, message: interpolate(
          gettext("The server refused the request (%(status)s)."),
          { status: response.status }, true) };
      });
    }).then(function (data) {
      if (data.html) { show(data.html, data.version); }
      say(data.message, data.ok);
    }).catch(function () {
      say(gettext("No connection: nothing was recorded, try again."), false);
    }).then(function () {
      busy = false;
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
    });
  });

  setInterval(poll, POLL_MS);
})();
