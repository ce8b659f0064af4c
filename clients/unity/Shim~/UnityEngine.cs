// Outside Unity only: the few UnityEngine types the package and its sample use, with Unity's
// signatures, so they compile with Mono's `mcs` and run under `mono` in the tests
// (tests/service/test_service_unity.py). Not for a Unity project:
// there the real UnityEngine is used. JsonUtility follows Unity's rules (public fields and
// [SerializeField] ones, by declared type, every field written, unknown keys skipped, enums as
// numbers) but is stricter when reading: a JSON value of the wrong type for its field is an error
// here, where Unity would leave the field at its default, so a mismatch fails the tests.
using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using System.Text;

namespace UnityEngine
{
    public class Object { }
    public class Component : Object { }
    public class Behaviour : Component { }
    public class MonoBehaviour : Behaviour { }

    // Unity's IMGUI event: the type a generated `Event` class would meet in `using UnityEngine` code.
    public sealed class Event { }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class SerializeField : Attribute { }

    public class YieldInstruction { }

    // Unity's rules for `completed`: a handler added before the end runs when the operation ends (here on
    // the thread that finished it; in Unity on the main thread, the frame after); one added after the end
    // runs at once.
    public class AsyncOperation : YieldInstruction
    {
        readonly object gate = new object();
        Action<AsyncOperation> handlers;
        bool done;

        public bool isDone { get { lock (gate) return done; } }

        public event Action<AsyncOperation> completed
        {
            add
            {
                lock (gate)
                    if (!done) { handlers += value; return; }
                value(this);
            }
            remove { lock (gate) handlers -= value; }
        }

        internal void Finish()
        {
            Action<AsyncOperation> run;
            lock (gate)
            {
                done = true;
                run = handlers;
                handlers = null;
            }
            if (run != null) run(this);
        }
    }

    public static class Debug
    {
        public static void Log(object message) { Console.Error.WriteLine(message); }
        public static void LogWarning(object message) { Console.Error.WriteLine("WARNING " + message); }
        public static void LogError(object message) { Console.Error.WriteLine("ERROR " + message); }
    }

    public static class JsonUtility
    {
        public static string ToJson(object obj)
        {
            var sb = new StringBuilder();
            Json.WriteObject(sb, obj, obj.GetType());
            return sb.ToString();
        }

        public static T FromJson<T>(string json)
        {
            object tree = new Json.Reader(json).ReadDocument();
            if (!(tree is Dictionary<string, object>))
                throw new ArgumentException("JSON parse error: the document is not an object");
            return (T)Json.Build((Dictionary<string, object>)tree, typeof(T), typeof(T).Name);
        }
    }

    static class Json
    {
        public static IEnumerable<FieldInfo> Fields(Type type)
        {
            const BindingFlags flags = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
            var chain = new List<Type>();
            for (Type t = type; t != null && t != typeof(object); t = t.BaseType)
                chain.Insert(0, t);  // base class fields first, as Unity writes them
            foreach (Type t in chain)
                foreach (FieldInfo f in t.GetFields(flags | BindingFlags.DeclaredOnly))
                    if (!f.IsNotSerialized && (f.IsPublic || f.IsDefined(typeof(SerializeField), false)))
                        yield return f;
        }

        public static void WriteObject(StringBuilder sb, object obj, Type type)
        {
            if (obj == null)
                obj = Activator.CreateInstance(type);  // Unity writes a missing object as its defaults
            sb.Append('{');
            bool first = true;
            foreach (FieldInfo f in Fields(type))
            {
                if (!first) sb.Append(',');
                first = false;
                WriteString(sb, f.Name);
                sb.Append(':');
                WriteValue(sb, f.GetValue(obj), f.FieldType);
            }
            sb.Append('}');
        }

        static void WriteValue(StringBuilder sb, object value, Type type)
        {
            if (type == typeof(string)) WriteString(sb, (string)value ?? "");
            else if (type == typeof(bool)) sb.Append((bool)value ? "true" : "false");
            else if (type.IsEnum) sb.Append(Convert.ToInt64(value).ToString(CultureInfo.InvariantCulture));
            else if (type.IsPrimitive) sb.Append(Convert.ToString(value, CultureInfo.InvariantCulture));
            else if (type.IsArray)
            {
                sb.Append('[');
                var items = (Array)value ?? Array.CreateInstance(type.GetElementType(), 0);
                for (int i = 0; i < items.Length; i++)
                {
                    if (i > 0) sb.Append(',');
                    WriteValue(sb, items.GetValue(i), type.GetElementType());
                }
                sb.Append(']');
            }
            else if (type.IsDefined(typeof(SerializableAttribute), false)) WriteObject(sb, value, type);
            else throw new ArgumentException("JsonUtility cannot write a " + type.Name);
        }

        static void WriteString(StringBuilder sb, string s)
        {
            sb.Append('"');
            foreach (char c in s)
            {
                if (c == '"' || c == '\\') sb.Append('\\').Append(c);
                else if (c < ' ') sb.Append("\\u").Append(((int)c).ToString("x4"));
                else sb.Append(c);
            }
            sb.Append('"');
        }

