from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AlaskaMove(_message.Message):
    __slots__ = ("kind", "section", "cards", "salmon", "card")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[AlaskaMove.Kind]
        PLACE: _ClassVar[AlaskaMove.Kind]
        END: _ClassVar[AlaskaMove.Kind]
        CAST: _ClassVar[AlaskaMove.Kind]
        ANGLER: _ClassVar[AlaskaMove.Kind]
        EAGLE: _ClassVar[AlaskaMove.Kind]
        BEAR: _ClassVar[AlaskaMove.Kind]
        BEARSTEAL: _ClassVar[AlaskaMove.Kind]
        PASS: _ClassVar[AlaskaMove.Kind]
    KIND_UNSPECIFIED: AlaskaMove.Kind
    PLACE: AlaskaMove.Kind
    END: AlaskaMove.Kind
    CAST: AlaskaMove.Kind
    ANGLER: AlaskaMove.Kind
    EAGLE: AlaskaMove.Kind
    BEAR: AlaskaMove.Kind
    BEARSTEAL: AlaskaMove.Kind
    PASS: AlaskaMove.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    SALMON_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    kind: AlaskaMove.Kind
    section: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    salmon: str
    card: str
    def __init__(self, kind: _Optional[_Union[AlaskaMove.Kind, str]] = ..., section: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., salmon: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...

class AlaskaSalmon(_message.Message):
    __slots__ = ("card", "position", "covers")
    CARD_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    COVERS_FIELD_NUMBER: _ClassVar[int]
    card: str
    position: int
    covers: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, card: _Optional[str] = ..., position: _Optional[int] = ..., covers: _Optional[_Iterable[int]] = ...) -> None: ...

class AlaskaAngler(_message.Message):
    __slots__ = ("section", "card")
    SECTION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    section: int
    card: str
    def __init__(self, section: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class AlaskaWindow(_message.Message):
    __slots__ = ("catcher", "salmon", "seats", "passed")
    CATCHER_FIELD_NUMBER: _ClassVar[int]
    SALMON_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    catcher: int
    salmon: str
    seats: _containers.RepeatedScalarFieldContainer[int]
    passed: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, catcher: _Optional[int] = ..., salmon: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., passed: _Optional[_Iterable[int]] = ...) -> None: ...

class AlaskaSeat(_message.Message):
    __slots__ = ("seat", "hand_count", "caught", "salmon", "main_salmon")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    CAUGHT_FIELD_NUMBER: _ClassVar[int]
    SALMON_FIELD_NUMBER: _ClassVar[int]
    MAIN_SALMON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand_count: int
    caught: _containers.RepeatedScalarFieldContainer[str]
    salmon: int
    main_salmon: int
    def __init__(self, seat: _Optional[int] = ..., hand_count: _Optional[int] = ..., caught: _Optional[_Iterable[str]] = ..., salmon: _Optional[int] = ..., main_salmon: _Optional[int] = ...) -> None: ...

class AlaskaScore(_message.Message):
    __slots__ = ("seat", "round", "total", "rank")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    seat: int
    round: int
    total: int
    rank: int
    def __init__(self, seat: _Optional[int] = ..., round: _Optional[int] = ..., total: _Optional[int] = ..., rank: _Optional[int] = ...) -> None: ...

