// Outside Unity only: runs the package and its sample under Mono for the tests and prints what they
// check as JSON on stdout.
//   play <url> <game> <seed> <table|seats> <name,name,...> [option=value ...]   the sample's whole game
//   refusals <url>                     refused calls, as TabletopExceptions
//   views <url>                        per stdin line "<state> <seat> <key|->": the typed view, re-written
//   requests                           every request class with every field set, as it is sent
//   schema                             every message class: its fields and their types
//   async <url>                        timeouts, cancellation and retries against the tests' HTTP server
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Reflection;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Tabletop.Client;
using Tabletop.Client.Samples;
using UnityEngine;

public static class Runner
{
    public static int Main(string[] args)
    {
        try
        {
            switch (args[0])
            {
                case "play": return Play(args);
                case "refusals": return Refusals(args[1]);
                case "views": return Views(args[1]);
                case "requests": return Requests();
                case "schema": return Schema();
                case "async": return Async(args[1]);
            }
        }
        catch (AggregateException e)
        {
            Console.Error.WriteLine(e.InnerException);
            return 1;
        }
        Console.Error.WriteLine("usage: play|refusals|views|requests|schema|async");
        return 2;
    }

    [Serializable]
    public class Played
    {
        public string title;
        public GameOption[] required;
        public int[] movers;
        public int moveCount;
        public string state;
        public string hostKey;
        public Score score;
        public ScorePart[] breakdown0;
        public int[] viewTotals;
        public int viewSeat;
        public string[] requests;
    }

    static int Play(string[] args)
    {
        var settings = new TablePlaySettings {
            game = args[2], seed = args[3], seatKeys = args[4] == "seats", players = args[5].Split(',') };
        var options = new List<GameOption>();
        for (int i = 6; i < args.Length; i++)
        {
            int eq = args[i].IndexOf('=');
            options.Add(new GameOption(args[i].Substring(0, eq), args[i].Substring(eq + 1)));
        }
        settings.options = options.ToArray();
        var client = new TabletopClient(args[1]);
        TablePlayResult result = TablePlay.PlayAsync(client, settings, new System.Random(int.Parse(args[3])),
                                                     line => UnityEngine.Debug.Log(line)).Result;
        var played = new Played {
            title = result.info.title, required = result.info.RequiredOptions(settings.players.Length),
            movers = result.movers.ToArray(), moveCount = result.table.MoveCount, state = result.table.State,
            hostKey = result.table.HostKey, score = result.score, breakdown0 = result.score.seats[0].breakdown,
            viewSeat = result.lastView.seat, requests = Shim.Network.Sent() };
        WhiteHatView hat = result.lastView.whiteHat ?? result.lastView.blackHat;
        played.viewTotals = hat != null ? hat.totals : result.lastView.cambio != null ? TablePlay.Totals(result.lastView.cambio) : null;
        Console.WriteLine(JsonUtility.ToJson(played));
        return 0;
    }

    [Serializable]
    public class Refused
    {
        public string code;
        public string reason;
        public string message;
        public long httpStatus;
        public int requests;
    }

    [Serializable]
    public class RefusalList
    {
        public Refused unknownGame;
        public Refused noKey;
        public Refused missingOption;
        public Refused twiceGiven;
    }

    static int Refusals(string url)
    {
        var client = new TabletopClient(url);
        var refusals = new RefusalList();
        refusals.unknownGame = Refuse(() => client.NewGameAsync(new NewGameRequest {
            game = "no_such_game", seats = new Seat[2] }));
        NewGameResponse dealt = client.NewGameAsync(new NewGameRequest {
            game = "hats", seats = new Seat[3], access = "seats" }).Result;
        refusals.noKey = Refuse(() => client.ApplyMoveAsync(new ApplyMoveRequest { state = dealt.state, index = 0 }, null));
        refusals.missingOption = Refuse(() => client.NewGameAsync(new NewGameRequest {
            game = "white_hat", seats = new Seat[2] }));
        refusals.twiceGiven = Refuse(() => client.NewGameAsync(new NewGameRequest {
            game = "white_hat", seats = new Seat[2],
            options = new[] { new GameOption("robot", "true"), new GameOption("robot", "false") } }));
        Console.WriteLine(JsonUtility.ToJson(refusals));
        return 0;
    }

    // The exception `call` ends with, and how many requests it sent.
    static Refused Refuse(Func<Task> call)
    {
        int before = Shim.Network.Sent().Length;
        Exception error = null;
        try { call().Wait(); }
        catch (Exception e) { error = e is AggregateException ? e.InnerException : e; }
        var refused = new Refused { requests = Shim.Network.Sent().Length - before };
        var tabletop = error as TabletopException;
        if (tabletop != null)
        {
            refused.code = tabletop.Code;
            refused.reason = tabletop.Reason;
            refused.message = tabletop.Detail;
            refused.httpStatus = tabletop.HttpStatus;
        }
        else
        {
            refused.code = error == null ? "none" : error.GetType().Name;
            refused.message = error == null ? "" : error.Message;
        }
        return refused;
    }

    static int Views(string url)
    {
        var client = new TabletopClient(url);
        string line;
        while ((line = Console.ReadLine()) != null)
        {
            string[] parts = line.Split(' ');
            ViewResponse answer = client.ViewAsync(parts[0], int.Parse(parts[1]), parts[2] == "-" ? null : parts[2]).Result;
            Console.WriteLine(JsonUtility.ToJson(answer.view));
        }
        return 0;
    }

