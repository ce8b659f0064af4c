from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RuneMarketMove(_message.Message):
    __slots__ = ("kind", "colour", "item", "tokens", "place", "place_seat", "place_colour", "outpost", "count", "cards", "card", "seat", "what")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[RuneMarketMove.Kind]
        INTEREST: _ClassVar[RuneMarketMove.Kind]
        NOINTEREST: _ClassVar[RuneMarketMove.Kind]
        ABANDON: _ClassVar[RuneMarketMove.Kind]
        BUY: _ClassVar[RuneMarketMove.Kind]
        FREE3: _ClassVar[RuneMarketMove.Kind]
        NEUTRALIZE: _ClassVar[RuneMarketMove.Kind]
        STORE: _ClassVar[RuneMarketMove.Kind]
        RUNE: _ClassVar[RuneMarketMove.Kind]
        BUYCARDS: _ClassVar[RuneMarketMove.Kind]
        RANSOM: _ClassVar[RuneMarketMove.Kind]
        DUEL: _ClassVar[RuneMarketMove.Kind]
        DEFEND: _ClassVar[RuneMarketMove.Kind]
        CONCEDE: _ClassVar[RuneMarketMove.Kind]
        THIEF: _ClassVar[RuneMarketMove.Kind]
        STORAGE: _ClassVar[RuneMarketMove.Kind]
        DOUBLE: _ClassVar[RuneMarketMove.Kind]
        STEAL: _ClassVar[RuneMarketMove.Kind]
        NOSTEAL: _ClassVar[RuneMarketMove.Kind]
        END: _ClassVar[RuneMarketMove.Kind]
    KIND_UNSPECIFIED: RuneMarketMove.Kind
    INTEREST: RuneMarketMove.Kind
    NOINTEREST: RuneMarketMove.Kind
    ABANDON: RuneMarketMove.Kind
    BUY: RuneMarketMove.Kind
    FREE3: RuneMarketMove.Kind
    NEUTRALIZE: RuneMarketMove.Kind
    STORE: RuneMarketMove.Kind
    RUNE: RuneMarketMove.Kind
    BUYCARDS: RuneMarketMove.Kind
    RANSOM: RuneMarketMove.Kind
    DUEL: RuneMarketMove.Kind
    DEFEND: RuneMarketMove.Kind
    CONCEDE: RuneMarketMove.Kind
    THIEF: RuneMarketMove.Kind
    STORAGE: RuneMarketMove.Kind
    DOUBLE: RuneMarketMove.Kind
    STEAL: RuneMarketMove.Kind
    NOSTEAL: RuneMarketMove.Kind
    END: RuneMarketMove.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    ITEM_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    PLACE_SEAT_FIELD_NUMBER: _ClassVar[int]
    PLACE_COLOUR_FIELD_NUMBER: _ClassVar[int]
    OUTPOST_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WHAT_FIELD_NUMBER: _ClassVar[int]
    kind: RuneMarketMove.Kind
    colour: str
    item: str
    tokens: _containers.RepeatedScalarFieldContainer[str]
    place: str
    place_seat: int
    place_colour: str
    outpost: str
    count: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    card: str
    seat: int
    what: str
    def __init__(self, kind: _Optional[_Union[RuneMarketMove.Kind, str]] = ..., colour: _Optional[str] = ..., item: _Optional[str] = ..., tokens: _Optional[_Iterable[str]] = ..., place: _Optional[str] = ..., place_seat: _Optional[int] = ..., place_colour: _Optional[str] = ..., outpost: _Optional[str] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., card: _Optional[str] = ..., seat: _Optional[int] = ..., what: _Optional[str] = ...) -> None: ...

class RuneMarketMarket(_message.Message):
    __slots__ = ("red", "blue", "outposts", "collectors")
    RED_FIELD_NUMBER: _ClassVar[int]
    BLUE_FIELD_NUMBER: _ClassVar[int]
    OUTPOSTS_FIELD_NUMBER: _ClassVar[int]
    COLLECTORS_FIELD_NUMBER: _ClassVar[int]
    red: int
    blue: int
    outposts: int
    collectors: int
    def __init__(self, red: _Optional[int] = ..., blue: _Optional[int] = ..., outposts: _Optional[int] = ..., collectors: _Optional[int] = ...) -> None: ...

