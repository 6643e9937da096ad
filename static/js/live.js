// The live board. Follows the match: a WebSocket says "version n" whenever it changes and
// the board's HTML is fetched from the small state JSON; when the socket is down (or the
// server has none) the same JSON is polled. Plays: tap a point (a checker), then where it
// goes (another point, the bar, or the tray to bear off); each step is added to the play's
// text, drawn on the board as an arrow, and can be undone; nothing is sent until "Confirm".
// Every control is also a plain form, so the page works without JavaScript.
(function () {
  "use strict";
  // The words come from Django's JavaScript catalogue (base.html loads it first).
  var gettext = window.gettext || function (s) { return s; };
  var interpolate = window.interpolate || function (fmt, obj) {
    return fmt.replace(/%\((\w+)\)s/g, function (m, name) { return String(obj[name]); });
  };
  var root = document.getElementById("live");
  if (!root) { return; }
  document.documentElement.classList.add("js");
  var flash = document.getElementById("flash");
  var stateUrl = root.getAttribute("data-state-url");
  var previewUrl = root.getAttribute("data-preview-url");
  var screen = root.getAttribute("data-screen") === "1";
  // The state JSON is polled every 1.5 s without a socket, every 20 s with one (a backstop),
  // and every half second while the computer plays its turn in a practice match: the
  // worker that plays it may have no way to reach this server's socket (the embedded
  // default's in-memory channel layer lives in the web process only). A socket that says
  // nothing for SILENT_MS (it says {"alive": true} every 3 s while its channel layer carries
  // messages: live/views_socket.py) counts as closed: its layer (Redis) is away, and the
  // board reads over HTTP until the socket speaks again.
  var TICK_MS = 500, POLL_MS = 1500, SOCKET_POLL_MS = 20000, COMPUTER_POLL_MS = 500;
  var SILENT_MS = 7000;
  var socket = null, socketOpen = false, retry = 1000, busy = false, source = null;
  var heardAt = 0;

  function version() { return root.getAttribute("data-version"); }
  function say(text, ok) {
    if (!flash) { return; }
    flash.textContent = text || "";
    flash.className = "flash " + (ok ? "ok" : "error");
    // A refusal is read where the player looks: below the board and its buttons, scrolled
    // into view on a phone (above the board it went unseen: a confirm seemed to do nothing).
    if (text && !ok && flash.scrollIntoView) { flash.scrollIntoView({ block: "nearest" }); }
  }
  function show(html, newVersion) {
    root.innerHTML = html;
    root.setAttribute("data-version", String(newVersion));
    source = null;
  }

  function refresh() {
    if (busy) { return; }
    var url = stateUrl + "?since=" + encodeURIComponent(version()) + (screen ? "&screen=1" : "");
    fetch(url, { headers: { "Accept": "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data && data.changed && !busy) { show(data.html, data.version); } })
      .catch(function () { /* offline for a moment: the next look tries again */ });
  }

  function connect() {
    if (!("WebSocket" in window)) { return; }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    try { socket = new WebSocket(scheme + location.host + root.getAttribute("data-socket")); }
    catch (e) { return; }
    socket.onopen = function () {
      socketOpen = true; retry = 1000; heardAt = Date.now();
      root.setAttribute("data-following", "socket");
    };
    socket.onmessage = function (event) {
      var data = {};
      try { data = JSON.parse(event.data); } catch (e) { return; }
      heardAt = Date.now();
      if (root.getAttribute("data-following") !== "socket") {
        root.setAttribute("data-following", "socket");
        refresh();  // back from silence: catch up at once
      }
      if (data.version !== undefined && String(data.version) !== version()) { refresh(); }
    };
    socket.onclose = function () {
      socketOpen = false;
      root.setAttribute("data-following", "polling");
      setTimeout(connect, retry);  // resume where it was: the first message is the version
      retry = Math.min(retry * 2, 30000);
    };
  }

  function computerTurn() { return root.querySelector("[data-computer-turn]") !== null; }
  var lastPoll = Date.now();
  setInterval(function () {
    var now = Date.now();
    var listening = socketOpen && now - heardAt < SILENT_MS;
    if (socketOpen && !listening && root.getAttribute("data-following") === "socket") {
      root.setAttribute("data-following", "polling");  // open but silent
    }
    if (document.hidden) { return; }
    var every = computerTurn() ? COMPUTER_POLL_MS : (listening ? SOCKET_POLL_MS : POLL_MS);
    if (now - lastPoll >= every) { lastPoll = now; refresh(); }
  }, TICK_MS);
  connect();
  if (screen) { return; }

  // --- building a play by tapping ---------------------------------------------------
  function playInput() { return root.querySelector(".play-form input[name=play]"); }
  var previewSeq = 0;
  function markSource() {
    if (source === null) { return; }
    var rect = root.querySelector(".tap[data-point='" + source + "']");
    if (rect) { rect.classList.add("sel"); }
  }
  function preview() {
    var input = playInput();
    if (!input || !previewUrl) { return; }
    var mine = ++previewSeq;  // only the newest preview is drawn (answers may cross)
    fetch(previewUrl + "?play=" + encodeURIComponent(input.value), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (svg) {
        var wrap = root.querySelector(".live-board");
        if (svg && wrap && mine === previewSeq) { wrap.innerHTML = svg; markSource(); }
      });
  }
  function setPlay(text) { var input = playInput(); if (input) { input.value = text; preview(); } }

  root.addEventListener("click", function (event) {
    var tap = event.target.closest ? event.target.closest(".tap[data-point]") : null;
    if (tap) {
      var point = tap.getAttribute("data-point");
      if (source === null) {
        if (point === "0") { return; }  // off is never where a checker comes from
        source = point;
        tap.classList.add("sel");
      } else {
        var input = playInput();
        var step = source + "/" + point;
        source = null;
        setPlay(((input && input.value.trim()) ? input.value.trim() + " " : "") + step);
      }
      return;
    }
    if (event.target.hasAttribute("data-undo")) {
      var words = (playInput().value || "").trim().split(/\s+/);
      words.pop();
      setPlay(words.join(" "));
    } else if (event.target.hasAttribute("data-clear")) {
      setPlay("");
    }
  });
  root.addEventListener("change", function (event) {
    if (event.target.classList.contains("legal") && event.target.value) {
      setPlay(event.target.value);
    }
  });

  // --- every form posts without a reload -------------------------------------------
  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList.contains("act")) { return; }
    event.preventDefault();
    if (busy) { return; }
    var body = new FormData(form);
    if (event.submitter && event.submitter.name) {
      body.set(event.submitter.name, event.submitter.value);
    }
    // The version this action was decided on: a late duplicate (a double tap, a board
    // that had not heard the last change) is refused (409) and changes nothing.
    body.set("version", version());
    busy = true;
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    fetch(form.getAttribute("action"), { method: "POST", body: body, credentials: "same-origin",
                         headers: { "Accept": "application/json" } })
      .then(function (r) {
        return r.json().catch(function () {
          return { ok: false, message: interpolate(
            gettext("The server refused the request (%(status)s)."), { status: r.status }, true) };
        });
      })
      .then(function (data) {
        busy = false;
        if (data.html) { show(data.html, data.version); }
        if (data.stale) { refresh(); }  // the board was behind: show the match as it is
        var text = data.message || "";
        if (data.legal_plays && data.legal_plays.length) {
          text += " " + interpolate(gettext("Legal plays: %(plays)s."), {
            plays: data.legal_plays.slice(0, 12).join(", ") +
              (data.legal_plays.length > 12 ? "…" : "") }, true);
        }
        say(text, data.ok);
      })
      .catch(function () { busy = false; say(gettext("No connection: nothing was sent, try again."), false); })
      .then(function () { form.querySelectorAll("button").forEach(function (b) { b.disabled = false; }); });
  });
})();
