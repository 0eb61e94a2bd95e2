"""Dream Teller bots: spirits that give clues by their secret role, and a dreamer that reads them.

A bot sees only its view: its own role, the word if it is a spirit, the clues
said so far (public) and the piles. Everything it knows about words comes from
the lexicon (`lexicon.py`): ranked associations, decoys, and the index from a
clue to the words that list it. Clues are in the game's `lang` option, and a
spirit checks each one with `clues.check_clue` before saying it, so a bot never
breaks the clue rules.

The dreamer reads the clues of the card in play as evidence (`Reader`): each
clue was given either honestly, as one of the word's associations (stronger
ones likelier, `RANK_DECAY`) said as it is or in another form or part of it
(flakes for flake, 鳞 for 鳞片: clue_links.py, each link weighted by how sure it
is, so a weak link is weak evidence), or by someone misleading: then, `LURE` of
the time, as one of the associations of a decoy of the word (a boogeyman's lure:
two of the moon's clues also speak, less, for the sun, whose decoy the moon is),
and otherwise as any clue at all; a speaker's `trust` is the chance of the first,
before anything is known the table's (its role mix: patience.py). A clue's evidence
for a word also counts, `KIN` as much, for the words nearest it (`kin_words`: those that
share most associations and names), so a clue listed only for a word's neighbour still
points its way. The words on the correct pile this round and any word the clue checker
would refuse a clue for (its name, a character of it) are not the word in play. It guesses
when the best word's share of the evidence reaches its level's bar (higher once too few
clue turns are left for another card: patience.py; but not on fewer than `APART_AFTER`
clues while the word's decoy, or a word it is the decoy of, is still in the running: a
boogeyman's clues fit both), listens
otherwise, and skips when the clues contradict each other (after
`CONFUSED_AFTER` clues no word explains half of them) or `GIVE_UP` clues went
by without a clear word; on the last guess at time-up (where a skip counts on
neither pile) it guesses any word that explains a clue.

Spirits, by role: a fairy says one of the word's three strongest associations not yet
said on this card (nor a form of one said: `Said`), most often the strongest (`VARY`: a word
does not always open alike); a boogeyman says associations of a decoy that
are legal for the word, the ones the word does not list first (they pull
hardest away from it); a sandman helps like a fairy while the correct pile is
behind and misleads like a boogeyman once it is level or ahead (most tables
have more fairies, so a level count tends to tip toward correct).

Levels: Easy spirits skip the strongest `EASY_SKIP` clues (vaguer hints) and an
Easy dreamer guesses at a lower share; Normal as above; a Hard fairy picks the
association that most raises the word's share for a dreamer, a Hard boogeyman
the decoy the clues so far make most believable, and a Hard dreamer trusts a
speaker less whose clues this round backed a guess that proved wrong or did not
fit a word that proved right (it sees its own wrong guesses and the correct
words, not the wrong words), and of words within `CLOSE` of the best share names the
one more clues agree on (a lure is one or two clues against several).

Measured (seed 1, 6 players; `PYTHONPATH=. python benchmarks/dream_bots.py --games 1000
--forced-games 200`, Normal bots, clues in Chinese): with every spirit a fairy the dreamer
gets 99.5% of the words right; one boogeyman among five spirits 81.9%, two 56.2%, three
31.2%. Dealt as the rule text deals, 2F 2B 1S 47.1%, 3F 1B 1S 57.7%, 3F 2B 57.0%; points a
round: dreamer 10.98, fairy 9.15, boogeyman 8.38, sandman 8.41 (highest / lowest 1.31).
`simulate dream --players 6 --bots normal --games 1000 --fixed-seats`: no seat more than
3.3 points from a fair share of wins. English clues about the same (fairies only 99.2%,
role means within 1.29); Easy tables 78.6% with fairies only, role means within 1.19.
Hard tables are the lopsided ones: Hard fairies and the Hard dreamer's trust find the word
so well (fairies only 100%, three boogeymen still 57.8%) that a boogeyman makes 6.7 points
a round to the dreamer's 16.3 (2.44); what would even it is Hard misleaders that keep the
dreamer's trust (not found yet: giving clues the word lists too made it worse, 2.69).
In a mixed table (hard, normal, easy twice each, 300 games) Hard wins 25%, Normal 15%,
Easy 10% of games.
Reading forms and parts, waiting while a decoy fits and ruling out a word a clue is illegal
for (issue 29; `--games 200`, zh / en): dealt 2F 2B 1S 46.4% / 45.4% correct (47.3% / 45.9%
reading exact text only), role means within 1.31 / 1.28 (1.33 / 1.29), fewer cards a round
(the dreamer listens longer); fairies only 99.5% / 99.3%. On the blind set
(benchmarks/dream_clue_eval.py) a Normal dreamer is right within 3 clues on 95.3% / 97.4%
of chains (61.6% / 90.1%), on 46.8% / 38.9% of those made only of clues the lexicon does
not list (0% / 0%), and 59.0% / 54.4% with a decoy's clues first (41.0% / 48.0%).
Reading a misleading clue as a likely lure (`LURE` 0.25; the denser lexicon of commit
4e178bc on both sides, Normal zh / en): right within 3 clues 96.5% / 98.5% (95.9 / 98.5),
wrong 1.7% / 0.3% (2.6 / 0.3); decoy first right 65.4% / 66.3% (58.7 / 54.9), wrong 33.4% /
33.4% (40.1 / 44.8); a guess on a share of 0.9-1.0 right 90.6% / 87.8% of the time (83.8 /
79.0); it no longer guesses on one clue the lexicon does not list, so unlisted-only chains
of a single clue (57% / 79% of them) are right only at time-up: unlisted right@3 23.7% /
27.6% (30.2 / 31.0), those of 2+ clues 53.5% / 55.6% (68.7 / 66.7). benchmarks/dream_holdout.py
(the set to tune on) has lured chains right 3% -> 9% (0.25) -> 16% (0.5), plain ones alike.
A dreamer that sees through lures leaves boogeymen fewer points (role means within 1.52 in
zh), so a Normal boogeyman keeps to the decoy the card's clues already lean to (1.44 zh,
1.36 en; `dream_bots.py --games 100`).
With kin (`KIN` 0.3), the table's trust, the clock's bar, varied fairies and no echoes (every
word 40+ associations; zh / en): the blind set at a table of six, Normal right within 3 clues
95.1% / 98.3%, wrong 2.0% / 0.3%, decoy first right 71.8% / 75.3% (Hard 78.2% / 81.7%), a
guess on a share of 0.6-0.7 right 64% / 68% and of 0.9-1.0 94% / 95%; kin raised decoy-first
right by 2-8 points and flattened single-clue shares, so unlisted chains of one clue wait for
the time-up guess (unlisted right@3 18.3% / 9.0%, right+last 37.7% / 58.2%; chains of 2+
unlisted clues 51.6% / 50.0%). Held-out clues heard alone (dream_holdout.py) are the best word
7.5% / 7.0% of the time with kin or without (among the best three 17.3% / 16.5%, 16.8% /
15.4% without). `dream_bots.py --games 200`: role means within 1.41 / 1.36; fairies open a
word with its strongest association 60% of the time (100% before), and fewer cards a round
(3523 cards opened by fairies in 100 games, 4072 before: the dreamer waits late in a round).
"""

