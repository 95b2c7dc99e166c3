from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("notifications", "0003_undeliverable_and_digest_default")]

    operations = [
        migrations.AddField(model_name="notification", name="board_svg", field=models.TextField(blank=True)),
        migrations.AddField(model_name="emailpreference", name="board_image", field=models.BooleanField(default=True)),
    ]
