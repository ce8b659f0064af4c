// A tabletop-engine client for Unity: the Connect protocol's unary JSON form over UnityWebRequest
// (POST <service>/engine.v1.GameService/<Method>, proto3 JSON bodies), with async/await, a timeout per
// attempt, cancellation, and retries with back-off while the service is unavailable.
//
// Call it from Unity's main thread: UnityWebRequest lives there, and every await here resumes on the
// caller's SynchronizationContext (Unity's main thread), so a retry builds its request there too.
using System;
using System.Collections.Generic;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using UnityEngine;
using UnityEngine.Networking;

namespace Tabletop.Client
{
    public class TabletopClient
    {
        const string Service = "/engine.v1.GameService/";
        static readonly System.Random Jitter = new System.Random();
        readonly string baseUrl;

        // Each attempt's limit: past it the request is aborted and the call fails "deadline_exceeded"
        // (not retried). The service is told too (Connect-Timeout-Ms). Zero or less (or over 24 days): no limit.
        public TimeSpan Timeout = TimeSpan.FromSeconds(10);
        // Attempts per call while the answer is "unavailable" (HTTP 503, no connection); 1: no retry.
        public int MaxAttempts = 4;
        // The wait before the first retry; it doubles for each further one, up to MaxRetryDelay. Each wait
        // is drawn between half of that and all of it, so clients that failed together spread out.
        public TimeSpan FirstRetryDelay = TimeSpan.FromMilliseconds(250);
        public TimeSpan MaxRetryDelay = TimeSpan.FromSeconds(4);

        // baseUrl: the service's HTTP port, e.g. "https://tabletop.example.com" or "http://127.0.0.1:8080".
        public TabletopClient(string baseUrl)
        {
            if (string.IsNullOrEmpty(baseUrl)) throw new ArgumentException("TabletopClient: no service URL");
            this.baseUrl = baseUrl.TrimEnd('/');
        }

        // The registered games: seats, options, the options a seat count needs, rules version.
        public async Task<ListGamesResponse> ListGamesAsync(CancellationToken cancel = default(CancellationToken))
        {
            string json = await CallAsync("ListGames", "{}", null, cancel);
            var answer = Read<ListGamesResponse>(json);
            object tree = JsonTree.Parse(json);
            for (int g = 0; answer.games != null && g < answer.games.Length; g++)
            {
                TableOptions[] tables = answer.games[g].tableOptions;
                object treeTables = JsonTree.Member(JsonTree.Element(JsonTree.Member(tree, "games"), g), "tableOptions");
                for (int t = 0; tables != null && t < tables.Length; t++)
                {
                    var map = JsonTree.Member(JsonTree.Element(treeTables, t), "options") as Dictionary<string, object>;
                    var options = new List<GameOption>();
                    if (map != null)
                        foreach (KeyValuePair<string, object> entry in map)
                            options.Add(new GameOption(entry.Key, entry.Value as string ?? ""));
                    tables[t].options = options.ToArray();
                }
            }
            return answer;
        }

        // Deals a game. With access "seats" the answer carries each seat's key and the host key.
        public Task<NewGameResponse> NewGameAsync(NewGameRequest request,
                                                  CancellationToken cancel = default(CancellationToken))
        {
            return ScoredAsync<NewGameResponse>(request, null, cancel, answer => answer.score);
        }

        // `seat`'s legal moves with its key (-1: every seat's the key may see; the host key sees all).
        public Task<LegalMovesResponse> LegalMovesAsync(string state, int seat, string key,
                                                        CancellationToken cancel = default(CancellationToken))
        {
            return CallAsync<LegalMovesResponse>(new LegalMovesRequest { state = state, seat = seat }, key, cancel);
        }

        // Applies a move as the key's seat; `request.want` asks for the new view, legal moves and score
        // in the same answer, so a turn is one round trip.
        public Task<ApplyMoveResponse> ApplyMoveAsync(ApplyMoveRequest request, string key,
                                                      CancellationToken cancel = default(CancellationToken))
        {
            return ScoredAsync<ApplyMoveResponse>(request, key, cancel, answer => answer.score);
        }

        // What `seat` may see, with its key (-1: the spectator's view).
        public Task<ViewResponse> ViewAsync(string state, int seat, string key,
                                            CancellationToken cancel = default(CancellationToken))
        {
            return CallAsync<ViewResponse>(new ViewRequest { state = state, seat = seat }, key, cancel);
        }

        // The score: mid-game the host key's whole sheet; a seat's key (or none) sees it once the game is over.
        public Task<ScoreResponse> ScoreAsync(string state, string key,
                                              CancellationToken cancel = default(CancellationToken))
        {
            return ScoredAsync<ScoreResponse>(new ScoreRequest { state = state }, key, cancel, answer => answer.score);
        }

        // Any request, its answer read with JsonUtility.
        public async Task<TResponse> CallAsync<TResponse>(TabletopRequest request, string key,
                                                          CancellationToken cancel = default(CancellationToken))
        {
            return Read<TResponse>(await CallAsync(request.Method, request.ToJson(), key, cancel));
        }

