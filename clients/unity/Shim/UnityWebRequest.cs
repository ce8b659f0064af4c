// Outside Unity only: UnityWebRequest's surface that the example uses, over HttpWebRequest, so the
// example's calls reach a real service in the tests. SendWebRequest completes before it returns
// (the coroutine driver in Runner.cs then just moves on).
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Text;

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
        internal UnityWebRequestAsyncOperation() { isDone = true; }
    }

    public class UnityWebRequest : IDisposable
    {
        public enum Result { InProgress, Success, ConnectionError, ProtocolError, DataProcessingError }

        readonly Dictionary<string, string> headers = new Dictionary<string, string>();
        public string url;
        public string method;
        public UploadHandler uploadHandler;
        public DownloadHandler downloadHandler;
        public Result result { get; private set; }
        public long responseCode { get; private set; }
        public string error { get; private set; }

        public UnityWebRequest(string url, string method)
        {
            this.url = url;
            this.method = method;
        }

        public void SetRequestHeader(string name, string value) { headers[name] = value; }

        public UnityWebRequestAsyncOperation SendWebRequest()
        {
            var request = (HttpWebRequest)WebRequest.Create(url);
            request.Method = method;
            request.Timeout = 10000;
            foreach (var h in headers)
            {
                if (h.Key.Equals("Content-Type", StringComparison.OrdinalIgnoreCase)) request.ContentType = h.Value;
                else request.Headers[h.Key] = h.Value;
            }
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
                if (response == null) { result = Result.ConnectionError; error = exc.Message; }
                else using (response) Finish(response, Result.ProtocolError, "HTTP/1.1 " + (int)response.StatusCode);
            }
            return new UnityWebRequestAsyncOperation();
        }

        void Finish(HttpWebResponse response, Result outcome, string message)
        {
            result = outcome;
            error = message;
            responseCode = (long)response.StatusCode;
            if (downloadHandler == null) return;
            using (var stream = response.GetResponseStream())
            using (var copy = new MemoryStream())
            {
                stream.CopyTo(copy);
                downloadHandler.data = copy.ToArray();
            }
        }

        public void Dispose() { }
    }
}
