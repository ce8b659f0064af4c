// The requests and answers of engine.v1.GameService as proto3 JSON (lowerCamelCase names). Each class
// names its message in `Proto`; the typed views are in TabletopViews.cs.
//
// Requests write themselves (ToJson): only what is set goes out, so "absent" can be said (a spectator's
// Want has no seat, a move by index no move) and `options` goes out as the JSON object the service reads.
// Answers are read with JsonUtility: 64-bit integers (`seed`) and enums arrive as strings; proto3 JSON
// leaves out empty lists, zeros, false and "", so a list the answer did not carry is null; an `optional`
// number reads -1 when absent (a seat 0 is sent); the two maps (TableOptions.options, SeatScore.breakdown)
// are filled by the client. Fields the service adds later are skipped.
using System;
using System.Collections.Generic;

namespace Tabletop.Client
{
    // One option by name, as text ("robot" = "true"): NewGameRequest.options, TableOptions.options.
    [Serializable]
    public class GameOption
    {
        public string name;
        public string value;

        public GameOption() { }

        public GameOption(string name, string value)
        {
            this.name = name;
            this.value = value;
        }

        public override string ToString() { return name + "=" + value; }
    }

    // One category of a seat's score and its points (SeatScore.breakdown).
    [Serializable]
    public class ScorePart
    {
        public string name;
        public int points;
    }

    // A request: Method is its GameService method, ToJson its body.
    public abstract class TabletopRequest
    {
        public abstract string Method { get; }

        public string ToJson()
        {
            var json = new JsonOut();
            Write(json);
            return json.ToString();
        }

        internal abstract void Write(JsonOut json);
    }

    [Serializable]
    public class Seat
    {
        public const string Proto = "engine.v1.Seat";
        public string name;
        // "human" (the default) or "robot".
        public string kind;
        // NewGame's answer only: this seat's key, sent as `Authorization: Bearer <key>`.
        public string key;
    }

    // What NewGame / ApplyMove should answer with besides the new state, so a turn is one round trip.
    [Serializable]
    public class Want
    {
        public const string Proto = "engine.v1.Want";
        public bool view;
        // The perspective of the view and the events; -1: not given (NewGame: the spectator's; ApplyMove:
        // the mover's view and events).
        public int seat = -1;
        // Each seat's legal moves as texts (legalBySeat); with a seat's key only that seat's, with
        // want.seat only want.seat's.
        public bool legalMoves;
        public bool score;

        // The view and legal moves of `seat` (-1: no seat given, so every seat's moves the key may see).
        public static Want ViewAndMoves(int seat)
        {
            return new Want { view = true, seat = seat, legalMoves = true };
        }

        internal void Write(JsonOut json)
        {
            json.Field("view", view);
            if (seat >= 0) json.Number("seat", seat);
            json.Field("legalMoves", legalMoves).Field("score", score);
        }
    }

    [Serializable]
    public class Move
    {
        public const string Proto = "engine.v1.Move";
        // The seat making the move; -1: not given (fine when one seat may act).
        public int seat = -1;
        // The move's text form, e.g. "play 7 7 J" (the game's rules spec lists them).
        public string text;
    }

    // The compact listing: one seat's legal moves as texts. ApplyMoveRequest.index counts in the whole
    // listing the caller got, the groups in order.
    [Serializable]
    public class SeatMoves
    {
        public const string Proto = "engine.v1.SeatMoves";
        public int seat = -1;
        public string[] moves;
    }

