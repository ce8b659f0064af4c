// Outside Unity only: runs the example as Unity would (Start as a coroutine) and prints what the
// tests check, one JSON object on stdout.
//   mono example.exe play <url> <game> <seed> <name>...   the whole game; its final state and score
//   mono example.exe refusals <url>                        two refused calls, as TabletopErrors
//   mono example.exe schema                                every message class: its fields and types
using System;
using System.Collections;
using System.Collections.Generic;
using System.Reflection;
using System.Text;
using Tabletop.Client;

public static class Runner
{
    // Drives a coroutine to its end: nested IEnumerators run in place, AsyncOperations are done.
    static void Run(IEnumerator routine)
    {
        var stack = new Stack<IEnumerator>();
        stack.Push(routine);
        while (stack.Count > 0)
        {
            if (!stack.Peek().MoveNext()) { stack.Pop(); continue; }
            var nested = stack.Peek().Current as IEnumerator;
            if (nested != null) stack.Push(nested);
        }
    }

    [Serializable]
    public class Played
    {
        public string state;
        public string hostKey;
        public int movesPlayed;
        public Score score;
        public string error;
    }

    [Serializable]
    public class Refusals
    {
        public TabletopErrorJson unknownGame;
        public TabletopErrorJson noKey;
    }

    [Serializable]
    public class TabletopErrorJson
    {
        public string code;
        public string reason;
        public string message;
        public long httpStatus;
    }

    public static int Main(string[] args)
    {
        if (args[0] == "play") return Play(args);
        if (args[0] == "refusals") return Refuse(args[1]);
        if (args[0] == "schema") return Schema();
        Console.Error.WriteLine("usage: play|refusals|schema");
        return 2;
    }

    static int Play(string[] args)
    {
        var example = new TabletopExample { serviceUrl = args[1], game = args[2], seed = long.Parse(args[3]) };
        example.players = new string[args.Length - 4];
        Array.Copy(args, 4, example.players, 0, example.players.Length);
        UnityEngine.Random.InitState((int)example.seed);
        MethodInfo start = typeof(TabletopExample).GetMethod("Start", BindingFlags.Instance | BindingFlags.NonPublic);
        Run((IEnumerator)start.Invoke(example, null));  // Unity calls Start by reflection, too
        var played = new Played { state = example.State, hostKey = example.HostKey, movesPlayed = example.MovesPlayed,
                                  score = example.FinalScore,
                                  error = example.Error == null ? "" : example.Error.ToString() };
        Console.WriteLine(UnityEngine.JsonUtility.ToJson(played));
        return example.Done && example.Error == null ? 0 : 1;
    }

    static int Refuse(string url)
    {
        var client = new TabletopClient(url);
        var refusals = new Refusals();
        Run(client.NewGame(new NewGameRequest { game = "no_such_game", seats = new Seat[2] },
                           r => { }, e => refusals.unknownGame = Copy(e)));
        NewGameResponse dealt = null;
        Run(client.NewGame(new NewGameRequest { game = "hats", seats = new Seat[3], access = "seats" },
                           r => dealt = r, e => { }));
        Run(client.ApplyIndex(dealt.state, 0, dealt.toAct[0], null, r => { }, e => refusals.noKey = Copy(e)));
        Console.WriteLine(UnityEngine.JsonUtility.ToJson(refusals));
        return 0;
    }

    static TabletopErrorJson Copy(TabletopError e)
    {
        return new TabletopErrorJson { code = e.code, reason = e.reason, message = e.message, httpStatus = e.httpStatus };
    }

    // {"Class": {"proto": "engine.v1.X", "fields": {"name": "Type", ...}}, ...} for every class with `Proto`.
    static int Schema()
    {
        var sb = new StringBuilder("{");
        foreach (Type type in typeof(TabletopClient).Assembly.GetTypes())
        {
            FieldInfo proto = type.GetField("Proto", BindingFlags.Public | BindingFlags.Static | BindingFlags.FlattenHierarchy);
            if (type.Namespace != "Tabletop.Client" || proto == null) continue;
            if (sb.Length > 1) sb.Append(',');
            sb.Append('"').Append(type.Name).Append("\":{\"proto\":\"").Append(proto.GetValue(null)).Append("\",\"fields\":{");
            bool first = true;
            for (Type t = type; t != typeof(object); t = t.BaseType)
                foreach (FieldInfo f in t.GetFields(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly))
                {
                    if (!first) sb.Append(',');
                    first = false;
                    sb.Append('"').Append(f.Name).Append("\":\"").Append(f.FieldType.Name).Append('"');
                }
            sb.Append("}}");
        }
        Console.WriteLine(sb.Append('}').ToString());
        return 0;
    }
}
