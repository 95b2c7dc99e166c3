"""The web table: server-rendered pages (Django templates + htmx) over
pbem.services (writes) and pbem.web.selectors (page reads)."""
