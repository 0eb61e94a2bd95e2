"""The Wonderland Valley rules pages name every designed part and state the data's numbers,
and their worked example is a real game: replayed by the engine, it ends as the page says."""

import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.paths import data_dir
from wonderland_games.games.valley.cards import COMMON_COPIES, UNIQUE_COPIES
from wonderland_games.games.valley.data import load_valley
from wonderland_games.games.valley.effects import Choose, Draw, Gain, Points, Trade, Worker
from wonderland_games.games.valley.narrate import counted
from wonderland_games.games.valley.state import new_state
from wonderland_games.ui.i18n import I18n
from wonderland_games.ui.widgets import parse_markdown

VALLEY = load_valley()
NUMBERS = VALLEY.numbers
LANGS = ("zh", "en")
# The page's words in each language: section headings, the players of the example, list words.
WORDS = {
    "en": {"locations": "The basic locations", "forest": "The forest", "basic": "The basic events",
           "special": "The special events", "roles": "The five roles", "seasons": "The seasons",
           "sixth": "The sixth worker", "example": "Example: a whole season", "names": ("Ann", "Bob"),
           "exclusive": "(exclusive)", "shared": "(shared)", "or": " or ", "and": " and ", "sep": ", ",
           "score": "{name} {n} points"},
    "zh": {"locations": "基础地点", "forest": "森林", "basic": "基础事件", "special": "特殊事件",
           "roles": "五种牌色", "seasons": "季节", "sixth": "第六个工人", "example": "示例：完整的一个季节",
           "names": ("小安", "阿宝"), "exclusive": "（独占）", "shared": "（共享）", "or": " 或 ", "and": " 和 ",
           "sep": "、", "score": "{name} {n} 分"},
}
FRAGMENTS = {
    "en": ["{low} to {high} players", "{deck} cards of {kinds} kinds", "Everyone draws {hand} cards",
           "{start} to start with and {locked} still locked",
           "Your city holds at most {city} cards", "You may hold at most {limit} cards",
           "A draw stops when your hand holds {limit}", "{markers} event markers",
           "16 special events, of which {specials} are turned up", "With 1 or 2 players {forest2} forest cards",
           "with 3 or 4 players {forest4}", "a starting hand of {options} cards instead of {hand}",
           "A unique kind comes in {u0} or {u1} copies", "A common kind comes in {c0} or {c1} copies",
           "{staple} copies", "Every other player then takes exactly one more turn",
           "more resources left (all four kinds together) wins", "with 2 players the second has {b2} berry",
           "with 3 players the second and third have {b3}", "with 4 players the second, third and fourth have {b4}"],
    "zh": ["{low} 到 {high} 人。", "{deck} 张卡牌，共 {kinds} 种", "每人抽 {hand} 张牌",
           "开局可用 {start} 个，其余 {locked} 个尚未解锁",
           "城邦最多 {city} 张牌", "手牌最多 {limit} 张", "手牌一到 {limit} 张就停止", "{markers} 个占领标记",
           "随机翻开其中 {specials} 张", "1 到 2 人时随机翻开 {forest2} 张森林卡", "3 到 4 人时翻开 {forest4} 张",
           "起始手牌为 {options} 张，而不是 {hand} 张", "独特牌每种有 {u0} 到 {u1} 张", "普通牌每种有 {c0} 到 {c1} 张",
           "共 {staple} 张", "其他每位玩家随后各再进行恰好一个回合", "剩余资源（四种合计）多者获胜",
           "2 人时第二位得 {b2} 个浆果", "3 人时第二、三位分别得 {b3} 个", "4 人时第二、三、四位分别得 {b4} 个"],
}


class Words:
    def __init__(self, lang: str):
        self.i18n = I18n(lang)
        self.t = self.i18n.t


def page(lang: str) -> str:
    return (data_dir() / "valley" / f"rules.{lang}.md").read_text(encoding="utf-8")


def section(lang: str, heading: str) -> str:
    text = page(lang)
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else len(text)]


def bullet(text: str, name: str) -> str:
    """The bullet line that starts with `name`."""
    found = [line for line in text.splitlines() if line.startswith(f"- {name}")]
    assert len(found) == 1, f"one bullet for {name!r}, found {found}"
    return found[0]


