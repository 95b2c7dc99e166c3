"""The ladders' and tournaments' pages (pbem.ladders holds their services, selectors and templates)."""
