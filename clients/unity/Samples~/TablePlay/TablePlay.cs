// The sample's game loop, free of any scene: deal a game with seat keys, then play random legal moves
// to the end, each move one ApplyMove whose `want` brings back the next view and legal moves.
//
// Two ways to hold the keys:
// - a table (seatKeys false): one device plays every seat (pass-and-play) with the host key, so each
//   answer lists every seat's moves: exactly one round trip per move;
// - seat keys (seatKeys true): each move carries its seat's own key and wants that seat's view and
//   moves, as each player's device would; a seat whose turn starts fetches its own moves once
//   (LegalMoves), then each of its moves is one round trip.
using System;
using System.Collections.Generic;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Tabletop.Client.Samples
{
    [Serializable]
    public class TablePlaySettings
    {
        public string game = "white_hat";
        public string[] players = { "Ann", "Bob" };
        // Text options by name; ListGames says which a seat count needs (White Hat at 2 seats: robot=true).
        public GameOption[] options = { new GameOption("robot", "true") };
        // Digits for a fixed deal; "": a random one.
        public string seed = "";
        public bool seatKeys;
        // A cap on the moves, in case a game never ends.
        public int maxMoves = 5000;
    }

    public class TablePlayResult
    {
        public GameInfo info;
        public TabletopGame table;
        // The seat of each move, in order.
        public List<int> movers = new List<int>();
        public GameView lastView;
        public Score score;
    }

    public static class TablePlay
    {
        public static async Task<TablePlayResult> PlayAsync(TabletopClient client, TablePlaySettings settings,
                                                            Random random, Action<string> log,
                                                            CancellationToken cancel = default(CancellationToken))
        {
            var result = new TablePlayResult();
            ListGamesResponse games = await client.ListGamesAsync(cancel);
            GameInfo info = result.info = games.Find(settings.game);
            if (info == null) throw new ArgumentException("the service has no game " + settings.game);
            int count = settings.players.Length;
            if (count < info.minSeats || count > info.maxSeats)
                throw new ArgumentException(info.title + " seats " + info.minSeats + "-" + info.maxSeats + ", not " + count);
            foreach (GameOption needed in info.RequiredOptions(count))
                log(info.title + " at " + count + " seats needs " + needed);

            var seats = new Seat[count];
            for (int i = 0; i < count; i++) seats[i] = new Seat { name = settings.players[i] };
            TabletopGame table = result.table = await TabletopGame.StartAsync(client, new NewGameRequest {
                game = settings.game, seats = seats, options = settings.options, seed = settings.seed,
                access = "seats", want = new Want { view = true, legalMoves = true } }, cancel);
            table.ActAsHost = !settings.seatKeys;
            log("dealt " + info.title + " (rules " + info.version + ") for " + count + "; to act: " + Join(table.ToAct));

            // NewGame's answer lists every seat that may act; later answers what their key and want.seat see.
            SeatMoves[] listing = table.Dealt.legalBySeat;
            result.lastView = table.Dealt.view;
            while (!table.Finished)
            {
                if (result.movers.Count >= settings.maxMoves)
                    throw new InvalidOperationException(settings.game + ": not over after " + settings.maxMoves + " moves");
                if (table.ToAct.Length == 0) throw new InvalidOperationException("nobody may act, but the game is not over");
                int seat = table.ToAct[random.Next(table.ToAct.Length)];
                Move[] listed = TabletopGame.Listed(listing);
                if (settings.seatKeys && Array.FindIndex(listed, m => m.seat == seat) < 0)
                    listed = await table.LegalMovesAsync(seat, cancel);  // this seat's turn starts: its own list
                // An index counts in the caller's whole listing: with a seat's key its own moves only.
                var mine = new List<int>();
                for (int i = 0; i < listed.Length; i++)
                    if (listed[i].seat == seat) mine.Add(i);
                if (mine.Count == 0) throw new InvalidOperationException("seat " + seat + " may act but has no move");
                int index = mine[random.Next(mine.Count)];
                // A seat's own device wants its own view and moves; the table everyone's moves (and the mover's view).
                Want want = Want.ViewAndMoves(settings.seatKeys ? seat : -1);
                ApplyMoveResponse turn = result.movers.Count % 3 == 2
                    ? await table.ApplyTextAsync(seat, listed[index].text, want, cancel)
                    : await table.ApplyIndexAsync(seat, index, want, cancel);
                result.movers.Add(seat);
                listing = turn.legalBySeat;
                result.lastView = turn.view;
                log((seat < count ? settings.players[seat] : "robot") + " (seat " + seat + "): " + turn.move.text + " -> " +
                    Describe(turn.view) + (turn.events == null ? "" : ", " + turn.events.Length + " events"));
            }
            result.score = await table.ScoreAsync(cancel);
            log("over after " + table.MoveCount + " moves: winners " + Join(result.score.winners));
            return result;
        }

        // A line about the typed view of the games that have one.
        public static string Describe(GameView view)
        {
            if (view == null) return "no view";
            WhiteHatView hat = view.whiteHat ?? view.blackHat;
            if (hat != null) return "round " + hat.round + ", " + hat.phase + ", totals " + Join(hat.totals);
            if (view.cambio != null) return "round " + view.cambio.round + ", " + view.cambio.phase + ", totals " + Join(Totals(view.cambio));
            if (view.hats != null) return view.hats.phase + ", deck " + view.hats.deckCount;
            if (view.kodiak != null) return "round " + view.kodiak.round + ", " + view.kodiak.phase;
            if (view.alaska != null) return view.alaska.phase;
            if (view.runeMarket != null) return view.runeMarket.phase;
            return "view";
        }

        // Each seat's running total in a Cambio view.
        public static int[] Totals(CambioView view)
        {
            var totals = new int[view.seats == null ? 0 : view.seats.Length];
            for (int i = 0; i < totals.Length; i++) totals[i] = view.seats[i].total;
            return totals;
        }

        static string Join(int[] values)
        {
            if (values == null) return "[]";
            var sb = new StringBuilder("[");
            for (int i = 0; i < values.Length; i++) sb.Append(i > 0 ? "," : "").Append(values[i]);
            return sb.Append(']').ToString();
        }
    }
}
