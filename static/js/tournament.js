// The tournament pages (the public page and the director's) and a team match card follow
// the day by themselves: they poll the page's version and reload when a result, a
// correction, a withdrawal or a live board's score changed it. Never under someone's
// fingers: while a form field has focus or a form has been edited, the page stays as it
// is and says "updated — reload" instead (and reloads by itself at a later poll once the
// field is left untouched). Works without it too.
(function () {
  const gettext = window.gettext || function (text) { return text; };
  const box = document.querySelector("[data-state-url]");
  if (!box) return;
  const url = box.dataset.stateUrl;
  let version = box.dataset.version;
  let stale = false;
  let edited = false;
  const fields = "input, select, textarea";
  function onEdit(event) {
    if (event.target.form && event.target.matches(fields)) edited = true;
  }
  document.addEventListener("input", onEdit);
  document.addEventListener("change", onEdit);

  function busy() {
    const focused = document.activeElement;
    return edited || Boolean(focused && focused.form && focused.matches(fields));
  }

  function notice() {
    let note = document.getElementById("tournament-updated");
    if (note) return note;
    note = document.createElement("p");
    note.id = "tournament-updated";
    note.className = "noprint";
    note.setAttribute("role", "status");
    note.dataset.testid = "updated";
    note.style.cssText = "position:sticky;top:0;z-index:10;margin:0 0 .5em;padding:.4em .8em;" +
      "background:#fff3bf;border:1px solid #e0c36a;border-radius:4px";
    note.append(gettext("Updated — "));
    const button = document.createElement("button");
    button.type = "button";
    button.className = "small";
    button.textContent = gettext("reload");
    button.addEventListener("click", function () { window.location.reload(); });
    note.append(button);
    (document.querySelector("main") || document.body).prepend(note);
    return note;
  }

  async function poll() {
    try {
      const answer = await fetch(url, { headers: { Accept: "application/json" } });
      if (answer.ok) {
        const state = await answer.json();
        if (String(state.version) !== String(version)) {
          version = state.version;
          stale = true;
        }
      }
    } catch (error) { /* offline for a moment: try again at the next tick */ }
    if (!stale) return;
    if (busy()) {
      notice();
    } else {
      window.location.reload();
    }
  }
  setInterval(poll, 15000);
})();

// The director's seeding list: without a script, each player has a number box (their
// position, best first); with it, the players can also be dragged into order, and the
// boxes are renumbered 1..N to follow the list. The form posts the numbers either way.
(function () {
  const list = document.querySelector("[data-seed-order]");
  if (!list) return;
  let dragged = null;
  function renumber() {
    list.querySelectorAll("li").forEach(function (item, index) {
      item.querySelector("input").value = index + 1;
    });
  }
  list.querySelectorAll("li").forEach(function (item) {
    item.draggable = true;
    item.addEventListener("dragstart", function (event) {
      dragged = item;
      item.classList.add("dragging");
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", item.dataset.seedEntry || "");
    });
    item.addEventListener("dragend", function () {
      item.classList.remove("dragging");
      dragged = null;
      renumber();
    });
    item.addEventListener("dragover", function (event) {
      if (!dragged || dragged === item) return;
      event.preventDefault();
      const box = item.getBoundingClientRect();
      const after = event.clientY > box.top + box.height / 2;
      list.insertBefore(dragged, after ? item.nextSibling : item);
    });
    item.addEventListener("drop", function (event) { event.preventDefault(); });
  });
})();