class RuneMarketStore(_message.Message):
    __slots__ = ("colour", "main", "outpost", "runes", "collector", "ruin")
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    MAIN_FIELD_NUMBER: _ClassVar[int]
    OUTPOST_FIELD_NUMBER: _ClassVar[int]
    RUNES_FIELD_NUMBER: _ClassVar[int]
    COLLECTOR_FIELD_NUMBER: _ClassVar[int]
    RUIN_FIELD_NUMBER: _ClassVar[int]
    colour: str
    main: str
    outpost: bool
    runes: int
    collector: int
    ruin: bool
    def __init__(self, colour: _Optional[str] = ..., main: _Optional[str] = ..., outpost: bool = ..., runes: _Optional[int] = ..., collector: _Optional[int] = ..., ruin: bool = ...) -> None: ...

class RuneMarketSeat(_message.Message):
    __slots__ = ("seat", "hand_count", "loose_red", "loose_blue", "stores", "points", "known_cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    LOOSE_RED_FIELD_NUMBER: _ClassVar[int]
    LOOSE_BLUE_FIELD_NUMBER: _ClassVar[int]
    STORES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    KNOWN_CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand_count: int
    loose_red: int
    loose_blue: int
    stores: _containers.RepeatedCompositeFieldContainer[RuneMarketStore]
    points: int
    known_cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., hand_count: _Optional[int] = ..., loose_red: _Optional[int] = ..., loose_blue: _Optional[int] = ..., stores: _Optional[_Iterable[_Union[RuneMarketStore, _Mapping]]] = ..., points: _Optional[int] = ..., known_cards: _Optional[_Iterable[str]] = ...) -> None: ...

class RuneMarketFinalScore(_message.Message):
    __slots__ = ("seat", "total", "rank", "runes", "outposts", "collectors", "contains_hidden")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    RUNES_FIELD_NUMBER: _ClassVar[int]
    OUTPOSTS_FIELD_NUMBER: _ClassVar[int]
    COLLECTORS_FIELD_NUMBER: _ClassVar[int]
    CONTAINS_HIDDEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    total: int
    rank: int
    runes: int
    outposts: int
    collectors: int
    contains_hidden: int
    def __init__(self, seat: _Optional[int] = ..., total: _Optional[int] = ..., rank: _Optional[int] = ..., runes: _Optional[int] = ..., outposts: _Optional[int] = ..., collectors: _Optional[int] = ..., contains_hidden: _Optional[int] = ...) -> None: ...

