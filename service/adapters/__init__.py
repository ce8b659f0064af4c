"""The transport adapters: gRPC (rpc), REST (rest) and Connect (connect). Each converts a
request, calls the app layer and converts the answer; they never import each other
(service/process assembles the HTTP application from rest and connect)."""
