from . import hats_pb2 as _hats_pb2
from . import cambio_pb2 as _cambio_pb2
from . import alaska_pb2 as _alaska_pb2
from . import kodiak_pb2 as _kodiak_pb2
from . import rune_market_pb2 as _rune_market_pb2
from . import white_hat_pb2 as _white_hat_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    def __init__(self, games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ...) -> None: ...

class OptionSpec(_message.Message):
    __slots__ = ("name", "type", "default", "allowed", "description", "min", "max", "words")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_FIELD_NUMBER: _ClassVar[int]
    ALLOWED_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    MIN_FIELD_NUMBER: _ClassVar[int]
    MAX_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    type: str
    default: str
    allowed: _containers.RepeatedScalarFieldContainer[str]
    description: str
    min: int
    max: int
    words: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., type: _Optional[str] = ..., default: _Optional[str] = ..., allowed: _Optional[_Iterable[str]] = ..., description: _Optional[str] = ..., min: _Optional[int] = ..., max: _Optional[int] = ..., words: _Optional[_Iterable[str]] = ...) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("id", "title", "min_seats", "max_seats", "version", "options", "table_options")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MIN_SEATS_FIELD_NUMBER: _ClassVar[int]
    MAX_SEATS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    TABLE_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    min_seats: int
    max_seats: int
    version: str
    options: _containers.RepeatedCompositeFieldContainer[OptionSpec]
    table_options: _containers.RepeatedCompositeFieldContainer[TableOptions]
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., min_seats: _Optional[int] = ..., max_seats: _Optional[int] = ..., version: _Optional[str] = ..., options: _Optional[_Iterable[_Union[OptionSpec, _Mapping]]] = ..., table_options: _Optional[_Iterable[_Union[TableOptions, _Mapping]]] = ...) -> None: ...

class TableOptions(_message.Message):
    __slots__ = ("seats", "options")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    seats: int
    options: _containers.ScalarMap[str, str]
    def __init__(self, seats: _Optional[int] = ..., options: _Optional[_Mapping[str, str]] = ...) -> None: ...

class Seat(_message.Message):
    __slots__ = ("name", "kind", "key")
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    name: str
    kind: str
    key: str
    def __init__(self, name: _Optional[str] = ..., kind: _Optional[str] = ..., key: _Optional[str] = ...) -> None: ...

class Want(_message.Message):
    __slots__ = ("view", "seat", "legal_moves", "score", "typed_moves")
    VIEW_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    TYPED_MOVES_FIELD_NUMBER: _ClassVar[int]
    view: bool
    seat: int
    legal_moves: bool
    score: bool
    typed_moves: bool
    def __init__(self, view: bool = ..., seat: _Optional[int] = ..., legal_moves: bool = ..., score: bool = ..., typed_moves: bool = ...) -> None: ...

