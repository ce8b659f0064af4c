// A tabletop-engine client for Unity: the Connect protocol's JSON form over UnityWebRequest, with
// JsonUtility for the bodies (works in WebGL builds too: the service must list the page's origin
// in TABLETOP_CORS_ORIGINS). Each call is a coroutine: `yield return client.NewGame(...)`.
using System;
using System.Collections;
using System.Text;
using UnityEngine;
using UnityEngine.Networking;

namespace Tabletop.Client
{
    // A refusal: the Connect code ("failed_precondition"), the service's reason ("not_your_turn",
    // read from the google.rpc.ErrorInfo detail; "" when the call never reached the service) and
    // what is wrong in words.
    public class TabletopError
    {
        public string code;
        public string reason;
        public string message;
        public long httpStatus;

        public override string ToString()
        {
            return code + " " + reason + ": " + message;
        }
    }

    public class TabletopClient
    {
        const string Service = "/engine.v1.GameService/";
        readonly string baseUrl;

        // baseUrl: the service's HTTP port, e.g. "http://127.0.0.1:8080".
        public TabletopClient(string baseUrl)
        {
            this.baseUrl = baseUrl.TrimEnd('/');
        }

        // One Connect unary call: `request` as JSON in, `TResponse` out; `key` is a seat's or the
        // host's key (null: none). Exactly one of onDone / onError is called.
        public IEnumerator Call<TResponse>(string method, object request, string key,
                                           Action<TResponse> onDone, Action<TabletopError> onError)
        {
            byte[] body = Encoding.UTF8.GetBytes(JsonUtility.ToJson(request));
            using (var www = new UnityWebRequest(baseUrl + Service + method, "POST"))
            {
                www.uploadHandler = new UploadHandlerRaw(body);
                www.downloadHandler = new DownloadHandlerBuffer();
                www.SetRequestHeader("Content-Type", "application/json");
                www.SetRequestHeader("Connect-Protocol-Version", "1");
                if (!string.IsNullOrEmpty(key))
                    www.SetRequestHeader("Authorization", "Bearer " + key);
                yield return www.SendWebRequest();
                if (www.result == UnityWebRequest.Result.Success)
                    onDone(JsonUtility.FromJson<TResponse>(www.downloadHandler.text));
                else
                    onError(ErrorOf(www));
            }
        }

        public IEnumerator NewGame(NewGameRequest request, Action<NewGameResponse> onDone,
                                   Action<TabletopError> onError)
        {
            return Call("NewGame", request, null, onDone, onError);
        }

        public IEnumerator LegalMoves(string state, int seat, string key, Action<LegalMovesResponse> onDone,
                                      Action<TabletopError> onError)
        {
            return Call("LegalMoves", new LegalMovesRequest { state = state, seat = seat }, key, onDone, onError);
        }

        // ApplyMove by index into `seat`'s own legal-move list (the list LegalMoves gave that seat's key).
        public IEnumerator ApplyIndex(string state, int index, int seat, string key,
                                      Action<ApplyMoveResponse> onDone, Action<TabletopError> onError)
        {
            var request = new ApplyIndexRequest { state = state, index = index, want = new WantFor { seat = seat } };
            return Call("ApplyMove", request, key, onDone, onError);
        }

        // ApplyMove by the move's text form, e.g. "exchange R2 3".
        public IEnumerator ApplyText(string state, string text, int seat, string key,
                                     Action<ApplyMoveResponse> onDone, Action<TabletopError> onError)
        {
            var request = new ApplyTextRequest {
                state = state, move = new Move { seat = seat, text = text }, want = new WantFor { seat = seat } };
            return Call("ApplyMove", request, key, onDone, onError);
        }

        // The score; with the host key also mid-game (a seat's key sees scores once the game is over).
        public IEnumerator Score(string state, string key, Action<ScoreResponse> onDone, Action<TabletopError> onError)
        {
            return Call("Score", new ScoreRequest { state = state }, key, onDone, onError);
        }

        static TabletopError ErrorOf(UnityWebRequest www)
        {
            var error = new TabletopError { code = "unavailable", reason = "", message = www.error,
                                            httpStatus = www.responseCode };
            string text = www.downloadHandler != null ? www.downloadHandler.text : null;
            if (string.IsNullOrEmpty(text) || www.result != UnityWebRequest.Result.ProtocolError)
                return error;
            ConnectErrorBody body;
            try { body = JsonUtility.FromJson<ConnectErrorBody>(text); }
            catch (ArgumentException) { return error; }  // not a Connect body (a proxy's page, say)
            error.code = body.code;
            error.message = body.message;
            if (body.details != null)
                foreach (var detail in body.details)
                    if (detail.type == "google.rpc.ErrorInfo")
                        error.reason = ErrorInfoReason(detail.value);
            return error;
        }

        // google.rpc.ErrorInfo's `reason` (field 1, a string) from its binary form, so no protobuf
        // runtime is needed: walk the fields, skipping the others (domain, metadata).
        public static string ErrorInfoReason(string base64)
        {
            string padded = base64.Replace('-', '+').Replace('_', '/');
            padded += new string('=', (4 - padded.Length % 4) % 4);
            byte[] data = Convert.FromBase64String(padded);
            int at = 0;
            while (at < data.Length)
            {
                ulong tag = Varint(data, ref at);
                if ((tag & 7) != 2)
                    throw new FormatException("ErrorInfo: field " + (tag >> 3) + " is not length-delimited");
                int length = (int)Varint(data, ref at);
                if (tag >> 3 == 1)
                    return Encoding.UTF8.GetString(data, at, length);
                at += length;
            }
            return "";
        }

        static ulong Varint(byte[] data, ref int at)
        {
            ulong value = 0;
            for (int shift = 0; at < data.Length; shift += 7)
            {
                byte b = data[at++];
                value |= (ulong)(b & 0x7F) << shift;
                if (b < 0x80)
                    return value;
            }
            throw new FormatException("ErrorInfo: truncated varint");
        }
    }
}
