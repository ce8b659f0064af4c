from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class KodiakPosition(_message.Message):
    __slots__ = ("seat", "slot", "kodiak_picks")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    KODIAK_PICKS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    slot: int
    kodiak_picks: bool
    def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ..., kodiak_picks: bool = ...) -> None: ...

class KodiakMove(_message.Message):
    __slots__ = ("kind", "slot", "target", "positions")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[KodiakMove.Kind]
        EXCHANGE: _ClassVar[KodiakMove.Kind]
        LOOKOWN: _ClassVar[KodiakMove.Kind]
        LOOK: _ClassVar[KodiakMove.Kind]
        SWAP: _ClassVar[KodiakMove.Kind]
        PICK: _ClassVar[KodiakMove.Kind]
        REVEAL: _ClassVar[KodiakMove.Kind]
        THROW: _ClassVar[KodiakMove.Kind]
        DONE: _ClassVar[KodiakMove.Kind]
        POUNCE: _ClassVar[KodiakMove.Kind]
        COUNTER: _ClassVar[KodiakMove.Kind]
        PASS: _ClassVar[KodiakMove.Kind]
    KIND_UNSPECIFIED: KodiakMove.Kind
    EXCHANGE: KodiakMove.Kind
    LOOKOWN: KodiakMove.Kind
    LOOK: KodiakMove.Kind
    SWAP: KodiakMove.Kind
    PICK: KodiakMove.Kind
    REVEAL: KodiakMove.Kind
    THROW: KodiakMove.Kind
    DONE: KodiakMove.Kind
    POUNCE: KodiakMove.Kind
    COUNTER: KodiakMove.Kind
    PASS: KodiakMove.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    POSITIONS_FIELD_NUMBER: _ClassVar[int]
    kind: KodiakMove.Kind
    slot: int
    target: KodiakPosition
    positions: _containers.RepeatedCompositeFieldContainer[KodiakPosition]
    def __init__(self, kind: _Optional[_Union[KodiakMove.Kind, str]] = ..., slot: _Optional[int] = ..., target: _Optional[_Union[KodiakPosition, _Mapping]] = ..., positions: _Optional[_Iterable[_Union[KodiakPosition, _Mapping]]] = ...) -> None: ...

class KodiakHeld(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class KodiakAction(_message.Message):
    __slots__ = ("card", "action", "steps_left", "steps_done")
    CARD_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    STEPS_LEFT_FIELD_NUMBER: _ClassVar[int]
    STEPS_DONE_FIELD_NUMBER: _ClassVar[int]
    card: str
    action: str
    steps_left: int
    steps_done: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, card: _Optional[str] = ..., action: _Optional[str] = ..., steps_left: _Optional[int] = ..., steps_done: _Optional[_Iterable[str]] = ...) -> None: ...

class KodiakWindow(_message.Message):
    __slots__ = ("rune", "phase", "escapee", "thrown", "passed")
    RUNE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ESCAPEE_FIELD_NUMBER: _ClassVar[int]
    THROWN_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    rune: str
    phase: str
    escapee: int
    thrown: int
    passed: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, rune: _Optional[str] = ..., phase: _Optional[str] = ..., escapee: _Optional[int] = ..., thrown: _Optional[int] = ..., passed: _Optional[_Iterable[int]] = ...) -> None: ...

class KodiakSlot(_message.Message):
    __slots__ = ("slot", "position", "card", "face_up", "known_by")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    KNOWN_BY_FIELD_NUMBER: _ClassVar[int]
    slot: int
    position: str
    card: str
    face_up: bool
    known_by: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, slot: _Optional[int] = ..., position: _Optional[str] = ..., card: _Optional[str] = ..., face_up: bool = ..., known_by: _Optional[_Iterable[int]] = ...) -> None: ...

class KodiakSeat(_message.Message):
    __slots__ = ("seat", "role", "card_count", "beside", "total", "round_scores", "slots")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    BESIDE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORES_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    role: str
    card_count: int
    beside: _containers.RepeatedScalarFieldContainer[str]
    total: int
    round_scores: _containers.RepeatedScalarFieldContainer[int]
    slots: _containers.RepeatedCompositeFieldContainer[KodiakSlot]
    def __init__(self, seat: _Optional[int] = ..., role: _Optional[str] = ..., card_count: _Optional[int] = ..., beside: _Optional[_Iterable[str]] = ..., total: _Optional[int] = ..., round_scores: _Optional[_Iterable[int]] = ..., slots: _Optional[_Iterable[_Union[KodiakSlot, _Mapping]]] = ...) -> None: ...

