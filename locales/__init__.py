"""The catalogues: `<locale>/LC_MESSAGES/tavern.po`, one per language, and `tavern.pot`, the
English messages extracted from the code (`make messages`). A package only so that the
catalogues install with the project; see docs/languages.md."""