from __future__ import annotations

import math

from ...core.bots import Bot, RandomBot, level_bot
from . import patience
from .clue_links import CACHE, clue_links
from .clues import check_clue, fold
from .derived import stems
from .rules import BOOGEYMAN, FAIRY, SANDMAN
from .state import BOTS, CORRECT, LAST, LISTEN, PASS, SKIP_A, STORY, WRONG

RANK_DECAY = 0.8  # an honest speaker's next association is this much less likely than the one before
CLUE_SPACE = 3000  # a misleading speaker's clue: about one of this many words
TRUST = 0.8  # Normal: the chance a clue was given honestly
LURE = 0.25  # a misleading clue: the chance it is one of a decoy's associations (a boogeyman's lure), not any word
GUESS_AT = {"easy": 0.4, "normal": 0.6, "hard": 0.7}  # the best word's share of the evidence to guess
CONFUSED_AFTER = 4  # clues on a card after which no word explaining half of them means a skip
GIVE_UP = 8  # clues on a card after which the dreamer guesses its best word or skips
EASY_SKIP = 3  # Easy spirits leave out this many of the strongest clues while others remain
TRUST_FLOOR = 0.3  # Hard: the least trust left in a speaker
MISS_WEIGHT = 1  # Hard: a clue that misled counts this many times a clue that fit
APART_AFTER = 3  # clues heard before a guess between a word and its decoy, both in the running
RIVAL = 0.05  # the share that keeps a decoy in the running
FITS = 0.5  # Hard: a clue fits a word if it links to one of its associations this surely
CLOSE = 0.6  # Hard: a word within this share of the best one is close, and more clues agreeing on it win
KIN = 0.3  # a clue's evidence for a word also counts this much, times their nearness, for its kin (kin_words)
KIN_COUNT = 12  # the nearest words that are a word's kin
VARY = (0.6, 0.25, 0.15)  # Normal and Hard fairies: the chance of each of the few best clues


