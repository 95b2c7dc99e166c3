"""Table talk's model moves from the web app to pbem (pbem.models.TableMessage),
so the mails below the channels can read it by import. State only: the table
keeps its name (web_tablemessage) and its rows; no SQL runs."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("pbem", "0007_seat_page_seen"),
        ("web", "0002_feeds"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="TableMessage",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("to_seat", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("text", models.TextField(max_length=2000)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="table_messages", to="pbem.game")),
                        ("sender", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="table_messages", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "web_tablemessage",
                        "ordering": ["created_at", "id"],
                        "indexes": [models.Index(fields=["game", "created_at"], name="table_message_by_game")],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
