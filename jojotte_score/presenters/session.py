"""The open sitting, apart from any widget: the store, which sitting is shown, its ledger.

The main window asks the session for the sitting and its ledger after every change; the
undo commands change the store through it and call :meth:`Session.refresh`. Nothing here
computes a score: the ledger comes from :func:`replay`, the status from :func:`table_status`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from jojotte_score import labels
from jojotte_score.core.errors import JojotteError
from jojotte_score.core.games import Game, find_game, replay
from jojotte_score.core.ledger import Ledger, Scorer
from jojotte_score.core.model import (
    AnyHand,
    GameKey,
    RubberRoles,
    Rules,
    Sitting,
)
from jojotte_score.core.status import TableStatus, next_dealer, table_status
from jojotte_score.i18n import _, isolated, pgettext
from jojotte_score.presenters.pad import Pad
from jojotte_score.storage.sittings import RecentHands, SittingStore, StoredSitting

if TYPE_CHECKING:
    from jojotte_score.core.corrections import Correction


class Shown:
    """The sitting on screen, of any game: its newest rubbers scored at once, the rest
    loaded on demand.

    ``recent`` holds the sitting's details and the hands from its checkpoint on;
    :attr:`pad` scores them. The whole sitting (:attr:`stored`, :attr:`sitting`,
    :attr:`ledger`) is loaded from the store the first time it is asked for.
    """

    def __init__(
        self, store: SittingStore, recent: RecentHands, previous: Shown | None = None
    ) -> None:
        self.recent = recent
        self._store = store
        self._stored: StoredSitting | None = None
        # Shown with each name isolated (i18n.isolated): the pad, its explanations and
        # its pages read the names from the ledger's columns.
        self._setup = Sitting(recent.variant, self.shown_players, (), recent.rules, recent.roles)
        game = find_game(recent.variant)
        scorer = None if previous is None else previous._scored_on(recent)
        if scorer is None:
            scorer = Scorer.of(game, self._setup, recent.checkpoint)
            scorer.extend(recent.hands)
        self._scorer = scorer
        self.pad = Pad(
            scorer.ledger(game.column_names(self.shown_players)),
            Scorer.of(game, self._setup).start,
            lambda position: store.hands_from(recent.id, position),
            self._whole_ledger,
            # The revision read when asked: a dealer chosen makes another (:meth:`choose`).
            lambda hand, rubber: store.rubber_start(
                recent.id, self.recent.revision, hand=hand, rubber=rubber
            ),
        )

    def choose(self, seat: int, revision: int) -> None:
        """``seat`` chosen to deal the next hand, the store's ``revision`` made by the
        choice alone: no hand changed, so what is scored and the pad are kept."""
        self.recent = self.recent._replace(chosen_dealer=seat, revision=revision)

    def _whole_ledger(self) -> Ledger:
        """The ledger of every hand, the names as shown: the pad's whole sitting, scored the
        first time something needs it (printing, export, an older rubber)."""
        # Imported here: an import statement run after PySide6's has PySide6's import hook
        # read the module's source whole (dataclasses.py, 58 KB), 3.9 M of a start's
        # 1.268 G instructions (callgrind), though the core has imported it already.
        from dataclasses import replace

        return replay(replace(self.sitting, players=self.shown_players))

    def _scored_on(self, recent: RecentHands) -> Scorer | None:
        """A scorer of ``recent``'s hands that scores only those this one has not: when
        ``recent`` holds, from its checkpoint on, the very hands this one scored (the
        store gives them back unread, :meth:`SittingStore.load_recent`), and hands
        recorded after them. None when it does not."""
        old = self._scorer
        if recent.id != self.id or recent.checkpoint.position < old.start.position:
            return None
        scorer = old.rebased(recent.checkpoint.position - old.start.position)
        if scorer is None or scorer.start != recent.checkpoint:
            return None
        kept = scorer.results
        if len(kept) > len(recent.hands) or any(
            result.hand is not hand for result, hand in zip(kept, recent.hands, strict=False)
        ):
            return None
        scorer.extend(recent.hands[len(kept) :])
        return scorer

    @property
    def id(self) -> int:
        """The sitting's id in the store."""
        return self.recent.id

    @property
    def variant(self) -> GameKey:
        """The way to play: its key."""
        return self.recent.variant

    @property
    def game(self) -> Game:
        """The way to play itself."""
        return find_game(self.recent.variant)

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self.recent.players

    @property
    def shown_players(self) -> tuple[str, ...]:
        """The players' names as text among other words shows them (:func:`isolated`)."""
        return tuple(isolated(name) for name in self.recent.players)

    @property
    def rules(self) -> Rules:
        """The game target and rubber bonus in force."""
        return self.recent.rules

    @property
    def side_names(self) -> tuple[str, ...]:
        """The columns' names: the two sides, or the players (the game's)."""
        return self.game.column_names(self._setup.players)

    @property
    def count(self) -> int:
        """How many hands the sitting has."""
        return self.recent.hand_count

    @property
    def stored(self) -> StoredSitting:
        """The whole sitting as stored (loaded the first time it is asked for)."""
        if self._stored is None:
            self._stored = self._store.load(self.recent.id)
        return self._stored

    @property
    def sitting(self) -> Sitting:
        """The whole recorded sitting."""
        return self.stored.sitting

    @property
    def hands(self) -> tuple[AnyHand, ...]:
        """Every hand, in order."""
        return self.sitting.hands

    @property
    def ledger(self) -> Ledger:
        """The whole pad, every hand scored."""
        return self.pad.whole()

    def hand(self, position: int) -> AnyHand:
        """The hand at ``position`` (0-based), as the pad scored it (an older one with its
        rubber, from the rubber's checkpoint)."""
        result = self.pad.result(position + 1)
        if result is None:
            raise IndexError(f"the sitting has no hand {position + 1}")
        return result.hand

    def scorer_before(self, position: int) -> Scorer:
        """A new scorer that has scored the hands before ``position`` (0-based), for the
        caller to keep, from the checkpoint of their rubber; in the chouette its ``roles``
        are those of the hand at ``position``."""
        start = self.pad.start_of_hand(position + 1)
        if start is None:  # the next hand
            return self._scorer.copy()
        scorer = Scorer.of(self.game, self._setup, start)
        scorer.extend(self.hand(earlier) for earlier in range(start.position, position))
        return scorer

    def roles(self) -> RubberRoles | None:
        """The players' roles for the next hand, in a game whose roles change from rubber
        to rubber (the chouette's box and captain, C3); None in the others."""
        return self.pad.roles(self.status().rubber)

    def status(self) -> TableStatus:
        """Where the table stands before the next hand."""
        return table_status(self.pad.recent, self.variant, self.recent.chosen_dealer)

    def status_line(self) -> str:
        """The status line before the next hand: the two sides' (:func:`status_text`), or
        each player's, naming the chouette's box and team for the rubber
        (:func:`column_status_text`)."""
        status = self.status()
        if find_game(self.variant).per_player:
            return column_status_text(
                status, self.shown_players, status.next_dealer, self.roles(), self.game
            )
        return status_text(status, self.side_names, self.shown_players, status.next_dealer)

    def cut_seats(self) -> tuple[int, ...]:
        """Who may win the cut for the next rubber's first deal: everybody, or in the
        chouette the next rubber's box and captain (C7)."""
        return find_game(self.variant).dealers(self.roles())

    def dealer_at(self, position: int) -> int | None:
        """Who deals the hand at ``position`` (0-based): the rotation (in the chouette the
        box and the captain in turn, C7), or the players' choice (first dealer or new cut)
        when the hand starts a rubber (:func:`next_dealer`)."""
        chosen = self.recent.chosen_dealer if position == self.count else None
        scorer = self.scorer_before(position)
        dealers = find_game(self.variant).dealers(scorer.roles)
        return next_dealer(scorer.results, self.variant, chosen, dealers)


