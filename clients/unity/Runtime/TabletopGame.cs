// One game as a front end holds it: the newest state token, the keys, who may act. Each call for a
// seat carries that seat's key; a call for seat -1, or any call with ActAsHost, carries the host key
// (which acts and sees for every seat: a pass-and-play table or your own server may hold it, a
// player's build should not).
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Tabletop.Client
{
    public class TabletopGame
    {
        public readonly TabletopClient Client;
        public readonly NewGameResponse Dealt;
        public string Game { get { return Dealt.game; } }
        public string HostKey { get { return Dealt.hostKey; } }
        // The newest state token: every call sends it, every move replaces it.
        public string State { get; private set; }
        public int[] ToAct { get; private set; }
        public bool Finished { get; private set; }
        public int MoveCount { get; private set; }
        // Every call carries the host key: one device plays every seat (pass-and-play), so one answer can
        // list every seat's moves. An index then counts in that whole listing.
        public bool ActAsHost;

        public TabletopGame(TabletopClient client, NewGameResponse dealt)
        {
            Client = client;
            Dealt = dealt;
            State = dealt.state;
            ToAct = dealt.toAct ?? new int[0];
        }

        // Deals a game (request.access "seats" gives each seat a key).
        public static async Task<TabletopGame> StartAsync(TabletopClient client, NewGameRequest request,
                                                         CancellationToken cancel = default(CancellationToken))
        {
            return new TabletopGame(client, await client.NewGameAsync(request, cancel));
        }

        // The key a call for `seat` carries: its own, or the host key for -1 or with ActAsHost (null in an
        // open game).
        public string KeyFor(int seat)
        {
            if (seat < 0 || ActAsHost) return string.IsNullOrEmpty(Dealt.hostKey) ? null : Dealt.hostKey;
            if (Dealt.seats == null || seat >= Dealt.seats.Length)
                throw new ArgumentOutOfRangeException("seat", "no seat " + seat + ": the game has " +
                                                      (Dealt.seats == null ? 0 : Dealt.seats.Length) + " seats");
            string key = Dealt.seats[seat].key;
            return string.IsNullOrEmpty(key) ? null : key;
        }

        // Plays the move at `index` of the caller's listing: seat's own list with its key, the whole
        // listing (every seat's, in order) with the host key.
        public Task<ApplyMoveResponse> ApplyIndexAsync(int seat, int index, Want want,
                                                       CancellationToken cancel = default(CancellationToken))
        {
            return Apply(seat, new ApplyMoveRequest { index = index, want = want }, cancel);
        }

        // Plays `seat`'s move by its text, e.g. "play 7 7 J".
        public Task<ApplyMoveResponse> ApplyTextAsync(int seat, string text, Want want,
                                                      CancellationToken cancel = default(CancellationToken))
        {
            return Apply(seat, new ApplyMoveRequest { move = new Move { seat = seat, text = text }, want = want }, cancel);
        }

        async Task<ApplyMoveResponse> Apply(int seat, ApplyMoveRequest request, CancellationToken cancel)
        {
            request.state = State;
            request.game = Game;
            ApplyMoveResponse answer = await Client.ApplyMoveAsync(request, KeyFor(seat), cancel);
            State = answer.state;
            ToAct = answer.toAct ?? new int[0];
            Finished = answer.finished;
            MoveCount = answer.moveCount;
            return answer;
        }

        // `seat`'s legal moves (-1: every seat's, with the host key). An index into a seat's list is for
        // that seat's key: with ActAsHost, list -1 (the whole listing) to play by index.
        public async Task<Move[]> LegalMovesAsync(int seat, CancellationToken cancel = default(CancellationToken))
        {
            var request = new LegalMovesRequest { state = State, seat = seat, game = Game };
            LegalMovesResponse answer = await Client.CallAsync<LegalMovesResponse>(request, KeyFor(seat), cancel);
            ToAct = answer.toAct ?? new int[0];
            Finished = answer.finished;
            return answer.moves ?? new Move[0];
        }

        // What `seat` may see (-1: the spectator's view, sent without a key).
        public Task<ViewResponse> ViewAsync(int seat, CancellationToken cancel = default(CancellationToken))
        {
            var request = new ViewRequest { state = State, seat = seat, game = Game };
            return Client.CallAsync<ViewResponse>(request, seat < 0 ? null : KeyFor(seat), cancel);
        }

        // The score with the host key: the whole sheet, mid-game too.
        public async Task<Score> ScoreAsync(CancellationToken cancel = default(CancellationToken))
        {
            return (await Client.ScoreAsync(State, KeyFor(-1), cancel)).score;
        }

        // The moves of a listing (legalBySeat) in order, each with its seat: an index counts in this list.
        public static Move[] Listed(SeatMoves[] listing)
        {
            var moves = new List<Move>();
            if (listing != null)
                foreach (SeatMoves group in listing)
                    if (group.moves != null)
                        foreach (string text in group.moves)
                            moves.Add(new Move { seat = group.seat, text = text });
            return moves.ToArray();
        }
    }
}