        public static object Build(Dictionary<string, object> tree, Type type, string where)
        {
            object obj = Activator.CreateInstance(type);
            foreach (FieldInfo f in Fields(type))
            {
                object value;
                if (tree.TryGetValue(f.Name, out value))
                    f.SetValue(obj, ConvertValue(value, f.FieldType, where + "." + f.Name));
            }
            return obj;
        }

        static object ConvertValue(object value, Type type, string where)
        {
            if (type == typeof(string) && value is string) return value;
            if (type == typeof(bool) && value is bool) return value;
            if ((type.IsPrimitive || type.IsEnum) && value is double)
            {
                double d = (double)value;
                if (type == typeof(float) || type == typeof(double)) return Convert.ChangeType(d, type);
                if (d != Math.Floor(d)) throw Mismatch(where, type, value);
                Type target = type.IsEnum ? Enum.GetUnderlyingType(type) : type;
                object n = Convert.ChangeType(d, target, CultureInfo.InvariantCulture);
                return type.IsEnum ? Enum.ToObject(type, n) : n;
            }
            if (type.IsArray && value is List<object>)
            {
                var items = (List<object>)value;
                Array array = Array.CreateInstance(type.GetElementType(), items.Count);
                for (int i = 0; i < items.Count; i++)
                    array.SetValue(ConvertValue(items[i], type.GetElementType(), where + "[" + i + "]"), i);
                return array;
            }
            if (value is Dictionary<string, object> && type.IsDefined(typeof(SerializableAttribute), false))
                return Build((Dictionary<string, object>)value, type, where);
            throw Mismatch(where, type, value);
        }

        static ArgumentException Mismatch(string where, Type type, object value)
        {
            string got = value == null ? "null" : value is string ? "a string" : value is bool ? "a bool"
                : value is double ? "a number" : value is List<object> ? "an array" : "an object";
            return new ArgumentException("JSON: " + where + " is " + got + ", the field is a " + type.Name);
        }

        public class Reader
        {
            readonly string s;
            int at;

            public Reader(string text) { s = text; }

            public object ReadDocument()
            {
                object value = Read();
                Skip();
                if (at != s.Length) throw Error("text after the value");
                return value;
            }

            object Read()
            {
                Skip();
                if (at >= s.Length) throw Error("unexpected end");
                char c = s[at];
                if (c == '{') return ReadObject();
                if (c == '[') return ReadArray();
                if (c == '"') return ReadString();
                if (Word("true")) return true;
                if (Word("false")) return false;
                if (Word("null")) return null;
                return ReadNumber();
            }

            Dictionary<string, object> ReadObject()
            {
                var map = new Dictionary<string, object>();
                at++;
                Skip();
                if (Peek('}')) return map;
                do
                {
                    Skip();
                    string key = ReadString();
                    Skip();
                    Expect(':');
                    map[key] = Read();
                    Skip();
                } while (Peek(','));
                Expect('}');
                return map;
            }

            List<object> ReadArray()
            {
                var list = new List<object>();
                at++;
                Skip();
                if (Peek(']')) return list;
                do { list.Add(Read()); Skip(); } while (Peek(','));
                Expect(']');
                return list;
            }

            string ReadString()
            {
                Expect('"');
                var sb = new StringBuilder();
                while (true)
                {
                    if (at >= s.Length) throw Error("unterminated string");
                    char c = s[at++];
                    if (c == '"') return sb.ToString();
                    if (c != '\\') { sb.Append(c); continue; }
                    char e = s[at++];
                    switch (e)
                    {
                        case 'n': sb.Append('\n'); break;
                        case 't': sb.Append('\t'); break;
                        case 'r': sb.Append('\r'); break;
                        case 'b': sb.Append('\b'); break;
                        case 'f': sb.Append('\f'); break;
                        case 'u': sb.Append((char)int.Parse(s.Substring(at, 4), NumberStyles.HexNumber)); at += 4; break;
                        default: sb.Append(e); break;
                    }
                }
            }

            double ReadNumber()
            {
                int start = at;
                while (at < s.Length && "+-0123456789.eE".IndexOf(s[at]) >= 0) at++;
                double d;
                if (!double.TryParse(s.Substring(start, at - start), NumberStyles.Float, CultureInfo.InvariantCulture, out d))
                    throw Error("not a JSON value");
                return d;
            }

            bool Word(string w)
            {
                if (string.CompareOrdinal(s, at, w, 0, w.Length) != 0) return false;
                at += w.Length;
                return true;
            }

            bool Peek(char c)
            {
                if (at < s.Length && s[at] == c) { at++; return true; }
                return false;
            }

            void Expect(char c)
            {
                if (!Peek(c)) throw Error("expected '" + c + "'");
            }

            void Skip()
            {
                while (at < s.Length && char.IsWhiteSpace(s[at])) at++;
            }

            ArgumentException Error(string what)
            {
                return new ArgumentException("JSON parse error at " + at + ": " + what);
            }
        }
    }
}
