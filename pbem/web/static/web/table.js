// The board's actions (issue 28). Each component the seat may act on is an SVG link
// (<a class="act" data-on="...">, focusable, labelled) over the board; a click (or Enter)
// finds the matching control in the acting part (#forms, [data-on]) and uses it there, so
// every move still goes through the same forms and move_submit:
//   one complete move      -> its button is pressed (or its drop-down entry chosen and sent)
//   a value to tick         -> its checkbox is ticked or unticked; the form's button sends
//   several moves match     -> they are marked and the first is focused, to choose among them
//   an amount's step        -> (step:<type>:<param>:<line>:<by>, clear:<type>:<param>:<line>) its drop-down
//                              in the form is set to the engine's legal amount the step reaches, shown on
//                              the board and said to screen readers; send:<type> presses the form's button
// Without scripts the link leads to the acting part (#act), where the same moves are buttons.
(function () {
  "use strict";
  // the field of a board panel's line ("sell:prices:0"): the form's line-th field of that name, a
  // drop-down of the engine's legal amounts or a number field
  function amountField(line) {
    var parts = line.split(":");
    var form = document.getElementById("act-" + parts[0]);
    if (!form) return null;
    return form.querySelectorAll("[name='p." + parts[1] + "']")[Number(parts[2])] || null;
  }
  // the amount a step reaches: from the line's amount (an empty line starts at the first the engine
  // lists, the card's own price) by ``by``, to the nearest legal amount that way, within the legal ones;
  // in a number field, within its bounds on its grid (an empty one starts at its least)
  function stepped(field, by) {
    if (field.tagName === "INPUT") {
      var low = Number(field.min || 0), high = Number(field.max), grid = Number(field.step) || 1;
      var to = (field.value === "" ? low : Number(field.value)) + by;
      return Math.min(high, Math.max(low, low + Math.round((to - low) / grid) * grid));
    }
    var amounts = Array.prototype.filter.call(field.options, function (o) { return o.value !== ""; })
      .map(function (o) { return Number(o.value); });
    if (!amounts.length) return null;
    var target = (field.value === "" ? amounts[0] : Number(field.value)) + by;
    var ahead = amounts.filter(function (n) { return by > 0 ? n >= target : n <= target; });
    if (!ahead.length) return by > 0 ? Math.max.apply(null, amounts) : Math.min.apply(null, amounts);
    return by > 0 ? Math.min.apply(null, ahead) : Math.max.apply(null, ahead);
  }
  function wordsOf(field) {
    return field.value === "" ? "\u2014" : field.tagName === "SELECT" ? field.options[field.selectedIndex].text : field.value;
  }
  // the amount on the board, fitted into its box
  function drawAmount(line, field) {
    var words = wordsOf(field);
    var shown = document.querySelector("svg [data-shows='" + line + "']");
    if (shown && shown.textContent !== words) {
      shown.textContent = words;
      shown.removeAttribute("textLength");
      var box = shown.previousElementSibling;
      while (box && box.tagName.toLowerCase() !== "rect") box = box.previousElementSibling;
      var room = box ? Number(box.getAttribute("width")) - 8 : 0;
      if (room && shown.getComputedTextLength && shown.getComputedTextLength() > room) {
        shown.setAttribute("textLength", String(room));
        shown.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
    return words;
  }
  // every amount on the board as its field holds it (a form whose choice was carried over an update,
  // or restored by the browser on going back)
  function drawAmounts() {
    Array.prototype.forEach.call(document.querySelectorAll("svg [data-shows]"), function (shown) {
      var line = shown.getAttribute("data-shows");
      var field = amountField(line);
      if (field) drawAmount(line, field);
    });
  }
  function showAmount(line, field) {
    var words = drawAmount(line, field);
    var said = document.getElementById("board-said");
    var lines = field.form ? field.form.querySelectorAll("[name='" + field.name + "']").length : 1;
    if (said) said.textContent = (lines > 1 ? (Number(line.split(":")[2]) + 1) + ". " : "") + words;
    var send = field.form && field.form.querySelector("button[type=submit]:not([name])");
    if (send) send.classList.add("offered");
  }
  function amountAct(on) {
    var step = /^step:(.+):(-?\d+)$/.exec(on);
    var clear = /^clear:(.+)$/.exec(on);
    var line = step ? step[1] : clear ? clear[1] : null;
    var field = line && amountField(line);
    if (!field) return false;
    if (step) {
      var reached = stepped(field, Number(step[2]));
      if (reached === null) return false;
      field.value = String(reached);
    } else {
      field.value = "";
    }
    showAmount(line, field);
    return true;
  }
  // a phone shows the board in a frame it pans: where amounts are to be set, the frame shows their
  // panel first, once for each decision (not again at every change the page is told of); a page
  // opened there also scrolls to the frame (a live update leaves the page where the player has it)
  var panned = null, pannedIn = null;
  function panToPanel(opened) {
    var panel = document.querySelector(".board-pan .act-panel");
    var pan = panel && panel.closest(".board-pan");
    var version = document.querySelector("#forms input[name=version]");
    var key = version ? version.value : "";
    // a board drawn again is a new frame (at its top): the panel is shown in it again
    if (!panel || (key === panned && pan === pannedIn) || pan.scrollHeight <= pan.clientHeight + 1) return;
    panned = key;
    pannedIn = pan;
    if (opened === true) pan.scrollIntoView({block: "start"});
    pan.scrollTop += panel.getBoundingClientRect().top - pan.getBoundingClientRect().top - 8;
    pan.scrollLeft = 0;
  }
  document.addEventListener("DOMContentLoaded", function () { drawAmounts(); panToPanel(true); });
  window.addEventListener("pageshow", drawAmounts);
  document.addEventListener("htmx:afterSettle", function () { drawAmounts(); panToPanel(); });
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
    if (amountAct(link.getAttribute("data-on"))) { e.preventDefault(); return; }
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
        link.setAttribute("aria-pressed", el.checked ? "true" : "false");
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

// A choice half made is never lost to an update, nor mixed with one of another moment. The board, the
// acting part and the orders panel are fetched again whenever the game may have moved (the stream's
// "moved", the poll's game-moved); each answer says the moment it was drawn at (X-Pbem-Moment: status
// and version, as the part's data-moment). An answer of the moment the page shows already holds the same moves: it is not
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
  var PARTS = {board: true, forms: true, orders: true};
  // a form of a part, the same in a fresh drawing of it: its move type, else its kind (orders)
  function keyOf(form) { return form.getAttribute("data-type") || form.className; }
  function formOf(part, key) {
    return Array.prototype.find.call(part.querySelectorAll("form"), function (form) { return keyOf(form) === key; });
  }
  // what the player has set in a part's forms and not sent: one entry per control changed
  function choiceIn(part) {
    var held = [];
    each(part.querySelectorAll("form"), function (form) {
      var type = keyOf(form);
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
      var form = formOf(forms, h.type);
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
      if (box) link.setAttribute("aria-pressed", box.checked ? "true" : "false");
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
  var held = {};
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    var target = e.detail.target;
    if (!target || !PARTS[target.id] || !e.detail.xhr || !e.detail.shouldSwap) return;
    var moment = e.detail.xhr.getResponseHeader("X-Pbem-Moment");
    if (!moment) return;
    var shown = target.getAttribute("data-moment");
    var now = versionOf(moment), before = versionOf(shown);
    // the same moment, or an older one than the page shows (never back): nothing to swap in
    if (shown && (moment === shown || (now !== null && before !== null && now < before))) {
      e.detail.shouldSwap = false;
      return;
    }
    target.setAttribute("data-moment", moment);  // the orders panel's first drawing sets it
    if (shown && target.id !== "board") {
      var choice = choiceIn(target);
      if (choice.length) held[target.id] = choice;
    }
  });
  document.body.addEventListener("htmx:afterSwap", function (e) {
    var target = e.detail.target || e.target;
    if (!target || !PARTS[target.id]) return;
    var choice = held[target.id];
    if (choice) {
      delete held[target.id];
      var kept = carry(target, choice);
      var texts = document.getElementById("forms") || target;
      tell(target, texts.getAttribute(kept === choice.length ? "data-moved-kept" : "data-moved-lost"));
    }
    marksAgain();
  });
})();
