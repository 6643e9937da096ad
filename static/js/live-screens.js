// The club's screen: several boards, each following its own match the way the single board
// does (a WebSocket says "version n"; the board's HTML comes from the state JSON, which is
// polled when the socket is down). The page reloads now and then to show new matches.
(function () {
  "use strict";
  var boards = document.querySelectorAll(".live-follow");
  // A socket silent for SILENT_MS (it says {"alive": true} every 3 s while its channel layer
  // carries messages) counts as closed: the board reads over HTTP until it speaks again.
  var POLL_MS = 1500, SOCKET_POLL_MS = 30000, SILENT_MS = 7000;

  function follow(box) {
    var inner = box.querySelector(".live-follow-board");
    var socketOpen = false, lastPoll = 0, retry = 1000, heardAt = 0;
    function refresh() {
      var url = box.getAttribute("data-state-url") + "?screen=1&since=" +
        encodeURIComponent(box.getAttribute("data-version"));
      fetch(url, { headers: { "Accept": "application/json" }, credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (data && data.changed) {
            inner.innerHTML = data.html;
            box.setAttribute("data-version", String(data.version));
          }
        })
        .catch(function () { /* the next look tries again */ });
    }
    function connect() {
      if (!("WebSocket" in window)) { return; }
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      var socket;
      try { socket = new WebSocket(scheme + location.host + box.getAttribute("data-socket")); }
      catch (e) { return; }
      socket.onopen = function () { socketOpen = true; retry = 1000; heardAt = Date.now(); };
      socket.onmessage = function (event) {
        var data = {};
        try { data = JSON.parse(event.data); } catch (e) { return; }
        if (Date.now() - heardAt >= SILENT_MS) { refresh(); }  // back from silence
        heardAt = Date.now();
        if (data.version !== undefined &&
            String(data.version) !== box.getAttribute("data-version")) { refresh(); }
      };
      socket.onclose = function () {
        socketOpen = false;
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 30000);
      };
    }
    setInterval(function () {
      var now = Date.now();
      if (document.hidden) { return; }
      var listening = socketOpen && now - heardAt < SILENT_MS;
      if (!listening || now - lastPoll > SOCKET_POLL_MS) { lastPoll = now; refresh(); }
    }, POLL_MS);
    connect();
  }

  Array.prototype.forEach.call(boards, follow);
  var holder = document.querySelector("[data-reload-ms]");
  if (holder) {
    setTimeout(function () { location.reload(); },
               parseInt(holder.getAttribute("data-reload-ms"), 10) || 60000);
  }
})();
