from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class HatsMove(_message.Message):
    __slots__ = ("kind", "card", "space")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[HatsMove.Kind]
        EXCHANGE: _ClassVar[HatsMove.Kind]
        BLACK: _ClassVar[HatsMove.Kind]
        DISCARD: _ClassVar[HatsMove.Kind]
        OFFER: _ClassVar[HatsMove.Kind]
        RETURN: _ClassVar[HatsMove.Kind]
        END: _ClassVar[HatsMove.Kind]
    KIND_UNSPECIFIED: HatsMove.Kind
    EXCHANGE: HatsMove.Kind
    BLACK: HatsMove.Kind
    DISCARD: HatsMove.Kind
    OFFER: HatsMove.Kind
    RETURN: HatsMove.Kind
    END: HatsMove.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    kind: HatsMove.Kind
    card: str
    space: int
    def __init__(self, kind: _Optional[_Union[HatsMove.Kind, str]] = ..., card: _Optional[str] = ..., space: _Optional[int] = ...) -> None: ...

class HatsSpace(_message.Message):
    __slots__ = ("space", "card", "face_down")
    SPACE_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    space: int
    card: str
    face_down: bool
    def __init__(self, space: _Optional[int] = ..., card: _Optional[str] = ..., face_down: bool = ...) -> None: ...

class HatsSeat(_message.Message):
    __slots__ = ("seat", "hand_count", "collection", "black_hat_count", "played", "favourite")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    BLACK_HAT_COUNT_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    FAVOURITE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand_count: int
    collection: _containers.RepeatedScalarFieldContainer[str]
    black_hat_count: int
    played: int
    favourite: str
    def __init__(self, seat: _Optional[int] = ..., hand_count: _Optional[int] = ..., collection: _Optional[_Iterable[str]] = ..., black_hat_count: _Optional[int] = ..., played: _Optional[int] = ..., favourite: _Optional[str] = ...) -> None: ...

class HatsKnownCard(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class HatsTeam(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class HatsView(_message.Message):
    __slots__ = ("players", "phase", "active_seat", "optional_used", "table", "removed_types", "deck_count", "discard_count", "cookie_holder", "teams", "seats", "hand", "black_hats", "own_discards", "known_cards", "offered_card", "winners")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    OPTIONAL_USED_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REMOVED_TYPES_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    COOKIE_HOLDER_FIELD_NUMBER: _ClassVar[int]
    TEAMS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    BLACK_HATS_FIELD_NUMBER: _ClassVar[int]
    OWN_DISCARDS_FIELD_NUMBER: _ClassVar[int]
    KNOWN_CARDS_FIELD_NUMBER: _ClassVar[int]
    OFFERED_CARD_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    players: int
    phase: str
    active_seat: int
    optional_used: bool
    table: _containers.RepeatedCompositeFieldContainer[HatsSpace]
    removed_types: _containers.RepeatedScalarFieldContainer[str]
    deck_count: int
    discard_count: int
    cookie_holder: int
    teams: _containers.RepeatedCompositeFieldContainer[HatsTeam]
    seats: _containers.RepeatedCompositeFieldContainer[HatsSeat]
    hand: _containers.RepeatedScalarFieldContainer[str]
    black_hats: _containers.RepeatedScalarFieldContainer[str]
    own_discards: _containers.RepeatedScalarFieldContainer[str]
    known_cards: _containers.RepeatedCompositeFieldContainer[HatsKnownCard]
    offered_card: str
    winners: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, players: _Optional[int] = ..., phase: _Optional[str] = ..., active_seat: _Optional[int] = ..., optional_used: bool = ..., table: _Optional[_Iterable[_Union[HatsSpace, _Mapping]]] = ..., removed_types: _Optional[_Iterable[str]] = ..., deck_count: _Optional[int] = ..., discard_count: _Optional[int] = ..., cookie_holder: _Optional[int] = ..., teams: _Optional[_Iterable[_Union[HatsTeam, _Mapping]]] = ..., seats: _Optional[_Iterable[_Union[HatsSeat, _Mapping]]] = ..., hand: _Optional[_Iterable[str]] = ..., black_hats: _Optional[_Iterable[str]] = ..., own_discards: _Optional[_Iterable[str]] = ..., known_cards: _Optional[_Iterable[_Union[HatsKnownCard, _Mapping]]] = ..., offered_card: _Optional[str] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...

class HatsOptions(_message.Message):
    __slots__ = ("start_seat", "removed_types", "tiebreak", "deck")
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    REMOVED_TYPES_FIELD_NUMBER: _ClassVar[int]
    TIEBREAK_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    start_seat: int
    removed_types: _containers.RepeatedScalarFieldContainer[str]
    tiebreak: str
    deck: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, start_seat: _Optional[int] = ..., removed_types: _Optional[_Iterable[str]] = ..., tiebreak: _Optional[str] = ..., deck: _Optional[_Iterable[str]] = ...) -> None: ...
