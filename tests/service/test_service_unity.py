"""The Unity package (clients/unity) compiled with Mono's `mcs` and run with `mono`.

Runtime/ and the sample (Samples~/TablePlay) compile with -warnaserror beside a UnityEngine shim
(Shim~/: JsonUtility by Unity's rules, UnityWebRequest over HttpWebRequest, asynchronous, counting
what it sends). Against a real service: the sample plays whole games (2-seat White Hat with
robot=true, Cambio with every option) with one ApplyMove per move, and its score and typed views are
the service's; refusals carry their reason. Against a small local HTTP server: timeouts,
cancellation and retries with back-off. Offline: the package layout (package.json, asmdefs, .meta
files), every request written as proto3 JSON, every class field a proto3 JSON field of its message,
the typed view classes generated from the protos. Debian's `mono-mcs` is installed when missing.
"""
from __future__ import annotations

import base64
import importlib.util
import json
import random
import re
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from google.protobuf import json_format, message_factory
from google.protobuf.descriptor import FieldDescriptor as F
from google.rpc import error_details_pb2

from service.api import engine_pb2
from service.wire.messages import is_repeated
from tabletop_client import Client

from .conftest import ROOT

UNITY = ROOT / "clients" / "unity"
CONNECT = "/engine.v1.GameService/"
# C# type JsonUtility reads each proto3 JSON value into: 64-bit integers and enums come as strings.
READS = {F.TYPE_STRING: "String", F.TYPE_BYTES: "String", F.TYPE_BOOL: "Boolean", F.TYPE_ENUM: "String",
         F.TYPE_UINT32: "Int32", F.TYPE_INT32: "Int32", F.TYPE_SINT32: "Int32",
         F.TYPE_UINT64: "String", F.TYPE_INT64: "String"}
# The C# entry array a map field is declared as (written as a JSON object, or filled, by the client).
MAP_ENTRIES = {F.TYPE_STRING: "GameOption[]", F.TYPE_INT32: "ScorePart[]"}
CAMBIO_OPTIONS = ["first_dealer=2", "target_score=20", "cambio_max=off", "caller_tie=wins", "memory_aid=slot",
                  "max_turns=500"]