class SeatMoves(_message.Message):
    __slots__ = ("seat", "moves")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    moves: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., moves: _Optional[_Iterable[str]] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("seat", "text", "hats", "cambio", "kodiak", "alaska", "rune_market", "white_hat", "black_hat")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    HATS_FIELD_NUMBER: _ClassVar[int]
    CAMBIO_FIELD_NUMBER: _ClassVar[int]
    KODIAK_FIELD_NUMBER: _ClassVar[int]
    ALASKA_FIELD_NUMBER: _ClassVar[int]
    RUNE_MARKET_FIELD_NUMBER: _ClassVar[int]
    WHITE_HAT_FIELD_NUMBER: _ClassVar[int]
    BLACK_HAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    text: str
    hats: _hats_pb2.HatsMove
    cambio: _cambio_pb2.CambioMove
    kodiak: _kodiak_pb2.KodiakMove
    alaska: _alaska_pb2.AlaskaMove
    rune_market: _rune_market_pb2.RuneMarketMove
    white_hat: _white_hat_pb2.WhiteHatMove
    black_hat: _white_hat_pb2.WhiteHatMove
    def __init__(self, seat: _Optional[int] = ..., text: _Optional[str] = ..., hats: _Optional[_Union[_hats_pb2.HatsMove, _Mapping]] = ..., cambio: _Optional[_Union[_cambio_pb2.CambioMove, _Mapping]] = ..., kodiak: _Optional[_Union[_kodiak_pb2.KodiakMove, _Mapping]] = ..., alaska: _Optional[_Union[_alaska_pb2.AlaskaMove, _Mapping]] = ..., rune_market: _Optional[_Union[_rune_market_pb2.RuneMarketMove, _Mapping]] = ..., white_hat: _Optional[_Union[_white_hat_pb2.WhiteHatMove, _Mapping]] = ..., black_hat: _Optional[_Union[_white_hat_pb2.WhiteHatMove, _Mapping]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("kind", "private_to", "generic", "hats", "cambio", "kodiak", "alaska", "rune_market", "white_hat", "black_hat")
    KIND_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_TO_FIELD_NUMBER: _ClassVar[int]
    GENERIC_FIELD_NUMBER: _ClassVar[int]
    HATS_FIELD_NUMBER: _ClassVar[int]
    CAMBIO_FIELD_NUMBER: _ClassVar[int]
    KODIAK_FIELD_NUMBER: _ClassVar[int]
    ALASKA_FIELD_NUMBER: _ClassVar[int]
    RUNE_MARKET_FIELD_NUMBER: _ClassVar[int]
    WHITE_HAT_FIELD_NUMBER: _ClassVar[int]
    BLACK_HAT_FIELD_NUMBER: _ClassVar[int]
    kind: str
    private_to: _containers.RepeatedScalarFieldContainer[int]
    generic: GenericEvent
    hats: _hats_pb2.HatsEvent
    cambio: _cambio_pb2.CambioEvent
    kodiak: _kodiak_pb2.KodiakEvent
    alaska: _alaska_pb2.AlaskaEvent
    rune_market: _rune_market_pb2.RuneMarketEvent
    white_hat: _white_hat_pb2.WhiteHatEvent
    black_hat: _white_hat_pb2.WhiteHatEvent
    def __init__(self, kind: _Optional[str] = ..., private_to: _Optional[_Iterable[int]] = ..., generic: _Optional[_Union[GenericEvent, _Mapping]] = ..., hats: _Optional[_Union[_hats_pb2.HatsEvent, _Mapping]] = ..., cambio: _Optional[_Union[_cambio_pb2.CambioEvent, _Mapping]] = ..., kodiak: _Optional[_Union[_kodiak_pb2.KodiakEvent, _Mapping]] = ..., alaska: _Optional[_Union[_alaska_pb2.AlaskaEvent, _Mapping]] = ..., rune_market: _Optional[_Union[_rune_market_pb2.RuneMarketEvent, _Mapping]] = ..., white_hat: _Optional[_Union[_white_hat_pb2.WhiteHatEvent, _Mapping]] = ..., black_hat: _Optional[_Union[_white_hat_pb2.WhiteHatEvent, _Mapping]] = ...) -> None: ...

class GenericEvent(_message.Message):
    __slots__ = ("public", "private")
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    public: str
    private: str
    def __init__(self, public: _Optional[str] = ..., private: _Optional[str] = ...) -> None: ...

class View(_message.Message):
    __slots__ = ("seat", "generic", "hats", "cambio", "kodiak", "alaska", "rune_market", "white_hat", "black_hat")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GENERIC_FIELD_NUMBER: _ClassVar[int]
    HATS_FIELD_NUMBER: _ClassVar[int]
    CAMBIO_FIELD_NUMBER: _ClassVar[int]
    KODIAK_FIELD_NUMBER: _ClassVar[int]
    ALASKA_FIELD_NUMBER: _ClassVar[int]
    RUNE_MARKET_FIELD_NUMBER: _ClassVar[int]
    WHITE_HAT_FIELD_NUMBER: _ClassVar[int]
    BLACK_HAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    generic: GenericView
    hats: _hats_pb2.HatsView
    cambio: _cambio_pb2.CambioView
    kodiak: _kodiak_pb2.KodiakView
    alaska: _alaska_pb2.AlaskaView
    rune_market: _rune_market_pb2.RuneMarketView
    white_hat: _white_hat_pb2.WhiteHatView
    black_hat: _white_hat_pb2.WhiteHatView
    def __init__(self, seat: _Optional[int] = ..., generic: _Optional[_Union[GenericView, _Mapping]] = ..., hats: _Optional[_Union[_hats_pb2.HatsView, _Mapping]] = ..., cambio: _Optional[_Union[_cambio_pb2.CambioView, _Mapping]] = ..., kodiak: _Optional[_Union[_kodiak_pb2.KodiakView, _Mapping]] = ..., alaska: _Optional[_Union[_alaska_pb2.AlaskaView, _Mapping]] = ..., rune_market: _Optional[_Union[_rune_market_pb2.RuneMarketView, _Mapping]] = ..., white_hat: _Optional[_Union[_white_hat_pb2.WhiteHatView, _Mapping]] = ..., black_hat: _Optional[_Union[_white_hat_pb2.WhiteHatView, _Mapping]] = ...) -> None: ...

class GenericView(_message.Message):
    __slots__ = ("json",)
    JSON_FIELD_NUMBER: _ClassVar[int]
    json: str
    def __init__(self, json: _Optional[str] = ...) -> None: ...

class SeatScore(_message.Message):
    __slots__ = ("seat", "round", "total", "rank", "breakdown")
    class BreakdownEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    round: int
    total: int
    rank: int
    breakdown: _containers.ScalarMap[str, int]
    def __init__(self, seat: _Optional[int] = ..., round: _Optional[int] = ..., total: _Optional[int] = ..., rank: _Optional[int] = ..., breakdown: _Optional[_Mapping[str, int]] = ...) -> None: ...

class Team(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class Score(_message.Message):
    __slots__ = ("game", "seats", "finished", "winners", "tiebreak", "teams", "move_count", "leaders")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    TIEBREAK_FIELD_NUMBER: _ClassVar[int]
    TEAMS_FIELD_NUMBER: _ClassVar[int]
    MOVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    LEADERS_FIELD_NUMBER: _ClassVar[int]
    game: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatScore]
    finished: bool
    winners: _containers.RepeatedScalarFieldContainer[int]
    tiebreak: str
    teams: _containers.RepeatedCompositeFieldContainer[Team]
    move_count: int
    leaders: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, game: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatScore, _Mapping]]] = ..., finished: bool = ..., winners: _Optional[_Iterable[int]] = ..., tiebreak: _Optional[str] = ..., teams: _Optional[_Iterable[_Union[Team, _Mapping]]] = ..., move_count: _Optional[int] = ..., leaders: _Optional[_Iterable[int]] = ...) -> None: ...