class Said:
    """The clues said on a card, and whether a clue would only echo one of them: the same text, or
    in English a form of it (shaking after shake: a shared known stem), in Chinese a part of it
    or a word containing it (朦胧 after 朦朦胧胧, 水面 after 水). A spirit says something new."""

    def __init__(self, lexicon, lang: str, texts: list):
        self.lang, self.morph = lang, lexicon.rules.morphology
        self.texts = {fold(t) for t in texts}
        self.stems = [self._stems(t) for t in self.texts] if lang == "en" else []

    def _stems(self, text: str) -> frozenset:
        return frozenset(s for s in stems(text, self.morph) if s == text or s in self.morph.words)

    def __contains__(self, clue: str) -> bool:
        text = fold(clue)
        if self.lang != "en":
            return any(text in said or said in text for said in self.texts)
        mine = self._stems(text)
        return text in self.texts or any(mine & theirs for theirs in self.stems)


def card_clues(view) -> list:
    """[(seat, text)] said on the card in play."""
    card = len(view.cards)
    return [(seat, text) for number, seat, text in view.clues if number == card]


def kin_words(lexicon, lang: str) -> dict:
    """{word: ((kin, nearness), ...)}: the KIN_COUNT words that share most with it, what they
    list and their names (a word that lists another's name shares that name with it), by cosine
    over those sets: the links between words that a clue's evidence also flows along."""
    sets = {w.id: {fold(c) for c in w.associations[lang] + w.forms(lang)} for w in lexicon.words.values()}
    having: dict = {}
    for word, found in sets.items():
        for text in found:
            having.setdefault(text, []).append(word)
    kin = {}
    for word, found in sets.items():
        shared: dict = {}
        for text in found:
            for other in having[text]:
                if other != word:
                    shared[other] = shared.get(other, 0) + 1
        near = sorted(((n / math.sqrt(len(found) * len(sets[o])), o) for o, n in shared.items()),
                      key=lambda x: (-x[0], x[1]))
        kin[word] = tuple((o, round(x, 4)) for x, o in near[:KIN_COUNT])
    return kin


def _rank_weights(length: int) -> tuple:
    weights = [RANK_DECAY ** r for r in range(length)]
    total = sum(weights)
    return tuple(w / total for w in weights)


