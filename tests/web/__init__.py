"""The browser client, tested as a person uses it: Playwright driving Debian's Chromium
against a real ``gamenight serve``."""
