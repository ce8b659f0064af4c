// Outside Unity only: the part of UnityWebRequest the package uses, with Unity's signatures, over
// HttpWebRequest. SendWebRequest returns at once and the request runs on a pool thread; the operation's
// `completed` handlers run when it ends, as in Unity (there on the main thread). Abort ends a request in
// flight as a ConnectionError "Request aborted". `timeout` is Unity's (whole seconds, 0: none).
// Shim.Network records every request sent, so the tests can count round trips.
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Text;
using System.Threading;

namespace UnityEngine.Networking
{
    public class UploadHandler : IDisposable
    {
        public byte[] data { get; protected set; }
        public void Dispose() { }
    }

    public sealed class UploadHandlerRaw : UploadHandler
    {
        public UploadHandlerRaw(byte[] data) { this.data = data; }
    }

    public class DownloadHandler : IDisposable
    {
        public byte[] data { get; internal set; }
        public string text { get { return data == null ? null : Encoding.UTF8.GetString(data); } }
        public void Dispose() { }
    }

    public sealed class DownloadHandlerBuffer : DownloadHandler { }

    public class UnityWebRequestAsyncOperation : AsyncOperation
    {
        public UnityWebRequest webRequest { get; internal set; }
    }

    public class UnityWebRequest : IDisposable
    {
        public enum Result { InProgress, Success, ConnectionError, ProtocolError, DataProcessingError }

        readonly Dictionary<string, string> headers = new Dictionary<string, string>();
        readonly Dictionary<string, string> responseHeaders = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        HttpWebRequest request;
        volatile bool aborted;

        public string url { get; set; }
        public string method { get; set; }
        public int timeout { get; set; }
        public UploadHandler uploadHandler { get; set; }
        public DownloadHandler downloadHandler { get; set; }
        public Result result { get; private set; }
        public long responseCode { get; private set; }
        public string error { get; private set; }
        public bool isDone { get; private set; }

        public UnityWebRequest(string url, string method)
        {
            this.url = url;
            this.method = method;
        }

        public void SetRequestHeader(string name, string value) { headers[name] = value; }

        public string GetResponseHeader(string name)
        {
            string value;
            return responseHeaders.TryGetValue(name, out value) ? value : null;
        }

        public UnityWebRequestAsyncOperation SendWebRequest()
        {
            if (request != null) throw new InvalidOperationException("UnityWebRequest has already been sent");
            var operation = new UnityWebRequestAsyncOperation { webRequest = this };
            request = (HttpWebRequest)WebRequest.Create(url);
            request.Method = method;
            request.Timeout = timeout > 0 ? timeout * 1000 : System.Threading.Timeout.Infinite;
            request.ReadWriteTimeout = request.Timeout;
            foreach (var h in headers)
            {
                if (h.Key.Equals("Content-Type", StringComparison.OrdinalIgnoreCase)) request.ContentType = h.Value;
                else request.Headers[h.Key] = h.Value;
            }
            Shim.Network.Record(method, new Uri(url).AbsolutePath);
            ThreadPool.QueueUserWorkItem(_ => { Run(); isDone = true; operation.Finish(); });
            return operation;
        }

        void Run()
        {
            try
            {
                if (uploadHandler != null && uploadHandler.data != null)
                    using (Stream body = request.GetRequestStream())
                        body.Write(uploadHandler.data, 0, uploadHandler.data.Length);
                using (var response = (HttpWebResponse)request.GetResponse())
                    Finish(response, Result.Success, null);
            }
            catch (WebException exc)
            {
                var response = exc.Response as HttpWebResponse;
                if (aborted) { result = Result.ConnectionError; error = "Request aborted"; }
                else if (response == null)
                {
                    result = Result.ConnectionError;
                    error = exc.Status == WebExceptionStatus.Timeout ? "Request timeout" : "Cannot connect to destination host";
                }
                else using (response) Finish(response, Result.ProtocolError, "HTTP/1.1 " + (int)response.StatusCode + " " + response.StatusDescription);
            }
            catch (Exception exc) when (aborted || exc is IOException)
            {
                result = Result.ConnectionError;
                error = aborted ? "Request aborted" : exc.Message;
            }
        }

        void Finish(HttpWebResponse response, Result outcome, string message)
        {
            responseCode = (long)response.StatusCode;
            foreach (string name in response.Headers.AllKeys)
                responseHeaders[name] = response.Headers[name];
            if (downloadHandler != null)
                using (var stream = response.GetResponseStream())
                using (var copy = new MemoryStream())
                {
                    stream.CopyTo(copy);
                    downloadHandler.data = copy.ToArray();
                }
            error = message;
            result = outcome;
        }

        // Ends the request in flight (no effect once it is done).
        public void Abort()
        {
            if (request == null || isDone) return;
            aborted = true;
            request.Abort();
        }

        public void Dispose() { Abort(); }
    }
}

namespace Shim
{
    // What the shim's UnityWebRequest sent, in order: "POST /engine.v1.GameService/ApplyMove", ...
    public static class Network
    {
        static readonly List<string> sent = new List<string>();

        internal static void Record(string method, string path)
        {
            lock (sent) sent.Add(method + " " + path);
        }

        public static string[] Sent()
        {
            lock (sent) return sent.ToArray();
        }
    }
}
