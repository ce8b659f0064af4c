from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CambioPosition(_message.Message):
    __slots__ = ("seat", "slot")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    slot: int
    def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ...) -> None: ...

class CambioMove(_message.Message):
    __slots__ = ("kind", "slot", "target", "positions")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[CambioMove.Kind]
        DRAW_DECK: _ClassVar[CambioMove.Kind]
        DRAW_DISCARD: _ClassVar[CambioMove.Kind]
        CALL_CAMBIO: _ClassVar[CambioMove.Kind]
        DISCARD: _ClassVar[CambioMove.Kind]
        REPLACE: _ClassVar[CambioMove.Kind]
        LOOK_OWN: _ClassVar[CambioMove.Kind]
        LOOK_OTHER: _ClassVar[CambioMove.Kind]
        SWAP: _ClassVar[CambioMove.Kind]
        SHOW: _ClassVar[CambioMove.Kind]
        SNAP: _ClassVar[CambioMove.Kind]
        GIVE: _ClassVar[CambioMove.Kind]
        NOGIVE: _ClassVar[CambioMove.Kind]
        PASS: _ClassVar[CambioMove.Kind]
    KIND_UNSPECIFIED: CambioMove.Kind
    DRAW_DECK: CambioMove.Kind
    DRAW_DISCARD: CambioMove.Kind
    CALL_CAMBIO: CambioMove.Kind
    DISCARD: CambioMove.Kind
    REPLACE: CambioMove.Kind
    LOOK_OWN: CambioMove.Kind
    LOOK_OTHER: CambioMove.Kind
    SWAP: CambioMove.Kind
    SHOW: CambioMove.Kind
    SNAP: CambioMove.Kind
    GIVE: CambioMove.Kind
    NOGIVE: CambioMove.Kind
    PASS: CambioMove.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    POSITIONS_FIELD_NUMBER: _ClassVar[int]
    kind: CambioMove.Kind
    slot: int
    target: CambioPosition
    positions: _containers.RepeatedCompositeFieldContainer[CambioPosition]
    def __init__(self, kind: _Optional[_Union[CambioMove.Kind, str]] = ..., slot: _Optional[int] = ..., target: _Optional[_Union[CambioPosition, _Mapping]] = ..., positions: _Optional[_Iterable[_Union[CambioPosition, _Mapping]]] = ...) -> None: ...

class CambioHeld(_message.Message):
    __slots__ = ("seat", "source", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    source: str
    card: str
    def __init__(self, seat: _Optional[int] = ..., source: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...

class CambioAction(_message.Message):
    __slots__ = ("card", "action", "steps_left", "picked")
    CARD_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    STEPS_LEFT_FIELD_NUMBER: _ClassVar[int]
    PICKED_FIELD_NUMBER: _ClassVar[int]
    card: str
    action: str
    steps_left: int
    picked: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, card: _Optional[str] = ..., action: _Optional[str] = ..., steps_left: _Optional[int] = ..., picked: _Optional[_Iterable[str]] = ...) -> None: ...

class CambioWindow(_message.Message):
    __slots__ = ("rune", "claimant", "passed", "pending_give", "successes")
    RUNE_FIELD_NUMBER: _ClassVar[int]
    CLAIMANT_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    PENDING_GIVE_FIELD_NUMBER: _ClassVar[int]
    SUCCESSES_FIELD_NUMBER: _ClassVar[int]
    rune: str
    claimant: int
    passed: _containers.RepeatedScalarFieldContainer[int]
    pending_give: str
    successes: int
    def __init__(self, rune: _Optional[str] = ..., claimant: _Optional[int] = ..., passed: _Optional[_Iterable[int]] = ..., pending_give: _Optional[str] = ..., successes: _Optional[int] = ...) -> None: ...

class CambioSlot(_message.Message):
    __slots__ = ("slot", "position", "card", "known_by")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    KNOWN_BY_FIELD_NUMBER: _ClassVar[int]
    slot: int
    position: str
    card: str
    known_by: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, slot: _Optional[int] = ..., position: _Optional[str] = ..., card: _Optional[str] = ..., known_by: _Optional[_Iterable[int]] = ...) -> None: ...

class CambioSeat(_message.Message):
    __slots__ = ("seat", "card_count", "total", "round_scores", "slots")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORES_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card_count: int
    total: int
    round_scores: _containers.RepeatedScalarFieldContainer[int]
    slots: _containers.RepeatedCompositeFieldContainer[CambioSlot]
    def __init__(self, seat: _Optional[int] = ..., card_count: _Optional[int] = ..., total: _Optional[int] = ..., round_scores: _Optional[_Iterable[int]] = ..., slots: _Optional[_Iterable[_Union[CambioSlot, _Mapping]]] = ...) -> None: ...