def gives(app, effects) -> list:
    """What must be written for these effects: each resource gained, cards, points, counts."""
    out = []
    for effect in effects:
        if isinstance(effect, Gain):
            out += [counted(app, r, n) for r, n in effect.resources.items()]
        elif isinstance(effect, Draw):
            out.append(counted(app, "cards", effect.count))
        elif isinstance(effect, Points):
            out.append(counted(app, "points", effect.count))
        elif isinstance(effect, Choose):
            out.append(str(effect.count))
        elif isinstance(effect, Trade):
            out += [str(effect.times)] + gives(app, effect.get)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_reads_as_headings_paragraphs_and_bullets_with_a_solo_heading_last(lang):
    blocks = parse_markdown(page(lang))
    assert blocks[0][0] == "h1"
    assert {kind for kind, _ in blocks} == {"h1", "h2", "p", "li"}
    assert not any("|" in text or "#" in text for _, text in blocks), "the viewer shows no tables or deeper headings"
    solo = [i for i, (kind, text) in enumerate(blocks) if kind == "h2" and ("solo" in text or "单人" in text)]
    assert solo and blocks[solo[0] + 1][0] == "p", "the solo heading, with its one sentence, for the solo helper"


@pytest.mark.parametrize("lang", LANGS)
def test_every_location_and_forest_card_is_named_with_what_it_gives(lang):
    app, words = Words(lang), WORDS[lang]
    locations = section(lang, words["locations"])
    for loc in VALLEY.locations.values():
        line = bullet(locations, loc.name[lang])
        assert words["exclusive" if loc.exclusive else "shared"] in line, line
        assert all(part in line for part in gives(app, loc.effects)), (line, gives(app, loc.effects))
    forest = section(lang, words["forest"])
    for card in VALLEY.forest.values():
        line = bullet(forest, card.name[lang])
        assert all(part in line for part in gives(app, card.effects)), (line, gives(app, card.effects))


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_is_named_with_its_points_and_condition(lang):
    app, words = Words(lang), WORDS[lang]
    seasons = {s.id: s.name[lang] for s in VALLEY.seasons}
    basic = section(lang, words["basic"])
    for event in VALLEY.basic_events.values():
        line = bullet(basic, event.name[lang])
        season = seasons[event.season] if lang == "zh" else seasons[event.season].lower()
        assert season in line and counted(app, "points", event.points) in line, line
        if event.condition.test == "at_least":
            assert str(event.condition.at_least) in line, line
    special = section(lang, words["special"])
    assert str(len(VALLEY.special_events)) in special
    for event in VALLEY.special_events.values():
        line = bullet(special, f"{event.name[lang]} (" if lang == "en" else f"{event.name[lang]}（")
        assert counted(app, "points", event.points) in line, line
        condition = event.condition
        if condition.test == "has":
            assert all(VALLEY.cards.kinds[k].name[lang] in line for k in condition.kinds), line
        else:
            assert str(condition.at_least) in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_the_roles_seasons_and_sixth_worker_are_the_data_s(lang):
    app, words, cards = Words(lang), WORDS[lang], VALLEY.cards
    roles = section(lang, words["roles"])
    symbols = {"boot": ("boot", "靴子"), "sprout": ("sprout", "嫩芽"), "door": ("door", "门"), "key": ("key", "钥匙"),
               "crown": ("crown", "王冠")}
    for role in cards.roles.values():
        line = bullet(roles, role.name[lang] if lang == "zh" else f"**{role.name[lang]}**")
        assert symbols[role.symbol][lang == "zh"] in line, line
    seasons = section(lang, words["seasons"])
    for season in VALLEY.seasons:
        line = bullet(seasons, season.name[lang])
        if season.workers:
            assert counted(app, "workers", season.workers) in line, line
        assert all(part in line for part in gives(app, season.effects)), line
    sixth = [k for k in cards.kinds.values() if any(isinstance(e, Worker) for e in k.effects)]
    assert len(sixth) == 1 and sixth[0].name[lang] in section(lang, words["sixth"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_numbers_on_the_page_are_the_data_s(lang):
    text, words, cards = page(lang), WORDS[lang], VALLEY.cards
    options = [str(n) for n in NUMBERS.starting_hand_options]
    staple = next(k for k in cards.kinds.values() if k.staple)
    assert NUMBERS.forest_revealed[1] == NUMBERS.forest_revealed[2] and \
        NUMBERS.forest_revealed[3] == NUMBERS.forest_revealed[4]
    fields = {"low": NUMBERS.min_players, "high": NUMBERS.max_players, "deck": len(cards.deck()),
              "kinds": len(cards.kinds), "hand": NUMBERS.starting_hand,
              "start": NUMBERS.start_workers, "locked": NUMBERS.total_workers - NUMBERS.start_workers,
              "city": NUMBERS.city_limit, "limit": NUMBERS.hand_limit, "markers": NUMBERS.event_markers,
              "specials": NUMBERS.special_events_revealed, "forest2": NUMBERS.forest_revealed[2],
              "forest4": NUMBERS.forest_revealed[4], "u0": UNIQUE_COPIES[0], "u1": UNIQUE_COPIES[1],
              "c0": COMMON_COPIES[0], "c1": COMMON_COPIES[1], "staple": staple.copies,
              "options": words["sep"].join(options[:-1]) + words["or"] + options[-1]}
    berries = NUMBERS.starting_berries
    assert all(berries[n][0] == 0 for n in berries), "the first player has no head start"
    for n in (2, 3, 4):
        later = [str(b) for b in berries[n][1:]]
        fields[f"b{n}"] = words["sep"].join(later[:-1]) + words["and"] + later[-1] if len(later) > 1 else later[0]
    missing = [f.format(**fields) for f in FRAGMENTS[lang] if f.format(**fields) not in text]
    assert not missing, f"rules.{lang}.md does not say {missing}"
    assert staple.name[lang] in section(lang, "Unique and common cards" if lang == "en" else "独特牌与普通牌")


# The worked example, as the engine plays it (the page tells it turn by turn).
HANDS = (("berry_garden", "dormouse", "tea_table", "carrier_pigeon", "knitting_sheep"),
         ("hedgehog_peddler", "twig_mill", "mole", "toadstool_inn", "fox_shopkeeper"))
FOREST = ("fairy_ring", "old_oak", "owl_tree")
SCRIPT = [("mulligan",), ("mulligan",),
          ("place", "twig_grove"), ("place", "fairy_ring"), ("place", "amber_spring"), ("place", "twig_path"),
          ("play", "berry_garden", 0, 2, 1, 0), ("play", "hedgehog_peddler", 2, 0, 0, 0), ("take", "resin", "resin"),
          ("prepare",), ("play", "toadstool_inn", 0, 2, 1, 0), ("place", 1, 1), ("play", "fox_shopkeeper", "free"),
          ("play", "dormouse", 2, 0, 0, 0), ("prepare",)]


def example_game():
    state = new_state([Seat("Ann"), Seat("Bob")], 1)
    state.first = state.current = 0
    state.forest = list(FOREST)
    for seat, hand in enumerate(HANDS):
        state.deck = sorted(state.deck + state.hands[seat])
        for kind in hand:
            state.deck.remove(kind)
        state.hands[seat] = list(hand)
    for seat, berries in enumerate(NUMBERS.starting_berries[2]):  # Ann first: turn order is seat order
        state.resources[seat] = [berries, 0, 0, 0]
    for action in SCRIPT:
        state.apply(action)
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_the_worked_example_is_a_season_the_engine_plays_as_the_page_tells_it(lang):
    state, words, names = example_game(), WORDS[lang], VALLEY.cards.kinds
    text = section(lang, words["example"])
    assert state.season == [1, 1] and state.workers == [3, 3] and state.current == 0
    assert all(claimed == ["spring_feast"] for claimed in state.claimed)
    for n, name in zip(state.scores(), words["names"]):
        assert words["score"].format(name=name, n=n) in text
    for hand in HANDS:
        assert all(names[k].name[lang] in text for k in hand)
    places = [a[1] for a in SCRIPT if a[0] == "place" and len(a) == 2]
    assert all((VALLEY.locations.get(p) or VALLEY.forest.get(p)).name[lang] in text for p in places + list(FOREST))
    assert state.resources == [[1, 1, 1, 0], [2, 0, 1, 0]]
    assert state.cities[1][state.occupied[1][0]] == "toadstool_inn"
    bobs = counted(Words(lang), "berry", NUMBERS.starting_berries[2][1])
    assert NUMBERS.starting_berries[2][0] == 0 and bobs in text.split("\n\n")[1], "the head start, as the page says"
