"""The Unity example (clients/unity) compiled with Mono's `mcs` and run with `mono` against the service.

The example's own files (Runtime/) compile with -warnaserror beside a small UnityEngine shim
(Shim/: JsonUtility by Unity's rules, UnityWebRequest over HttpWebRequest) and play whole games
over the Connect JSON protocol with seat keys; the final score the C# classes read equals the
service's own answer for the final state. Refusals are read back with their reason, and every
field of every message class is a real proto3 JSON field of its message with a type JsonUtility
can read. Debian's `mono-mcs` (with `mono-runtime`) is installed when missing.
"""
from __future__ import annotations

import base64
import json
import subprocess

import pytest
from google.protobuf.descriptor import FieldDescriptor as F

from service.api import engine_pb2
from service.wire.messages import is_repeated
from tabletop_client import Client

from .conftest import ROOT

UNITY = ROOT / "clients" / "unity"
# C# type JsonUtility reads each proto3 JSON value into: 64-bit integers and enums come as strings.
READS = {F.TYPE_STRING: "String", F.TYPE_BYTES: "String", F.TYPE_BOOL: "Boolean", F.TYPE_ENUM: "String",
         F.TYPE_UINT32: "Int32", F.TYPE_INT32: "Int32", F.TYPE_SINT32: "Int32",
         F.TYPE_UINT64: "String", F.TYPE_INT64: "String"}


@pytest.fixture(scope="module")
def example(debian, tmp_path_factory):
    """The compiled example: a `mono` command line prefix."""
    mcs, mono = debian("mcs", "mono-mcs"), debian("mono", "mono-runtime")
    exe = tmp_path_factory.mktemp("unity") / "example.exe"
    sources = sorted(str(p) for p in (UNITY / "Runtime").glob("*.cs")) + sorted(
        str(p) for p in (UNITY / "Shim").glob("*.cs"))
    built = subprocess.run([mcs, "-nologo", "-warnaserror", f"-out:{exe}", *sources], capture_output=True,
                           text=True, timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    return [mono, str(exe)]


def run(example, *args) -> dict:
    done = subprocess.run([*example, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize("game,players", [("hats", ["Ann", "Bob", "Cy"]), ("cambio", ["Ann", "Bob", "Cy", "Di"])])
def test_the_example_plays_a_whole_game_and_reads_the_true_score(example, service, game, players):
    played = run(example, "play", service.http, game, "7", *players)
    assert played["error"] == "" and played["movesPlayed"] > 3, played
    with Client.rest(service.http) as api:
        truth = api.score(base64.b64decode(played["state"]), key=played["hostKey"])
    read = played["score"]
    assert truth.finished and read["finished"] and read["game"] == game
    assert read["moveCount"] == truth.move_count == played["movesPlayed"]
    assert read["winners"] == list(truth.winners) and read["tiebreak"] == truth.tiebreak
    assert [(s["seat"], s["round"], s["total"], s["rank"]) for s in read["seats"]] == [
        (s.seat, s.round, s.total, s.rank) for s in truth.seats]


def test_refusals_carry_the_reason_from_the_error_info(example, service):
    refused = run(example, "refusals", service.http)
    assert (refused["unknownGame"]["code"], refused["unknownGame"]["reason"]) == ("not_found", "unknown_game")
    assert refused["unknownGame"]["httpStatus"] == 404 and "no_such_game" in refused["unknownGame"]["message"]
    assert (refused["noKey"]["code"], refused["noKey"]["reason"], refused["noKey"]["httpStatus"]) == (
        "unauthenticated", "no_key", 401)


def test_every_message_class_field_is_a_proto3_json_field_of_its_message(example):
    classes = run(example, "schema")
    assert {"NewGameResponse", "ApplyMoveResponse", "Score", "GameEvent"} <= set(classes)
    for name, cls in classes.items():
        desc = engine_pb2.DESCRIPTOR.pool.FindMessageTypeByName(cls["proto"])
        by_json = {f.json_name: f for f in desc.fields}
        for field, cs_type in cls["fields"].items():
            assert field in by_json, f"{name}.{field}: {desc.full_name} has no JSON field {field!r}"
            f = by_json[field]
            repeated = is_repeated(f)
            assert cs_type.endswith("[]") == repeated, f"{name}.{field}: {cs_type} for a repeated={repeated} field"
            cs_type = cs_type.removesuffix("[]")
            if f.message_type is not None:
                assert not f.message_type.GetOptions().map_entry, f"{name}.{field}: JsonUtility reads no maps"
                assert cs_type in classes and classes[cs_type]["proto"] == f.message_type.full_name, (
                    f"{name}.{field}: {cs_type} is not a {f.message_type.full_name}")
            elif cls["proto"].endswith("Request") and f.type in (F.TYPE_UINT64, F.TYPE_INT64):
                assert cs_type == "Int64", f"{name}.{field}"  # sent as a JSON number, which the service reads
            else:
                assert cs_type == READS[f.type], f"{name}.{field}: {cs_type}, but the JSON is a {READS[f.type]}"
