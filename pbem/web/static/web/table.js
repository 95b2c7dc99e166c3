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

// Live: the page's event stream (body's sse-connect, htmx's SSE extension) says when to fetch its
// parts again. Only while the stream cannot be opened (the browser has no EventSource, the server
// refused it or answered without a stream, or it did not open within 10 s) is the poll asked every
// 3 s, and it stops as soon as the stream opens again. The stamp of the last change the page got
// rides along on the poll, so a poll after a stream picks up where the stream left off.
(function () {
  "use strict";
  var polling = null;
  var opened = false;
  function poll() {
    var el = document.getElementById("poll");
    if (el && window.htmx) window.htmx.trigger(el, "pbem-poll");
  }
  function pollOn() {
    if (polling === null) { polling = window.setInterval(poll, 3000); poll(); }
  }
  function pollOff() {
    if (polling !== null) { window.clearInterval(polling); polling = null; }
  }
  if (!document.body.hasAttribute("sse-connect")) return;
  if (!window.EventSource) { pollOn(); return; }
  document.body.addEventListener("htmx:sseOpen", function () { opened = true; pollOff(); });
  document.body.addEventListener("htmx:sseError", function (e) {
    // CLOSED: refused or not a stream (the extension tries again later); CONNECTING: the browser
    // is opening it again after it ended, as every stream does after a few minutes
    var source = e.detail && e.detail.source;
    if (!source || source.readyState === window.EventSource.CLOSED) pollOn();
  });
  window.setTimeout(function () { if (!opened) pollOn(); }, 10000);
  document.body.addEventListener("htmx:sseMessage", function (e) {
    var stamp = e.detail && e.detail.data;
    var el = document.getElementById("poll");
    if (!stamp || !el) return;
    var url = el.getAttribute("hx-get").split("?")[0] + "?stamp=" + encodeURIComponent(stamp);
    if (el.getAttribute("hx-get") !== url) { el.setAttribute("hx-get", url); window.htmx.process(el); }
  });
})();

// At the table: a page in use (shown, and touched in the last 5 minutes) says so every 20 s, so
// a your-move mail waits while the player answers here (notifications.presence); the fallback
// poll carries the same word. An idle or hidden page says nothing.
(function () {
  "use strict";
  var last = Date.now();
  var here = document.body.getAttribute("data-here-url");
  function inUse() {
    return document.visibilityState === "visible" && Date.now() - last < 5 * 60 * 1000;
  }
  ["pointerdown", "keydown", "scroll", "touchstart"].forEach(function (name) {
    document.addEventListener(name, function () { last = Date.now(); }, {passive: true});
  });
  document.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail.elt;
    if (!elt || elt.id !== "poll") return;
    if (inUse()) e.detail.parameters.here = "1";
  });
  function tell() {
    if (here && inUse() && window.fetch) window.fetch(here, {credentials: "same-origin"}).catch(function () {});
  }
  window.setInterval(tell, 20000);  // the page's own load said so already
  document.addEventListener("visibilitychange", tell);
})();

