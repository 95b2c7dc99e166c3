"""Table talk's model is pbem.TableMessage now (pbem 0008): the web app lets go
of it in the migration state only; the table and its rows stay as they are."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("web", "0002_feeds"),
        ("pbem", "0008_table_message_from_web"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="TableMessage")],
            database_operations=[],
        ),
    ]
