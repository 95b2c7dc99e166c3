"""Forms: the game-creation form built from an engine's options schema and
the time-control presets, and the move forms built from ActionSpecs.

An ActionSpec's params are small JSON Schemas: enums become choices, bounded
integers number fields, arrays of enum items checkboxes (unique items) or an
ordered row of pickers, arrays of integers a row of number fields. What a
player posts is turned back into the engine's action here; the engine's
``validate`` (through ``move_submit``) decides whether it is legal.
"""

from __future__ import annotations

import json
import uuid
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import ngettext

from pbem import clock
from pbem.languages import language_names, option_help, option_label, option_value

MAX_PICKERS = 12  # an ordered list longer than this is sent by email or API


def _label(value) -> str:
    return str(value).replace("_", " ")


# --- move forms from the engine's choices -------------------------------------------

MAX_BUTTONS = 12  # more complete plays than this are one drop-down and a send button


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def param_widget(name: str, schema: dict, options: list[dict] | None = None) -> dict:
    """How one param is shown: a dict the template renders. ``options`` are the
    engine's legal values with their printed names (Engine.choices); without
    them a value the schema allows is asked for (numbers, prices)."""
    desc = schema.get("description", "")
    word = str(schema.get("title") or name.replace("_", " "))  # the engine's word for it in the reader's language
    named = [(str(o["value"]), o["label"], o.get("on")) for o in options] if options is not None else None
    if schema.get("type") == "array":
        items = schema.get("items", {})
        lo, hi = schema.get("minItems", 0), schema.get("maxItems")
        count = min(hi if hi is not None else MAX_PICKERS, MAX_PICKERS)
        if hi is not None and hi == lo:
            between = f"{lo}"
        elif hi is not None:
            between = _("%(lo)s to %(hi)s") % {"lo": lo, "hi": hi}
        else:
            between = _("at least %(lo)s") % {"lo": lo}
        choices = named if named is not None else (
            [(str(v), _label(v), None) for v in items["enum"]] if "enum" in items else None)
        if choices is not None:
            if schema.get("uniqueItems"):
                return {"name": name, "word": word, "kind": "checkboxes", "choices": choices,
                        "help": desc or _("Tick %(between)s.") % {"between": between}}
            return {"name": name, "word": word, "kind": "pickers", "choices": choices, "slots": range(count),
                    "help": desc or _("Choose %(between)s, in order; leave the rest empty.") % {"between": between}}
        if items.get("type") == "integer":
            return {"name": name, "word": word, "kind": "numbers", "slots": range(count), "min": items.get("minimum"),
                    "max": items.get("maximum"), "step": items.get("multipleOf", 1),
                    "help": desc or _("Give %(between)s numbers, in order; leave the rest empty.") % {"between": between}}
        return {"name": name, "word": word, "kind": "text", "help": desc or _("Write it as JSON.")}
    if named is not None:
        return {"name": name, "word": word, "kind": "select", "choices": named, "help": desc}
    if "enum" in schema:
        return {"name": name, "word": word, "kind": "select", "choices": [(str(v), _label(v), None) for v in schema["enum"]], "help": desc}
    if schema.get("type") == "integer":
        return {"name": name, "word": word, "kind": "number", "min": schema.get("minimum"), "max": schema.get("maximum"),
                "step": schema.get("multipleOf", 1), "help": desc}
    if schema.get("type") == "boolean":
        return {"name": name, "word": word, "kind": "checkbox", "help": desc}
    return {"name": name, "word": word, "kind": "text", "help": desc or _("Write it as JSON.")}


def _with_pairs(widget: dict) -> dict:
    """``choices`` as (value, label) pairs, as other forms read them; ``options`` with the board's ``on`` too."""
    if "choices" in widget:
        widget["options"] = widget["choices"]
        widget["choices"] = [(v, label) for v, label, _ in widget["options"]]
    return widget


def spec_form(spec: dict, version: int, choice: dict | None = None) -> dict:
    """One form per action the seat may send now. With the engine's complete
    plays, the form is those plays (buttons, or one drop-down when there are
    many): nothing else can be sent from it. Otherwise its fields offer only
    the legal values, named as printed."""
    choice = choice or {"plays": [], "options": {}}
    many = len(choice["plays"]) > MAX_BUTTONS
    # in a drop-down of many plays, those on no component answer the board's one button for the action
    plays = [
        {"value": json.dumps(p["action"], sort_keys=True), "label": _sentence(p["label"]),
         "on": p.get("on") or (f"do:{spec['type']}" if many else None)}
        for p in choice["plays"]
    ]
    return {
        "type": spec["type"],
        "label": _sentence(spec["label"]),
        "example": spec.get("example", ""),
        "plays": plays,
        "many": many,
        "params": [] if plays else [_with_pairs(param_widget(n, s, choice["options"].get(n))) for n, s in spec["params"].items()],
        "version": version,
        "key": uuid.uuid4().hex,
    }