    // Every request with every field set (strings that need escaping included), one JSON object a line:
    // {"proto": <message>, "json": <body as sent>}.
    static int Requests()
    {
        const string odd = "q\"b\\s/\n\t\u0001é☃";
        var want = new Want { view = true, seat = 2, legalMoves = true, score = true };
        var requests = new TabletopRequest[] {
            new ListGamesRequest(),
            new NewGameRequest {
                game = "white_hat", seats = new[] { new Seat { name = odd, kind = "human" }, new Seat { name = "B", kind = "robot" } },
                options = new[] { new GameOption("robot", "true"), new GameOption(odd, odd) }, seed = "18446744073709551615",
                want = want, access = "seats" },
            new LegalMovesRequest { state = "AQID", seat = 1, game = "cambio" },
            new ApplyMoveRequest { state = "AQID", move = new Move { seat = 1, text = odd }, index = 3, want = want, game = "hats" },
            new ViewRequest { state = "AQID", seat = 0, game = "hats" },
            new ScoreRequest { state = "AQID", game = "hats" },
        };
        foreach (TabletopRequest request in requests)
        {
            string proto = (string)request.GetType().GetField("Proto").GetValue(null);
            Console.WriteLine("{\"proto\":\"" + proto + "\",\"json\":" + request.ToJson() + "}");
        }
        return 0;
    }

    // {"Class": {"proto": "engine.v1.X", "fields": {"name": "Type", ...}, "maps": [...]}, ...} for every class
    // with `Proto`; "maps" are the [NonSerialized] fields the client writes or fills as JSON objects.
    static int Schema()
    {
        var sb = new StringBuilder("{");
        foreach (Type type in typeof(TabletopClient).Assembly.GetTypes())
        {
            FieldInfo proto = type.GetField("Proto", BindingFlags.Public | BindingFlags.Static | BindingFlags.FlattenHierarchy);
            if (type.Namespace != "Tabletop.Client" || proto == null) continue;
            if (sb.Length > 1) sb.Append(',');
            sb.Append('"').Append(type.Name).Append("\":{\"proto\":\"").Append(proto.GetValue(null)).Append("\",\"fields\":{");
            var maps = new List<string>();
            bool first = true;
            for (Type t = type; t != typeof(object); t = t.BaseType)
                foreach (FieldInfo f in t.GetFields(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly))
                {
                    if (!first) sb.Append(',');
                    first = false;
                    sb.Append('"').Append(f.Name).Append("\":\"").Append(f.FieldType.Name).Append('"');
                    if (f.IsNotSerialized) maps.Add("\"" + f.Name + "\"");
                }
            sb.Append("},\"maps\":[").Append(string.Join(",", maps.ToArray())).Append("]}");
        }
        Console.WriteLine(sb.Append('}').ToString());
        return 0;
    }

    [Serializable]
    public class Outcome
    {
        public string outcome;
        public string code;
        public string reason;
        public long ms;
        public string games;
    }

    [Serializable]
    public class Outcomes
    {
        public Outcome flaky;
        public Outcome down;
        public Outcome refused;
        public Outcome silent;
        public Outcome cancelled;
        public Outcome cancelledWaiting;
        public Outcome keyed;
    }

    // Each scenario talks to <url>/<scenario>, where the tests' server answers as its name says.
    static int Async(string url)
    {
        var outcomes = new Outcomes();
        outcomes.flaky = Run(new TabletopClient(url + "/flaky") {
            MaxAttempts = 5, FirstRetryDelay = TimeSpan.FromMilliseconds(200), MaxRetryDelay = TimeSpan.FromSeconds(2) },
            CancellationToken.None);
        outcomes.down = Run(new TabletopClient(url + "/down") {
            MaxAttempts = 3, FirstRetryDelay = TimeSpan.FromMilliseconds(50) }, CancellationToken.None);
        outcomes.refused = Run(new TabletopClient(url + "/refused"), CancellationToken.None);
        outcomes.silent = Run(new TabletopClient(url + "/silent") { Timeout = TimeSpan.FromMilliseconds(500) },
                              CancellationToken.None);
        using (var cancel = new CancellationTokenSource(300))
            outcomes.cancelled = Run(new TabletopClient(url + "/silent2"), cancel.Token);
        using (var cancel = new CancellationTokenSource(300))
            outcomes.cancelledWaiting = Run(new TabletopClient(url + "/down2") {
                FirstRetryDelay = TimeSpan.FromSeconds(5) }, cancel.Token);
        var keyed = new Outcome { outcome = "ok" };
        try
        {
            new TabletopClient(url + "/keyed") { Timeout = TimeSpan.FromSeconds(7) }.ApplyMoveAsync(
                new ApplyMoveRequest { state = "AQID", index = 0 }, "s0.key").Wait();
        }
        catch (AggregateException e) { keyed.outcome = e.InnerException.Message; }
        outcomes.keyed = keyed;
        Console.WriteLine(JsonUtility.ToJson(outcomes));
        return 0;
    }

    static Outcome Run(TabletopClient client, CancellationToken cancel)
    {
        var outcome = new Outcome();
        Stopwatch clock = Stopwatch.StartNew();
        try
        {
            ListGamesResponse games = client.ListGamesAsync(cancel).Result;
            outcome.outcome = "ok";
            outcome.games = games.games[0].id;
        }
        catch (AggregateException e)
        {
            var tabletop = e.InnerException as TabletopException;
            if (tabletop != null)
            {
                outcome.outcome = "refused";
                outcome.code = tabletop.Code;
                outcome.reason = tabletop.Reason;
            }
            else outcome.outcome = e.InnerException is OperationCanceledException ? "cancelled" : e.InnerException.ToString();
        }
        outcome.ms = clock.ElapsedMilliseconds;
        return outcome;
    }
}
