// While the match is being analysed, fetch the analysis section every few seconds and put
// it in place (the page works without this: reloading shows the same).
(function () {
  function poll() {
    var section = document.getElementById("analysis");
    if (!section || section.dataset.running !== "1") return;
    fetch(section.dataset.panelUrl, {credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) return;
        var box = document.createElement("div");
        box.innerHTML = html;
        var fresh = box.querySelector("#analysis");
        if (fresh) section.replaceWith(fresh);
        setTimeout(poll, 3000);
      })
      .catch(function () { setTimeout(poll, 10000); });
  }
  setTimeout(poll, 3000);
})();
