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

class HatsFinalScore(_message.Message):
    __slots__ = ("seat", "total", "rank", "collection", "favourite", "cookie", "black_hats")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    FAVOURITE_FIELD_NUMBER: _ClassVar[int]
    COOKIE_FIELD_NUMBER: _ClassVar[int]
    BLACK_HATS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    total: int
    rank: int
    collection: int
    favourite: int
    cookie: int
    black_hats: int
    def __init__(self, seat: _Optional[int] = ..., total: _Optional[int] = ..., rank: _Optional[int] = ..., collection: _Optional[int] = ..., favourite: _Optional[int] = ..., cookie: _Optional[int] = ..., black_hats: _Optional[int] = ...) -> None: ...

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
    __slots__ = ("players", "phase", "active_seat", "optional_used", "table", "face_down_spaces", "removed_types", "deck_count", "discard_count", "cookie_holder", "teams", "seats", "hand", "black_hats", "own_discards", "known_cards", "offered_card", "winners", "to_act", "move_count", "scores")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    OPTIONAL_USED_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_SPACES_FIELD_NUMBER: _ClassVar[int]
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
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    MOVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    players: int
    phase: str
    active_seat: int
    optional_used: bool
    table: _containers.RepeatedScalarFieldContainer[str]
    face_down_spaces: _containers.RepeatedScalarFieldContainer[int]
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
    to_act: _containers.RepeatedScalarFieldContainer[int]
    move_count: int
    scores: _containers.RepeatedCompositeFieldContainer[HatsFinalScore]
    def __init__(self, players: _Optional[int] = ..., phase: _Optional[str] = ..., active_seat: _Optional[int] = ..., optional_used: bool = ..., table: _Optional[_Iterable[str]] = ..., face_down_spaces: _Optional[_Iterable[int]] = ..., removed_types: _Optional[_Iterable[str]] = ..., deck_count: _Optional[int] = ..., discard_count: _Optional[int] = ..., cookie_holder: _Optional[int] = ..., teams: _Optional[_Iterable[_Union[HatsTeam, _Mapping]]] = ..., seats: _Optional[_Iterable[_Union[HatsSeat, _Mapping]]] = ..., hand: _Optional[_Iterable[str]] = ..., black_hats: _Optional[_Iterable[str]] = ..., own_discards: _Optional[_Iterable[str]] = ..., known_cards: _Optional[_Iterable[_Union[HatsKnownCard, _Mapping]]] = ..., offered_card: _Optional[str] = ..., winners: _Optional[_Iterable[int]] = ..., to_act: _Optional[_Iterable[int]] = ..., move_count: _Optional[int] = ..., scores: _Optional[_Iterable[_Union[HatsFinalScore, _Mapping]]] = ...) -> None: ...

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