class Reader:
    """The dreamer's evidence: how well each word explains the clues heard on a card."""

    def __init__(self, lexicon, lang: str):
        self.lexicon, self.lang = lexicon, lang
        self.links = clue_links(lexicon, lang)
        self.weights = {w.id: _rank_weights(len(w.associations[lang])) for w in lexicon.words.values()}
        self.names = {fold(form): w.id for w in lexicon.words.values() for lg in ("zh", "en")
                      for form in w.forms(lg)}  # what a guess names
        # A clue that is a word's name rules that word out (the checker refuses it for it);
        # a synonym does not: it is a legal clue (graveyard for cemetery).
        self.ruled_out = {fold(w.name[lg]): w.id for w in lexicon.words.values() for lg in ("zh", "en")}
        self._refused: dict = {}
        self._evidence: dict = {}  # folded clue -> (honest, lured): `evidence`
        self.lured_from: dict = {w: [] for w in lexicon.words}  # decoy -> the words that have it as one
        for w in lexicon.words.values():
            for decoy in w.decoys:
                self.lured_from[decoy].append(w.id)
        self.kin = kin_words(lexicon, lang)

    def refused(self, text: str) -> frozenset:
        """The words the clue links to that the clue checker refuses it for (鱼鳞 for 鱼: it shares
        a character of the name), and the word it names: spirits speak only legal clues, so none
        of them is the word in play."""
        key = fold(text)
        if key not in self._refused:
            if len(self._refused) >= CACHE:
                self._refused.clear()
            named = {self.ruled_out[key]} if key in self.ruled_out else set()
            self._refused[key] = frozenset(named | {w for w in self.links.links(key)
                                                    if check_clue(self.lexicon, w, key, self.lang)})
        return self._refused[key]

    def fits(self, text: str, word: str) -> float:
        """How surely the clue `text` means one of `word`'s associations (0 if it links to none)."""
        return max((weight for _, weight in self.links.links(text).get(word, ())), default=0.0)

    def ranked(self, clues: list, trust: dict, excluded: set) -> list:
        """[(share of the evidence, word, how many clues it explains)] best first, for the clues
        [(seat, text)] and trust {seat: chance of honesty} (TRUST for a seat not in it); words in
        `excluded` and words a clue is illegal for (`refused`) are out. An honest clue means one of the word's
        associations, said as it is or in another form (clue_links.py): its likelihood is the
        rank weights of the associations it links to, each times how sure the link is, so a
        weak link is weak evidence and explains only that much of its clue. Only words some
        clue links to are ranked: the others share the rest of the evidence."""
        noise = (1 - LURE) / CLUE_SPACE
        miss = [math.log((1 - trust.get(seat, TRUST)) * noise) for seat, _ in clues]
        gone = set(excluded).union(*(self.refused(t) for _, t in clues))
        hits: dict = {}
        for i, (seat, text) in enumerate(clues):
            t = trust.get(seat, TRUST)
            honest, lured = self.evidence(text)
            for word in set(honest) | set(lured):
                if word not in gone:
                    likely, sure = honest.get(word, (0.0, 0.0))
                    misled = LURE * lured.get(word, 0.0) + noise
                    hits.setdefault(word, {})[i] = (math.log(t * likely + (1 - t) * misled), sure)
        if not hits:
            return []
        base = sum(miss)
        scores = {w: base + sum(h - miss[i] for i, (h, _) in found.items()) for w, found in hits.items()}
        rest = max(0, len(self.lexicon.words) - len(gone | set(hits)))
        top = max(scores.values())
        total = sum(math.exp(s - top) for s in scores.values()) + rest * math.exp(base - top)
        return sorted(((math.exp(s - top) / total, w, sum(sure for _, sure in hits[w].values()))
                       for w, s in scores.items()), key=lambda x: (-x[0], x[1]))

    def evidence(self, text: str) -> tuple:
        """(honest, lured) for one clue, whoever said it: {word: (likelihood, sureness)} of an honest
        speaker (its links, and its kin's: `with_kin`), and {word: likelihood} of a misleading one
        saying a decoy's association (a boogeyman's lure). Kept per clue: a Hard fairy weighs
        every option against the same clues heard."""
        key = fold(text)
        if key not in self._evidence:
            if len(self._evidence) >= CACHE:
                self._evidence.clear()
            honest = self.with_kin({word: (sum(self.weights[word][rank] * weight for rank, weight in links),
                                           max(weight for _, weight in links))
                                    for word, links in self.links.links(key).items()})
            lured: dict = {}
            for decoy, (likely, _) in honest.items():
                for word in self.lured_from[decoy]:
                    lured[word] = max(lured.get(word, 0.0), likely)
            self._evidence[key] = (honest, lured)
        return self._evidence[key]

    def with_kin(self, honest: dict) -> dict:
        """`honest` {word: (likelihood, sureness)} with each word's kin (`kin_words`) also explaining
        the clue, KIN times their nearness as well as the best of them does: a clue of the kitchen's
        stove also says, less, that it may be the oven. Only added, so a word's own evidence is
        never shared out."""
        best: dict = {}  # word -> the strongest evidence its kin give it
        for word, (likely, sure) in honest.items():
            for other, near in self.kin.get(word, ()):
                if KIN * near * likely > best.get(other, (0.0, 0.0))[0]:
                    best[other] = (KIN * near * likely, KIN * near * sure)
        found = dict(honest)
        for word, (likely, sure) in best.items():
            own = honest.get(word, (0.0, 0.0))
            found[word] = (own[0] + likely, max(own[1], sure))
        return found

    def share(self, word: str, clues: list, excluded: set) -> float:
        """The evidence share of `word` after `clues`, for a dreamer trusting everyone alike."""
        return next((share for share, w, _ in self.ranked(clues, {}, excluded) if w == word), 0.0)


