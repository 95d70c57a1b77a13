"""The languages the bot speaks: one `Language` per catalogue under `locales/`, and which one a
Discord locale reads.

A catalogue is a gettext `.po` file (`locales/<locale>/LC_MESSAGES/tavern.po`), read and
compiled in memory the first time its language is needed (no build step: `make run` stays one
command). English is the source (the templates in the code) and the fallback for anything a
catalogue lacks. Numbers, lists and durations follow the locale's CLDR data (Babel). The
pseudo-locale `PSEUDO` turns every English template into accented, bracketed, 40% longer text:
the tests run the transcripts in it to find English that never went through a catalogue.
See docs/languages.md.
"""

from __future__ import annotations

import functools
import gettext as gettext_module
import io
import re
import threading
from collections.abc import Mapping, Sequence
from datetime import timedelta
from pathlib import Path

from babel import Locale
from babel.dates import format_timedelta
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

import locales
from data import Store
from rules.text import ParamValue, Phrase, Said, Words, fill, listing, phrase

from .errors import SettingRefused

DOMAIN = "tavern"
SOURCE = "en"
PSEUDO = "qps"
"""The pseudo-locale (Windows' name for one): English made visibly foreign and longer."""

SHIPPED: tuple[str, ...] = (
    "de",
    "es",
    "fr",
    "it",
    "pl",
    "pt_BR",
    "ru",
    "uk",
    "tr",
    "ja",
    "ko",
    "zh_CN",
    "zh_TW",
)
"""The catalogues the bot ships, besides English (the tests require each to be complete)."""

DISCORD_LOCALES: Mapping[str, str] = {
    "de": "de",
    "es-ES": "es",
    "es-419": "es",
    "fr": "fr",
    "it": "it",
    "pl": "pl",
    "pt-BR": "pt_BR",
    "ru": "ru",
    "uk": "uk",
    "tr": "tr",
    "ja": "ja",
    "ko": "ko",
    "zh-CN": "zh_CN",
    "zh-TW": "zh_TW",
}
"""Discord's locale codes (`discord.Locale` values) and the catalogue each one reads; any other
locale (en-US, en-GB, and those without a catalogue) reads English."""

_FORMAT_FIELD = re.compile(r"\{[^{}]*\}")


def locales_folder() -> Path:
    """Where the catalogues are (a folder of the installed project)."""
    return Path(locales.__file__).resolve().parent


def catalogue_path(code: str) -> Path:
    return locales_folder() / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue_for(locale: str | None) -> str:
    """The catalogue a Discord locale (or a catalogue's own code) reads: "de" for "de", "es" for
    "es-419", "en" for "en-US" or an unknown one."""
    if not locale:
        return SOURCE
    if locale in DISCORD_LOCALES:
        return DISCORD_LOCALES[locale]
    if locale in SHIPPED or locale in (SOURCE, PSEUDO):
        return locale
    return SOURCE