class HatsEvent(_message.Message):
    __slots__ = ("setup", "dealt", "exchanged", "black_hat", "discarded_drew", "reshuffled", "offered", "partner_exchange", "cookie_moved", "game_end")
    class Setup(_message.Message):
        __slots__ = ("table", "hand_counts", "deck_count", "removed_types")
        TABLE_FIELD_NUMBER: _ClassVar[int]
        HAND_COUNTS_FIELD_NUMBER: _ClassVar[int]
        DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
        REMOVED_TYPES_FIELD_NUMBER: _ClassVar[int]
        table: _containers.RepeatedScalarFieldContainer[str]
        hand_counts: _containers.RepeatedScalarFieldContainer[int]
        deck_count: int
        removed_types: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, table: _Optional[_Iterable[str]] = ..., hand_counts: _Optional[_Iterable[int]] = ..., deck_count: _Optional[int] = ..., removed_types: _Optional[_Iterable[str]] = ...) -> None: ...
    class Dealt(_message.Message):
        __slots__ = ("seat", "hand")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hand: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ...) -> None: ...
    class Exchanged(_message.Message):
        __slots__ = ("seat", "card", "space", "taken")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        TAKEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        space: int
        taken: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., space: _Optional[int] = ..., taken: _Optional[str] = ...) -> None: ...
    class SetApart(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class DiscardedDrew(_message.Message):
        __slots__ = ("seat", "discarded", "drawn")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DISCARDED_FIELD_NUMBER: _ClassVar[int]
        DRAWN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        discarded: str
        drawn: str
        def __init__(self, seat: _Optional[int] = ..., discarded: _Optional[str] = ..., drawn: _Optional[str] = ...) -> None: ...
    class Reshuffled(_message.Message):
        __slots__ = ("deck_count",)
        DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
        deck_count: int
        def __init__(self, deck_count: _Optional[int] = ...) -> None: ...
    class PartnerExchange(_message.Message):
        __slots__ = ("seat", "partner", "offered", "returned")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PARTNER_FIELD_NUMBER: _ClassVar[int]
        OFFERED_FIELD_NUMBER: _ClassVar[int]
        RETURNED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        partner: int
        offered: str
        returned: str
        def __init__(self, seat: _Optional[int] = ..., partner: _Optional[int] = ..., offered: _Optional[str] = ..., returned: _Optional[str] = ...) -> None: ...
    class CookieMoved(_message.Message):
        __slots__ = ("to",)
        FROM_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        to: int
        def __init__(self, to: _Optional[int] = ..., **kwargs) -> None: ...
    class GameEnd(_message.Message):
        __slots__ = ("favourites", "face_down_spaces", "scores", "winners")
        FAVOURITES_FIELD_NUMBER: _ClassVar[int]
        FACE_DOWN_SPACES_FIELD_NUMBER: _ClassVar[int]
        SCORES_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        favourites: _containers.RepeatedScalarFieldContainer[str]
        face_down_spaces: _containers.RepeatedScalarFieldContainer[int]
        scores: _containers.RepeatedCompositeFieldContainer[HatsFinalScore]
        winners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, favourites: _Optional[_Iterable[str]] = ..., face_down_spaces: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[_Union[HatsFinalScore, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...
    SETUP_FIELD_NUMBER: _ClassVar[int]
    DEALT_FIELD_NUMBER: _ClassVar[int]
    EXCHANGED_FIELD_NUMBER: _ClassVar[int]
    BLACK_HAT_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_DREW_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    OFFERED_FIELD_NUMBER: _ClassVar[int]
    PARTNER_EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    COOKIE_MOVED_FIELD_NUMBER: _ClassVar[int]
    GAME_END_FIELD_NUMBER: _ClassVar[int]
    setup: HatsEvent.Setup
    dealt: HatsEvent.Dealt
    exchanged: HatsEvent.Exchanged
    black_hat: HatsEvent.SetApart
    discarded_drew: HatsEvent.DiscardedDrew
    reshuffled: HatsEvent.Reshuffled
    offered: HatsEvent.SetApart
    partner_exchange: HatsEvent.PartnerExchange
    cookie_moved: HatsEvent.CookieMoved
    game_end: HatsEvent.GameEnd
    def __init__(self, setup: _Optional[_Union[HatsEvent.Setup, _Mapping]] = ..., dealt: _Optional[_Union[HatsEvent.Dealt, _Mapping]] = ..., exchanged: _Optional[_Union[HatsEvent.Exchanged, _Mapping]] = ..., black_hat: _Optional[_Union[HatsEvent.SetApart, _Mapping]] = ..., discarded_drew: _Optional[_Union[HatsEvent.DiscardedDrew, _Mapping]] = ..., reshuffled: _Optional[_Union[HatsEvent.Reshuffled, _Mapping]] = ..., offered: _Optional[_Union[HatsEvent.SetApart, _Mapping]] = ..., partner_exchange: _Optional[_Union[HatsEvent.PartnerExchange, _Mapping]] = ..., cookie_moved: _Optional[_Union[HatsEvent.CookieMoved, _Mapping]] = ..., game_end: _Optional[_Union[HatsEvent.GameEnd, _Mapping]] = ...) -> None: ...
