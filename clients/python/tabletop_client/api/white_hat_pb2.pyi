from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WhiteHatMove(_message.Message):
    __slots__ = ("kind", "cards", "choice", "pawn", "space", "sign", "marker", "face", "slot")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[WhiteHatMove.Kind]
        PLAY: _ClassVar[WhiteHatMove.Kind]
        PASS: _ClassVar[WhiteHatMove.Kind]
        COLLECT: _ClassVar[WhiteHatMove.Kind]
        MOVE: _ClassVar[WhiteHatMove.Kind]
        DOS: _ClassVar[WhiteHatMove.Kind]
        EXPLOIT: _ClassVar[WhiteHatMove.Kind]
        RANDOMIZE: _ClassVar[WhiteHatMove.Kind]
        PLACE: _ClassVar[WhiteHatMove.Kind]
        BACKFLIP: _ClassVar[WhiteHatMove.Kind]
        SKIP: _ClassVar[WhiteHatMove.Kind]
    KIND_UNSPECIFIED: WhiteHatMove.Kind
    PLAY: WhiteHatMove.Kind
    PASS: WhiteHatMove.Kind
    COLLECT: WhiteHatMove.Kind
    MOVE: WhiteHatMove.Kind
    DOS: WhiteHatMove.Kind
    EXPLOIT: WhiteHatMove.Kind
    RANDOMIZE: WhiteHatMove.Kind
    PLACE: WhiteHatMove.Kind
    BACKFLIP: WhiteHatMove.Kind
    SKIP: WhiteHatMove.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    PAWN_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    SIGN_FIELD_NUMBER: _ClassVar[int]
    MARKER_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    kind: WhiteHatMove.Kind
    cards: _containers.RepeatedScalarFieldContainer[str]
    choice: str
    pawn: str
    space: int
    sign: int
    marker: str
    face: str
    slot: str
    def __init__(self, kind: _Optional[_Union[WhiteHatMove.Kind, str]] = ..., cards: _Optional[_Iterable[str]] = ..., choice: _Optional[str] = ..., pawn: _Optional[str] = ..., space: _Optional[int] = ..., sign: _Optional[int] = ..., marker: _Optional[str] = ..., face: _Optional[str] = ..., slot: _Optional[str] = ...) -> None: ...

class WhiteHatSpace(_message.Message):
    __slots__ = ("id", "name", "type", "value", "effective_value", "x", "y", "depth", "slot", "pos")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_VALUE_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    DEPTH_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    POS_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    type: str
    value: int
    effective_value: int
    x: int
    y: int
    depth: int
    slot: str
    pos: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., type: _Optional[str] = ..., value: _Optional[int] = ..., effective_value: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., depth: _Optional[int] = ..., slot: _Optional[str] = ..., pos: _Optional[str] = ...) -> None: ...

class WhiteHatArrow(_message.Message):
    __slots__ = ("to",)
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    to: int
    def __init__(self, to: _Optional[int] = ..., **kwargs) -> None: ...

class WhiteHatSlot(_message.Message):
    __slots__ = ("id", "x", "y", "hosts", "face")
    ID_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    HOSTS_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    id: str
    x: int
    y: int
    hosts: _containers.RepeatedScalarFieldContainer[int]
    face: str
    def __init__(self, id: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., hosts: _Optional[_Iterable[int]] = ..., face: _Optional[str] = ...) -> None: ...

class WhiteHatBoard(_message.Message):
    __slots__ = ("id", "title", "side", "width", "height", "internet_cafe", "public_server", "critical_asset", "jail_value", "spaces", "arrows", "slots", "tile_supply")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    INTERNET_CAFE_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_SERVER_FIELD_NUMBER: _ClassVar[int]
    CRITICAL_ASSET_FIELD_NUMBER: _ClassVar[int]
    JAIL_VALUE_FIELD_NUMBER: _ClassVar[int]
    SPACES_FIELD_NUMBER: _ClassVar[int]
    ARROWS_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    TILE_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    side: str
    width: int
    height: int
    internet_cafe: int
    public_server: int
    critical_asset: int
    jail_value: int
    spaces: _containers.RepeatedCompositeFieldContainer[WhiteHatSpace]
    arrows: _containers.RepeatedCompositeFieldContainer[WhiteHatArrow]
    slots: _containers.RepeatedCompositeFieldContainer[WhiteHatSlot]
    tile_supply: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., side: _Optional[str] = ..., width: _Optional[int] = ..., height: _Optional[int] = ..., internet_cafe: _Optional[int] = ..., public_server: _Optional[int] = ..., critical_asset: _Optional[int] = ..., jail_value: _Optional[int] = ..., spaces: _Optional[_Iterable[_Union[WhiteHatSpace, _Mapping]]] = ..., arrows: _Optional[_Iterable[_Union[WhiteHatArrow, _Mapping]]] = ..., slots: _Optional[_Iterable[_Union[WhiteHatSlot, _Mapping]]] = ..., tile_supply: _Optional[_Iterable[int]] = ...) -> None: ...