class Language:
    """One language's words (`rules.text.Words`): translations from its catalogue, English where it
    has none, and the locale's numbers, lists and durations."""

    def __init__(self, code: str, translations: gettext_module.NullTranslations, locale: Locale) -> None:
        self.code = code
        self._translations = translations
        self.locale = locale

    def __repr__(self) -> str:
        return f"Language({self.code!r})"

    def gettext(self, template: str, /, **params: ParamValue) -> str:
        return fill(self._translations.gettext(template), params, self)

    def ngettext(self, singular: str, plural_form: str, count: float, /, **params: ParamValue) -> str:
        # gettext chooses by an integer; a fraction ("2.5 points") takes the plural form.
        chooser = int(count) if float(count).is_integer() else 2
        chosen = self._translations.ngettext(singular, plural_form, chooser)
        return fill(chosen, {"count": self.number(count), **params}, self)

    def pgettext(self, context: str, template: str, /, **params: ParamValue) -> str:
        return fill(self._translations.pgettext(context, template), params, self)

    def say(self, text: Phrase | str) -> str:
        if isinstance(text, Said):  # English from the rules that keeps its Phrase
            text = text.phrase
        if isinstance(text, str):
            return text
        if text.plural is not None:
            return self.ngettext(text.template, text.plural, text.count, **text.params)
        if text.context is not None:
            return self.pgettext(text.context, text.template, **text.params)
        return self.gettext(text.template, **text.params)

    def number(self, value: float) -> str:
        return format_decimal(value, locale=self.locale)

    def listing(self, items: Sequence[str], conjunction: str = "and") -> str:
        """ "A, B und C"; `conjunction` "or" for "A, B oder C"."""
        if not items:
            return ""
        if self.code in (SOURCE, PSEUDO):  # the English the code has always written ("A, B and C")
            return listing(items, conjunction)
        if conjunction == "or":
            return format_list(list(items), style="or", locale=self.locale)
        return format_list(list(items), style="standard", locale=self.locale)

    def duration(self, length: timedelta) -> str:
        """ "2 Tage", "12 hours", "30 minutes": the largest unit that fits, rounded."""
        return format_timedelta(length, threshold=1.0, locale=self.locale)