@pytest.fixture(scope="module")
def unity(debian, tmp_path_factory):
    """The compiled package, sample and shim: a `mono` command line prefix."""
    mcs, mono = debian("mcs", "mono-mcs"), debian("mono", "mono-runtime")
    exe = tmp_path_factory.mktemp("unity") / "runner.exe"
    sources = [str(p) for folder in ("Runtime", "Samples~", "Shim~") for p in sorted((UNITY / folder).rglob("*.cs"))]
    built = subprocess.run([mcs, "-nologo", "-warnaserror", f"-out:{exe}", *sources], capture_output=True,
                           text=True, timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    return [mono, str(exe)]


def run(unity, *args, stdin: str | None = None) -> str:
    done = subprocess.run([*unity, *args], capture_output=True, text=True, timeout=120, input=stdin)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return done.stdout


def connect(http: httpx.Client, method: str, body: dict, key: str | None = None) -> dict:
    """One Connect JSON call to the service, as the truth to compare with."""
    headers = {"authorization": f"Bearer {key}"} if key else {}
    answer = http.post(CONNECT + method, json=body, headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


# -- the package --------------------------------------------------------------------------------------


def test_the_package_is_a_unity_package_with_its_sample():
    manifest = json.loads((UNITY / "package.json").read_text())
    assert re.fullmatch(r"com(\.[a-z0-9-]+)+", manifest["name"]) and re.fullmatch(r"\d+\.\d+\.\d+", manifest["version"])
    assert re.fullmatch(r"\d{4}\.\d", manifest["unity"]) and manifest["displayName"] and manifest["description"]
    assert set(manifest["dependencies"]) == {"com.unity.modules.jsonserialize", "com.unity.modules.unitywebrequest"}
    runtime = json.loads((UNITY / "Runtime" / "Tabletop.Client.asmdef").read_text())
    for sample in manifest["samples"]:
        folder = UNITY / sample["path"]
        assert sample["path"].startswith("Samples~/") and list(folder.glob("*.cs")), sample
        assert not list(folder.rglob("*.unity")), "the sample is scene-free"
        (asmdef,) = folder.glob("*.asmdef")
        assert json.loads(asmdef.read_text())["references"] == [runtime["name"]]
    # Unity ignores folders ending in `~`; every other file and folder needs a .meta with its own guid,
    # or an immutable (git or registry) install ignores it.
    guids = {}
    for path in sorted(UNITY.rglob("*")):
        inside = path.relative_to(UNITY)
        if any(part.endswith("~") for part in inside.parts):
            continue
        if path.suffix == ".meta":
            assert path.with_suffix("").exists(), f"{inside}: a .meta without its asset"
            continue
        meta = path.with_name(path.name + ".meta")
        assert meta.exists(), f"{inside} has no .meta"
        guid = re.search(r"^guid: ([0-9a-f]{32})$", meta.read_text(), re.M)
        assert guid and guid[1] not in guids, f"{inside}: guid missing or shared with {guids.get(guid and guid[1])}"
        guids[guid[1]] = inside


def test_the_view_classes_are_generated_from_the_protos():
    spec = importlib.util.spec_from_file_location("generate_views", UNITY / "Tools~" / "generate_views.py")
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    assert (UNITY / "Runtime" / "TabletopViews.cs").read_text() == generator.render(), (
        'stale: run python "clients/unity/Tools~/generate_views.py"')


def test_every_message_class_field_is_a_proto3_json_field_of_its_message(unity):
    classes = json.loads(run(unity, "schema"))
    assert {"NewGameRequest", "ApplyMoveResponse", "Score", "GameView", "WhiteHatView", "CambioView"} <= set(classes)
    for name, cls in classes.items():
        desc = engine_pb2.DESCRIPTOR.pool.FindMessageTypeByName(cls["proto"])
        by_json = {f.json_name: f for f in desc.fields}
        for field, cs_type in cls["fields"].items():
            assert field in by_json, f"{name}.{field}: {desc.full_name} has no JSON field {field!r}"
            f = by_json[field]
            if f.message_type is not None and f.message_type.GetOptions().map_entry:
                value = f.message_type.fields_by_name["value"]
                assert cs_type == MAP_ENTRIES[value.type], f"{name}.{field}: a map is a {MAP_ENTRIES[value.type]}"
                # A request writes it as a JSON object by hand; an answer's must be skipped by JsonUtility
                # (filled by hand), which reads no maps.
                assert cls["proto"].endswith("Request") or field in cls["maps"], f"{name}.{field}: not [NonSerialized]"
                continue
            assert field not in cls["maps"], f"{name}.{field}: JsonUtility skips it, but it is no map"
            repeated = is_repeated(f)
            assert cs_type.endswith("[]") == repeated, f"{name}.{field}: {cs_type} for a repeated={repeated} field"
            cs_type = cs_type.removesuffix("[]")
            if f.message_type is not None:
                assert cs_type in classes and classes[cs_type]["proto"] == f.message_type.full_name, (
                    f"{name}.{field}: {cs_type} is not a {f.message_type.full_name}")
            else:
                assert cs_type == READS[f.type], f"{name}.{field}: {cs_type}, but the JSON is a {READS[f.type]}"


def test_every_request_is_sent_as_proto3_json_with_every_field_it_declares(unity):
    """The hand-written requests: strict proto3 JSON (no unknown names), every declared field sent,
    strings escaped so they arrive as they were, options as the JSON object the service reads."""
    odd = "q\"b\\s/\n\t\x01é☃"
    classes = json.loads(run(unity, "schema"))
    sent = [json.loads(line) for line in run(unity, "requests").splitlines()]
    requests = {cls["proto"]: cls for cls in classes.values() if cls["proto"].endswith("Request")}
    assert {s["proto"] for s in sent} == set(requests)

    def check(message, cls: dict, where: str):
        """Every field `cls` declares is set in `message`, and in the messages inside it (a list's first)."""
        by_json = {f.json_name: f for f in message.DESCRIPTOR.fields}
        for field, cs_type in cls["fields"].items():
            f = by_json[field]
            if where.endswith("seats[0]") and field == "key":
                continue  # an answer's field: NewGame gives each seat's key
            present = message.HasField(f.name) if f.has_presence else bool(getattr(message, f.name))
            assert present, f"{where}.{field} was not sent: {item['json']}"
            inner = classes.get(cs_type.removesuffix("[]"))
            if inner is not None:
                value = getattr(message, f.name)
                check(value[0] if is_repeated(f) else value, inner, f"{where}.{field}" + ("[0]" if is_repeated(f) else ""))

    for item in sent:
        desc = engine_pb2.DESCRIPTOR.pool.FindMessageTypeByName(item["proto"])
        message = json_format.Parse(json.dumps(item["json"]), message_factory.GetMessageClass(desc)())
        check(message, requests[item["proto"]], item["proto"])
    new = json_format.Parse(json.dumps(next(s["json"] for s in sent if s["proto"] == "engine.v1.NewGameRequest")),
                            engine_pb2.NewGameRequest())
    assert dict(new.options) == {"robot": "true", odd: odd} and new.seats[0].name == odd
    assert new.seed == 2**64 - 1 and new.want.seat == 2 and new.want.view and new.want.legal_moves
    apply = json_format.Parse(json.dumps(next(s["json"] for s in sent if s["proto"] == "engine.v1.ApplyMoveRequest")),
                              engine_pb2.ApplyMoveRequest())
    assert (apply.move.text, apply.move.seat, apply.index) == (odd, 1, 3)


# -- against the service -------------------------------------------------------------------------------


def expected_requests(mode: str, movers: list[int]) -> list[str]:
    """The calls the sample should make: with the host key one ApplyMove per move; with seat keys also
    one LegalMoves each time a seat other than the last mover plays (its turn starts)."""
    calls = ["ListGames", "NewGame"]
    for n, seat in enumerate(movers):
        if mode == "seats" and n > 0 and seat != movers[n - 1]:
            calls.append("LegalMoves")
        calls.append("ApplyMove")
    return ["POST " + CONNECT + c for c in calls + ["Score"]]


@pytest.mark.parametrize("mode", ["table", "seats"])
@pytest.mark.parametrize("game,players,options", [
    ("white_hat", "Ann,Bob", ["robot=true"]),
    ("cambio", "Ann,Bob,Cy,Di", CAMBIO_OPTIONS),
], ids=["white_hat_2_seats", "cambio_all_options"])
def test_the_sample_plays_a_whole_game_one_round_trip_per_move(unity, service, http, mode, game, players, options):
    played = json.loads(run(unity, "play", service.http, game, "7", mode, players, *options))
    movers = played["movers"]
    assert len(movers) == played["moveCount"] > 20
    assert played["requests"] == expected_requests(mode, movers)
    assert played["required"] == ([{"name": "robot", "value": "true"}] if game == "white_hat" else [])
    if mode == "table":
        assert len(set(movers)) > 1  # the host key played for every seat
    with Client.rest(service.http) as api:
        truth = api.score(base64.b64decode(played["state"]), key=played["hostKey"])
    read = played["score"]
    assert truth.finished and read["finished"] and read["game"] == game
    assert read["moveCount"] == truth.move_count == played["moveCount"]
    assert read["winners"] == list(truth.winners) and read["tiebreak"] == truth.tiebreak
    assert [(s["seat"], s["round"], s["total"], s["rank"]) for s in read["seats"]] == [
        (s.seat, s.round, s.total, s.rank) for s in truth.seats]
    assert {p["name"]: p["points"] for p in played["breakdown0"]} == dict(truth.seats[0].breakdown)
    # The typed view of the last answer, read by the sample, has the same totals.
    assert played["viewTotals"] == [s.total for s in truth.seats]
    final = connect(http, "View", {"state": played["state"]}, played["hostKey"])["view"]
    if game == "cambio":  # every option given reached the game
        assert (final["cambio"]["maxTurns"], final["cambio"]["memoryAid"]) == (500, "slot")
    else:
        assert final["whiteHat"]["robot"] == 2  # the robot's seat, there with robot=true only


def test_refusals_carry_the_reason_from_the_error_info(unity, service):
    refused = json.loads(run(unity, "refusals", service.http))
    unknown = refused["unknownGame"]
    assert (unknown["code"], unknown["reason"], unknown["httpStatus"]) == ("not_found", "unknown_game", 404)
    assert "no_such_game" in unknown["message"]
    assert (refused["noKey"]["code"], refused["noKey"]["reason"], refused["noKey"]["httpStatus"]) == (
        "unauthenticated", "no_key", 401)
    # 2-seat White Hat without robot=true: the service's refusal, not a client guess.
    missing = refused["missingOption"]
    assert (missing["code"], missing["reason"], missing["httpStatus"]) == ("invalid_argument", "bad_option_value", 400)
    assert "robot" in missing["message"]
    # An option given twice is the caller's mistake: refused before anything is sent.
    twice = refused["twiceGiven"]
    assert twice["code"] == "ArgumentException" and "robot is given twice" in twice["message"]
    assert twice["requests"] == 0 and missing["requests"] == 1


def expected_view(desc, data: dict) -> dict:
    """What the C# view classes hold for the proto3 JSON `data`, as JsonUtility writes it back: every
    field, absent ones at their C# defaults (-1 for an optional number, a default object for a message)."""
    out = {}
    for f in desc.fields:
        value = data.get(f.json_name)
        if f.message_type is not None:
            out[f.json_name] = ([expected_view(f.message_type, v) for v in value or []] if is_repeated(f)
                                else expected_view(f.message_type, value or {}))
        elif is_repeated(f):
            out[f.json_name] = value or []
        elif value is None:
            out[f.json_name] = {"Int32": -1 if f.has_presence else 0, "String": "", "Boolean": False}[READS[f.type]]
        else:
            out[f.json_name] = value
    return out


VIEW_TABLES = [("hats", 2, {}), ("hats", 4, {}), ("cambio", 3, {}), ("kodiak", 3, {}), ("alaska", 3, {}),
               ("rune_market", 3, {}), ("white_hat", 3, {"tracer": "true", "celebrity": "true"}),
               ("white_hat", 2, {"robot": "true"}), ("white_hat", 1, {"solo": "true"}), ("black_hat", 4, {})]


def test_typed_views_read_every_field_the_service_sends(unity, service, http):
    """Each game's view at the deal, mid-game and at the end (or after 300 moves), for seat 0 with its key
    and for a spectator: the C# classes hold exactly the service's proto3 JSON, field by field."""
    rnd = random.Random(5)
    lines, truths = [], []
    for game, seats, options in VIEW_TABLES:
        dealt = connect(http, "NewGame", {"game": game, "seats": [{}] * seats, "options": options,
                                                  "seed": "11", "access": "seats", "want": {"legalMoves": True}})
        host, states, answer = dealt["hostKey"], [dealt["state"]], dealt
        while not answer.get("finished") and len(states) < 300:
            listing = [m for group in answer.get("legalBySeat", []) for m in group["moves"]]
            answer = connect(http, "ApplyMove", {"state": answer["state"], "index": rnd.randrange(len(listing)),
                                                         "want": {"legalMoves": True}}, host)
            states.append(answer["state"])
        for state in (states[0], states[len(states) // 3], states[-1]):
            for seat, key in ((0, dealt["seats"][0]["key"]), (-1, None)):
                body = {"state": state} | ({"seat": seat} if seat >= 0 else {})
                truths.append((game, connect(http, "View", body, key)["view"]))
                lines.append(f"{state} {seat} {key or '-'}")
    read = run(unity, "views", service.http, stdin="\n".join(lines) + "\n").splitlines()
    assert len(read) == len(truths)
    view = engine_pb2.DESCRIPTOR.pool.FindMessageTypeByName("engine.v1.View")
    for (game, truth), got in zip(truths, read):
        assert json.loads(got) == expected_view(view, truth), game
    assert any(t.get("whiteHat", {}).get("solo") for _, t in truths)  # the solo view was among them


# -- the async API against a local HTTP server ------------------------------------------------------------


def error_body(code: str, reason: str, message: str) -> bytes:
    info = error_details_pb2.ErrorInfo(reason=reason, domain="tabletop-engine").SerializeToString()
    detail = {"type": "google.rpc.ErrorInfo", "value": base64.urlsafe_b64encode(info).decode().rstrip("=")}
    return json.dumps({"code": code, "message": message, "details": [detail]}).encode()


class Scripted(BaseHTTPRequestHandler):
    """Answers by the path's first part: flaky (503 three times, then the games), down and down2 (503
    always), refused (409), silent and silent2 (never answer), keyed (200, the request kept)."""
    seen: dict[str, list[tuple[float, dict, bytes]]] = {}
    release = threading.Event()
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        scenario = self.path.split("/")[1]
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        calls = self.seen.setdefault(scenario, [])
        calls.append((time.monotonic(), {k.lower(): v for k, v in self.headers.items()}, body))
        if scenario.startswith("silent"):
            self.release.wait(30)
            return
        if scenario == "flaky" and len(calls) > 3 or scenario == "keyed":
            self.answer(200, json.dumps({"games": [{"id": "flaky_ok"}]}).encode())
        elif scenario in ("flaky", "down", "down2"):
            self.answer(503, error_body("unavailable", "game_store_unavailable", "the game store is down"))
        else:
            self.answer(409, error_body("failed_precondition", "not_your_turn", "seat 0 is to act"))

    def answer(self, status: int, body: bytes):
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_the_async_api_times_out_cancels_and_retries_with_back_off(unity):
    server = ThreadingHTTPServer(("127.0.0.1", 0), Scripted)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        out = json.loads(run(unity, "async", f"http://127.0.0.1:{server.server_address[1]}"))
    finally:
        Scripted.release.set()
        server.shutdown()
    seen = Scripted.seen
    # 503 three times, then the answer: waits drawn from [d/2, d] with d = 200, 400, 800 ms.
    assert out["flaky"]["outcome"] == "ok" and out["flaky"]["games"] == "flaky_ok"
    times = [t for t, _, _ in seen["flaky"]]
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert len(gaps) == 3 and all(d / 2000 <= gap < d / 1000 + 0.5 for gap, d in zip(gaps, (200, 400, 800))), gaps
    # Unavailable to the last attempt: the service's reason, after exactly MaxAttempts tries.
    assert (out["down"]["code"], out["down"]["reason"], len(seen["down"])) == ("unavailable", "game_store_unavailable", 3)
    # A refusal is not retried.
    assert (out["refused"]["code"], out["refused"]["reason"], len(seen["refused"])) == (
        "failed_precondition", "not_your_turn", 1)
    # No answer within the 0.5 s timeout: deadline_exceeded, not retried.
    assert (out["silent"]["code"], len(seen["silent"])) == ("deadline_exceeded", 1)
    assert 450 <= out["silent"]["ms"] < 3000, out["silent"]
    # Cancelled after 0.3 s: while waiting for an answer, and while waiting to retry (a 2.5-5 s wait).
    assert out["cancelled"]["outcome"] == "cancelled" and 250 <= out["cancelled"]["ms"] < 3000
    assert out["cancelledWaiting"]["outcome"] == "cancelled" and out["cancelledWaiting"]["ms"] < 2000
    assert len(seen["silent2"]) == 1 and len(seen["down2"]) == 1
    # What a call sends: Connect headers, the key, the timeout for the service, only the fields set.
    (_, headers, body), = seen["keyed"]
    assert out["keyed"]["outcome"] == "ok"
    assert headers["authorization"] == "Bearer s0.key" and headers["connect-protocol-version"] == "1"
    assert headers["content-type"] == "application/json" and headers["connect-timeout-ms"] == "7000"
    assert json.loads(body) == {"state": "AQID", "index": 0}