class NewGameRequest(_message.Message):
    __slots__ = ("game", "seats", "options", "seed", "want", "access", "hats", "cambio", "kodiak", "alaska", "rune_market", "white_hat", "black_hat")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    WANT_FIELD_NUMBER: _ClassVar[int]
    ACCESS_FIELD_NUMBER: _ClassVar[int]
    HATS_FIELD_NUMBER: _ClassVar[int]
    CAMBIO_FIELD_NUMBER: _ClassVar[int]
    KODIAK_FIELD_NUMBER: _ClassVar[int]
    ALASKA_FIELD_NUMBER: _ClassVar[int]
    RUNE_MARKET_FIELD_NUMBER: _ClassVar[int]
    WHITE_HAT_FIELD_NUMBER: _ClassVar[int]
    BLACK_HAT_FIELD_NUMBER: _ClassVar[int]
    game: str
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    options: _containers.ScalarMap[str, str]
    seed: int
    want: Want
    access: str
    hats: _hats_pb2.HatsOptions
    cambio: _cambio_pb2.CambioOptions
    kodiak: _kodiak_pb2.KodiakOptions
    alaska: _alaska_pb2.AlaskaOptions
    rune_market: _rune_market_pb2.RuneMarketOptions
    white_hat: _white_hat_pb2.WhiteHatOptions
    black_hat: _white_hat_pb2.WhiteHatOptions
    def __init__(self, game: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., options: _Optional[_Mapping[str, str]] = ..., seed: _Optional[int] = ..., want: _Optional[_Union[Want, _Mapping]] = ..., access: _Optional[str] = ..., hats: _Optional[_Union[_hats_pb2.HatsOptions, _Mapping]] = ..., cambio: _Optional[_Union[_cambio_pb2.CambioOptions, _Mapping]] = ..., kodiak: _Optional[_Union[_kodiak_pb2.KodiakOptions, _Mapping]] = ..., alaska: _Optional[_Union[_alaska_pb2.AlaskaOptions, _Mapping]] = ..., rune_market: _Optional[_Union[_rune_market_pb2.RuneMarketOptions, _Mapping]] = ..., white_hat: _Optional[_Union[_white_hat_pb2.WhiteHatOptions, _Mapping]] = ..., black_hat: _Optional[_Union[_white_hat_pb2.WhiteHatOptions, _Mapping]] = ...) -> None: ...