class ActionInputError(ValueError):
    """What the player typed cannot be read as the action at all."""


# A value the form cannot read is named by the move's label (the spec's, in the reader's
# language), never by the param's name or the value sent: those may be ids.
def _coerce_enum(raw: str, values: list, label: str):
    for v in values:
        if json.dumps(v) == raw or str(v) == raw:
            return v
    raise ActionInputError(_("%(what)s: that is not one of the choices; choose one from the list.") % {"what": label})


def _coerce_int(raw: str, label: str) -> int:
    try:
        return int(raw.strip())
    except (TypeError, ValueError, AttributeError):
        raise ActionInputError(_("%(what)s: write a whole number.") % {"what": label}) from None


def action_from_post(spec: dict, data) -> dict:
    """The action a move form posted, typed as the spec's schemas say: a
    complete play (``action``, JSON, from a button, the drop-down or a click
    on the board), or the form's fields. ``validate`` decides if it is legal."""
    raw = data.get("action")
    if raw:
        try:
            action = json.loads(raw)
        except ValueError:
            action = None
        if not isinstance(action, dict) or action.get("type") != spec["type"]:
            raise ActionInputError(_("Choose one of the moves offered."))
        return action
    action: dict = {"type": spec["type"]}
    for name, schema in spec["params"].items():
        field = f"p.{name}"
        if "enum" in schema:
            action[name] = _coerce_enum(data.get(field, ""), schema["enum"], spec["label"])
        elif schema.get("type") == "integer":
            action[name] = _coerce_int(data.get(field, ""), spec["label"])
        elif schema.get("type") == "boolean":
            action[name] = data.get(field) == "on"
        elif schema.get("type") == "array":
            raws = [r for r in data.getlist(field) if r.strip()]
            items = schema.get("items", {})
            if "enum" in items:
                action[name] = [_coerce_enum(r, items["enum"], spec["label"]) for r in raws]
            elif items.get("type") == "integer":
                action[name] = [_coerce_int(r, spec["label"]) for r in raws]
            else:
                action[name] = raws
        else:
            raw = data.get(field, "")
            try:
                action[name] = json.loads(raw)
            except ValueError:
                action[name] = raw
    return action


# --- creating a game ----------------------------------------------------------------


def _preset_text(p: dict) -> str:
    if p["mode"] == "credit":
        text = _("a clock of %(initial)s h, +%(increment)s h per move, at most %(max)s h") % {
            "initial": p["initial_hours"], "increment": p["increment_hours"], "max": p["max_hours"]}
    else:
        text = _("%(hours)s hours per decision") % {"hours": p["hours"]}
    if p.get("weekdays_only"):
        text += _(", weekdays only")
    if p.get("time_of_day"):
        text += _(", deadlines at %(time)s") % {"time": p["time_of_day"]}
    return _("%(name)s: %(text)s; reminder %(hours)s h before") % {
        "name": clock.preset_name(p["name"]), "text": text, "hours": p["reminder_hours"]}


def option_fields(engine) -> dict[str, forms.Field]:
    """One form field per property of the engine's options schema, its
    description as help, its default as initial value."""
    fields: dict[str, forms.Field] = {}
    for name, prop in engine.options_schema.get("properties", {}).items():
        # in the reader's words from the engine's catalogs (option.<name>, .help, .<value>)
        label = option_label(engine.slug, name)
        help_text = option_help(engine.slug, name, prop.get("description", ""))
        default = prop.get("default")
        if prop.get("type") == "boolean":
            fields[name] = forms.BooleanField(label=label, help_text=help_text, required=False, initial=default)
        elif "enum" in prop:
            fields[name] = forms.TypedChoiceField(
                label=label, help_text=help_text, initial=default,
                choices=[(v, option_value(engine.slug, name, v)) for v in prop["enum"]],
                coerce=(int if prop.get("type") == "integer" else str),
            )
        elif prop.get("type") == "integer":
            fields[name] = forms.IntegerField(
                label=label, help_text=help_text, initial=default, min_value=prop.get("minimum"), max_value=prop.get("maximum")
            )
        elif prop.get("type") == "array":
            fields[name] = forms.CharField(
                label=label, required=False, initial=", ".join(str(v) for v in default or []),
                help_text=_("%(help)s Comma separated.") % {"help": help_text},
            )
        else:
            fields[name] = forms.CharField(label=label, help_text=help_text, initial=default, required=False)
    return fields


