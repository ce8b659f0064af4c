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
    __slots__ = ("card", "action", "steps_left")
    CARD_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    STEPS_LEFT_FIELD_NUMBER: _ClassVar[int]
    card: str
    action: str
    steps_left: int
    def __init__(self, card: _Optional[str] = ..., action: _Optional[str] = ..., steps_left: _Optional[int] = ...) -> None: ...

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
    pending_give: CambioPosition
    successes: int
    def __init__(self, rune: _Optional[str] = ..., claimant: _Optional[int] = ..., passed: _Optional[_Iterable[int]] = ..., pending_give: _Optional[_Union[CambioPosition, _Mapping]] = ..., successes: _Optional[int] = ...) -> None: ...

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
    __slots__ = ("first_dealer", "target_score", "cambio_max", "cambio_max_off", "caller_tie", "memory_aid", "max_turns", "deck")
    FIRST_DEALER_FIELD_NUMBER: _ClassVar[int]
    TARGET_SCORE_FIELD_NUMBER: _ClassVar[int]
    CAMBIO_MAX_FIELD_NUMBER: _ClassVar[int]
    CAMBIO_MAX_OFF_FIELD_NUMBER: _ClassVar[int]
    CALLER_TIE_FIELD_NUMBER: _ClassVar[int]
    MEMORY_AID_FIELD_NUMBER: _ClassVar[int]
    MAX_TURNS_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    first_dealer: int
    target_score: int
    cambio_max: int
    cambio_max_off: bool
    caller_tie: str
    memory_aid: str
    max_turns: int
    deck: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, first_dealer: _Optional[int] = ..., target_score: _Optional[int] = ..., cambio_max: _Optional[int] = ..., cambio_max_off: bool = ..., caller_tie: _Optional[str] = ..., memory_aid: _Optional[str] = ..., max_turns: _Optional[int] = ..., deck: _Optional[_Iterable[str]] = ...) -> None: ...
