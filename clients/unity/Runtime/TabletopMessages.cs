// The JSON shapes of the calls the example makes, for Unity's JsonUtility over the Connect JSON
// protocol (proto3 JSON field names: lowerCamelCase). Each class names its message in `Proto`.
//
// JsonUtility writes every field of a class, always: an `int` is sent as 0, a nested class as {},
// an enum as its number. So a field whose absence means something (Want.seat: "the spectator";
// NewGameRequest.seed: "a random deal"; ApplyMoveRequest.move vs index) lives only in the class
// that means to send it (WantFor, SeededNewGameRequest, ApplyIndexRequest). When reading, 64-bit
// integers (seed) arrive as JSON strings and enums as their names: declare them as `string`.
// Fields the service adds later are skipped by JsonUtility.
using System;

namespace Tabletop.Client
{
    [Serializable]
    public class Seat
    {
        public const string Proto = "engine.v1.Seat";
        public string name;
        public string kind;
        // NewGame's answer only: this seat's key, sent as `Authorization: Bearer <key>`.
        public string key;
    }

    // What NewGame/ApplyMove should answer with: the spectator's view (see WantFor for a seat's).
    [Serializable]
    public class Want
    {
        public const string Proto = "engine.v1.Want";
        public bool view;
        public bool legalMoves;
        public bool score;
    }

    // Want with the perspective seat for the view and the events.
    [Serializable]
    public class WantFor : Want
    {
        public int seat;
    }

    [Serializable]
    public class Move
    {
        public const string Proto = "engine.v1.Move";
        public int seat;
        public string text;
    }

    // The compact listing of NewGame/ApplyMove (want.legalMoves): one seat's legal moves as their texts.
    // A move's index (ApplyIndexRequest.index) is its place in the whole listing, the groups in order.
    [Serializable]
    public class SeatMoves
    {
        public const string Proto = "engine.v1.SeatMoves";
        public int seat;
        public string[] moves;
    }

    // An event of a move (named GameEvent: `Event` would meet UnityEngine.Event, CS0104).
    [Serializable]
    public class GameEvent
    {
        public const string Proto = "engine.v1.Event";
        public string kind;
        public int[] privateTo;
    }

    [Serializable]
    public class SeatScore
    {
        public const string Proto = "engine.v1.SeatScore";
        public int seat;
        public int round;
        public int total;
        public int rank;
    }

    [Serializable]
    public class Score
    {
        public const string Proto = "engine.v1.Score";
        public string game;
        public SeatScore[] seats;
        public bool finished;
        public int[] winners;
        public string tiebreak;
        public int moveCount;
    }

    [Serializable]
    public class NewGameRequest
    {
        public const string Proto = "engine.v1.NewGameRequest";
        public string game;
        public Seat[] seats;
        public Want want;
        // "seats" (each player acts with their seat's key) or "open"; "" = the service's default.
        public string access;
    }

    // A fixed deal: the same seed and moves give the same game.
    [Serializable]
    public class SeededNewGameRequest : NewGameRequest
    {
        public long seed;
    }

    [Serializable]
    public class NewGameResponse
    {
        public const string Proto = "engine.v1.NewGameResponse";
        // The sealed state token (base64): hand it back on every call.
        public string state;
        public string game;
        public string seed;
        public Seat[] seats;
        public int[] toAct;
        // With want.legalMoves: each seat's legal moves, as texts.
        public SeatMoves[] legalBySeat;
        public Score score;
        public GameEvent[] events;
        // Acts and sees for every seat: keep it on your server in a real game.
        public string hostKey;
        public string access;
    }

    [Serializable]
    public class LegalMovesRequest
    {
        public const string Proto = "engine.v1.LegalMovesRequest";
        public string state;
        public int seat;
    }

    [Serializable]
    public class LegalMovesResponse
    {
        public const string Proto = "engine.v1.LegalMovesResponse";
        public Move[] moves;
        public int[] toAct;
        public bool finished;
    }

    // ApplyMove by position in the caller's legal-move list; there is no `move` field on purpose.
    [Serializable]
    public class ApplyIndexRequest
    {
        public const string Proto = "engine.v1.ApplyMoveRequest";
        public string state;
        public int index;
        public WantFor want;
    }

    // ApplyMove by the move's text form; there is no `index` field on purpose.
    [Serializable]
    public class ApplyTextRequest
    {
        public const string Proto = "engine.v1.ApplyMoveRequest";
        public string state;
        public Move move;
        public WantFor want;
    }

    [Serializable]
    public class ApplyMoveResponse
    {
        public const string Proto = "engine.v1.ApplyMoveResponse";
        public string state;
        public Move move;
        public GameEvent[] events;
        public int[] toAct;
        public bool finished;
        public int moveCount;
        // With want.legalMoves: each seat's legal moves, as texts.
        public SeatMoves[] legalBySeat;
        public Score score;
    }

    [Serializable]
    public class ScoreRequest
    {
        public const string Proto = "engine.v1.ScoreRequest";
        public string state;
    }

    [Serializable]
    public class ScoreResponse
    {
        public const string Proto = "engine.v1.ScoreResponse";
        public Score score;
    }

    // A Connect error body: {code, message, details: [{type, value}]}.
    [Serializable]
    public class ConnectErrorDetail
    {
        public string type;
        // The detail message, binary protobuf in base64 (padding dropped).
        public string value;
    }

    [Serializable]
    public class ConnectErrorBody
    {
        public string code;
        public string message;
        public ConnectErrorDetail[] details;
    }
}