class AlaskaView(_message.Message):
    __slots__ = ("players", "phase", "active_seat", "to_act", "move_count", "deck_count", "discard", "salmon", "anglers", "pending", "final_round", "last_seat", "no_refill", "playoff", "participants", "window", "seats", "hand", "bear_moves", "finished", "scores", "winners", "tiebreak")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    MOVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    SALMON_FIELD_NUMBER: _ClassVar[int]
    ANGLERS_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    FINAL_ROUND_FIELD_NUMBER: _ClassVar[int]
    LAST_SEAT_FIELD_NUMBER: _ClassVar[int]
    NO_REFILL_FIELD_NUMBER: _ClassVar[int]
    PLAYOFF_FIELD_NUMBER: _ClassVar[int]
    PARTICIPANTS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    BEAR_MOVES_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    TIEBREAK_FIELD_NUMBER: _ClassVar[int]
    players: int
    phase: str
    active_seat: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    move_count: int
    deck_count: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    salmon: _containers.RepeatedCompositeFieldContainer[AlaskaSalmon]
    anglers: _containers.RepeatedCompositeFieldContainer[AlaskaAngler]
    pending: _containers.RepeatedScalarFieldContainer[str]
    final_round: bool
    last_seat: int
    no_refill: _containers.RepeatedScalarFieldContainer[int]
    playoff: int
    participants: _containers.RepeatedScalarFieldContainer[int]
    window: AlaskaWindow
    seats: _containers.RepeatedCompositeFieldContainer[AlaskaSeat]
    hand: _containers.RepeatedScalarFieldContainer[str]
    bear_moves: _containers.RepeatedScalarFieldContainer[str]
    finished: bool
    scores: _containers.RepeatedCompositeFieldContainer[AlaskaScore]
    winners: _containers.RepeatedScalarFieldContainer[int]
    tiebreak: str
    def __init__(self, players: _Optional[int] = ..., phase: _Optional[str] = ..., active_seat: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., move_count: _Optional[int] = ..., deck_count: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., salmon: _Optional[_Iterable[_Union[AlaskaSalmon, _Mapping]]] = ..., anglers: _Optional[_Iterable[_Union[AlaskaAngler, _Mapping]]] = ..., pending: _Optional[_Iterable[str]] = ..., final_round: bool = ..., last_seat: _Optional[int] = ..., no_refill: _Optional[_Iterable[int]] = ..., playoff: _Optional[int] = ..., participants: _Optional[_Iterable[int]] = ..., window: _Optional[_Union[AlaskaWindow, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[AlaskaSeat, _Mapping]]] = ..., hand: _Optional[_Iterable[str]] = ..., bear_moves: _Optional[_Iterable[str]] = ..., finished: bool = ..., scores: _Optional[_Iterable[_Union[AlaskaScore, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., tiebreak: _Optional[str] = ...) -> None: ...

class AlaskaPosition(_message.Message):
    __slots__ = ("salmon", "position")
    SALMON_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    salmon: str
    position: int
    def __init__(self, salmon: _Optional[str] = ..., position: _Optional[int] = ...) -> None: ...

class AlaskaAnglerCatch(_message.Message):
    __slots__ = ("salmon", "angler", "section")
    SALMON_FIELD_NUMBER: _ClassVar[int]
    ANGLER_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    salmon: str
    angler: str
    section: int
    def __init__(self, salmon: _Optional[str] = ..., angler: _Optional[str] = ..., section: _Optional[int] = ...) -> None: ...

class AlaskaEvent(_message.Message):
    __slots__ = ("dealt", "fell", "placed", "current_step", "cast", "angler_placed", "angler_chased", "eagle", "bear_roar", "bear_steal", "passed", "bear_window", "bear_window_closed", "tourist_penalty", "refilled", "final_round", "empty_turn", "turn_ended", "playoff", "game_end", "dice")
    class Dealt(_message.Message):
        __slots__ = ("seat", "count", "deck_count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        deck_count: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., deck_count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Fell(_message.Message):
        __slots__ = ("seat", "salmon", "currents")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SALMON_FIELD_NUMBER: _ClassVar[int]
        CURRENTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        salmon: _containers.RepeatedScalarFieldContainer[str]
        currents: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., salmon: _Optional[_Iterable[str]] = ..., currents: _Optional[_Iterable[str]] = ...) -> None: ...
    class Placed(_message.Message):
        __slots__ = ("seat", "salmon", "position")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SALMON_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        salmon: str
        position: int
        def __init__(self, seat: _Optional[int] = ..., salmon: _Optional[str] = ..., position: _Optional[int] = ...) -> None: ...
    class CurrentStep(_message.Message):
        __slots__ = ("step", "positions", "catches")
        STEP_FIELD_NUMBER: _ClassVar[int]
        POSITIONS_FIELD_NUMBER: _ClassVar[int]
        CATCHES_FIELD_NUMBER: _ClassVar[int]
        step: int
        positions: _containers.RepeatedCompositeFieldContainer[AlaskaPosition]
        catches: _containers.RepeatedCompositeFieldContainer[AlaskaAnglerCatch]
        def __init__(self, step: _Optional[int] = ..., positions: _Optional[_Iterable[_Union[AlaskaPosition, _Mapping]]] = ..., catches: _Optional[_Iterable[_Union[AlaskaAnglerCatch, _Mapping]]] = ...) -> None: ...
    class Cast(_message.Message):
        __slots__ = ("seat", "cards", "section", "outcome", "die", "salmon", "angler", "paid_salmon")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        SECTION_FIELD_NUMBER: _ClassVar[int]
        OUTCOME_FIELD_NUMBER: _ClassVar[int]
        DIE_FIELD_NUMBER: _ClassVar[int]
        SALMON_FIELD_NUMBER: _ClassVar[int]
        ANGLER_FIELD_NUMBER: _ClassVar[int]
        PAID_SALMON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        section: int
        outcome: str
        die: int
        salmon: str
        angler: str
        paid_salmon: str
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., section: _Optional[int] = ..., outcome: _Optional[str] = ..., die: _Optional[int] = ..., salmon: _Optional[str] = ..., angler: _Optional[str] = ..., paid_salmon: _Optional[str] = ...) -> None: ...
    class AnglerPlaced(_message.Message):
        __slots__ = ("seat", "card", "section")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SECTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        section: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., section: _Optional[int] = ...) -> None: ...
    class AnglerChased(_message.Message):
        __slots__ = ("seat", "card", "chased", "section")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        CHASED_FIELD_NUMBER: _ClassVar[int]
        SECTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        chased: str
        section: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., chased: _Optional[str] = ..., section: _Optional[int] = ...) -> None: ...
    class Eagle(_message.Message):
        __slots__ = ("seat", "card", "salmon", "section")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SALMON_FIELD_NUMBER: _ClassVar[int]
        SECTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        salmon: str
        section: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., salmon: _Optional[str] = ..., section: _Optional[int] = ...) -> None: ...
    class BearRoar(_message.Message):
        __slots__ = ("seat", "card", "anglers")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        ANGLERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        anglers: _containers.RepeatedCompositeFieldContainer[AlaskaAngler]
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., anglers: _Optional[_Iterable[_Union[AlaskaAngler, _Mapping]]] = ...) -> None: ...
    class BearSteal(_message.Message):
        __slots__ = ("seat", "card", "salmon", "catcher")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SALMON_FIELD_NUMBER: _ClassVar[int]
        CATCHER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        salmon: str
        catcher: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., salmon: _Optional[str] = ..., catcher: _Optional[int] = ...) -> None: ...
    class SeatOnly(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class BearWindow(_message.Message):
        __slots__ = ("seats", "auto_passed")
        SEATS_FIELD_NUMBER: _ClassVar[int]
        AUTO_PASSED_FIELD_NUMBER: _ClassVar[int]
        seats: _containers.RepeatedScalarFieldContainer[int]
        auto_passed: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seats: _Optional[_Iterable[int]] = ..., auto_passed: _Optional[_Iterable[int]] = ...) -> None: ...
    class BearWindowClosed(_message.Message):
        __slots__ = ("why",)
        WHY_FIELD_NUMBER: _ClassVar[int]
        why: str
        def __init__(self, why: _Optional[str] = ...) -> None: ...
    class TouristPenalty(_message.Message):
        __slots__ = ("seat", "lost")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LOST_FIELD_NUMBER: _ClassVar[int]
        seat: int
        lost: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., lost: _Optional[_Iterable[str]] = ...) -> None: ...
    class Refilled(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class FinalRound(_message.Message):
        __slots__ = ("order",)
        ORDER_FIELD_NUMBER: _ClassVar[int]
        order: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, order: _Optional[_Iterable[int]] = ...) -> None: ...
    class Dice(_message.Message):
        __slots__ = ("seat", "die")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DIE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        die: int
        def __init__(self, seat: _Optional[int] = ..., die: _Optional[int] = ...) -> None: ...
    class Playoff(_message.Message):
        __slots__ = ("playoff", "seats", "first")
        PLAYOFF_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        FIRST_FIELD_NUMBER: _ClassVar[int]
        playoff: int
        seats: _containers.RepeatedScalarFieldContainer[int]
        first: int
        def __init__(self, playoff: _Optional[int] = ..., seats: _Optional[_Iterable[int]] = ..., first: _Optional[int] = ...) -> None: ...
    class GameEnd(_message.Message):
        __slots__ = ("scores", "totals", "winners", "tiebreak")
        SCORES_FIELD_NUMBER: _ClassVar[int]
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        TIEBREAK_FIELD_NUMBER: _ClassVar[int]
        scores: _containers.RepeatedScalarFieldContainer[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        tiebreak: str
        def __init__(self, scores: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., tiebreak: _Optional[str] = ...) -> None: ...
    DEALT_FIELD_NUMBER: _ClassVar[int]
    FELL_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    CURRENT_STEP_FIELD_NUMBER: _ClassVar[int]
    CAST_FIELD_NUMBER: _ClassVar[int]
    ANGLER_PLACED_FIELD_NUMBER: _ClassVar[int]
    ANGLER_CHASED_FIELD_NUMBER: _ClassVar[int]
    EAGLE_FIELD_NUMBER: _ClassVar[int]
    BEAR_ROAR_FIELD_NUMBER: _ClassVar[int]
    BEAR_STEAL_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    BEAR_WINDOW_FIELD_NUMBER: _ClassVar[int]
    BEAR_WINDOW_CLOSED_FIELD_NUMBER: _ClassVar[int]
    TOURIST_PENALTY_FIELD_NUMBER: _ClassVar[int]
    REFILLED_FIELD_NUMBER: _ClassVar[int]
    FINAL_ROUND_FIELD_NUMBER: _ClassVar[int]
    EMPTY_TURN_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    PLAYOFF_FIELD_NUMBER: _ClassVar[int]
    GAME_END_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    dealt: AlaskaEvent.Dealt
    fell: AlaskaEvent.Fell
    placed: AlaskaEvent.Placed
    current_step: AlaskaEvent.CurrentStep
    cast: AlaskaEvent.Cast
    angler_placed: AlaskaEvent.AnglerPlaced
    angler_chased: AlaskaEvent.AnglerChased
    eagle: AlaskaEvent.Eagle
    bear_roar: AlaskaEvent.BearRoar
    bear_steal: AlaskaEvent.BearSteal
    passed: AlaskaEvent.SeatOnly
    bear_window: AlaskaEvent.BearWindow
    bear_window_closed: AlaskaEvent.BearWindowClosed
    tourist_penalty: AlaskaEvent.TouristPenalty
    refilled: AlaskaEvent.Refilled
    final_round: AlaskaEvent.FinalRound
    empty_turn: AlaskaEvent.SeatOnly
    turn_ended: AlaskaEvent.SeatOnly
    playoff: AlaskaEvent.Playoff
    game_end: AlaskaEvent.GameEnd
    dice: AlaskaEvent.Dice
    def __init__(self, dealt: _Optional[_Union[AlaskaEvent.Dealt, _Mapping]] = ..., fell: _Optional[_Union[AlaskaEvent.Fell, _Mapping]] = ..., placed: _Optional[_Union[AlaskaEvent.Placed, _Mapping]] = ..., current_step: _Optional[_Union[AlaskaEvent.CurrentStep, _Mapping]] = ..., cast: _Optional[_Union[AlaskaEvent.Cast, _Mapping]] = ..., angler_placed: _Optional[_Union[AlaskaEvent.AnglerPlaced, _Mapping]] = ..., angler_chased: _Optional[_Union[AlaskaEvent.AnglerChased, _Mapping]] = ..., eagle: _Optional[_Union[AlaskaEvent.Eagle, _Mapping]] = ..., bear_roar: _Optional[_Union[AlaskaEvent.BearRoar, _Mapping]] = ..., bear_steal: _Optional[_Union[AlaskaEvent.BearSteal, _Mapping]] = ..., passed: _Optional[_Union[AlaskaEvent.SeatOnly, _Mapping]] = ..., bear_window: _Optional[_Union[AlaskaEvent.BearWindow, _Mapping]] = ..., bear_window_closed: _Optional[_Union[AlaskaEvent.BearWindowClosed, _Mapping]] = ..., tourist_penalty: _Optional[_Union[AlaskaEvent.TouristPenalty, _Mapping]] = ..., refilled: _Optional[_Union[AlaskaEvent.Refilled, _Mapping]] = ..., final_round: _Optional[_Union[AlaskaEvent.FinalRound, _Mapping]] = ..., empty_turn: _Optional[_Union[AlaskaEvent.SeatOnly, _Mapping]] = ..., turn_ended: _Optional[_Union[AlaskaEvent.SeatOnly, _Mapping]] = ..., playoff: _Optional[_Union[AlaskaEvent.Playoff, _Mapping]] = ..., game_end: _Optional[_Union[AlaskaEvent.GameEnd, _Mapping]] = ..., dice: _Optional[_Union[AlaskaEvent.Dice, _Mapping]] = ...) -> None: ...

class AlaskaOptions(_message.Message):
    __slots__ = ("start_seat", "lucky_dice", "tie_rule", "bear_window", "deck")
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    LUCKY_DICE_FIELD_NUMBER: _ClassVar[int]
    TIE_RULE_FIELD_NUMBER: _ClassVar[int]
    BEAR_WINDOW_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    start_seat: int
    lucky_dice: bool
    tie_rule: str
    bear_window: str
    deck: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, start_seat: _Optional[int] = ..., lucky_dice: bool = ..., tie_rule: _Optional[str] = ..., bear_window: _Optional[str] = ..., deck: _Optional[_Iterable[str]] = ...) -> None: ...
