"""JSON bodies that cannot be parsed are a 400, whatever their shape."""

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    """DRF's parser lets the RecursionError of a deeply nested body (200 KB
    of ``[``) through as a 500; it is a bad request like any other."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("JSON parse error - the body is nested too deeply.")) from None