class NewGameResponse(_message.Message):
    __slots__ = ("state", "game", "seed", "seats", "to_act", "view", "legal_moves", "score", "events", "host_key", "access", "legal_by_seat")
    STATE_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    HOST_KEY_FIELD_NUMBER: _ClassVar[int]
    ACCESS_FIELD_NUMBER: _ClassVar[int]
    LEGAL_BY_SEAT_FIELD_NUMBER: _ClassVar[int]
    state: bytes
    game: str
    seed: int
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    to_act: _containers.RepeatedScalarFieldContainer[int]
    view: View
    legal_moves: _containers.RepeatedCompositeFieldContainer[Move]
    score: Score
    events: _containers.RepeatedCompositeFieldContainer[Event]
    host_key: str
    access: str
    legal_by_seat: _containers.RepeatedCompositeFieldContainer[SeatMoves]
    def __init__(self, state: _Optional[bytes] = ..., game: _Optional[str] = ..., seed: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., to_act: _Optional[_Iterable[int]] = ..., view: _Optional[_Union[View, _Mapping]] = ..., legal_moves: _Optional[_Iterable[_Union[Move, _Mapping]]] = ..., score: _Optional[_Union[Score, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., host_key: _Optional[str] = ..., access: _Optional[str] = ..., legal_by_seat: _Optional[_Iterable[_Union[SeatMoves, _Mapping]]] = ...) -> None: ...

class LegalMovesRequest(_message.Message):
    __slots__ = ("state", "seat", "game")
    STATE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    state: bytes
    seat: int
    game: str
    def __init__(self, state: _Optional[bytes] = ..., seat: _Optional[int] = ..., game: _Optional[str] = ...) -> None: ...

class LegalMovesResponse(_message.Message):
    __slots__ = ("moves", "to_act", "finished")
    MOVES_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    moves: _containers.RepeatedCompositeFieldContainer[Move]
    to_act: _containers.RepeatedScalarFieldContainer[int]
    finished: bool
    def __init__(self, moves: _Optional[_Iterable[_Union[Move, _Mapping]]] = ..., to_act: _Optional[_Iterable[int]] = ..., finished: bool = ...) -> None: ...

class ApplyMoveRequest(_message.Message):
    __slots__ = ("state", "move", "index", "want", "game")
    STATE_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    WANT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    state: bytes
    move: Move
    index: int
    want: Want
    game: str
    def __init__(self, state: _Optional[bytes] = ..., move: _Optional[_Union[Move, _Mapping]] = ..., index: _Optional[int] = ..., want: _Optional[_Union[Want, _Mapping]] = ..., game: _Optional[str] = ...) -> None: ...

class ApplyMoveResponse(_message.Message):
    __slots__ = ("state", "move", "events", "to_act", "finished", "move_count", "view", "legal_moves", "score", "legal_by_seat")
    STATE_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    MOVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    LEGAL_BY_SEAT_FIELD_NUMBER: _ClassVar[int]
    state: bytes
    move: Move
    events: _containers.RepeatedCompositeFieldContainer[Event]
    to_act: _containers.RepeatedScalarFieldContainer[int]
    finished: bool
    move_count: int
    view: View
    legal_moves: _containers.RepeatedCompositeFieldContainer[Move]
    score: Score
    legal_by_seat: _containers.RepeatedCompositeFieldContainer[SeatMoves]
    def __init__(self, state: _Optional[bytes] = ..., move: _Optional[_Union[Move, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., to_act: _Optional[_Iterable[int]] = ..., finished: bool = ..., move_count: _Optional[int] = ..., view: _Optional[_Union[View, _Mapping]] = ..., legal_moves: _Optional[_Iterable[_Union[Move, _Mapping]]] = ..., score: _Optional[_Union[Score, _Mapping]] = ..., legal_by_seat: _Optional[_Iterable[_Union[SeatMoves, _Mapping]]] = ...) -> None: ...

class ScoreRequest(_message.Message):
    __slots__ = ("state", "game")
    STATE_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    state: bytes
    game: str
    def __init__(self, state: _Optional[bytes] = ..., game: _Optional[str] = ...) -> None: ...

class ScoreResponse(_message.Message):
    __slots__ = ("score",)
    SCORE_FIELD_NUMBER: _ClassVar[int]
    score: Score
    def __init__(self, score: _Optional[_Union[Score, _Mapping]] = ...) -> None: ...

class ViewRequest(_message.Message):
    __slots__ = ("state", "seat", "game")
    STATE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    state: bytes
    seat: int
    game: str
    def __init__(self, state: _Optional[bytes] = ..., seat: _Optional[int] = ..., game: _Optional[str] = ...) -> None: ...

class ViewResponse(_message.Message):
    __slots__ = ("view", "to_act", "finished", "seats")
    VIEW_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    view: View
    to_act: _containers.RepeatedScalarFieldContainer[int]
    finished: bool
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    def __init__(self, view: _Optional[_Union[View, _Mapping]] = ..., to_act: _Optional[_Iterable[int]] = ..., finished: bool = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ...) -> None: ...

class Error(_message.Message):
    __slots__ = ("code", "reason", "message", "details")
    class DetailsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CODE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    code: str
    reason: str
    message: str
    details: _containers.ScalarMap[str, str]
    def __init__(self, code: _Optional[str] = ..., reason: _Optional[str] = ..., message: _Optional[str] = ..., details: _Optional[_Mapping[str, str]] = ...) -> None: ...

class ScoreBatchRequest(_message.Message):
    __slots__ = ("states",)
    STATES_FIELD_NUMBER: _ClassVar[int]
    states: _containers.RepeatedScalarFieldContainer[bytes]
    def __init__(self, states: _Optional[_Iterable[bytes]] = ...) -> None: ...

class ScoreResult(_message.Message):
    __slots__ = ("score", "error")
    SCORE_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    score: Score
    error: Error
    def __init__(self, score: _Optional[_Union[Score, _Mapping]] = ..., error: _Optional[_Union[Error, _Mapping]] = ...) -> None: ...

class ScoreBatchResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[ScoreResult]
    def __init__(self, results: _Optional[_Iterable[_Union[ScoreResult, _Mapping]]] = ...) -> None: ...