class RuneMarketView(_message.Message):
    __slots__ = ("players", "phase", "active_seat", "to_act", "move_count", "round", "market", "price", "deck_count", "discard", "hand_played", "bought", "dueled", "steals", "steal_from", "defender", "attack", "seats", "hand", "scores", "winners", "tiebreak")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    MOVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    MARKET_FIELD_NUMBER: _ClassVar[int]
    PRICE_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    HAND_PLAYED_FIELD_NUMBER: _ClassVar[int]
    BOUGHT_FIELD_NUMBER: _ClassVar[int]
    DUELED_FIELD_NUMBER: _ClassVar[int]
    STEALS_FIELD_NUMBER: _ClassVar[int]
    STEAL_FROM_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    TIEBREAK_FIELD_NUMBER: _ClassVar[int]
    players: int
    phase: str
    active_seat: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    move_count: int
    round: int
    market: RuneMarketMarket
    price: int
    deck_count: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    hand_played: bool
    bought: bool
    dueled: _containers.RepeatedScalarFieldContainer[int]
    steals: int
    steal_from: int
    defender: int
    attack: str
    seats: _containers.RepeatedCompositeFieldContainer[RuneMarketSeat]
    hand: _containers.RepeatedScalarFieldContainer[str]
    scores: _containers.RepeatedCompositeFieldContainer[RuneMarketFinalScore]
    winners: _containers.RepeatedScalarFieldContainer[int]
    tiebreak: str
    def __init__(self, players: _Optional[int] = ..., phase: _Optional[str] = ..., active_seat: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., move_count: _Optional[int] = ..., round: _Optional[int] = ..., market: _Optional[_Union[RuneMarketMarket, _Mapping]] = ..., price: _Optional[int] = ..., deck_count: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., hand_played: bool = ..., bought: bool = ..., dueled: _Optional[_Iterable[int]] = ..., steals: _Optional[int] = ..., steal_from: _Optional[int] = ..., defender: _Optional[int] = ..., attack: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[RuneMarketSeat, _Mapping]]] = ..., hand: _Optional[_Iterable[str]] = ..., scores: _Optional[_Iterable[_Union[RuneMarketFinalScore, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., tiebreak: _Optional[str] = ...) -> None: ...

class RuneMarketOptions(_message.Message):
    __slots__ = ("start_seat", "storage_protects", "tiebreak_iv", "max_rounds", "deck")
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    STORAGE_PROTECTS_FIELD_NUMBER: _ClassVar[int]
    TIEBREAK_IV_FIELD_NUMBER: _ClassVar[int]
    MAX_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    start_seat: int
    storage_protects: str
    tiebreak_iv: str
    max_rounds: int
    deck: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, start_seat: _Optional[int] = ..., storage_protects: _Optional[str] = ..., tiebreak_iv: _Optional[str] = ..., max_rounds: _Optional[int] = ..., deck: _Optional[_Iterable[str]] = ...) -> None: ...

class RuneMarketEvent(_message.Message):
    __slots__ = ("dealt", "turn", "plundered", "store_abandoned", "interest", "no_interest", "bought", "collector_placed", "collector_removed", "rune_bought", "duel", "defended", "conceded", "stolen", "storage_played", "thief", "double", "no_steal", "refilled", "reshuffled", "stored", "game_end", "rune_stolen", "lot_drawn")
    class Dealt(_message.Message):
        __slots__ = ("seat", "hand_count", "deck_count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
        DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hand_count: int
        deck_count: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., hand_count: _Optional[int] = ..., deck_count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Seat(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class Plundered(_message.Message):
        __slots__ = ("seat", "colour", "to")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        seat: int
        colour: str
        to: int
        def __init__(self, seat: _Optional[int] = ..., colour: _Optional[str] = ..., to: _Optional[int] = ...) -> None: ...
    class StoreAbandoned(_message.Message):
        __slots__ = ("seat", "colour", "card", "runes_loose", "collector")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        RUNES_LOOSE_FIELD_NUMBER: _ClassVar[int]
        COLLECTOR_FIELD_NUMBER: _ClassVar[int]
        seat: int
        colour: str
        card: str
        runes_loose: int
        collector: int
        def __init__(self, seat: _Optional[int] = ..., colour: _Optional[str] = ..., card: _Optional[str] = ..., runes_loose: _Optional[int] = ..., collector: _Optional[int] = ...) -> None: ...
    class Interest(_message.Message):
        __slots__ = ("seat", "red", "blue")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RED_FIELD_NUMBER: _ClassVar[int]
        BLUE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        red: int
        blue: int
        def __init__(self, seat: _Optional[int] = ..., red: _Optional[int] = ..., blue: _Optional[int] = ...) -> None: ...
    class Bought(_message.Message):
        __slots__ = ("seat", "item", "placement", "tokens", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ITEM_FIELD_NUMBER: _ClassVar[int]
        PLACEMENT_FIELD_NUMBER: _ClassVar[int]
        TOKENS_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        item: str
        placement: str
        tokens: _containers.RepeatedScalarFieldContainer[str]
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., item: _Optional[str] = ..., placement: _Optional[str] = ..., tokens: _Optional[_Iterable[str]] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class CollectorPlaced(_message.Message):
        __slots__ = ("seat", "target", "colour", "outpost_destroyed")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        OUTPOST_DESTROYED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        target: int
        colour: str
        outpost_destroyed: bool
        def __init__(self, seat: _Optional[int] = ..., target: _Optional[int] = ..., colour: _Optional[str] = ..., outpost_destroyed: bool = ...) -> None: ...
    class CollectorRemoved(_message.Message):
        __slots__ = ("seat", "colour", "owner", "how")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        OWNER_FIELD_NUMBER: _ClassVar[int]
        HOW_FIELD_NUMBER: _ClassVar[int]
        seat: int
        colour: str
        owner: int
        how: str
        def __init__(self, seat: _Optional[int] = ..., colour: _Optional[str] = ..., owner: _Optional[int] = ..., how: _Optional[str] = ...) -> None: ...
    class RuneBought(_message.Message):
        __slots__ = ("seat", "cards", "colour")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        colour: str
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., colour: _Optional[str] = ...) -> None: ...
    class Duel(_message.Message):
        __slots__ = ("seat", "card", "defender")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        DEFENDER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        defender: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., defender: _Optional[int] = ...) -> None: ...
    class Card(_message.Message):
        __slots__ = ("seat", "card", "colour")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        colour: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., colour: _Optional[str] = ...) -> None: ...
    class Stolen(_message.Message):
        __slots__ = ("thief", "victim", "card")
        THIEF_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        thief: int
        victim: int
        card: str
        def __init__(self, thief: _Optional[int] = ..., victim: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class RuneStolen(_message.Message):
        __slots__ = ("thief", "victim", "colour")
        THIEF_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        thief: int
        victim: int
        colour: str
        def __init__(self, thief: _Optional[int] = ..., victim: _Optional[int] = ..., colour: _Optional[str] = ...) -> None: ...
    class LotDrawn(_message.Message):
        __slots__ = ("seat", "tied")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TIED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        tied: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., tied: _Optional[_Iterable[int]] = ...) -> None: ...
    class Thief(_message.Message):
        __slots__ = ("seat", "card", "victim")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        victim: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., victim: _Optional[int] = ...) -> None: ...
    class Refilled(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Reshuffled(_message.Message):
        __slots__ = ("deck_count",)
        DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
        deck_count: int
        def __init__(self, deck_count: _Optional[int] = ...) -> None: ...
    class Stored(_message.Message):
        __slots__ = ("seat", "colour", "count")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        colour: str
        count: int
        def __init__(self, seat: _Optional[int] = ..., colour: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...
    class GameEnd(_message.Message):
        __slots__ = ("reason", "scores", "winners", "tiebreak")
        REASON_FIELD_NUMBER: _ClassVar[int]
        SCORES_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        TIEBREAK_FIELD_NUMBER: _ClassVar[int]
        reason: str
        scores: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        tiebreak: str
        def __init__(self, reason: _Optional[str] = ..., scores: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., tiebreak: _Optional[str] = ...) -> None: ...
    DEALT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    PLUNDERED_FIELD_NUMBER: _ClassVar[int]
    STORE_ABANDONED_FIELD_NUMBER: _ClassVar[int]
    INTEREST_FIELD_NUMBER: _ClassVar[int]
    NO_INTEREST_FIELD_NUMBER: _ClassVar[int]
    BOUGHT_FIELD_NUMBER: _ClassVar[int]
    COLLECTOR_PLACED_FIELD_NUMBER: _ClassVar[int]
    COLLECTOR_REMOVED_FIELD_NUMBER: _ClassVar[int]
    RUNE_BOUGHT_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DEFENDED_FIELD_NUMBER: _ClassVar[int]
    CONCEDED_FIELD_NUMBER: _ClassVar[int]
    STOLEN_FIELD_NUMBER: _ClassVar[int]
    STORAGE_PLAYED_FIELD_NUMBER: _ClassVar[int]
    THIEF_FIELD_NUMBER: _ClassVar[int]
    DOUBLE_FIELD_NUMBER: _ClassVar[int]
    NO_STEAL_FIELD_NUMBER: _ClassVar[int]
    REFILLED_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    STORED_FIELD_NUMBER: _ClassVar[int]
    GAME_END_FIELD_NUMBER: _ClassVar[int]
    RUNE_STOLEN_FIELD_NUMBER: _ClassVar[int]
    LOT_DRAWN_FIELD_NUMBER: _ClassVar[int]
    dealt: RuneMarketEvent.Dealt
    turn: RuneMarketEvent.Seat
    plundered: RuneMarketEvent.Plundered
    store_abandoned: RuneMarketEvent.StoreAbandoned
    interest: RuneMarketEvent.Interest
    no_interest: RuneMarketEvent.Seat
    bought: RuneMarketEvent.Bought
    collector_placed: RuneMarketEvent.CollectorPlaced
    collector_removed: RuneMarketEvent.CollectorRemoved
    rune_bought: RuneMarketEvent.RuneBought
    duel: RuneMarketEvent.Duel
    defended: RuneMarketEvent.Card
    conceded: RuneMarketEvent.Seat
    stolen: RuneMarketEvent.Stolen
    storage_played: RuneMarketEvent.Card
    thief: RuneMarketEvent.Thief
    double: RuneMarketEvent.Card
    no_steal: RuneMarketEvent.Seat
    refilled: RuneMarketEvent.Refilled
    reshuffled: RuneMarketEvent.Reshuffled
    stored: RuneMarketEvent.Stored
    game_end: RuneMarketEvent.GameEnd
    rune_stolen: RuneMarketEvent.RuneStolen
    lot_drawn: RuneMarketEvent.LotDrawn
    def __init__(self, dealt: _Optional[_Union[RuneMarketEvent.Dealt, _Mapping]] = ..., turn: _Optional[_Union[RuneMarketEvent.Seat, _Mapping]] = ..., plundered: _Optional[_Union[RuneMarketEvent.Plundered, _Mapping]] = ..., store_abandoned: _Optional[_Union[RuneMarketEvent.StoreAbandoned, _Mapping]] = ..., interest: _Optional[_Union[RuneMarketEvent.Interest, _Mapping]] = ..., no_interest: _Optional[_Union[RuneMarketEvent.Seat, _Mapping]] = ..., bought: _Optional[_Union[RuneMarketEvent.Bought, _Mapping]] = ..., collector_placed: _Optional[_Union[RuneMarketEvent.CollectorPlaced, _Mapping]] = ..., collector_removed: _Optional[_Union[RuneMarketEvent.CollectorRemoved, _Mapping]] = ..., rune_bought: _Optional[_Union[RuneMarketEvent.RuneBought, _Mapping]] = ..., duel: _Optional[_Union[RuneMarketEvent.Duel, _Mapping]] = ..., defended: _Optional[_Union[RuneMarketEvent.Card, _Mapping]] = ..., conceded: _Optional[_Union[RuneMarketEvent.Seat, _Mapping]] = ..., stolen: _Optional[_Union[RuneMarketEvent.Stolen, _Mapping]] = ..., storage_played: _Optional[_Union[RuneMarketEvent.Card, _Mapping]] = ..., thief: _Optional[_Union[RuneMarketEvent.Thief, _Mapping]] = ..., double: _Optional[_Union[RuneMarketEvent.Card, _Mapping]] = ..., no_steal: _Optional[_Union[RuneMarketEvent.Seat, _Mapping]] = ..., refilled: _Optional[_Union[RuneMarketEvent.Refilled, _Mapping]] = ..., reshuffled: _Optional[_Union[RuneMarketEvent.Reshuffled, _Mapping]] = ..., stored: _Optional[_Union[RuneMarketEvent.Stored, _Mapping]] = ..., game_end: _Optional[_Union[RuneMarketEvent.GameEnd, _Mapping]] = ..., rune_stolen: _Optional[_Union[RuneMarketEvent.RuneStolen, _Mapping]] = ..., lot_drawn: _Optional[_Union[RuneMarketEvent.LotDrawn, _Mapping]] = ...) -> None: ...