class _PseudoTranslations(gettext_module.NullTranslations):
    """Every template made foreign: letters accented, bracketed, 40% longer; placeholders,
    Markdown code spans and Discord's <...> markup kept as they are."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ",
)
_KEPT = re.compile(r"(\{[^{}]*\}|`[^`]*`|<[^<>]*>|https?://\S+|\*\*|\n)")
PSEUDO_OPEN = "⟦"
PSEUDO_CLOSE = "⟧"


def pseudo(message: str) -> str:
    """ "Your move, {player}." -> "⟦Ẏǿŭř ḿǿṽḗ, {player}. ~~~~~~⟧" (40% longer, every letter
    accented, so that a text a person reads with plain ASCII words in it came from no catalogue)."""
    parts = _KEPT.split(message)
    out = [part if _KEPT.fullmatch(part) else part.translate(_ACCENTED) for part in parts]
    letters = sum(len(part) for part in parts if not _KEPT.fullmatch(part))
    padding = "~" * (letters * 2 // 5)
    return f"{PSEUDO_OPEN}{''.join(out)}{' ' + padding if padding else ''}{PSEUDO_CLOSE}"


def _compiled(code: str) -> gettext_module.GNUTranslations:
    with catalogue_path(code).open("rb") as po:
        catalogue = read_po(po, locale=code, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue, use_fuzzy=False)
    buffer.seek(0)
    return gettext_module.GNUTranslations(buffer)


_lock = threading.Lock()


@functools.cache
def _language(code: str) -> Language:
    if code == SOURCE:
        return Language(SOURCE, gettext_module.NullTranslations(), Locale("en"))
    if code == PSEUDO:
        return Language(PSEUDO, _PseudoTranslations(), Locale("en"))
    return Language(code, _compiled(code), Locale.parse(code))


def language(locale: str | None) -> Language:
    """The words of a Discord locale (or a catalogue's code); English for any other. Each
    catalogue is read once, when first asked for."""
    code = catalogue_for(locale)
    with _lock:  # pictures are drawn in threads: read each catalogue once
        return _language(code)


ENGLISH = language(SOURCE)

_words_check: Words = ENGLISH  # Language is a rules.text.Words (mypy checks this line)


class LanguageBook:
    """Who reads which language, kept in memory so that any text can be worded at once:
    each server's language (the one its admins chose with the config command's language, else the
    one Discord gives as the server's locale), and each player's own (the locale of their last
    interaction, for what reaches them when they are not there: DMs, reminders, turn notices).
    The store keeps the chosen and remembered ones (loaded at start; the privacy command forgets a
    player's); a server's Discord locale is only seen, never stored."""

    def __init__(self) -> None:
        self._chosen: dict[int, str] = {}
        self._seen: dict[int, str] = {}
        self._players: dict[int, str] = {}

    def for_server(self, guild_id: int | None) -> Language:
        """What a server's channels read. A private match's id of a direct message or group DM
        (its channel id) reads the language of whoever last used the bot there (English when
        nobody has since the start); each player's private text there is chosen by `for_player`."""
        if guild_id is None:
            return ENGLISH
        return language(self._chosen.get(guild_id) or self._seen.get(guild_id))

    def for_player(self, user_id: int) -> Language:
        return language(self._players.get(user_id))

    def chosen_languages(self) -> set[str]:
        """The catalogues some server's admins chose (the bot warms their pictures at start)."""
        return set(self._chosen.values())

    def chosen(self, guild_id: int) -> str | None:
        """The catalogue a server's admins chose (None: Discord's server locale applies)."""
        return self._chosen.get(guild_id)

    def choose(self, guild_id: int, code: str | None) -> None:
        if code is None:
            self._chosen.pop(guild_id, None)
        else:
            self._chosen[guild_id] = catalogue_for(code)

    def saw_server(self, guild_id: int, discord_locale: str | None) -> None:
        if discord_locale:
            self._seen[guild_id] = catalogue_for(discord_locale)

    def saw_player(self, user_id: int, discord_locale: str | None) -> bool:
        """Notes a player's locale; True when it changed (the caller stores it)."""
        code = catalogue_for(discord_locale)
        if self._players.get(user_id, SOURCE) == code:
            return False
        self._players[user_id] = code
        return True

    def forget_player(self, user_id: int) -> None:
        self._players.pop(user_id, None)

    def load(self, chosen: Mapping[int, str], players: Mapping[int, str]) -> None:
        """What the store remembered, at start."""
        self._chosen.update({guild: catalogue_for(code) for guild, code in chosen.items()})
        self._players.update({user: catalogue_for(code) for user, code in players.items()})


def language_name(code: str) -> str:
    """A catalogue's language in its own words, as a language menu shows it ("Deutsch",
    "Español", "日本語", "English"); the pseudo-locale by its code."""
    if code == PSEUDO:
        return code
    name = Locale.parse(code).display_name or code
    return name[:1].upper() + name[1:]


class LanguageMemory:
    """The languages part of the host (a mixin of `Host`): the book (`languages`) loaded from the
    store at start, what each interaction shows noted in it, and the changes written."""

    store: Store
    languages: LanguageBook

    async def load_languages(self) -> None:
        """Read who reads which language from the store (once, at start)."""
        chosen, players = await self.store.languages()
        self.languages.load(chosen, players)

    async def heard(
        self,
        user_id: int,
        locale: str | None,
        guild_id: int | None = None,
        guild_locale: str | None = None,
        *,
        channel_id: int | None = None,
    ) -> None:
        """Note the locales an interaction shows (its user's; its server's, as Discord gives it);
        the player's is stored only when it changed. Without a server (a direct message or group
        DM, whose channel id stands as a private match's server id), the channel reads the
        language of the player who last used the bot there."""
        if guild_id is not None:
            self.languages.saw_server(guild_id, guild_locale)
        elif channel_id is not None:
            self.languages.saw_server(channel_id, locale)
        if self.languages.saw_player(user_id, locale):
            await self.store.save_player_locale(user_id, catalogue_for(locale))

    async def choose_language(self, guild_id: int, code: str | None) -> Language:
        """Set the language a server's channels read (a catalogue's code; None: Discord's server
        locale again); returns the language they read now. An unknown code changes nothing."""
        if code is not None and code not in (SOURCE, *SHIPPED):
            raise SettingRefused(
                phrase(
                    "{value} is not a language the bot speaks: choose one of {codes}.",
                    value=repr(code),
                    codes=", ".join((SOURCE, *SHIPPED)),
                )
            )
        await self.store.save_guild_language(guild_id, code)
        self.languages.choose(guild_id, code)
        return self.languages.for_server(guild_id)
