"""The catalogues use the glossary's words (docs/glossary/<lang>.md) for the backgammon and
club terms the code marks: each term below that the catalogue has (with its context) is
translated with the glossary's word. Terms the code does not mark are skipped; at least a
few must be there."""

import polib
import pytest

from .catalogues import LANGUAGES, catalogue_path

#: (context, msgid) -> per language, the glossary's words (any of them, lower case, as a
#: part of the translation).
TERMS = {
    ("cube", "Take"): {"da": ["take"], "de": ["annehm", "annahme"],
                       "it": ["accett"], "ja": ["テイク"]},
    ("cube", "Pass"): {"da": ["pas"], "de": ["ablehn"], "it": ["rifiut"], "ja": ["パス"]},
    ("cube", "Double"): {"da": ["dobl"], "de": ["dopp"], "it": ["raddopp"], "ja": ["ダブル"]},
    ("cube", "Redouble"): {"da": ["redobl"], "de": ["redoppel"], "it": ["ridopp"],
                           "ja": ["リダブル"]},
    ("cube", "Beaver"): {"da": ["beaver"], "de": ["beaver"], "it": ["beaver"],
                         "ja": ["ビーバー"]},
    (None, "Match"): {"da": ["match"], "de": ["match"], "it": ["match"], "ja": ["マッチ"]},
    (None, "Matches"): {"da": ["match"], "de": ["match"], "it": ["match"], "ja": ["マッチ"]},
    (None, "Tournament"): {"da": ["turnering"], "de": ["turnier"], "it": ["torneo"],
                           "ja": ["トーナメント"]},
    (None, "Tournaments"): {"da": ["turnering"], "de": ["turnier"], "it": ["tornei"],
                            "ja": ["トーナメント"]},
    (None, "Chouette"): {"da": ["chouette"], "de": ["chouette"], "it": ["chouette"],
                         "ja": ["チョエット"]},
    (None, "Ladder"): {"da": ["rangstige"], "de": ["rangliste", "leiter"], "it": ["ladder"],
                       "ja": ["ラダー"]},
    (None, "League"): {"da": ["liga"], "de": ["liga"], "it": ["lega"], "ja": ["リーグ"]},
    (None, "Standings"): {"da": ["stilling"], "de": ["tabelle"], "it": ["classifica"],
                          "ja": ["順位表"]},
    (None, "Round"): {"da": ["runde"], "de": ["runde"], "it": ["turno"], "ja": ["ラウンド"]},
    (None, "Bye"): {"da": ["bye", "oversidder"], "de": ["freilos"], "it": ["bye", "riposo"],
                    "ja": ["不戦勝", "バイ"]},
    (None, "Rating"): {"da": ["rating"], "de": ["rating"], "it": ["rating"],
                       "ja": ["レーティング"]},
    (None, "Ratings"): {"da": ["rating"], "de": ["rating"], "it": ["rating"],
                        "ja": ["レーティング"]},
    (None, "Master points"): {"da": ["mesterpoint"], "de": ["meisterpunkte"],
                              "it": ["punti master"], "ja": ["マスターポイント"]},
    (None, "Head to head"): {"da": ["indbyrdes"], "de": ["direkter vergleich"],
                             "it": ["scontri diretti"], "ja": ["対戦成績"]},
    (None, "Clubs"): {"da": ["klub"], "de": ["club"], "it": ["club"], "ja": ["クラブ"]},
    (None, "Club"): {"da": ["klub"], "de": ["club"], "it": ["club"], "ja": ["クラブ"]},
    (None, "Members"): {"da": ["medlem"], "de": ["mitglied"], "it": ["soci"],
                        "ja": ["メンバー"]},
    (None, "Settlement"): {"da": ["afregning"], "de": ["abrechnung"], "it": ["saldo"],
                           "ja": ["精算"]},
    (None, "Balance"): {"da": ["saldo"], "de": ["saldo"], "it": ["saldo"], "ja": ["残高"]},
    (None, "Referee"): {"da": ["dommer"], "de": ["schiedsrichter"], "it": ["arbitro"],
                        "ja": ["審判"]},
    (None, "Captain"): {"da": ["kaptajn"], "de": ["kapitän"], "it": ["capitano"],
                        "ja": ["キャプテン"]},
    ("chouette", "Box"): {"da": ["boks"], "de": ["box"], "it": ["box"], "ja": ["ボックス"]},
    (None, "Box"): {"da": ["boks"], "de": ["box"], "it": ["box"], "ja": ["ボックス"]},
    (None, "Luck"): {"da": ["held"], "de": ["glück"], "it": ["fortuna"], "ja": ["運"]},
    (None, "Error rate"): {"da": ["fejlrate"], "de": ["fehlerrate"],
                           "it": ["tasso di errore"], "ja": ["エラーレート"]},
    (None, "Swiss"): {"da": ["schweizer"], "de": ["schweizer"], "it": ["svizzero"],
                      "ja": ["スイス"]},
    (None, "Round robin"): {"da": ["alle mod alle"], "de": ["jeder gegen jeden"],
                            "it": ["girone all'italiana"], "ja": ["総当たり"]},
    (None, "Analysis"): {"da": ["analyse"], "de": ["analyse"], "it": ["analisi"],
                         "ja": ["解析"]},
    (None, "Live board"): {"da": ["live-bræt"], "de": ["live-brett"], "it": ["tavola live"],
                           "ja": ["ライブボード"]},
    (None, "Log in"): {"da": ["log ind"], "de": ["anmelden"], "it": ["accedi"],
                       "ja": ["ログイン"]},
    (None, "Log out"): {"da": ["log ud"], "de": ["abmelden"], "it": ["esci"],
                        "ja": ["ログアウト"]},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_uses_the_glossarys_words(language):
    path = catalogue_path(language, "django")
    assert path.exists(), f"{path} is missing: run `make messages-merge` (bin/i18n)"
    translations = {(entry.msgctxt or None, entry.msgid): entry.msgstr
                    for entry in polib.pofile(str(path)) if not entry.msgid_plural}
    used = [term for term in TERMS if term in translations]
    assert len(used) >= 3, f"hardly any glossary term is marked: {used}"
    wrong = [(term, translations[term]) for term in used
             if not any(word in translations[term].lower() for word in TERMS[term][language])]
    assert not wrong, f"{language}: not the glossary's word: {wrong}"


def test_a_word_outside_the_glossary_is_found(tmp_path, settings):
    """The check can fail: a catalogue saying "Übernehmen" for the cube's take."""
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgctxt="cube", msgid="Take", msgstr="Übernehmen"))
    translations = {(entry.msgctxt, entry.msgid): entry.msgstr for entry in po}
    word = translations[("cube", "Take")].lower()
    assert not any(expected in word for expected in TERMS[("cube", "Take")]["de"])
