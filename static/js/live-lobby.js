/* The live lobby's player fields: a search field per player over one datalist. In a large
   club the datalist is filled from the members search (live:member-search) as one types;
   choosing a name puts that member's id in the hidden field the form posts. Without this
   script the typed name is posted and the server finds the member by it. */
(function () {
  "use strict";
  var list = document.getElementById("lobby-members");
  if (!list) return;
  var url = list.dataset.searchUrl;
  var complete = list.dataset.complete === "1";
  var known = {};  // name -> id, every name seen (the page's and the searches')
  var timer = null, asked = null;

  function remember(options) {
    options.forEach(function (o) { known[o.name] = String(o.id); });
  }
  remember(Array.prototype.map.call(list.options, function (o) {
    return {name: o.value, id: o.dataset.id};
  }));

  function fill(results) {
    remember(results);
    list.replaceChildren.apply(list, results.map(function (r) {
      var option = document.createElement("option");
      option.value = r.name;
      option.dataset.id = r.id;
      return option;
    }));
  }

  function search(text) {
    if (complete || text === asked) return;
    asked = text;
    fetch(url + "?q=" + encodeURIComponent(text), {credentials: "same-origin",
                                                  headers: {Accept: "application/json"}})
      .then(function (r) { return r.ok ? r.json() : {results: []}; })
      .then(function (data) { if (asked === text) fill(data.results || []); })
      .catch(function () { /* the typed name is posted as it is */ });
  }

  function chosen(input) {
    var hidden = input.form.elements[input.dataset.memberId];
    if (hidden) hidden.value = known[input.value.trim()] || "";
  }

  document.querySelectorAll("input[data-member-id]").forEach(function (input) {
    input.addEventListener("input", function () {
      chosen(input);
      clearTimeout(timer);
      var text = input.value.trim();
      timer = setTimeout(function () { search(text); }, 150);
    });
    input.addEventListener("change", function () { chosen(input); });
    input.addEventListener("focus", function () { search(input.value.trim()); });
  });
})();