class EngineOptionsMixin:
    """A form's fields for an engine's options (``option_<name>``, from its
    options schema) and their cleaned values as the engine's options."""

    def engine_options_add(self, engine) -> None:
        self.engine = engine
        self.option_names = []
        for name, field in option_fields(engine).items():
            self.fields[f"option_{name}"] = field
            self.option_names.append(f"option_{name}")

    def options_fields(self):
        return [self[n] for n in self.option_names]

    def options(self) -> dict:
        out = {}
        props = self.engine.options_schema.get("properties", {})
        for key in self.option_names:
            name = key.removeprefix("option_")
            value = self.cleaned_data.get(key)
            if props[name].get("type") == "array":
                value = [int(v) if v.strip().lstrip("-").isdigit() else v.strip() for v in (value or "").split(",") if v.strip()]
            out[name] = value
        return out


class GameCreateForm(EngineOptionsMixin, forms.Form):
    players = forms.TypedChoiceField(
        coerce=int, label=gettext_lazy("Players"), help_text=gettext_lazy("Seats at the table, yours included.")
    )
    bots = forms.TypedChoiceField(
        coerce=int, label=gettext_lazy("Bots"), initial=0,
        help_text=gettext_lazy(
            "How many of the other seats bots take at once. Seats left open wait for players; "
            "you may also start early and let bots fill them."
        ),
    )
    time_control = forms.ChoiceField(
        label=gettext_lazy("Time control"), help_text=gettext_lazy("How long each player has to answer.")
    )
    on_timeout = forms.ChoiceField(
        label=gettext_lazy("When a player runs out of time"), choices=list(clock.ON_TIMEOUT.items()), initial="default"
    )
    invite = forms.CharField(
        label=gettext_lazy("Invite by email"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy(
            "Addresses, one per line or comma separated. They get a mail with a link; they need no account."
        ),
    )

    def __init__(self, engine, *args, **kwargs):
        super().__init__(*args, **kwargs)
        counts = range(engine.min_players, engine.max_players + 1)
        self.fields["players"].choices = [(n, str(n)) for n in counts]
        self.fields["players"].initial = engine.min_players
        self.fields["bots"].choices = [(n, str(n)) for n in range(0, engine.max_players)]
        self.fields["time_control"].choices = [(p["name"], _preset_text(p)) for p in clock.presets()]
        self.fields["time_control"].initial = clock.DEFAULT_PRESET
        self.engine_options_add(engine)

    def base_fields_bound(self):
        return [self[n] for n in ("players", "bots", "time_control", "on_timeout", "invite")]

    def clean(self):
        data = super().clean()
        players, bots = data.get("players"), data.get("bots")
        if players is not None and bots is not None and bots >= players:
            self.add_error("bots", ngettext(
                "At most %(count)d bot: seat 1 is yours.", "At most %(count)d bots: seat 1 is yours.", players - 1
            ) % {"count": players - 1})
        emails = [e.strip() for e in (data.get("invite") or "").replace(",", "\n").splitlines() if e.strip()]
        for e in emails:
            try:
                forms.EmailField().clean(e)
            except forms.ValidationError:
                self.add_error("invite", _("%(address)r is not an email address.") % {"address": e})
        data["emails"] = emails
        return data


class ProfileForm(forms.Form):
    language = forms.ChoiceField(
        label=gettext_lazy("Language"), choices=language_names,
        help_text=gettext_lazy("Pages, mails and the answers to your mails are written in it."),
    )
    timezone = forms.CharField(
        max_length=64, label=gettext_lazy("Time zone"),
        help_text=gettext_lazy("An IANA name such as Europe/Berlin: deadlines in mails and pages are shown in it."),
    )
    mail = forms.ChoiceField(
        label=gettext_lazy("Mail"),
        choices=[
            ("every_move", gettext_lazy("every move: your turn, confirmations, revealed bids, results")),
            ("digest", gettext_lazy("digest: only when you must act (with what happened since), and results")),
            ("off", gettext_lazy("off: only answers to your own mails")),
        ],
    )

    def clean_timezone(self):
        tz = self.cleaned_data["timezone"].strip()
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            raise forms.ValidationError(
                _("%(tz)r is not a time zone; write one like Europe/Berlin or America/New_York.") % {"tz": tz}
            ) from None
        return tz


class VacationForm(forms.Form):
    days = forms.IntegerField(
        min_value=1, max_value=366, label=gettext_lazy("Days"), help_text=gettext_lazy("Your deadlines move by this many days.")
    )


class TalkForm(forms.Form):
    text = forms.CharField(max_length=2000, widget=forms.Textarea(attrs={"rows": 2}), label=gettext_lazy("Message"))
    to = forms.TypedChoiceField(coerce=int, label=gettext_lazy("To"), required=False, empty_value=None)