class WhiteHatPawn(_message.Message):
    __slots__ = ("pawn", "seat", "space", "blocked", "jailed")
    PAWN_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_FIELD_NUMBER: _ClassVar[int]
    JAILED_FIELD_NUMBER: _ClassVar[int]
    pawn: str
    seat: int
    space: int
    blocked: bool
    jailed: bool
    def __init__(self, pawn: _Optional[str] = ..., seat: _Optional[int] = ..., space: _Optional[int] = ..., blocked: bool = ..., jailed: bool = ...) -> None: ...

class WhiteHatMarker(_message.Message):
    __slots__ = ("marker", "space", "sign")
    MARKER_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    SIGN_FIELD_NUMBER: _ClassVar[int]
    marker: str
    space: int
    sign: int
    def __init__(self, marker: _Optional[str] = ..., space: _Optional[int] = ..., sign: _Optional[int] = ...) -> None: ...

class WhiteHatPlay(_message.Message):
    __slots__ = ("seat", "cards", "passed")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    passed: bool
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., passed: bool = ...) -> None: ...

class WhiteHatTrick(_message.Message):
    __slots__ = ("leader", "order", "lead_count", "lead_value", "hat_played", "plays", "winner")
    LEADER_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    LEAD_COUNT_FIELD_NUMBER: _ClassVar[int]
    LEAD_VALUE_FIELD_NUMBER: _ClassVar[int]
    HAT_PLAYED_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    leader: int
    order: _containers.RepeatedScalarFieldContainer[int]
    lead_count: int
    lead_value: int
    hat_played: bool
    plays: _containers.RepeatedCompositeFieldContainer[WhiteHatPlay]
    winner: int
    def __init__(self, leader: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ..., lead_count: _Optional[int] = ..., lead_value: _Optional[int] = ..., hat_played: bool = ..., plays: _Optional[_Iterable[_Union[WhiteHatPlay, _Mapping]]] = ..., winner: _Optional[int] = ...) -> None: ...

class WhiteHatPending(_message.Message):
    __slots__ = ("type", "pawn", "space", "seat")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    PAWN_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    type: str
    pawn: str
    space: int
    seat: int
    def __init__(self, type: _Optional[str] = ..., pawn: _Optional[str] = ..., space: _Optional[int] = ..., seat: _Optional[int] = ...) -> None: ...

class WhiteHatView(_message.Message):
    __slots__ = ("players", "phase", "to_act", "move_count", "round", "dealer", "count_out", "hat_holder", "hat_seat", "hat_in_trick", "trick", "hand_counts", "hand", "deck_count", "discard", "totals", "last_round", "rounds_scored", "pawns", "markers", "pending", "drawn_tile", "honeypot_entered", "board")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    MOVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    COUNT_OUT_FIELD_NUMBER: _ClassVar[int]
    HAT_HOLDER_FIELD_NUMBER: _ClassVar[int]
    HAT_SEAT_FIELD_NUMBER: _ClassVar[int]
    HAT_IN_TRICK_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNTS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_SCORED_FIELD_NUMBER: _ClassVar[int]
    PAWNS_FIELD_NUMBER: _ClassVar[int]
    MARKERS_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    DRAWN_TILE_FIELD_NUMBER: _ClassVar[int]
    HONEYPOT_ENTERED_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    players: int
    phase: str
    to_act: int
    move_count: int
    round: int
    dealer: int
    count_out: str
    hat_holder: int
    hat_seat: int
    hat_in_trick: bool
    trick: WhiteHatTrick
    hand_counts: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedScalarFieldContainer[str]
    deck_count: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    totals: _containers.RepeatedScalarFieldContainer[int]
    last_round: _containers.RepeatedScalarFieldContainer[int]
    rounds_scored: int
    pawns: _containers.RepeatedCompositeFieldContainer[WhiteHatPawn]
    markers: _containers.RepeatedCompositeFieldContainer[WhiteHatMarker]
    pending: WhiteHatPending
    drawn_tile: int
    honeypot_entered: bool
    board: WhiteHatBoard
    def __init__(self, players: _Optional[int] = ..., phase: _Optional[str] = ..., to_act: _Optional[int] = ..., move_count: _Optional[int] = ..., round: _Optional[int] = ..., dealer: _Optional[int] = ..., count_out: _Optional[str] = ..., hat_holder: _Optional[int] = ..., hat_seat: _Optional[int] = ..., hat_in_trick: bool = ..., trick: _Optional[_Union[WhiteHatTrick, _Mapping]] = ..., hand_counts: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[str]] = ..., deck_count: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., totals: _Optional[_Iterable[int]] = ..., last_round: _Optional[_Iterable[int]] = ..., rounds_scored: _Optional[int] = ..., pawns: _Optional[_Iterable[_Union[WhiteHatPawn, _Mapping]]] = ..., markers: _Optional[_Iterable[_Union[WhiteHatMarker, _Mapping]]] = ..., pending: _Optional[_Union[WhiteHatPending, _Mapping]] = ..., drawn_tile: _Optional[int] = ..., honeypot_entered: bool = ..., board: _Optional[_Union[WhiteHatBoard, _Mapping]] = ...) -> None: ...

