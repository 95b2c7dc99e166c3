"""Tasks queued before a deploy still find their task after it: the tasks that
moved with issue 22's layout (the inbound channel's to pbem.email.tasks, the
lost-deliveries sweeps of mails and of push and chat to pbem.tasks) keep the names they were first queued
under, and every task the beat schedule names is registered."""

from django.conf import settings

from config.celery import app

FIRST_NAMES = {
    "notifications.tasks.process_inbound": "pbem.email.tasks",
    "notifications.tasks.inbound_sweep": "pbem.email.tasks",
    "notifications.tasks.lost_deliveries_sweep": "pbem.tasks",
    "notifications.tasks.lost_channel_deliveries_sweep": "pbem.tasks",
    "notifications.tasks.deliver": "notifications.tasks",
    "pbem.tasks.advance": "pbem.tasks",
}


def test_moved_tasks_answer_to_their_first_names():
    app.loader.import_default_modules()
    for name, module in FIRST_NAMES.items():
        assert name in app.tasks, name
        assert app.tasks[name].run.__module__ == module


def test_every_task_of_the_beat_schedule_is_registered():
    app.loader.import_default_modules()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in app.tasks, entry["task"]