        // A call whose answer may carry a score: its breakdown (a map) is filled from the JSON.
        async Task<TResponse> ScoredAsync<TResponse>(TabletopRequest request, string key, CancellationToken cancel,
                                                     Func<TResponse, Score> scoreOf)
        {
            string json = await CallAsync(request.Method, request.ToJson(), key, cancel);
            TResponse answer = Read<TResponse>(json);
            FillBreakdown(scoreOf(answer), json);
            return answer;
        }

        // One call: `json` in, the answer's JSON out. `key` is a seat's or the host's key (null: none),
        // sent as `Authorization: Bearer <key>`. Retries while unavailable; throws TabletopException for a
        // refusal, a timeout or no answer, OperationCanceledException when `cancel` fires.
        public async Task<string> CallAsync(string method, string json, string key,
                                            CancellationToken cancel = default(CancellationToken))
        {
            byte[] body = Encoding.UTF8.GetBytes(json);
            for (int attempt = 1; ; attempt++)
            {
                cancel.ThrowIfCancellationRequested();
                try
                {
                    return await SendAsync(method, body, key, cancel);
                }
                catch (TabletopException e)
                {
                    if (!e.Retryable || attempt >= MaxAttempts) throw;
                }
                await Task.Delay(RetryDelay(attempt), cancel);
            }
        }

        // The wait after failed attempt `attempt` (1-based): doubling from FirstRetryDelay, capped, jittered.
        TimeSpan RetryDelay(int attempt)
        {
            double ms = FirstRetryDelay.TotalMilliseconds * Math.Pow(2, attempt - 1);
            ms = Math.Min(ms, MaxRetryDelay.TotalMilliseconds);
            double share;
            lock (Jitter) share = Jitter.NextDouble();
            return TimeSpan.FromMilliseconds(ms / 2 + share * ms / 2);
        }

        async Task<string> SendAsync(string method, byte[] body, string key, CancellationToken cancel)
        {
            // Past int.MaxValue ms (24 days) a timer cannot count: no limit, as for zero.
            bool limited = Timeout > TimeSpan.Zero && Timeout.TotalMilliseconds <= int.MaxValue;
            using (var deadline = limited ? new CancellationTokenSource(Timeout) : new CancellationTokenSource())
            using (var either = CancellationTokenSource.CreateLinkedTokenSource(cancel, deadline.Token))
            using (var www = new UnityWebRequest(baseUrl + Service + method, "POST"))
            {
                www.uploadHandler = new UploadHandlerRaw(body);
                www.downloadHandler = new DownloadHandlerBuffer();
                www.SetRequestHeader("Content-Type", "application/json");
                www.SetRequestHeader("Connect-Protocol-Version", "1");
                if (limited)
                    www.SetRequestHeader("Connect-Timeout-Ms", ((long)Timeout.TotalMilliseconds).ToString());
                if (!string.IsNullOrEmpty(key))
                    www.SetRequestHeader("Authorization", "Bearer " + key);
                // Continuations off the completing thread: a timer's cancel must not run this method.
                var done = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
                UnityWebRequestAsyncOperation sending = www.SendWebRequest();
                sending.completed += operation => done.TrySetResult(true);
                bool answered;
                using (either.Token.Register(() => done.TrySetResult(false)))
                    answered = await done.Task;
                if (!answered)
                    www.Abort();  // here, on the caller's (main) thread, not on the timer's
                // An answer that arrived before the abort counts; anything else is the abort's doing.
                answered = answered && (www.result == UnityWebRequest.Result.Success ||
                                        www.result == UnityWebRequest.Result.ProtocolError);
                if (!answered && cancel.IsCancellationRequested)
                    throw new OperationCanceledException(cancel);
                if (!answered && deadline.IsCancellationRequested)
                    throw new TabletopException("deadline_exceeded", "", method + ": no answer within " +
                                                Timeout.TotalSeconds + " s", 0);
                if (www.result == UnityWebRequest.Result.Success)
                    return www.downloadHandler.text;
                if (www.result == UnityWebRequest.Result.ProtocolError)
                    throw TabletopException.FromHttp(www.responseCode, www.downloadHandler.text);
                throw new TabletopException("unavailable", "", method + ": " + www.error, www.responseCode);
            }
        }

        static T Read<T>(string json)
        {
            try { return JsonUtility.FromJson<T>(json); }
            catch (ArgumentException e) { throw new TabletopException("internal", "", "unreadable answer: " + e.Message, 200); }
        }

        // SeatScore.breakdown from the `score` of the answer's JSON (a map, which JsonUtility skips).
        static void FillBreakdown(Score score, string json)
        {
            if (score == null || score.seats == null) return;
            object tree = JsonTree.Member(JsonTree.Parse(json), "score");
            for (int i = 0; i < score.seats.Length; i++)
            {
                var map = JsonTree.Member(JsonTree.Element(JsonTree.Member(tree, "seats"), i), "breakdown")
                    as Dictionary<string, object>;
                var parts = new List<ScorePart>();
                if (map != null)
                    foreach (KeyValuePair<string, object> entry in map)
                        parts.Add(new ScorePart { name = entry.Key, points = entry.Value is double ? (int)(double)entry.Value : 0 });
                score.seats[i].breakdown = parts.ToArray();
            }
        }
    }
}