class CambioFinalScore(_message.Message):
    __slots__ = ("seat", "round_points", "round_score", "total", "rank")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROUND_POINTS_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    seat: int
    round_points: int
    round_score: int
    total: int
    rank: int
    def __init__(self, seat: _Optional[int] = ..., round_points: _Optional[int] = ..., round_score: _Optional[int] = ..., total: _Optional[int] = ..., rank: _Optional[int] = ...) -> None: ...

class CambioView(_message.Message):
    __slots__ = ("players", "round", "dealer", "active_seat", "phase", "to_act", "caller", "frozen", "move_count", "turns", "max_turns", "memory_aid", "deck_count", "discard", "held", "action", "window", "seats", "finished", "revealed", "scores")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    CALLER_FIELD_NUMBER: _ClassVar[int]
    FROZEN_FIELD_NUMBER: _ClassVar[int]
    MOVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    TURNS_FIELD_NUMBER: _ClassVar[int]
    MAX_TURNS_FIELD_NUMBER: _ClassVar[int]
    MEMORY_AID_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    HELD_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    players: int
    round: int
    dealer: int
    active_seat: int
    phase: str
    to_act: _containers.RepeatedScalarFieldContainer[int]
    caller: int
    frozen: bool
    move_count: int
    turns: int
    max_turns: int
    memory_aid: str
    deck_count: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    held: CambioHeld
    action: CambioAction
    window: CambioWindow
    seats: _containers.RepeatedCompositeFieldContainer[CambioSeat]
    finished: bool
    revealed: bool
    scores: _containers.RepeatedCompositeFieldContainer[CambioFinalScore]
    def __init__(self, players: _Optional[int] = ..., round: _Optional[int] = ..., dealer: _Optional[int] = ..., active_seat: _Optional[int] = ..., phase: _Optional[str] = ..., to_act: _Optional[_Iterable[int]] = ..., caller: _Optional[int] = ..., frozen: bool = ..., move_count: _Optional[int] = ..., turns: _Optional[int] = ..., max_turns: _Optional[int] = ..., memory_aid: _Optional[str] = ..., deck_count: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., held: _Optional[_Union[CambioHeld, _Mapping]] = ..., action: _Optional[_Union[CambioAction, _Mapping]] = ..., window: _Optional[_Union[CambioWindow, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[CambioSeat, _Mapping]]] = ..., finished: bool = ..., revealed: bool = ..., scores: _Optional[_Iterable[_Union[CambioFinalScore, _Mapping]]] = ...) -> None: ...

class CambioOptions(_message.Message):
    __slots__ = ("first_dealer", "target_score", "cambio_max", "caller_tie", "memory_aid", "max_turns", "deck")
    FIRST_DEALER_FIELD_NUMBER: _ClassVar[int]
    TARGET_SCORE_FIELD_NUMBER: _ClassVar[int]
    CAMBIO_MAX_FIELD_NUMBER: _ClassVar[int]
    CALLER_TIE_FIELD_NUMBER: _ClassVar[int]
    MEMORY_AID_FIELD_NUMBER: _ClassVar[int]
    MAX_TURNS_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    first_dealer: int
    target_score: int
    cambio_max: str
    caller_tie: str
    memory_aid: str
    max_turns: int
    deck: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, first_dealer: _Optional[int] = ..., target_score: _Optional[int] = ..., cambio_max: _Optional[str] = ..., caller_tie: _Optional[str] = ..., memory_aid: _Optional[str] = ..., max_turns: _Optional[int] = ..., deck: _Optional[_Iterable[str]] = ...) -> None: ...