class WhiteHatOptions(_message.Message):
    __slots__ = ("board", "first_dealer", "deck")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    FIRST_DEALER_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    board: str
    first_dealer: int
    deck: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, board: _Optional[str] = ..., first_dealer: _Optional[int] = ..., deck: _Optional[_Iterable[str]] = ...) -> None: ...

class WhiteHatRoundSeat(_message.Message):
    __slots__ = ("seat", "hand", "card_points", "pawn_points", "raw", "round", "total")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    CARD_POINTS_FIELD_NUMBER: _ClassVar[int]
    PAWN_POINTS_FIELD_NUMBER: _ClassVar[int]
    RAW_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    card_points: int
    pawn_points: int
    raw: int
    round: int
    total: int
    def __init__(self, seat: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., card_points: _Optional[int] = ..., pawn_points: _Optional[int] = ..., raw: _Optional[int] = ..., round: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...

class WhiteHatEvent(_message.Message):
    __slots__ = ("game_setup", "round_start", "dealt", "played", "passed", "trick_won", "discarded", "collected", "drew", "draw_skipped", "reshuffled", "pawn_moved", "honeypot_flag", "special_triggered", "special_skipped", "trigger_dropped", "dos", "backflip", "exploit", "tile_drawn", "tile_placed", "round_scored", "game_end")
    class GameSetup(_message.Message):
        __slots__ = ("game", "board", "players", "pawns")
        GAME_FIELD_NUMBER: _ClassVar[int]
        BOARD_FIELD_NUMBER: _ClassVar[int]
        PLAYERS_FIELD_NUMBER: _ClassVar[int]
        PAWNS_FIELD_NUMBER: _ClassVar[int]
        game: str
        board: str
        players: int
        pawns: _containers.RepeatedCompositeFieldContainer[WhiteHatPawn]
        def __init__(self, game: _Optional[str] = ..., board: _Optional[str] = ..., players: _Optional[int] = ..., pawns: _Optional[_Iterable[_Union[WhiteHatPawn, _Mapping]]] = ...) -> None: ...
    class RoundStart(_message.Message):
        __slots__ = ("round", "dealer", "count_out", "hat_holder", "hand_counts", "leader", "order")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        DEALER_FIELD_NUMBER: _ClassVar[int]
        COUNT_OUT_FIELD_NUMBER: _ClassVar[int]
        HAT_HOLDER_FIELD_NUMBER: _ClassVar[int]
        HAND_COUNTS_FIELD_NUMBER: _ClassVar[int]
        LEADER_FIELD_NUMBER: _ClassVar[int]
        ORDER_FIELD_NUMBER: _ClassVar[int]
        round: int
        dealer: int
        count_out: str
        hat_holder: int
        hand_counts: _containers.RepeatedScalarFieldContainer[int]
        leader: int
        order: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, round: _Optional[int] = ..., dealer: _Optional[int] = ..., count_out: _Optional[str] = ..., hat_holder: _Optional[int] = ..., hand_counts: _Optional[_Iterable[int]] = ..., leader: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ...) -> None: ...
    class Dealt(_message.Message):
        __slots__ = ("seat", "hand")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hand: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ...) -> None: ...
    class Played(_message.Message):
        __slots__ = ("seat", "cards", "hand")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        hand: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., hand: _Optional[_Iterable[str]] = ...) -> None: ...
    class SeatOnly(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class TrickWon(_message.Message):
        __slots__ = ("seat", "hat_trick", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HAT_TRICK_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hat_trick: bool
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., hat_trick: bool = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Discarded(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Collected(_message.Message):
        __slots__ = ("seat", "taken", "discarded", "hand")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TAKEN_FIELD_NUMBER: _ClassVar[int]
        DISCARDED_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        taken: _containers.RepeatedScalarFieldContainer[str]
        discarded: _containers.RepeatedScalarFieldContainer[str]
        hand: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., taken: _Optional[_Iterable[str]] = ..., discarded: _Optional[_Iterable[str]] = ..., hand: _Optional[_Iterable[str]] = ...) -> None: ...
    class Drew(_message.Message):
        __slots__ = ("seat", "deck_count", "card", "hand")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        deck_count: int
        card: str
        hand: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., deck_count: _Optional[int] = ..., card: _Optional[str] = ..., hand: _Optional[_Iterable[str]] = ...) -> None: ...
    class Reshuffled(_message.Message):
        __slots__ = ("deck_count",)
        DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
        deck_count: int
        def __init__(self, deck_count: _Optional[int] = ...) -> None: ...
    class PawnMoved(_message.Message):
        __slots__ = ("pawn", "to", "seat", "blocked")
        PAWN_FIELD_NUMBER: _ClassVar[int]
        FROM_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        BLOCKED_FIELD_NUMBER: _ClassVar[int]
        pawn: str
        to: int
        seat: int
        blocked: bool
        def __init__(self, pawn: _Optional[str] = ..., to: _Optional[int] = ..., seat: _Optional[int] = ..., blocked: bool = ..., **kwargs) -> None: ...
    class Empty(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Special(_message.Message):
        __slots__ = ("pawn", "space", "type", "seat")
        PAWN_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        TYPE_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        pawn: str
        space: int
        type: str
        seat: int
        def __init__(self, pawn: _Optional[str] = ..., space: _Optional[int] = ..., type: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...
    class Sent(_message.Message):
        __slots__ = ("pawn", "to")
        PAWN_FIELD_NUMBER: _ClassVar[int]
        FROM_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        pawn: str
        to: int
        def __init__(self, pawn: _Optional[str] = ..., to: _Optional[int] = ..., **kwargs) -> None: ...
    class Exploit(_message.Message):
        __slots__ = ("marker", "space", "sign", "previous")
        MARKER_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        SIGN_FIELD_NUMBER: _ClassVar[int]
        PREVIOUS_FIELD_NUMBER: _ClassVar[int]
        marker: str
        space: int
        sign: int
        previous: int
        def __init__(self, marker: _Optional[str] = ..., space: _Optional[int] = ..., sign: _Optional[int] = ..., previous: _Optional[int] = ...) -> None: ...
    class TileDrawn(_message.Message):
        __slots__ = ("tile",)
        TILE_FIELD_NUMBER: _ClassVar[int]
        tile: int
        def __init__(self, tile: _Optional[int] = ...) -> None: ...
    class TilePlaced(_message.Message):
        __slots__ = ("face", "slot", "returned", "pawns")
        FACE_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        RETURNED_FIELD_NUMBER: _ClassVar[int]
        PAWNS_FIELD_NUMBER: _ClassVar[int]
        face: str
        slot: str
        returned: int
        pawns: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, face: _Optional[str] = ..., slot: _Optional[str] = ..., returned: _Optional[int] = ..., pawns: _Optional[_Iterable[str]] = ...) -> None: ...
    class RoundScored(_message.Message):
        __slots__ = ("round", "seats")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        round: int
        seats: _containers.RepeatedCompositeFieldContainer[WhiteHatRoundSeat]
        def __init__(self, round: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[WhiteHatRoundSeat, _Mapping]]] = ...) -> None: ...
    class GameEnd(_message.Message):
        __slots__ = ("totals", "winners", "tiebreak")
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        TIEBREAK_FIELD_NUMBER: _ClassVar[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        tiebreak: str
        def __init__(self, totals: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., tiebreak: _Optional[str] = ...) -> None: ...
    GAME_SETUP_FIELD_NUMBER: _ClassVar[int]
    ROUND_START_FIELD_NUMBER: _ClassVar[int]
    DEALT_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    TRICK_WON_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    COLLECTED_FIELD_NUMBER: _ClassVar[int]
    DREW_FIELD_NUMBER: _ClassVar[int]
    DRAW_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    PAWN_MOVED_FIELD_NUMBER: _ClassVar[int]
    HONEYPOT_FLAG_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_DROPPED_FIELD_NUMBER: _ClassVar[int]
    DOS_FIELD_NUMBER: _ClassVar[int]
    BACKFLIP_FIELD_NUMBER: _ClassVar[int]
    EXPLOIT_FIELD_NUMBER: _ClassVar[int]
    TILE_DRAWN_FIELD_NUMBER: _ClassVar[int]
    TILE_PLACED_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORED_FIELD_NUMBER: _ClassVar[int]
    GAME_END_FIELD_NUMBER: _ClassVar[int]
    game_setup: WhiteHatEvent.GameSetup
    round_start: WhiteHatEvent.RoundStart
    dealt: WhiteHatEvent.Dealt
    played: WhiteHatEvent.Played
    passed: WhiteHatEvent.SeatOnly
    trick_won: WhiteHatEvent.TrickWon
    discarded: WhiteHatEvent.Discarded
    collected: WhiteHatEvent.Collected
    drew: WhiteHatEvent.Drew
    draw_skipped: WhiteHatEvent.SeatOnly
    reshuffled: WhiteHatEvent.Reshuffled
    pawn_moved: WhiteHatEvent.PawnMoved
    honeypot_flag: WhiteHatEvent.Empty
    special_triggered: WhiteHatEvent.Special
    special_skipped: WhiteHatEvent.Special
    trigger_dropped: WhiteHatEvent.Special
    dos: WhiteHatEvent.Sent
    backflip: WhiteHatEvent.Sent
    exploit: WhiteHatEvent.Exploit
    tile_drawn: WhiteHatEvent.TileDrawn
    tile_placed: WhiteHatEvent.TilePlaced
    round_scored: WhiteHatEvent.RoundScored
    game_end: WhiteHatEvent.GameEnd
    def __init__(self, game_setup: _Optional[_Union[WhiteHatEvent.GameSetup, _Mapping]] = ..., round_start: _Optional[_Union[WhiteHatEvent.RoundStart, _Mapping]] = ..., dealt: _Optional[_Union[WhiteHatEvent.Dealt, _Mapping]] = ..., played: _Optional[_Union[WhiteHatEvent.Played, _Mapping]] = ..., passed: _Optional[_Union[WhiteHatEvent.SeatOnly, _Mapping]] = ..., trick_won: _Optional[_Union[WhiteHatEvent.TrickWon, _Mapping]] = ..., discarded: _Optional[_Union[WhiteHatEvent.Discarded, _Mapping]] = ..., collected: _Optional[_Union[WhiteHatEvent.Collected, _Mapping]] = ..., drew: _Optional[_Union[WhiteHatEvent.Drew, _Mapping]] = ..., draw_skipped: _Optional[_Union[WhiteHatEvent.SeatOnly, _Mapping]] = ..., reshuffled: _Optional[_Union[WhiteHatEvent.Reshuffled, _Mapping]] = ..., pawn_moved: _Optional[_Union[WhiteHatEvent.PawnMoved, _Mapping]] = ..., honeypot_flag: _Optional[_Union[WhiteHatEvent.Empty, _Mapping]] = ..., special_triggered: _Optional[_Union[WhiteHatEvent.Special, _Mapping]] = ..., special_skipped: _Optional[_Union[WhiteHatEvent.Special, _Mapping]] = ..., trigger_dropped: _Optional[_Union[WhiteHatEvent.Special, _Mapping]] = ..., dos: _Optional[_Union[WhiteHatEvent.Sent, _Mapping]] = ..., backflip: _Optional[_Union[WhiteHatEvent.Sent, _Mapping]] = ..., exploit: _Optional[_Union[WhiteHatEvent.Exploit, _Mapping]] = ..., tile_drawn: _Optional[_Union[WhiteHatEvent.TileDrawn, _Mapping]] = ..., tile_placed: _Optional[_Union[WhiteHatEvent.TilePlaced, _Mapping]] = ..., round_scored: _Optional[_Union[WhiteHatEvent.RoundScored, _Mapping]] = ..., game_end: _Optional[_Union[WhiteHatEvent.GameEnd, _Mapping]] = ...) -> None: ...