class Session:
    """The store, the sitting being shown and what to do after each change.

    ``on_changed`` is called after every reload (the window refreshes its views);
    ``on_error`` receives a failed change's error (the window shows it).
    """

    def __init__(
        self, store: SittingStore, *, read_only: bool = False, read_only_note: str = ""
    ) -> None:
        self.store = store
        self.read_only = read_only
        self.read_only_note = read_only_note  # why, when it is not another copy writing
        self.sitting_id: int | None = None
        self.shown: Shown | None = None
        self.on_changed: Callable[[], None] = lambda: None
        self.on_error: Callable[[JojotteError], None] = lambda error: None

    def open(self, sitting_id: int | None) -> None:
        """Show ``sitting_id`` (None: no sitting) and refresh the views."""
        self.sitting_id = sitting_id
        self.refresh()

    def open_last(self) -> None:
        """Show the sitting changed most recently, if there is one."""
        self.open(self.store.last_sitting_id())

    def refresh(self) -> None:
        """Reload the sitting from the store, replay it and tell the views."""
        self.reload()
        self.on_changed()

    def reload(self) -> None:
        """Reload the sitting from the store and replay it, for a caller that updates the
        views itself (a change that reaches few of them: a dealer chosen)."""
        try:
            self.shown = self._load()
        except JojotteError as error:
            self.shown = None
            self.sitting_id = None
            self.on_error(error)

    def dealer_chosen(self, seat: int, revision: int) -> None:
        """``seat`` chosen to deal the next hand, as the store's ``choose_dealer`` made
        ``revision``: when that is the revision after the one shown (the choice the only
        change since), the sitting shown takes it without being read again; else it is
        read again (:meth:`reload`). The views are not told."""
        shown = self.shown
        if shown is not None and shown.id == self.sitting_id:
            recent = shown.recent
            if revision == recent.revision + 1:
                shown.choose(seat, revision)
                return
        self.reload()

    def corrector(self, position: int) -> Callable[[AnyHand], Correction | None] | None:
        """What a hand put in place of the hand at ``position`` makes illegal in the later
        hands, and the fixes on offer, as the sitting's game says (the chouette: an edit
        that changes who wins a rubber changes later roles, C3, and who may deal, C7)."""
        shown = self.shown
        if shown is None or not find_game(shown.variant).has_roles:  # no later hand can change
            return None
        recorded = shown.hand(position)

        @functools.cache
        def corrector() -> Callable[[AnyHand], Correction | None] | None:
            return find_game(shown.variant).corrector(shown.sitting, position, shown.ledger)

        def correction(hand: AnyHand) -> Correction | None:
            # The hand as recorded leaves the sitting as legal as it is, so the whole
            # sitting, which the game's corrector needs, is read at the first key that
            # changes the hand, not when the hand is selected: selecting the newest hand but
            # one of a 10,000-hand chouette took 1.2-1.6 s with it, 0.05-0.13 s without, on
            # a busy machine (benchmarks/bench_old_hand.py).
            if hand == recorded:
                return None
            changed = corrector()
            return None if changed is None else changed(hand)

        return correction

    def _load(self) -> Shown | None:
        if self.sitting_id is None:
            return None
        # The sitting shown before, if it is this one: a hand recorded after its hands is
        # scored alone, the hands before it neither read nor scored again (at 10,000 hands
        # the store's add_hand and this scored 100-200 hands each, benchmarks/README.md).
        previous = self.shown if self.shown and self.shown.id == self.sitting_id else None
        known = None if previous is None else previous.recent
        return Shown(self.store, self.store.load_recent(self.sitting_id, known), previous)


