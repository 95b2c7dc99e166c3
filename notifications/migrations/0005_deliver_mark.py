# The mark of a deliver task in flight, for the short lost-work sweep.

import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('notifications', '0004_board_image'),
        ('pbem', '0004_secrets_visibility_recovery'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='notification',
            name='deliver_queued_at',
            field=models.DateTimeField(blank=True, default=django.utils.timezone.now, null=True),
        ),
        # rows already sent carry no mark: only work in flight does
        migrations.RunSQL(
            "UPDATE notifications_notification SET deliver_queued_at = NULL WHERE sent_at IS NOT NULL",
            migrations.RunSQL.noop,
        ),
        migrations.AddIndex(
            model_name='notification',
            index=models.Index(condition=models.Q(('deliver_queued_at__isnull', False), ('sent_at__isnull', True)), fields=['deliver_queued_at'], name='notification_deliver_queued'),
        ),
    ]