    // An event of a move (GameEvent, not Event: that would meet UnityEngine.Event, CS0104). Its typed
    // per-game part is not read here; `kind` names it ("played", "drew", ...).
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
        public int seat = -1;
        public int round;
        public int total;
        public int rank;
        // Points per category, named as in the game's rules spec (a map: filled by the client).
        [NonSerialized] public ScorePart[] breakdown;
    }

    [Serializable]
    public class Team
    {
        public const string Proto = "engine.v1.Team";
        public int[] seats;
    }

    [Serializable]
    public class Score
    {
        public const string Proto = "engine.v1.Score";
        public string game;
        public SeatScore[] seats;
        public bool finished;
        // Set once finished; `leaders` are who would win if the game ended now.
        public int[] winners;
        public string tiebreak;
        public Team[] teams;
        public int moveCount;
        public int[] leaders;
    }

    // ---------------------------------------------------------------- ListGames

    [Serializable]
    public class ListGamesRequest : TabletopRequest
    {
        public const string Proto = "engine.v1.ListGamesRequest";
        public override string Method { get { return "ListGames"; } }
        internal override void Write(JsonOut json) { }
    }

    [Serializable]
    public class OptionSpec
    {
        public const string Proto = "engine.v1.OptionSpec";
        public string name;
        // "int", "seat", "enum", "list" or "text".
        public string type;
        public string @default;
        public string[] allowed;
        public string description;
        // For ints: the range, as text ("" for the other types), and the words allowed besides numbers.
        public string min;
        public string max;
        public string[] words;
    }

    // The options a table of `seats` seats must give (White Hat: robot=true at 2 seats).
    [Serializable]
    public class TableOptions
    {
        public const string Proto = "engine.v1.TableOptions";
        public int seats;
        // A map: filled by the client.
        [NonSerialized] public GameOption[] options;
    }

    [Serializable]
    public class GameInfo
    {
        public const string Proto = "engine.v1.GameInfo";
        public string id;
        public string title;
        public int minSeats;
        public int maxSeats;
        public string version;
        public OptionSpec[] options;
        public TableOptions[] tableOptions;

        // The options a table of `seats` seats must give (none for most counts).
        public GameOption[] RequiredOptions(int seats)
        {
            if (tableOptions != null)
                foreach (TableOptions table in tableOptions)
                    if (table.seats == seats && table.options != null)
                        return table.options;
            return new GameOption[0];
        }
    }

    [Serializable]
    public class ListGamesResponse
    {
        public const string Proto = "engine.v1.ListGamesResponse";
        public GameInfo[] games;

        // The game with this id, or null.
        public GameInfo Find(string id)
        {
            if (games != null)
                foreach (GameInfo game in games)
                    if (game.id == id) return game;
            return null;
        }
    }

    // ---------------------------------------------------------------- NewGame

    [Serializable]
    public class NewGameRequest : TabletopRequest
    {
        public const string Proto = "engine.v1.NewGameRequest";
        public override string Method { get { return "NewGame"; } }
        public string game;
        public Seat[] seats;
        // By name, as text (ListGames lists each game's options and the ones a seat count needs).
        public GameOption[] options;
        // Digits for a fixed deal (the same seed and moves give the same game); "": a random deal.
        public string seed;
        public Want want;
        // "seats" (each call acts and sees as the seat whose key it carries) or "open"; "": the service's default.
        public string access;

        internal override void Write(JsonOut json)
        {
            json.Field("game", game);
            if (seats != null && seats.Length > 0)
            {
                json.Array("seats");
                foreach (Seat seat in seats)
                {
                    json.Item();
                    if (seat != null) json.Field("name", seat.name).Field("kind", seat.kind);
                    json.Close();
                }
                json.Close();
            }
            if (options != null && options.Length > 0)
            {
                var seen = new HashSet<string>();
                json.Object("options");
                foreach (GameOption option in options)
                {
                    if (option == null || string.IsNullOrEmpty(option.name))
                        throw new ArgumentException("NewGameRequest.options: an option without a name");
                    if (!seen.Add(option.name))
                        throw new ArgumentException("NewGameRequest.options: " + option.name + " is given twice");
                    json.Field(option.name, option.value ?? "");
                }
                json.Close();
            }
            json.Field("seed", seed);
            if (want != null)
            {
                want.Write(json.Object("want"));
                json.Close();
            }
            json.Field("access", access);
        }
    }

    [Serializable]
    public class NewGameResponse
    {
        public const string Proto = "engine.v1.NewGameResponse";
        // The sealed state token (base64): hand the newest one back on every call.
        public string state;
        public string game;
        // Only when the request gave one (a seed the service drew would rebuild the deal).
        public string seed;
        // With each seat's key: give each player only their own.
        public Seat[] seats;
        public int[] toAct;
        public GameView view;
        public Score score;
        public GameEvent[] events;
        // Acts and sees for every seat: keep it on a server you run, not in a player's build.
        public string hostKey;
        public string access;
        public SeatMoves[] legalBySeat;
    }

    // ---------------------------------------------------------------- LegalMoves

    // A question about one state, for one seat or for all: LegalMoves and View.
    [Serializable]
    public abstract class SeatRequest : TabletopRequest
    {
        public string state;
        // LegalMoves: only this seat's moves (-1: every seat's the key may see); View: this seat's (-1: the spectator's).
        public int seat = -1;
        // When set, the token must be a token of this game.
        public string game;

        internal override void Write(JsonOut json)
        {
            json.Field("state", state);
            if (seat >= 0) json.Number("seat", seat);
            json.Field("game", game);
        }
    }

    [Serializable]
    public class LegalMovesRequest : SeatRequest
    {
        public const string Proto = "engine.v1.LegalMovesRequest";
        public override string Method { get { return "LegalMoves"; } }
    }

    [Serializable]
    public class LegalMovesResponse
    {
        public const string Proto = "engine.v1.LegalMovesResponse";
        public Move[] moves;
        public int[] toAct;
        public bool finished;
    }

    // ---------------------------------------------------------------- ApplyMove

    // A move by its index in the caller's listing, or by its text (`move`): set one of the two.
    [Serializable]
    public class ApplyMoveRequest : TabletopRequest
    {
        public const string Proto = "engine.v1.ApplyMoveRequest";
        public override string Method { get { return "ApplyMove"; } }
        public string state;
        public Move move;
        // The move's place in the caller's listing (with a seat's key: that seat's own list); -1: use `move`.
        public int index = -1;
        public Want want;
        public string game;

        internal override void Write(JsonOut json)
        {
            json.Field("state", state);
            if (move != null && !string.IsNullOrEmpty(move.text))
            {
                json.Object("move");
                if (move.seat >= 0) json.Number("seat", move.seat);
                json.Field("text", move.text).Close();
            }
            if (index >= 0) json.Number("index", index);
            if (want != null)
            {
                want.Write(json.Object("want"));
                json.Close();
            }
            json.Field("game", game);
        }
    }

    [Serializable]
    public class ApplyMoveResponse
    {
        public const string Proto = "engine.v1.ApplyMoveResponse";
        public string state;
        // The move applied (its text for its mover and the host; another seat sees only its seat).
        public Move move;
        // What it caused, cut to want.seat (default: the mover).
        public GameEvent[] events;
        public int[] toAct;
        public bool finished;
        public int moveCount;
        public GameView view;
        public Score score;
        public SeatMoves[] legalBySeat;
    }

    // ---------------------------------------------------------------- View / Score

    [Serializable]
    public class ViewRequest : SeatRequest
    {
        public const string Proto = "engine.v1.ViewRequest";
        public override string Method { get { return "View"; } }
    }

    [Serializable]
    public class ViewResponse
    {
        public const string Proto = "engine.v1.ViewResponse";
        public GameView view;
        public int[] toAct;
        public bool finished;
        public Seat[] seats;
    }

    [Serializable]
    public class ScoreRequest : TabletopRequest
    {
        public const string Proto = "engine.v1.ScoreRequest";
        public override string Method { get { return "Score"; } }
        public string state;
        public string game;

        internal override void Write(JsonOut json)
        {
            json.Field("state", state).Field("game", game);
        }
    }

    [Serializable]
    public class ScoreResponse
    {
        public const string Proto = "engine.v1.ScoreResponse";
        public Score score;
    }

    // A Connect error body: {code, message, details: [{type, value}]}.
    [Serializable]
    public class ConnectErrorBody
    {
        public string code;
        public string message;
        public ConnectErrorDetail[] details;
    }

    [Serializable]
    public class ConnectErrorDetail
    {
        public string type;
        // The detail message, binary protobuf in base64 (padding dropped).
        public string value;
    }
}