def create_sitting(
    store: SittingStore,
    variant: GameKey,
    players: tuple[str, ...],
    rules: Rules,
    *,
    title: str = "",
    place: str = "",
    roles: RubberRoles | None = None,
) -> int:
    """Store a new sitting with no hands; its id. The chouette records its first box and
    captain (C3)."""
    return store.create_sitting(variant, players, rules, title=title, place=place, roles=roles)


def versus(variant: GameKey, players: Sequence[str]) -> str:
    """The sides facing each other: "Anna – Bert", "Anna & Carl – Bert & Dora"; every
    player in the games of individual players ("Anna – Bert – Carl")."""
    if find_game(variant).per_player:
        return labels.versus(players)
    return labels.versus(find_game(variant).side_names(players))


def status_text(
    status: TableStatus, sides: tuple[str, ...], players: Sequence[str], dealer: int | None
) -> str:
    """The status line: "Game 2 · below: A 35 – B 0 · games A 1 – B 0 · prison 60 ·
    next dealer: Bert" (the rubber first when past the first; parts left out when empty).

    ``dealer`` is the seat the window expects to deal next (the rotation, or the answer to
    the new cut or the new sitting's first dealer); None leaves it out.
    """
    parts = [_("Rubber {number}").format(number=status.rubber)] if status.rubber > 1 else []
    parts.append(_("Game {number}").format(number=status.game))
    parts.append(
        _("below: {first} {first_points} – {second} {second_points}").format(
            first=sides[0],
            first_points=status.below[0],
            second=sides[1],
            second_points=status.below[1],
        )
    )
    parts.append(
        _("games {first} {first_games} – {second} {second_games}").format(
            first=sides[0],
            first_games=status.games[0],
            second=sides[1],
            second_games=status.games[1],
        )
    )
    return _status_line(parts, status, players, dealer)


def _status_line(
    parts: list[str], status: TableStatus, players: Sequence[str], dealer: int | None
) -> str:
    """The status line: ``parts`` (the rubber, the game's roles if any, the game and the
    scores), then the prison waiting and who deals next, as both kinds of status line end."""
    if status.prison:
        parts.append(_("prison {points}").format(points=status.prison))
    if dealer is not None and 0 <= dealer < len(players):
        parts.append(_("next dealer: {player}").format(player=players[dealer]))
    elif status.new_cut:
        parts.append(_("new cut for the first dealer"))
    else:
        parts.append(dealer_unknown())
    # Translators: between the parts of the status line, as in "Game 2 · prison 60".
    return _(" · ").join(parts)


