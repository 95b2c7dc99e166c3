from tests.pbem.conftest import limits_reset  # noqa: F401 - every e2e test starts with no limit counted
