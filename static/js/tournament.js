// The public tournament page follows the day by itself: it polls the tournament's version
// and reloads when a result, a correction or a withdrawal changed it. Works without it too.
(function () {
  const box = document.getElementById("bracket");
  if (!box) return;
  const url = box.dataset.stateUrl;
  let version = box.dataset.version;
  async function poll() {
    try {
      const answer = await fetch(url, { headers: { Accept: "application/json" } });
      if (answer.ok) {
        const state = await answer.json();
        if (String(state.version) !== String(version)) {
          version = state.version;
          if (!document.querySelector("form input:focus, form select:focus")) {
            window.location.reload();
          }
        }
      }
    } catch (error) { /* offline for a moment: try again at the next tick */ }
  }
  setInterval(poll, 15000);
})();
