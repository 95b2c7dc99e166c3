"""Creates (once) the demo account printed by ``make run``."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from rest_framework.authtoken.models import Token


class Command(BaseCommand):
    help = "Create the demo account (username demo, password demo) if it does not exist, and print its API token."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="demo")
        parser.add_argument("--password", default="demo")

    def handle(self, *args, username, password, **options):
        user, created = get_user_model().objects.get_or_create(username=username, defaults={"email": f"{username}@pbem.localhost"})
        if created:
            user.set_password(password)
            user.save()
        token, _ = Token.objects.get_or_create(user=user)
        self.stdout.write(
            f"Demo account: {username} / {password if created else '(unchanged)'}\n"
            f"API token:    {token.key}\n"
            f'Try:          curl -H "Authorization: Token {token.key}" {settings.SITE_URL}/api/engines/\n'
            f"Play:         open {settings.SITE_URL}/ and sign up (the confirmation mail is a file in "
            f"{settings.EMAIL_FILE_PATH}/ unless EMAIL_BACKEND says otherwise)"
        )
