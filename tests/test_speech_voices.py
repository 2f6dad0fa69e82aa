"""Which voice the built-in voice speaks with: the language's own ranking and
the player's region, never merely the first voice that lists the language
(eSpeak NG lists its Caribbean English, ``en-029``, before British English).
"""

from __future__ import annotations

import shutil

import pytest

from sniff.output.speech._synth import synthesiser, voice_for
from sniff.output.speech._voices import VoiceInfo, choose_voice, locale_region
from sniff.output.speech.espeak import EspeakSynthesiser

HAVE_ESPEAK = shutil.which("espeak-ng") is not None or shutil.which("espeak") is not None

# eSpeak NG 1.51's English and German voices, in the order espeak_ListVoices gives them
# (languages with their priorities, as in ``espeak-ng --voices=en``).
ESPEAK = [
    VoiceInfo("gmw/en-029", "English (Caribbean)", ("en-029", "en"), (5, 10)),
    VoiceInfo("gmw/en", "English (Great Britain)", ("en-gb", "en"), (2, 2)),
    VoiceInfo("gmw/en-GB-scotland", "English (Scotland)", ("en-gb-scotland", "en"), (5, 4)),
    VoiceInfo("gmw/en-GB-x-rp", "English (RP)", ("en-gb-x-rp", "en-gb", "en"), (5, 4, 5)),
    VoiceInfo("gmw/en-US", "English (America)", ("en-us", "en"), (2, 3)),
    VoiceInfo("gmw/en-US-nyc", "English (New York City)", ("en-us-nyc",), (5,)),
    VoiceInfo("mb/mb-en1", "english-mb-en1", ("en-uk", "en-gb", "en"), (3, 3, 2)),
    VoiceInfo("mb/mb-us2", "us-mbrola-2", ("en-us", "en"), (5, 7)),
    VoiceInfo("!v/Storm", "Storm", ("en-us",), (5,)),
    VoiceInfo("mb/mb-de1", "german-mbrola-1", ("de",), (6,)),
    VoiceInfo("gmw/de", "German", ("de",), (5,)),
]
# pyttsx3 on Windows: one language each, no ranking; the system's voice marked.
SAPI = [
    VoiceInfo("TTS_MS_EN-GB_HAZEL_11.0", "Microsoft Hazel Desktop", ("en-GB",)),
    VoiceInfo("TTS_MS_EN-US_DAVID_11.0", "Microsoft David Desktop", ("en-US",), default=True),
    VoiceInfo("TTS_MS_EN-US_ZIRA_11.0", "Microsoft Zira Desktop", ("en-US",)),
    VoiceInfo("TTS_MS_DE-DE_HEDDA_11.0", "Microsoft Hedda Desktop", ("de-DE",)),
]


@pytest.mark.parametrize(
    ("language", "region", "voice"),
    [
        ("en", None, "gmw/en"),  # eSpeak NG's own first choice for "en": British
        ("en", "gb", "gmw/en"),
        ("en", "us", "gmw/en-US"),
        ("en-us", None, "gmw/en-US"),
        ("en_GB", None, "gmw/en"),
        ("en", "au", "gmw/en"),  # no Australian voice: the language's own first
        ("de", None, "gmw/de"),  # not the MBROLA voice listed before it
        ("de", "at", "gmw/de"),
    ],
)
def test_espeak_voices_by_priority_and_region(
    language: str, region: str | None, voice: str
) -> None:
    assert choose_voice(ESPEAK, language, region=region) == voice


@pytest.mark.parametrize("region", [None, "gb", "us", "au", "ca", "ie", "in", "nz", "za"])
def test_english_is_never_caribbean_unless_asked(region: str | None) -> None:
    assert choose_voice(ESPEAK, "en", region=region) != "gmw/en-029"
    assert choose_voice(ESPEAK, "en-029") == "gmw/en-029"


def test_voices_without_a_ranking_follow_the_region_then_the_systems_own() -> None:
    assert choose_voice(SAPI, "en", region="gb") == "TTS_MS_EN-GB_HAZEL_11.0"
    assert choose_voice(SAPI, "en") == "TTS_MS_EN-US_DAVID_11.0"  # the system's voice is American
    assert choose_voice(SAPI, "de") == "TTS_MS_DE-DE_HEDDA_11.0"
    unmarked = [VoiceInfo(v.id, v.name, v.languages) for v in SAPI]
    assert choose_voice(unmarked, "en") == "TTS_MS_EN-GB_HAZEL_11.0"  # British first
    mac = [
        VoiceInfo("com.apple.voice.Albert", "Albert", ("en_US",)),
        VoiceInfo("com.apple.voice.Daniel", "Daniel", ("en_GB",)),
        VoiceInfo("com.apple.voice.Anna", "Anna", ("de_DE",)),
    ]
    assert choose_voice(mac, "en", region="us") == "com.apple.voice.Albert"
    assert choose_voice(mac, "en", region="gb") == "com.apple.voice.Daniel"
    assert choose_voice(mac, "de") == "com.apple.voice.Anna"
    assert choose_voice(mac, "fr") is None


@pytest.mark.parametrize(
    ("environ", "language", "region"),
    [
        ({"LANG": "en_US.UTF-8"}, "en", "us"),
        ({"LANG": "en_GB.UTF-8"}, "en", "gb"),
        ({"LC_ALL": "en_IE.UTF-8@euro", "LANG": "en_US.UTF-8"}, "en", "ie"),
        ({"LANG": "C.UTF-8"}, "en", None),
        ({"LANG": "POSIX"}, "en", None),
        ({}, "en", None),
        ({"LANG": "de_AT.UTF-8"}, "de", "at"),
        ({"LANG": "de_DE.UTF-8"}, "en", None),  # a German locale says nothing of English
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "de_DE:en_GB:en"}, "en", "gb"),
    ],
)
def test_the_region_comes_from_the_locale_of_the_games_language(
    environ: dict[str, str], language: str, region: str | None
) -> None:
    assert locale_region(language, environ) == region


@pytest.mark.skipif(not HAVE_ESPEAK, reason="eSpeak NG is not installed")
@pytest.mark.parametrize(
    ("lang", "voice_lang"),
    [("C.UTF-8", "en-gb"), ("en_GB.UTF-8", "en-gb"), ("en_US.UTF-8", "en-us")],
)
def test_the_real_espeak_ng_list_gives_the_regions_voice(
    monkeypatch: pytest.MonkeyPatch, lang: str, voice_lang: str
) -> None:
    synth = synthesiser()
    if not isinstance(synth, EspeakSynthesiser):
        pytest.skip("the built-in voice does not use eSpeak NG directly here")
    voices = synth.start_engine()
    caribbean = [v for v in voices if "en-029" in v.languages]
    assert caribbean and caribbean[0].priorities, "eSpeak NG's priorities were not read"

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    chosen = next(v for v in voices if v.id == voice_for(voices, "en"))
    assert chosen.languages[0] == voice_lang
    assert voice_for(voices, "de") == "gmw/de"
