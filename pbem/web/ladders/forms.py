"""The tournament-creation form: the tournament's options for one engine,
checked here for form, and by services.tournament_create for sense (the
same checks as the API)."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pbem import clock
from pbem.ladders import pairing
from pbem.ladders.models import TakeoverRule, Tournament
from pbem.web.forms import EngineOptionsMixin


def default_points_text(sizes) -> str:
    """The documented default, in the form's own notation."""
    return "; ".join(f"{n}: " + " ".join(f"{x:g}" for x in pairing.place_points(n)) for n in sizes)


def points_parse(text: str) -> dict[str, list[float]]:
    """``4: 5 3 1 0; 3: 5 2 0`` -> {"4": [5, 3, 1, 0], "3": [5, 2, 0]}."""
    out: dict[str, list[float]] = {}
    for part in (p.strip() for p in text.replace("\n", ";").split(";")):
        if not part:
            continue
        size, sep, values = part.partition(":")
        if not sep or not size.strip().isdigit():
            raise forms.ValidationError(
                _("%(part)r: write the table size, a colon, then the points, e.g. '4: 3 2 1 0'.") % {"part": part}
            )
        try:
            out[size.strip()] = [float(v) for v in values.replace(",", " ").split()]
        except ValueError:
            raise forms.ValidationError(_("%(part)r: the points must be numbers.") % {"part": part}) from None
    return out


class TournamentCreateForm(EngineOptionsMixin, forms.Form):
    name = forms.CharField(max_length=100, label=gettext_lazy("Name"))
    slug = forms.SlugField(
        max_length=50, required=False, label=gettext_lazy("Short name"),
        help_text=gettext_lazy("In the page's address, /tournaments/<short name>/. Empty: made from the name."),
    )
    format = forms.ChoiceField(
        label=gettext_lazy("Format"), initial=Tournament.Format.SWISS,
        choices=[("swiss", gettext_lazy("Swiss")), ("groups", gettext_lazy("round robin in groups"))],
    )
    table_size = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Players per table"))
    rounds = forms.IntegerField(
        min_value=1, max_value=20, initial=4, label=gettext_lazy("Rounds"),
        help_text=gettext_lazy("Swiss: rounds for everyone; groups: rounds inside each group."),
    )
    group_size = forms.IntegerField(
        min_value=2, max_value=64, required=False, label=gettext_lazy("Group size"),
        help_text=gettext_lazy("Groups only: about this many players per group."),
    )
    final_size = forms.IntegerField(
        min_value=0, max_value=7, initial=0, label=gettext_lazy("Final table"),
        help_text=gettext_lazy("Players at a final table of the best after the rounds; 0 for no final."),
    )
    remainder = forms.ChoiceField(
        choices=[
            ("bye", gettext_lazy("byes for the players left over")),
            ("smaller", gettext_lazy("smaller tables, so everyone plays")),
        ],
        initial=Tournament.Remainder.SMALLER,
        label=gettext_lazy("When the players do not divide into full tables"),
    )
    points = forms.CharField(
        required=False, label=gettext_lazy("Placement points"),
        help_text=gettext_lazy(
            "Per table size, first place first, e.g. '4: 5 3 1 0; 3: 5 2 0'. "
            "Empty: the default 3 × (n − p) / (n − 1), a win worth 3 at any table size."
        ),
    )
    registration_deadline = forms.DateTimeField(
        label=gettext_lazy("Registration closes (UTC)"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=gettext_lazy("The first round starts then."),
    )
    max_players = forms.IntegerField(min_value=2, max_value=10000, required=False, label=gettext_lazy("Player limit"))
    round_hours = forms.IntegerField(
        min_value=1, max_value=24 * 365, initial=24 * 21, label=gettext_lazy("Round deadline (hours)"),
        help_text=gettext_lazy(
            "The next round starts when every game of a round has finished, or this long after the round started."
        ),
    )
    time_control = forms.ChoiceField(
        label=gettext_lazy("Time control"), help_text=gettext_lazy("How long each player has to answer, per game.")
    )
    on_timeout = forms.ChoiceField(
        label=gettext_lazy("When a player runs out of time"), choices=list(clock.ON_TIMEOUT.items()), initial="default"
    )
    on_leave = forms.ChoiceField(
        label=gettext_lazy("When a player resigns or forfeits"), choices=list(clock.ON_LEAVE.items()), initial="bot"
    )
    takeover_rule = forms.ChoiceField(
        label=gettext_lazy("A player who left a game"),
        choices=[
            (TakeoverRule.LAST, gettext_lazy("is placed last at that table")),
            (TakeoverRule.PLACE, gettext_lazy("keeps the place the bot reaches")),
        ],
        initial=TakeoverRule.LAST,
    )
    require_verified_email = forms.BooleanField(
        required=False, initial=True, label=gettext_lazy("Players need a verified email address")
    )

    def __init__(self, engine, *args, **kwargs):
        super().__init__(*args, **kwargs)
        sizes = range(engine.min_players, engine.max_players + 1)
        self.fields["table_size"].choices = [(n, str(n)) for n in sizes]
        self.fields["table_size"].initial = min(4, engine.max_players) if engine.min_players <= 4 else engine.min_players
        self.fields["points"].widget.attrs["placeholder"] = default_points_text(reversed(sizes))
        self.fields["time_control"].choices = [(p["name"], clock.preset_name(p["name"])) for p in clock.presets()]
        self.fields["time_control"].initial = clock.DEFAULT_PRESET
        self.fields["registration_deadline"].initial = (timezone.now() + timedelta(days=7)).replace(
            second=0, microsecond=0, tzinfo=None
        ).isoformat(timespec="minutes")
        self.engine_options_add(engine)

    def tournament_fields(self):
        return [self[n] for n in self.fields if n not in self.option_names]

    def clean_points(self):
        return points_parse(self.cleaned_data.get("points") or "")

    def clean(self):
        data = super().clean()
        if not data.get("slug") and data.get("name"):
            data["slug"] = slugify(data["name"])[:50]
            if not data["slug"]:
                self.add_error("slug", _("Give a short name of letters, digits and hyphens."))
        return data

    def fields_for_service(self) -> dict:
        """The keyword arguments of services.tournament_create."""
        d = self.cleaned_data
        options = self.options()
        fields = {
            k: d[k]
            for k in (
                "slug", "name", "format", "table_size", "rounds", "final_size", "remainder", "points",
                "registration_deadline", "round_hours", "takeover_rule", "require_verified_email",
            )
        }
        for k in ("group_size", "max_players"):
            if d.get(k) is not None:
                fields[k] = d[k]
        fields["engine"] = self.engine.slug
        fields["options"] = options
        fields["time_control"] = {"preset": d["time_control"], "on_timeout": d["on_timeout"], "on_leave": d["on_leave"]}
        return fields