class KodiakFinalScore(_message.Message):
    __slots__ = ("seat", "round_score", "total", "rank")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    seat: int
    round_score: int
    total: int
    rank: int
    def __init__(self, seat: _Optional[int] = ..., round_score: _Optional[int] = ..., total: _Optional[int] = ..., rank: _Optional[int] = ...) -> None: ...

class KodiakView(_message.Message):
    __slots__ = ("players", "round", "rounds", "kodiak", "active_seat", "phase", "to_act", "move_count", "memory_aid", "blue_king_kodiak", "deck_count", "discard", "held", "action", "pending_pick", "window", "catches", "seats", "finished", "scores", "winners")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    KODIAK_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    MOVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    MEMORY_AID_FIELD_NUMBER: _ClassVar[int]
    BLUE_KING_KODIAK_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    HELD_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    PENDING_PICK_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    CATCHES_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    players: int
    round: int
    rounds: int
    kodiak: int
    active_seat: int
    phase: str
    to_act: _containers.RepeatedScalarFieldContainer[int]
    move_count: int
    memory_aid: str
    blue_king_kodiak: bool
    deck_count: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    held: KodiakHeld
    action: KodiakAction
    pending_pick: str
    window: KodiakWindow
    catches: int
    seats: _containers.RepeatedCompositeFieldContainer[KodiakSeat]
    finished: bool
    scores: _containers.RepeatedCompositeFieldContainer[KodiakFinalScore]
    winners: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, players: _Optional[int] = ..., round: _Optional[int] = ..., rounds: _Optional[int] = ..., kodiak: _Optional[int] = ..., active_seat: _Optional[int] = ..., phase: _Optional[str] = ..., to_act: _Optional[_Iterable[int]] = ..., move_count: _Optional[int] = ..., memory_aid: _Optional[str] = ..., blue_king_kodiak: bool = ..., deck_count: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., held: _Optional[_Union[KodiakHeld, _Mapping]] = ..., action: _Optional[_Union[KodiakAction, _Mapping]] = ..., pending_pick: _Optional[str] = ..., window: _Optional[_Union[KodiakWindow, _Mapping]] = ..., catches: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[KodiakSeat, _Mapping]]] = ..., finished: bool = ..., scores: _Optional[_Iterable[_Union[KodiakFinalScore, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...

class KodiakOptions(_message.Message):
    __slots__ = ("first_kodiak", "cycles", "memory_aid", "blue_king_kodiak", "deck")
    FIRST_KODIAK_FIELD_NUMBER: _ClassVar[int]
    CYCLES_FIELD_NUMBER: _ClassVar[int]
    MEMORY_AID_FIELD_NUMBER: _ClassVar[int]
    BLUE_KING_KODIAK_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    first_kodiak: int
    cycles: int
    memory_aid: str
    blue_king_kodiak: str
    deck: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, first_kodiak: _Optional[int] = ..., cycles: _Optional[int] = ..., memory_aid: _Optional[str] = ..., blue_king_kodiak: _Optional[str] = ..., deck: _Optional[_Iterable[str]] = ...) -> None: ...

class KodiakCard(_message.Message):
    __slots__ = ("position", "card")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    position: str
    card: str
    def __init__(self, position: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...

class KodiakTableRow(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[KodiakCard]
    def __init__(self, cards: _Optional[_Iterable[_Union[KodiakCard, _Mapping]]] = ...) -> None: ...

class KodiakBesideRow(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class KodiakEvent(_message.Message):
    __slots__ = ("deal", "drew", "exchanged", "action", "looked_own", "turned_up", "swap_asked", "swapped", "action_lapsed", "window_opened", "thrown", "penalty", "pounce", "replacement", "counter", "passed", "escape_done", "window_closed", "round_end", "game_end")
    class Deal(_message.Message):
        __slots__ = ("round", "kodiak", "seat", "card_counts", "deck_count", "card")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        KODIAK_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_COUNTS_FIELD_NUMBER: _ClassVar[int]
        DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        round: int
        kodiak: int
        seat: int
        card_counts: _containers.RepeatedScalarFieldContainer[int]
        deck_count: int
        card: str
        def __init__(self, round: _Optional[int] = ..., kodiak: _Optional[int] = ..., seat: _Optional[int] = ..., card_counts: _Optional[_Iterable[int]] = ..., deck_count: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class Drew(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class Exchanged(_message.Message):
        __slots__ = ("seat", "slot", "card", "beside")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        BESIDE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        slot: int
        card: str
        beside: bool
        def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ..., card: _Optional[str] = ..., beside: bool = ...) -> None: ...
    class Action(_message.Message):
        __slots__ = ("seat", "card", "action")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        ACTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        action: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., action: _Optional[str] = ...) -> None: ...
    class LookedOwn(_message.Message):
        __slots__ = ("seat", "slot", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        slot: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class TurnedUp(_message.Message):
        __slots__ = ("seat", "position", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: str
        card: str
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...
    class SwapAsked(_message.Message):
        __slots__ = ("seat", "position")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: str
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[str] = ...) -> None: ...
    class Swapped(_message.Message):
        __slots__ = ("seat", "positions")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITIONS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        positions: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., positions: _Optional[_Iterable[str]] = ...) -> None: ...
    class ActionLapsed(_message.Message):
        __slots__ = ("seat", "card", "action")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        ACTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        action: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., action: _Optional[str] = ...) -> None: ...
    class WindowOpened(_message.Message):
        __slots__ = ("rune",)
        RUNE_FIELD_NUMBER: _ClassVar[int]
        rune: str
        def __init__(self, rune: _Optional[str] = ...) -> None: ...
    class Thrown(_message.Message):
        __slots__ = ("seat", "slot", "card", "correct")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        CORRECT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        slot: int
        card: str
        correct: bool
        def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ..., card: _Optional[str] = ..., correct: bool = ...) -> None: ...
    class Penalty(_message.Message):
        __slots__ = ("seat", "slot")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        slot: int
        def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ...) -> None: ...
    class Pounce(_message.Message):
        __slots__ = ("seat", "paw_slot", "target", "paw", "card", "success")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PAW_SLOT_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        PAW_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SUCCESS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        paw_slot: int
        target: str
        paw: str
        card: str
        success: bool
        def __init__(self, seat: _Optional[int] = ..., paw_slot: _Optional[int] = ..., target: _Optional[str] = ..., paw: _Optional[str] = ..., card: _Optional[str] = ..., success: bool = ...) -> None: ...
    class Replacement(_message.Message):
        __slots__ = ("seat", "slots")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        slots: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., slots: _Optional[_Iterable[int]] = ...) -> None: ...
    class Counter(_message.Message):
        __slots__ = ("seat", "paw_slot", "paw", "success", "cards_drawn")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PAW_SLOT_FIELD_NUMBER: _ClassVar[int]
        PAW_FIELD_NUMBER: _ClassVar[int]
        SUCCESS_FIELD_NUMBER: _ClassVar[int]
        CARDS_DRAWN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        paw_slot: int
        paw: str
        success: bool
        cards_drawn: int
        def __init__(self, seat: _Optional[int] = ..., paw_slot: _Optional[int] = ..., paw: _Optional[str] = ..., success: bool = ..., cards_drawn: _Optional[int] = ...) -> None: ...
    class Passed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class EscapeDone(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class WindowClosed(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RoundEnd(_message.Message):
        __slots__ = ("round", "reason", "kodiak", "table", "beside", "catches", "round_scores", "totals")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        KODIAK_FIELD_NUMBER: _ClassVar[int]
        TABLE_FIELD_NUMBER: _ClassVar[int]
        BESIDE_FIELD_NUMBER: _ClassVar[int]
        CATCHES_FIELD_NUMBER: _ClassVar[int]
        ROUND_SCORES_FIELD_NUMBER: _ClassVar[int]
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        round: int
        reason: str
        kodiak: int
        table: _containers.RepeatedCompositeFieldContainer[KodiakTableRow]
        beside: _containers.RepeatedCompositeFieldContainer[KodiakBesideRow]
        catches: int
        round_scores: _containers.RepeatedScalarFieldContainer[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, round: _Optional[int] = ..., reason: _Optional[str] = ..., kodiak: _Optional[int] = ..., table: _Optional[_Iterable[_Union[KodiakTableRow, _Mapping]]] = ..., beside: _Optional[_Iterable[_Union[KodiakBesideRow, _Mapping]]] = ..., catches: _Optional[int] = ..., round_scores: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...
    class GameEnd(_message.Message):
        __slots__ = ("totals", "winners", "ranks")
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        RANKS_FIELD_NUMBER: _ClassVar[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        ranks: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, totals: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., ranks: _Optional[_Iterable[int]] = ...) -> None: ...
    DEAL_FIELD_NUMBER: _ClassVar[int]
    DREW_FIELD_NUMBER: _ClassVar[int]
    EXCHANGED_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    LOOKED_OWN_FIELD_NUMBER: _ClassVar[int]
    TURNED_UP_FIELD_NUMBER: _ClassVar[int]
    SWAP_ASKED_FIELD_NUMBER: _ClassVar[int]
    SWAPPED_FIELD_NUMBER: _ClassVar[int]
    ACTION_LAPSED_FIELD_NUMBER: _ClassVar[int]
    WINDOW_OPENED_FIELD_NUMBER: _ClassVar[int]
    THROWN_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    POUNCE_FIELD_NUMBER: _ClassVar[int]
    REPLACEMENT_FIELD_NUMBER: _ClassVar[int]
    COUNTER_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    ESCAPE_DONE_FIELD_NUMBER: _ClassVar[int]
    WINDOW_CLOSED_FIELD_NUMBER: _ClassVar[int]
    ROUND_END_FIELD_NUMBER: _ClassVar[int]
    GAME_END_FIELD_NUMBER: _ClassVar[int]
    deal: KodiakEvent.Deal
    drew: KodiakEvent.Drew
    exchanged: KodiakEvent.Exchanged
    action: KodiakEvent.Action
    looked_own: KodiakEvent.LookedOwn
    turned_up: KodiakEvent.TurnedUp
    swap_asked: KodiakEvent.SwapAsked
    swapped: KodiakEvent.Swapped
    action_lapsed: KodiakEvent.ActionLapsed
    window_opened: KodiakEvent.WindowOpened
    thrown: KodiakEvent.Thrown
    penalty: KodiakEvent.Penalty
    pounce: KodiakEvent.Pounce
    replacement: KodiakEvent.Replacement
    counter: KodiakEvent.Counter
    passed: KodiakEvent.Passed
    escape_done: KodiakEvent.EscapeDone
    window_closed: KodiakEvent.WindowClosed
    round_end: KodiakEvent.RoundEnd
    game_end: KodiakEvent.GameEnd
    def __init__(self, deal: _Optional[_Union[KodiakEvent.Deal, _Mapping]] = ..., drew: _Optional[_Union[KodiakEvent.Drew, _Mapping]] = ..., exchanged: _Optional[_Union[KodiakEvent.Exchanged, _Mapping]] = ..., action: _Optional[_Union[KodiakEvent.Action, _Mapping]] = ..., looked_own: _Optional[_Union[KodiakEvent.LookedOwn, _Mapping]] = ..., turned_up: _Optional[_Union[KodiakEvent.TurnedUp, _Mapping]] = ..., swap_asked: _Optional[_Union[KodiakEvent.SwapAsked, _Mapping]] = ..., swapped: _Optional[_Union[KodiakEvent.Swapped, _Mapping]] = ..., action_lapsed: _Optional[_Union[KodiakEvent.ActionLapsed, _Mapping]] = ..., window_opened: _Optional[_Union[KodiakEvent.WindowOpened, _Mapping]] = ..., thrown: _Optional[_Union[KodiakEvent.Thrown, _Mapping]] = ..., penalty: _Optional[_Union[KodiakEvent.Penalty, _Mapping]] = ..., pounce: _Optional[_Union[KodiakEvent.Pounce, _Mapping]] = ..., replacement: _Optional[_Union[KodiakEvent.Replacement, _Mapping]] = ..., counter: _Optional[_Union[KodiakEvent.Counter, _Mapping]] = ..., passed: _Optional[_Union[KodiakEvent.Passed, _Mapping]] = ..., escape_done: _Optional[_Union[KodiakEvent.EscapeDone, _Mapping]] = ..., window_closed: _Optional[_Union[KodiakEvent.WindowClosed, _Mapping]] = ..., round_end: _Optional[_Union[KodiakEvent.RoundEnd, _Mapping]] = ..., game_end: _Optional[_Union[KodiakEvent.GameEnd, _Mapping]] = ...) -> None: ...