// A choice half made is never lost to an update, nor mixed with one of another moment. The board and
// the acting part are fetched again whenever the game may have moved (the stream's "moved", the poll's
// game-moved); each answer says the moment it was drawn at (X-Pbem-Moment: status and version, as the
// part's data-moment). An answer of the moment the page shows already holds the same moves: it is not
// swapped in, so what the player has ticked, chosen or typed stays (the first update after a page drawn
// just after its stamp was read, or one queued behind another, is such an answer). An answer of a new
// moment is swapped in; what the player had set and not sent is carried over where the fresh forms offer
// the same move and value, the board marks the ticked values again, and the acting part says the game
// moved on (whether all of the choice was kept).
(function () {
  "use strict";
  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function versionOf(moment) {
    var v = Number(String(moment || "").split(".")[1]);
    return isNaN(v) ? null : v;
  }
  function defaultIndex(select) {
    var i = Array.prototype.findIndex.call(select.options, function (o) { return o.defaultSelected; });
    return i < 0 ? 0 : i;
  }
  // what the player has set in the move forms and not sent: one entry per control changed
  function choiceIn(forms) {
    var held = [];
    each(forms.querySelectorAll("form.move-form"), function (form) {
      var type = form.getAttribute("data-type");
      var seen = {};
      each(form.elements, function (el) {
        if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button" || el.tagName === "BUTTON") return;
        var nth = seen[el.name] = (seen[el.name] || 0) + 1;
        if (el.type === "checkbox" || el.type === "radio") {
          if (el.checked !== el.defaultChecked) held.push({type: type, name: el.name, value: el.value, checked: el.checked});
        } else if (el.tagName === "SELECT") {
          if (el.selectedIndex !== defaultIndex(el)) held.push({type: type, name: el.name, nth: nth, value: el.value});
        } else if (el.value !== el.defaultValue) {
          held.push({type: type, name: el.name, nth: nth, value: el.value});
        }
      });
    });
    return held;
  }
  function carry(forms, held) {
    var kept = 0;
    held.forEach(function (h) {
      var form = forms.querySelector("form.move-form[data-type='" + h.type + "']");
      if (!form) return;
      var same = Array.prototype.filter.call(form.elements, function (el) { return el.name === h.name; });
      if (h.checked !== undefined) {
        var box = same.find(function (el) { return el.value === h.value; });
        if (box) { box.checked = h.checked; kept++; }
        return;
      }
      var el = same[h.nth - 1];
      if (!el) return;
      if (el.tagName === "SELECT") {
        var option = Array.prototype.find.call(el.options, function (o) { return o.value === h.value; });
        if (option) { option.selected = true; kept++; }
      } else if (el.type !== "checkbox" && el.type !== "radio") {
        el.value = h.value;
        kept++;
      }
    });
    return kept;
  }
  // the board's ticked values and the send button of a form with ticks, marked as a tap marks them
  function marksAgain() {
    var forms = document.getElementById("forms");
    if (!forms) return;
    each(document.querySelectorAll("section.board svg a.act"), function (link) {
      var on = link.getAttribute("data-on");
      var box = Array.prototype.find.call(forms.querySelectorAll("input[type=checkbox][data-on]"), function (el) {
        return el.getAttribute("data-on") === on;
      });
      link.classList.toggle("picked", !!(box && box.checked));
    });
    each(forms.querySelectorAll("form.move-form"), function (form) {
      if (!form.querySelector("input[type=checkbox][data-on]:checked")) return;
      var button = form.querySelector("button[type=submit]:not([name])");
      if (button) button.classList.add("offered");
    });
  }
  function tell(forms, text) {
    var note = document.createElement("p");
    note.className = "notice moved-on";
    note.setAttribute("role", "status");
    note.textContent = text;
    var act = forms.querySelector("#act");
    if (act && act.tagName === "SECTION") act.insertBefore(note, act.querySelector("h2") ? act.querySelector("h2").nextSibling : act.firstChild);
    else forms.insertBefore(note, forms.firstChild);
  }
  var held = null;
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    var target = e.detail.target;
    if (!target || (target.id !== "forms" && target.id !== "board") || !e.detail.xhr || !e.detail.shouldSwap) return;
    var moment = e.detail.xhr.getResponseHeader("X-Pbem-Moment");
    var shown = target.getAttribute("data-moment");
    if (!moment || !shown) return;
    var now = versionOf(moment), before = versionOf(shown);
    // the same moment, or an older one than the page shows (never back): nothing to swap in
    if (moment === shown || (now !== null && before !== null && now < before)) {
      e.detail.shouldSwap = false;
      return;
    }
    target.setAttribute("data-moment", moment);
    if (target.id === "forms") {
      held = choiceIn(target);
      if (!held.length) held = null;
    }
  });
  document.body.addEventListener("htmx:afterSwap", function (e) {
    var target = e.detail.target || e.target;
    if (!target || (target.id !== "forms" && target.id !== "board")) return;
    if (target.id === "forms" && held) {
      var kept = carry(target, held);
      tell(target, target.getAttribute(kept === held.length ? "data-moved-kept" : "data-moved-lost"));
      held = null;
    }
    marksAgain();
  });
})();
