// The common flow, hot-seat: deal a game with seat keys, then for each turn ask the acting seat's
// legal moves with its key and play one (by index, every third move by its text), until the game
// is over; then read the final score. Add it to a GameObject; it logs the game as it goes.
using System.Collections;
using UnityEngine;

namespace Tabletop.Client
{
    public class TabletopExample : MonoBehaviour
    {
        public string serviceUrl = "http://127.0.0.1:8080";
        public string game = "hats";
        public string[] players = { "Ann", "Bob", "Cy" };
        // 0: a random deal; otherwise a fixed one.
        public long seed;
        // A cap on the moves played, in case a game never ends (a bug in a random player).
        public int maxMoves = 2000;

        public string State { get; private set; }
        public string HostKey { get; private set; }
        public int MovesPlayed { get; private set; }
        public Score FinalScore { get; private set; }
        public TabletopError Error { get; private set; }
        public bool Done { get; private set; }

        TabletopClient client;
        NewGameResponse dealt;

        IEnumerator Start()
        {
            client = new TabletopClient(serviceUrl);
            yield return client.NewGame(Request(), r => dealt = r, Fail);
            if (dealt == null) { Done = true; yield break; }
            State = dealt.state;
            HostKey = dealt.hostKey;
            Debug.Log("dealt " + dealt.game + " for " + dealt.seats.Length + " seats; to act: " + dealt.toAct[0]);
            int[] toAct = dealt.toAct;
            bool finished = false;
            while (!finished && Error == null && MovesPlayed < maxMoves)
            {
                int seat = toAct[0];
                string key = dealt.seats[seat].key;  // a player's device holds only its own seat's key
                LegalMovesResponse legal = null;
                yield return client.LegalMoves(State, seat, key, r => legal = r, Fail);
                if (legal == null) break;
                int index = Random.Range(0, legal.moves.Length);
                ApplyMoveResponse turn = null;
                if (MovesPlayed % 3 == 2)
                    yield return client.ApplyText(State, legal.moves[index].text, seat, key, r => turn = r, Fail);
                else
                    yield return client.ApplyIndex(State, index, seat, key, r => turn = r, Fail);
                if (turn == null) break;
                // proto3 JSON leaves out empty lists, zeros and false: an absent array may read as null.
                int events = turn.events == null ? 0 : turn.events.Length;
                Debug.Log("seat " + seat + ": " + turn.move.text + " (" + events + " events)");
                State = turn.state;
                toAct = turn.toAct;
                finished = turn.finished;
                MovesPlayed = turn.moveCount;
            }
            if (Error == null)
                yield return client.Score(State, HostKey, r => FinalScore = r.score, Fail);
            if (FinalScore != null)
                Debug.Log("final: winners " + string.Join(",", FinalScore.winners) + " after " + MovesPlayed + " moves");
            Done = true;
        }

        NewGameRequest Request()
        {
            var seats = new Seat[players.Length];
            for (int i = 0; i < seats.Length; i++)
                seats[i] = new Seat { name = players[i] };
            NewGameRequest request = seed == 0 ? new NewGameRequest() : new SeededNewGameRequest { seed = seed };
            request.game = game;
            request.seats = seats;
            request.access = "seats";
            request.want = new Want { legalMoves = true };
            return request;
        }

        void Fail(TabletopError error)
        {
            Error = error;
            Debug.LogError("tabletop: " + error);
        }
    }
}
