// The board's actions (issue 28). Each component the seat may act on is an SVG link
// (<a class="act" data-on="...">, focusable, labelled) over the board; a click (or Enter)
// finds the matching control in the acting part (#forms, [data-on]) and uses it there, so
// every move still goes through the same forms and move_submit:
//   one complete move      -> its button is pressed (or its drop-down entry chosen and sent)
//   a value to tick         -> its checkbox is ticked or unticked; the form's button sends
//   several moves match     -> they are marked and the first is focused, to choose among them
// Without scripts the link leads to the acting part (#act), where the same moves are buttons.
(function () {
  "use strict";
  function matches(on) {
    var forms = document.getElementById("forms");
    if (!forms) return [];
    return Array.prototype.filter.call(forms.querySelectorAll("[data-on]"), function (el) {
      return el.getAttribute("data-on") === on;
    });
  }
  function send(form) {
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  }
  function clearMarks() {
    Array.prototype.forEach.call(document.querySelectorAll(".offered"), function (el) { el.classList.remove("offered"); });
  }
  document.addEventListener("click", function (e) {
    var link = e.target.closest ? e.target.closest("a.act") : null;
    if (!link) return;
    var found = matches(link.getAttribute("data-on"));
    if (!found.length) return;  // the link's #act shows the acting part
    e.preventDefault();
    clearMarks();
    if (found.length === 1) {
      var el = found[0];
      if (el.tagName === "BUTTON") { el.click(); return; }
      if (el.tagName === "OPTION") { el.selected = true; send(el.closest("form")); return; }
      if (el.type === "checkbox") {
        el.checked = !el.checked;
        link.classList.toggle("picked", el.checked);
        var button = el.closest("form").querySelector("button[type=submit]:not([name])");
        if (button) button.classList.add("offered");
        return;
      }
    }
    found.forEach(function (el) {
      if (el.tagName === "OPTION") { el.selected = true; el = el.closest("select"); }
      el.classList.add("offered");
    });
    var first = found[0].tagName === "OPTION" ? found[0].closest("select") : found[0];
    first.scrollIntoView({block: "nearest"});
    first.focus();
  });
})();

// At the table: the poll says whether this page is in use (shown, and touched in the last
// 5 minutes), so a your-move mail waits while the player answers here (notifications.presence).
(function () {
  "use strict";
  var last = Date.now();
  ["pointerdown", "keydown", "scroll", "touchstart"].forEach(function (name) {
    document.addEventListener(name, function () { last = Date.now(); }, {passive: true});
  });
  document.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail.elt;
    if (!elt || elt.id !== "poll") return;
    if (document.visibilityState === "visible" && Date.now() - last < 5 * 60 * 1000) e.detail.parameters.here = "1";
  });
})();