_READERS: dict = {}  # (lexicon id, lang) -> (lexicon, Reader): built once, the index is large


def reader(lexicon, lang: str) -> Reader:
    key = (id(lexicon), lang)
    if key not in _READERS or _READERS[key][0] is not lexicon:
        _READERS[key] = (lexicon, Reader(lexicon, lang))
    return _READERS[key][1]


class DreamBot(Bot):
    """One bot for every role: its view says which it plays this round."""

    def __init__(self, level: str):
        self.level = level

    def choose(self, view, legal_actions, rng, budget=None):
        if view.mode != BOTS:  # table mode asks the table, never a bot (see state.py)
            return RandomBot().choose(view, legal_actions, rng)
        if view.phase == STORY:
            return ("story", 1)  # a bot's story is made of its correct words, so it names them all
        from .lexicon import load_lexicon

        lexicon = load_lexicon()
        seat = view.current_player()
        if seat == view.dreamer():
            return self.dream(view, lexicon)
        return self.clue(view, seat, lexicon, rng)

    # -- the dreamer -------------------------------------------------------------
    def dream(self, view, lexicon):
        clues = card_clues(view)
        read = reader(lexicon, view.lang)
        trust = self.trust(view, read, self.level == "hard")
        ranked = read.ranked(clues, trust, set(view.correct_words()))
        if not ranked:
            return SKIP_A if view.phase == LAST or len(clues) >= GIVE_UP else LISTEN
        share, word, explained = ranked[0]
        if self.level == "hard":
            share, word, explained = self.agreed(ranked)
        guess = ("guess", lexicon.words[word].name[view.lang])
        at = patience.bar(GUESS_AT[self.level], patience.turns_left(view))
        if view.phase == LAST or (share >= at and not (len(clues) < APART_AFTER and self.rival(lexicon, ranked))):
            return guess
        if len(clues) >= GIVE_UP or (len(clues) >= CONFUSED_AFTER and 2 * explained < len(clues)):
            return guess if 2 * explained >= len(clues) else SKIP_A
        return LISTEN

    @staticmethod
    def agreed(ranked: list) -> tuple:
        """Hard: of the words within CLOSE of the best share, the one the most clues agree on (a
        boogeyman's lure is one or two strong clues against several weaker ones)."""
        close = [r for r in ranked if r[0] >= CLOSE * ranked[0][0]]
        return max(close, key=lambda r: (round(r[2], 6), r[0]))

    @staticmethod
    def rival(lexicon, ranked: list) -> bool:
        """True if the best word's decoy (or a word it is the decoy of) is still in the running:
        the pair a boogeyman leads between, so a clue or two may fit both."""
        best = lexicon.words[ranked[0][1]]
        return any(share >= RIVAL and (w in best.decoys or best.id in lexicon.words[w].decoys)
                   for share, w, _ in ranked[1:])

    @staticmethod
    def trust(view, read: Reader, learn: bool = True) -> dict:
        """{seat: trust}: the table's prior (its role mix, patience.prior_trust) for every spirit,
        and, when `learn` (Hard), what this round's finished cards showed: a clue that backed a
        wrong guess, or did not fit a word that proved right, counts against its speaker; one
        that fit, for."""
        prior = patience.prior_trust(len(view.seats), TRUST)
        trust = {seat: prior for seat in range(len(view.seats))}
        if not learn:
            return trust
        fits, misses = {}, {}
        for number, (word, outcome, guess) in enumerate(view.cards):
            named = word if outcome == CORRECT else read.names.get(fold(guess)) if outcome == WRONG else None
            if named is None:
                continue
            for card, seat, text in view.clues:
                if card != number:
                    continue
                listed = read.fits(text, named) >= FITS
                tally = fits if listed == (outcome == CORRECT) else misses
                tally[seat] = tally.get(seat, 0) + 1
        for seat in set(fits) | set(misses):
            good, bad = fits.get(seat, 0), misses.get(seat, 0)
            # the prior counts as one clue's worth
            trust[seat] = max(TRUST_FLOOR, (good + prior) / (good + MISS_WEIGHT * bad + 1))
        return trust

    # -- the spirits -------------------------------------------------------------
    def clue(self, view, seat: int, lexicon, rng):
        word = lexicon.words.get(view.current)
        if word is None:  # a word the lexicon does not know (a test deck): nothing to say about it
            return PASS
        role = view.roles[seat]
        if role == SANDMAN:
            role = FAIRY if view.pile(CORRECT) < view.pile(WRONG) else BOOGEYMAN
        said = Said(lexicon, view.lang, [text for _, text in card_clues(view)])
        if role == FAIRY:
            options = self.fairy_clues(view, word, said, lexicon)
        else:
            options = self.boogeyman_clues(view, word, said, lexicon)
        if not options:
            return PASS
        if self.level == "easy" and len(options) > EASY_SKIP:
            options = options[EASY_SKIP:]
            return ("clue", seat, options[rng.randrange(min(len(options), EASY_SKIP))])
        if role == FAIRY:  # a fairy varies its clue among the few best (people do not all start alike)
            return ("clue", seat, rng.choices(options[:len(VARY)], VARY[:len(options)])[0])
        return ("clue", seat, options[0])

    def fairy_clues(self, view, word, said: "Said", lexicon) -> list:
        """The word's legal associations not said on this card (nor a form of one said), strongest
        first (Hard: the one that
        most raises the word's share for a dreamer first)."""
        lang = view.lang
        options = [c for c in word.associations[lang]
                   if c not in said and check_clue(lexicon, word.id, c, lang) is None]
        if self.level != "hard" or len(options) < 2:
            return options
        read, clues = reader(lexicon, lang), card_clues(view)
        excluded = set(view.correct_words())
        return sorted(options, key=lambda c: -read.share(word.id, clues + [(view.current_player(), c)], excluded))

    def boogeyman_clues(self, view, word, said: "Said", lexicon) -> list:
        """Legal clues of a decoy not said on this card (nor a form of one said), those the word does
        not list first, then
        by the decoy's ranking. Normal leads to the decoy the card's clues make most believable
        (the first on a fresh card), so it does not change the lure another boogeyman began;
        Hard to the decoy the card's clues and its own next clue make most believable, that clue first."""
        lang = view.lang
        own = {fold(c) for c in word.associations[lang]}
        by_decoy = []
        for decoy in word.decoys:
            clues = [c for c in lexicon.words[decoy].associations[lang]
                     if c not in said and check_clue(lexicon, word.id, c, lang) is None]
            if clues:
                by_decoy.append((decoy, sorted(clues, key=lambda c: fold(c) in own)))
        if not by_decoy:
            return []
        read, heard, excluded = reader(lexicon, lang), card_clues(view), set(view.correct_words())
        if self.level != "hard":
            if not heard:
                return by_decoy[0][1]
            shares = {w: share for share, w, _ in read.ranked(heard, {}, excluded)}
            return max(by_decoy, key=lambda d: shares.get(d[0], 0.0))[1]  # first of the most believable
        seat = view.current_player()
        best = []
        for decoy, clues in by_decoy:
            shares = {c: read.share(decoy, heard + [(seat, c)], excluded) for c in clues}
            best.append((max(shares.values()), sorted(clues, key=lambda c: -shares[c])))
        return max(best, key=lambda b: b[0])[1]


def make_bot(level: str) -> Bot:
    return level_bot(level, {level: (lambda level=level: DreamBot(level)) for level in GUESS_AT})
