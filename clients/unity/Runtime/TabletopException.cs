// A call that did not succeed: refused by the service (its Connect code and its stable reason), not
// answered in time, or not answered at all.
using System;
using System.Text;
using UnityEngine;

namespace Tabletop.Client
{
    public class TabletopException : Exception
    {
        // Connect's lower-case code: "failed_precondition", "unauthenticated", "unavailable",
        // "deadline_exceeded" (the client's timeout), ...
        public string Code { get; private set; }
        // The service's stable reason ("not_your_turn", "no_key", "bad_option_value", ...), read from the
        // google.rpc.ErrorInfo detail; "" when the answer was not the service's (no answer, a proxy's page).
        public string Reason { get; private set; }
        // The HTTP status (0: no answer).
        public long HttpStatus { get; private set; }
        // What is wrong, in words.
        public string Detail { get; private set; }

        public TabletopException(string code, string reason, string detail, long httpStatus)
            : base(code + (string.IsNullOrEmpty(reason) ? "" : " " + reason) + ": " + detail)
        {
            Code = code;
            Reason = reason ?? "";
            Detail = detail ?? "";
            HttpStatus = httpStatus;
        }

        // True when the same call may succeed later: the service or the network is unavailable (HTTP 503,
        // no connection). Every GameService method may be repeated (ApplyMove is idempotent).
        public bool Retryable { get { return Code == "unavailable"; } }

        // The refusal in an HTTP error answer: a Connect error body when the service sent it, else the
        // code Connect gives the HTTP status.
        public static TabletopException FromHttp(long status, string body)
        {
            ConnectErrorBody error = null;
            if (!string.IsNullOrEmpty(body) && body.TrimStart().StartsWith("{", StringComparison.Ordinal))
            {
                try { error = JsonUtility.FromJson<ConnectErrorBody>(body); }
                catch (ArgumentException) { }  // not JSON: a proxy's page
            }
            if (error == null || string.IsNullOrEmpty(error.code))
                return new TabletopException(CodeOf(status), "", "HTTP " + status, status);
            string reason = "";
            if (error.details != null)
                foreach (ConnectErrorDetail detail in error.details)
                    if (detail.type == "google.rpc.ErrorInfo" && !string.IsNullOrEmpty(detail.value))
                        reason = ErrorInfoReason(detail.value);
            return new TabletopException(error.code, reason, error.message, status);
        }

        // Connect's code for an HTTP status without a Connect body (the Connect protocol spec's table).
        static string CodeOf(long status)
        {
            switch (status)
            {
                case 400: return "internal";
                case 401: return "unauthenticated";
                case 403: return "permission_denied";
                case 404: return "unimplemented";
                case 429:
                case 502:
                case 503:
                case 504: return "unavailable";
                default: return "unknown";
            }
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
                if (length < 0 || at + length > data.Length)
                    throw new FormatException("ErrorInfo: field " + (tag >> 3) + " runs past the end");
                if (tag >> 3 == 1)
                    return Encoding.UTF8.GetString(data, at, length);
                at += length;
            }
            return "";
        }

        static ulong Varint(byte[] data, ref int at)
        {
            ulong value = 0;
            for (int shift = 0; at < data.Length && shift < 64; shift += 7)
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