def dealer_unknown() -> str:
    """The status line's word when no dealer was recorded since the rubber began: the pad
    suggests every later dealer from one chosen for any hand (T2), so it asks for one (and
    the window has a screen reader say it when it comes)."""
    return _("next dealer not known: choose who deals in the Dealer row")


def import_file(store: SittingStore, path: Path) -> int:
    """Store the sitting file ``path`` as a new sitting titled after the file; its id.

    Raises InvalidSittingError (with every problem) for a refused file, OSError when it
    cannot be read.
    """
    from jojotte_score.formats.sitting_file import load_sitting

    loaded = load_sitting(path)
    stored = None if loaded.uuid is None else store.find_uuid(loaded.uuid)
    return store.import_sitting(
        loaded.sitting,
        title=path.stem,
        earlier_checks=loaded.earlier_checks,
        sitting_id=loaded.uuid if stored is None else None,  # a copy when already stored
    )


def export_sitting(shown: Shown, path: Path) -> None:
    """Write the shown sitting to a sitting file, with its stable id."""
    from jojotte_score.formats.sitting_file import save_sitting

    save_sitting(shown.sitting, path, shown.stored.uuid or None)


def rubbers_path(hands_path: Path) -> Path:
    """Where the rubbers CSV goes beside the hands CSV: "evening.csv" → "evening-rubbers.csv"
    (in the language spoken: "Abend-Robber.csv"), as the file dialog's title says."""
    # Translators: what the rubbers' CSV adds to the name of the hands' CSV ("NAME-rubbers.csv"
    # in the title of the file dialog of Export CSV says it too): no spaces.
    rubbers = pgettext("file name", "{name}-rubbers").format(name=hands_path.stem)
    return hands_path.with_name(f"{rubbers}{hands_path.suffix or '.csv'}")


def csv_dialog_title() -> str:
    """The title of the file dialog of Export CSV: it says that two files are written."""
    return _("Export CSV: the hands to this file, the rubbers beside it (NAME-rubbers.csv)")


def csv_written_text(hands_path: Path, rubbers_path: Path) -> str:
    """What the window says once Export CSV has written its two files."""
    return _("Wrote the hands to {hands} and the rubbers to {rubbers}").format(
        hands=hands_path, rubbers=rubbers_path
    )


def export_csv(shown: Shown, hands_path: Path) -> tuple[Path, Path]:
    """Write the hands and the rubbers of the shown sitting as CSV, as ``jojotte-score csv``
    writes them for a stored sitting, in every game; the two paths."""
    from jojotte_score.formats.csv_export import write_hands_csv, write_rubbers_csv

    target = rubbers_path(hands_path)
    stored = shown.stored
    sitting = shown.sitting
    columns = find_game(sitting.variant).column_names(sitting.players)  # as stored, never isolated
    ledger = shown.ledger if columns == shown.side_names else replay(sitting)
    label = labels.sitting_label(
        stored.id, stored.title, stored.created, shown.variant, columns, for_file=True
    )
    write_hands_csv(sitting, ledger, hands_path, sitting_label=label)
    write_rubbers_csv([(label, sitting, ledger)], target)
    return hands_path, target


def column_status_text(
    status: TableStatus,
    players: Sequence[str],
    dealer: int | None,
    roles: RubberRoles | None = None,
    game: Game | None = None,
) -> str:
    """The status line of a game of individual players: "Game 2 · below: Anna 35, Bert 0,
    Carl 20 · games: Anna 1, Bert 0, Carl 0 · prison 60 · next dealer: Bert"; in the
    chouette it starts with the rubber's roles ("Carl in the box against Anna (captain) and
    Bert"), and the partner has the captain's points below and games."""
    parts = [_("Rubber {rubber}").format(rubber=status.rubber)] if status.rubber > 1 else []
    below, games = status.below, status.games
    if game is not None:  # the game's roles, and what they make a seat write (C4, C5)
        said = game.roles_status(roles, players)
        parts.extend([said] if said else [])
        below, games = game.written_figures(roles, below), game.written_figures(roles, games)
    parts.append(_("Game {game}").format(game=status.game))
    parts.append(_("below: {scores}").format(scores=_each_player(players, below)))
    parts.append(_("games: {scores}").format(scores=_each_player(players, games)))
    return _status_line(parts, status, players, dealer)


def _each_player(players: Sequence[str], figures: Sequence[int]) -> str:
    """Each player's figure, "Anna 35, Bert 0": item by item, joined by the language's
    separator."""
    # Translators: one player and a figure in the status line ("Anna 35").
    items = (
        _("{player} {points}").format(player=name, points=points)
        for name, points in zip(players, figures, strict=False)
    )
    # Translators: the separator between the items of a list ("the bidder, the trump").
    return _(", ").join(items)
