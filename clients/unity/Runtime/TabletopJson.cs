// The two JSON jobs JsonUtility cannot do: write a request with only the fields it means to send
// (JsonUtility writes every field, so an `index` 0 or an empty move would always go out) and with a
// map (`options`); and read the two maps in the answers (a table's required options, a score's
// breakdown). Everything else is read with JsonUtility.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Tabletop.Client
{
    // Writes one JSON object: members are added in order, nested objects and arrays opened and closed.
    // Strings are escaped as JSON requires (quote, backslash, control characters).
    public sealed class JsonOut
    {
        readonly StringBuilder sb = new StringBuilder();
        // Per open object or array: its closing bracket, and whether nothing is in it yet.
        readonly Stack<char> closers = new Stack<char>();
        readonly Stack<bool> empty = new Stack<bool>();

        public JsonOut() { Push('{', '}'); }

        // The finished text (closes the top object).
        public override string ToString()
        {
            if (closers.Count != 1) throw new InvalidOperationException("JsonOut: " + (closers.Count - 1) + " left open");
            return sb.ToString() + "}";
        }

        // A string member, left out when null or "" (proto3's default).
        public JsonOut Field(string name, string value)
        {
            if (!string.IsNullOrEmpty(value)) { Key(name); Quote(value); }
            return this;
        }

        // A bool member, left out when false.
        public JsonOut Field(string name, bool value)
        {
            if (value) { Key(name); sb.Append("true"); }
            return this;
        }

        // A number member, always written (the caller decides when it is absent).
        public JsonOut Number(string name, long value)
        {
            Key(name);
            sb.Append(value.ToString(CultureInfo.InvariantCulture));
            return this;
        }

        // A string-array member, left out when null or empty.
        public JsonOut Strings(string name, string[] values)
        {
            if (values == null || values.Length == 0) return this;
            Key(name);
            sb.Append('[');
            for (int i = 0; i < values.Length; i++)
            {
                if (i > 0) sb.Append(',');
                Quote(values[i] ?? "");
            }
            sb.Append(']');
            return this;
        }

        // Opens an object member; Close() ends it.
        public JsonOut Object(string name)
        {
            Key(name);
            return Push('{', '}');
        }

        // Opens an array member: Item() opens each object in it, Close() ends the item and the array.
        public JsonOut Array(string name)
        {
            Key(name);
            return Push('[', ']');
        }

        // Opens the next object of the array being written.
        public JsonOut Item()
        {
            if (closers.Peek() != ']') throw new InvalidOperationException("JsonOut: Item() outside an array");
            Comma();
            return Push('{', '}');
        }

        public JsonOut Close()
        {
            if (closers.Count == 1) throw new InvalidOperationException("JsonOut: Close() of the top object");
            sb.Append(closers.Pop());
            empty.Pop();
            return this;
        }

        JsonOut Push(char open, char close)
        {
            sb.Append(open);
            closers.Push(close);
            empty.Push(true);
            return this;
        }

        void Key(string name)
        {
            if (closers.Peek() != '}') throw new InvalidOperationException("JsonOut: a member outside an object");
            Comma();
            Quote(name);
            sb.Append(':');
        }

        void Comma()
        {
            if (!empty.Pop()) sb.Append(',');
            empty.Push(false);
        }

        void Quote(string s)
        {
            sb.Append('"');
            foreach (char c in s)
            {
                if (c == '"') sb.Append("\\\"");
                else if (c == '\\') sb.Append("\\\\");
                else if (c < ' ') sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                else sb.Append(c);
            }
            sb.Append('"');
        }
    }

    // A small JSON reader for the maps JsonUtility skips: objects become Dictionary<string, object>,
    // arrays List<object>, numbers double, and strings, bools and null themselves.
    public static class JsonTree
    {
        public static object Parse(string text)
        {
            int at = 0;
            object value = Read(text, ref at);
            Skip(text, ref at);
            if (at != text.Length) throw Error(at, "text after the value");
            return value;
        }

        // The member `name` of an object value (null when the value is no object or lacks it).
        public static object Member(object obj, string name)
        {
            var map = obj as Dictionary<string, object>;
            object value;
            return map != null && map.TryGetValue(name, out value) ? value : null;
        }

        // Element `i` of an array value (null when there is none).
        public static object Element(object array, int i)
        {
            var list = array as List<object>;
            return list != null && i < list.Count ? list[i] : null;
        }

        static object Read(string s, ref int at)
        {
            Skip(s, ref at);
            if (at >= s.Length) throw Error(at, "unexpected end");
            char c = s[at];
            if (c == '{')
            {
                var map = new Dictionary<string, object>();
                at++;
                Skip(s, ref at);
                if (at < s.Length && s[at] == '}') { at++; return map; }
                while (true)
                {
                    Skip(s, ref at);
                    string key = ReadString(s, ref at);
                    Skip(s, ref at);
                    Expect(s, ref at, ':');
                    map[key] = Read(s, ref at);
                    Skip(s, ref at);
                    if (at < s.Length && s[at] == ',') { at++; continue; }
                    Expect(s, ref at, '}');
                    return map;
                }
            }
            if (c == '[')
            {
                var list = new List<object>();
                at++;
                Skip(s, ref at);
                if (at < s.Length && s[at] == ']') { at++; return list; }
                while (true)
                {
                    list.Add(Read(s, ref at));
                    Skip(s, ref at);
                    if (at < s.Length && s[at] == ',') { at++; continue; }
                    Expect(s, ref at, ']');
                    return list;
                }
            }
            if (c == '"') return ReadString(s, ref at);
            if (Word(s, ref at, "true")) return true;
            if (Word(s, ref at, "false")) return false;
            if (Word(s, ref at, "null")) return null;
            int start = at;
            while (at < s.Length && "+-0123456789.eE".IndexOf(s[at]) >= 0) at++;
            double d;
            if (!double.TryParse(s.Substring(start, at - start), NumberStyles.Float, CultureInfo.InvariantCulture, out d))
                throw Error(start, "not a JSON value");
            return d;
        }

        static string ReadString(string s, ref int at)
        {
            Expect(s, ref at, '"');
            var sb = new StringBuilder();
            while (true)
            {
                if (at >= s.Length) throw Error(at, "unterminated string");
                char c = s[at++];
                if (c == '"') return sb.ToString();
                if (c != '\\') { sb.Append(c); continue; }
                if (at >= s.Length) throw Error(at, "unterminated string");
                char e = s[at++];
                switch (e)
                {
                    case 'n': sb.Append('\n'); break;
                    case 't': sb.Append('\t'); break;
                    case 'r': sb.Append('\r'); break;
                    case 'b': sb.Append('\b'); break;
                    case 'f': sb.Append('\f'); break;
                    case 'u':
                        if (at + 4 > s.Length) throw Error(at, "short \\u escape");
                        sb.Append((char)int.Parse(s.Substring(at, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                        at += 4;
                        break;
                    default: sb.Append(e); break;
                }
            }
        }

        static bool Word(string s, ref int at, string word)
        {
            if (string.CompareOrdinal(s, at, word, 0, word.Length) != 0) return false;
            at += word.Length;
            return true;
        }

        static void Expect(string s, ref int at, char c)
        {
            if (at >= s.Length || s[at] != c) throw Error(at, "expected '" + c + "'");
            at++;
        }

        static void Skip(string s, ref int at)
        {
            while (at < s.Length && char.IsWhiteSpace(s[at])) at++;
        }

        static FormatException Error(int at, string what)
        {
            return new FormatException("JSON at " + at + ": " + what);
        }
    }
}