class CambioCard(_message.Message):
    __slots__ = ("position", "card")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    position: str
    card: str
    def __init__(self, position: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...

class CambioTableRow(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[CambioCard]
    def __init__(self, cards: _Optional[_Iterable[_Union[CambioCard, _Mapping]]] = ...) -> None: ...

class CambioEvent(_message.Message):
    __slots__ = ("deal", "drew", "reshuffled", "discarded", "replaced", "looked", "swapped", "picked", "shown", "snap_ok", "snap_wrong", "penalty", "gave", "nogive", "passed", "cambio_called", "window_opened", "window_closed", "action_lapsed", "round_end", "game_end")
    class Deal(_message.Message):
        __slots__ = ("round", "dealer", "seat", "slots", "cards")
        class CardsEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: str
            value: str
            def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
        ROUND_FIELD_NUMBER: _ClassVar[int]
        DEALER_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOTS_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        round: int
        dealer: int
        seat: int
        slots: _containers.RepeatedScalarFieldContainer[int]
        cards: _containers.ScalarMap[str, str]
        def __init__(self, round: _Optional[int] = ..., dealer: _Optional[int] = ..., seat: _Optional[int] = ..., slots: _Optional[_Iterable[int]] = ..., cards: _Optional[_Mapping[str, str]] = ...) -> None: ...
    class Drew(_message.Message):
        __slots__ = ("seat", "source", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        source: str
        card: str
        def __init__(self, seat: _Optional[int] = ..., source: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...
    class Reshuffled(_message.Message):
        __slots__ = ("deck_count",)
        DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
        deck_count: int
        def __init__(self, deck_count: _Optional[int] = ...) -> None: ...
    class Discarded(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class Replaced(_message.Message):
        __slots__ = ("seat", "slot", "out", "source", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        OUT_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        slot: int
        out: str
        source: str
        card: str
        def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ..., out: _Optional[str] = ..., source: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...
    class Looked(_message.Message):
        __slots__ = ("seat", "position", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: str
        card: str
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...
    class Swapped(_message.Message):
        __slots__ = ("seat", "positions")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITIONS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        positions: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., positions: _Optional[_Iterable[str]] = ...) -> None: ...
    class Picked(_message.Message):
        __slots__ = ("seat", "position")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: str
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[str] = ...) -> None: ...
    class Shown(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedCompositeFieldContainer[CambioCard]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[CambioCard, _Mapping]]] = ...) -> None: ...
    class Snap(_message.Message):
        __slots__ = ("seat", "position", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: str
        card: str
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...
    class Penalty(_message.Message):
        __slots__ = ("seat", "slot")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        slot: int
        def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ...) -> None: ...
    class Gave(_message.Message):
        __slots__ = ("seat", "from_slot", "to")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FROM_SLOT_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        seat: int
        from_slot: int
        to: str
        def __init__(self, seat: _Optional[int] = ..., from_slot: _Optional[int] = ..., to: _Optional[str] = ...) -> None: ...
    class Nogive(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class Passed(_message.Message):
        __slots__ = ("seat", "automatic")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        AUTOMATIC_FIELD_NUMBER: _ClassVar[int]
        seat: int
        automatic: bool
        def __init__(self, seat: _Optional[int] = ..., automatic: bool = ...) -> None: ...
    class CambioCalled(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class WindowOpened(_message.Message):
        __slots__ = ("rune",)
        RUNE_FIELD_NUMBER: _ClassVar[int]
        rune: str
        def __init__(self, rune: _Optional[str] = ...) -> None: ...
    class WindowClosed(_message.Message):
        __slots__ = ("successes", "frozen")
        SUCCESSES_FIELD_NUMBER: _ClassVar[int]
        FROZEN_FIELD_NUMBER: _ClassVar[int]
        successes: int
        frozen: bool
        def __init__(self, successes: _Optional[int] = ..., frozen: bool = ...) -> None: ...
    class ActionLapsed(_message.Message):
        __slots__ = ("seat", "action")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ACTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        action: str
        def __init__(self, seat: _Optional[int] = ..., action: _Optional[str] = ...) -> None: ...
    class RoundEnd(_message.Message):
        __slots__ = ("round", "reason", "caller", "caller_success", "table", "round_points", "round_scores", "totals")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        CALLER_FIELD_NUMBER: _ClassVar[int]
        CALLER_SUCCESS_FIELD_NUMBER: _ClassVar[int]
        TABLE_FIELD_NUMBER: _ClassVar[int]
        ROUND_POINTS_FIELD_NUMBER: _ClassVar[int]
        ROUND_SCORES_FIELD_NUMBER: _ClassVar[int]
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        round: int
        reason: str
        caller: int
        caller_success: bool
        table: _containers.RepeatedCompositeFieldContainer[CambioTableRow]
        round_points: _containers.RepeatedScalarFieldContainer[int]
        round_scores: _containers.RepeatedScalarFieldContainer[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, round: _Optional[int] = ..., reason: _Optional[str] = ..., caller: _Optional[int] = ..., caller_success: bool = ..., table: _Optional[_Iterable[_Union[CambioTableRow, _Mapping]]] = ..., round_points: _Optional[_Iterable[int]] = ..., round_scores: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...
    class GameEnd(_message.Message):
        __slots__ = ("reason", "totals", "winners", "ranks")
        REASON_FIELD_NUMBER: _ClassVar[int]
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        RANKS_FIELD_NUMBER: _ClassVar[int]
        reason: str
        totals: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        ranks: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, reason: _Optional[str] = ..., totals: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., ranks: _Optional[_Iterable[int]] = ...) -> None: ...
    DEAL_FIELD_NUMBER: _ClassVar[int]
    DREW_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    REPLACED_FIELD_NUMBER: _ClassVar[int]
    LOOKED_FIELD_NUMBER: _ClassVar[int]
    SWAPPED_FIELD_NUMBER: _ClassVar[int]
    PICKED_FIELD_NUMBER: _ClassVar[int]
    SHOWN_FIELD_NUMBER: _ClassVar[int]
    SNAP_OK_FIELD_NUMBER: _ClassVar[int]
    SNAP_WRONG_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    GAVE_FIELD_NUMBER: _ClassVar[int]
    NOGIVE_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    CAMBIO_CALLED_FIELD_NUMBER: _ClassVar[int]
    WINDOW_OPENED_FIELD_NUMBER: _ClassVar[int]
    WINDOW_CLOSED_FIELD_NUMBER: _ClassVar[int]
    ACTION_LAPSED_FIELD_NUMBER: _ClassVar[int]
    ROUND_END_FIELD_NUMBER: _ClassVar[int]
    GAME_END_FIELD_NUMBER: _ClassVar[int]
    deal: CambioEvent.Deal
    drew: CambioEvent.Drew
    reshuffled: CambioEvent.Reshuffled
    discarded: CambioEvent.Discarded
    replaced: CambioEvent.Replaced
    looked: CambioEvent.Looked
    swapped: CambioEvent.Swapped
    picked: CambioEvent.Picked
    shown: CambioEvent.Shown
    snap_ok: CambioEvent.Snap
    snap_wrong: CambioEvent.Snap
    penalty: CambioEvent.Penalty
    gave: CambioEvent.Gave
    nogive: CambioEvent.Nogive
    passed: CambioEvent.Passed
    cambio_called: CambioEvent.CambioCalled
    window_opened: CambioEvent.WindowOpened
    window_closed: CambioEvent.WindowClosed
    action_lapsed: CambioEvent.ActionLapsed
    round_end: CambioEvent.RoundEnd
    game_end: CambioEvent.GameEnd
    def __init__(self, deal: _Optional[_Union[CambioEvent.Deal, _Mapping]] = ..., drew: _Optional[_Union[CambioEvent.Drew, _Mapping]] = ..., reshuffled: _Optional[_Union[CambioEvent.Reshuffled, _Mapping]] = ..., discarded: _Optional[_Union[CambioEvent.Discarded, _Mapping]] = ..., replaced: _Optional[_Union[CambioEvent.Replaced, _Mapping]] = ..., looked: _Optional[_Union[CambioEvent.Looked, _Mapping]] = ..., swapped: _Optional[_Union[CambioEvent.Swapped, _Mapping]] = ..., picked: _Optional[_Union[CambioEvent.Picked, _Mapping]] = ..., shown: _Optional[_Union[CambioEvent.Shown, _Mapping]] = ..., snap_ok: _Optional[_Union[CambioEvent.Snap, _Mapping]] = ..., snap_wrong: _Optional[_Union[CambioEvent.Snap, _Mapping]] = ..., penalty: _Optional[_Union[CambioEvent.Penalty, _Mapping]] = ..., gave: _Optional[_Union[CambioEvent.Gave, _Mapping]] = ..., nogive: _Optional[_Union[CambioEvent.Nogive, _Mapping]] = ..., passed: _Optional[_Union[CambioEvent.Passed, _Mapping]] = ..., cambio_called: _Optional[_Union[CambioEvent.CambioCalled, _Mapping]] = ..., window_opened: _Optional[_Union[CambioEvent.WindowOpened, _Mapping]] = ..., window_closed: _Optional[_Union[CambioEvent.WindowClosed, _Mapping]] = ..., action_lapsed: _Optional[_Union[CambioEvent.ActionLapsed, _Mapping]] = ..., round_end: _Optional[_Union[CambioEvent.RoundEnd, _Mapping]] = ..., game_end: _Optional[_Union[CambioEvent.GameEnd, _Mapping]] = ...) -> None: ...
