"""k8s/ offline: Kubernetes schemas, consistency with each other, the image and the running service.

The checks live in scripts/check_k8s.py (also a command). Here they run on the
real manifests, which must pass, and on broken copies, which must not.
"""
from __future__ import annotations

import copy
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def _load_checker():
    spec = importlib.util.spec_from_file_location("check_k8s", ROOT / "scripts" / "check_k8s.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ck = _load_checker()


@pytest.fixture(scope="module")
def docs() -> list[dict]:
    return ck.load_kustomization(ck.K8S_DIR)


@pytest.fixture(scope="module")
def example() -> dict:
    return yaml.safe_load((ck.K8S_DIR / ck.SECRET_EXAMPLE).read_text())


@pytest.fixture(scope="module")
def dockerfile() -> str:
    return (ROOT / "Dockerfile").read_text()


@pytest.fixture(scope="module")
def facts(docs) -> "ck.ServiceFacts":
    """Start `python -m service` with the Deployment's environment and ask it what the manifests rely on."""
    return ck.probe_service(docs)


def by_kind(docs, kind, name=None):
    found = [d for d in docs if d["kind"] == kind and (name is None or d["metadata"]["name"] == name)]
    assert len(found) == 1, (kind, name, found)
    return found[0]


def server(docs):
    return by_kind(docs, "Deployment")["spec"]["template"]["spec"]["containers"][0]


def test_kustomization_renders_the_deployment_its_services_and_scaling(docs):
    kinds = sorted((d["kind"], d["metadata"]["name"]) for d in docs)
    assert kinds == [("Deployment", "tabletop-engine"), ("HorizontalPodAutoscaler", "tabletop-engine"),
                     ("PodDisruptionBudget", "tabletop-engine"), ("Service", "tabletop-engine"),
                     ("Service", "tabletop-engine-grpc"), ("Service", "tabletop-engine-redis"),
                     ("ServiceMonitor", "tabletop-engine"), ("StatefulSet", "tabletop-engine-redis")]
    env = {e["name"]: e.get("value") for e in server(docs)["env"]}
    # The secure set-up (SECURITY.md): seat keys on, and the fork guard on the Redis rendered here.
    assert env["TABLETOP_ACCESS"] == "seats"
    assert env["TABLETOP_GAME_STORE"] == "redis://tabletop-engine-redis:6379/0"
    base = ck.load_kustomization(ck.K8S_DIR / "base")
    assert "ServiceMonitor" not in {d["kind"] for d in base}, "k8s/base must apply without the Prometheus operator"
    assert server(base)["image"] == "tabletop-engine:0.1.0"


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl not installed")
def test_loader_renders_what_kubectl_kustomize_renders(docs):
    out = subprocess.run(["kubectl", "kustomize", str(ck.K8S_DIR)], capture_output=True, text=True, check=True,
                         timeout=60).stdout
    key = lambda d: (d["kind"], d["metadata"]["name"])  # noqa: E731
    assert sorted(yaml.safe_load_all(out), key=key) == sorted(docs, key=key)


def test_manifests_match_the_kubernetes_schemas(docs, example):
    assert ck.schema_errors(docs + [example]) == []


def test_manifests_agree_with_each_other_the_image_and_the_service(docs, example, dockerfile, facts):
    assert ck.consistency_errors(copy.deepcopy(docs), facts, secret_example=example, dockerfile=dockerfile) == []


def test_the_service_answers_every_probe(docs, facts):
    """The facts the checks rely on: what the running service answered."""
    probes = ck._probes(server(docs))
    for kind, probe in probes.items():
        if "grpc" in probe:
            assert facts.health[probe["grpc"].get("service", "")] == "SERVING", kind
        else:
            assert facts.http[probe["httpGet"]["path"]] == 200, kind
    assert facts.http["/metrics"] == 200
    ports = {p["name"]: p["containerPort"] for p in server(docs)["ports"]}
    assert (facts.grpc_port, facts.http_port) == (ports["grpc"], ports["http"])


def test_shutdown_fits_in_the_termination_grace_period(docs, facts):
    spec = by_kind(docs, "Deployment")["spec"]["template"]["spec"]
    assert spec["terminationGracePeriodSeconds"] >= ck._prestop_seconds(server(docs)) + facts.grace


def test_the_secret_example_holds_no_usable_key(docs, example):
    tokens = pytest.importorskip("service.app.tokens")
    value = example["stringData"][ck.TOKEN_ENV]
    with pytest.raises(ValueError):
        tokens.parse_keys(value)  # a pod started with the example as it is refuses to start
    for kustomization in ck.K8S_DIR.rglob("kustomization.yaml"):
        listed = yaml.safe_load(kustomization.read_text()).get("resources", [])
        assert ck.SECRET_EXAMPLE not in listed, kustomization
    assert all(d["kind"] != "Secret" for d in docs)


# --- broken copies must fail ------------------------------------------------------------------------------

def _set_probe_port(docs):
    server(docs)["readinessProbe"]["grpc"]["port"] = 50052


def _http_probe_on_grpc_port(docs):
    server(docs)["startupProbe"]["httpGet"]["port"] = "grpc"


def _probe_unregistered_health_name(docs):
    server(docs)["livenessProbe"]["grpc"]["service"] = "no-such-service"


def _service_selector_mismatch(docs):
    by_kind(docs, "Service", "tabletop-engine")["spec"]["selector"]["app.kubernetes.io/component"] = "web"


def _deployment_selector_mismatch(docs):
    by_kind(docs, "Deployment")["spec"]["selector"]["matchLabels"]["app.kubernetes.io/name"] = "other"


def _pdb_selector_mismatch(docs):
    by_kind(docs, "PodDisruptionBudget")["spec"]["selector"]["matchLabels"] = {"app": "tabletop"}


def _service_target_port_wrong(docs):
    by_kind(docs, "Service", "tabletop-engine-grpc")["spec"]["ports"][0]["targetPort"] = 9090


def _service_port_number_differs(docs):
    by_kind(docs, "Service", "tabletop-engine")["spec"]["ports"][1]["port"] = 80


def _container_port_moved(docs):
    server(docs)["ports"][1]["containerPort"] = 8081


def _servicemonitor_wrong_port(docs):
    by_kind(docs, "ServiceMonitor")["spec"]["endpoints"][0]["port"] = "grpc"


def _servicemonitor_selects_both_services(docs):
    del by_kind(docs, "ServiceMonitor")["spec"]["selector"]["matchLabels"]["app.kubernetes.io/component"]


def _servicemonitor_wrong_path(docs):
    by_kind(docs, "ServiceMonitor")["spec"]["endpoints"][0]["path"] = "/metric"


def _token_keys_literal(docs):
    env = server(docs)["env"]
    entry = next(e for e in env if e["name"] == ck.TOKEN_ENV)
    entry.pop("valueFrom")
    entry["value"] = "k1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="


def _token_keys_other_secret(docs):
    next(e for e in server(docs)["env"] if e["name"] == ck.TOKEN_ENV)["valueFrom"]["secretKeyRef"]["name"] = "keys"


def _grace_too_short(docs):
    by_kind(docs, "Deployment")["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] = 10


def _no_prestop(docs):
    del server(docs)["lifecycle"]


def _writable_root(docs):
    server(docs)["securityContext"]["readOnlyRootFilesystem"] = False


def _privilege_escalation(docs):
    del server(docs)["securityContext"]["allowPrivilegeEscalation"]


def _no_tmp_volume(docs):
    server(docs)["volumeMounts"] = []


def _hpa_targets_other(docs):
    by_kind(docs, "HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]["name"] = "tabletop"


def _no_headless(docs):
    by_kind(docs, "Service", "tabletop-engine-grpc")["spec"].pop("clusterIP")


def _http_liveness(docs):
    server(docs)["livenessProbe"] = {"httpGet": {"path": "/healthz", "port": "http"}}


def _replicas_fixed(docs):
    by_kind(docs, "Deployment")["spec"]["replicas"] = 3


def _no_cpu_request(docs):
    del server(docs)["resources"]["requests"]["cpu"]


BROKEN = {
    "readiness probe on the wrong port": (_set_probe_port, "readinessProbe probes port 50052"),
    "HTTP probe on the gRPC port": (_http_probe_on_grpc_port, "startupProbe probes port 'grpc'"),
    "probe names an unregistered health service": (_probe_unregistered_health_name, "'no-such-service'"),
    "Service selector matches no pod": (_service_selector_mismatch, "does not match the pod labels"),
    "Deployment selector misses its pods": (_deployment_selector_mismatch, "spec.selector"),
    "PDB selector matches no pod": (_pdb_selector_mismatch, "PodDisruptionBudget/tabletop-engine: selector"),
    "Service targets a port the pod lacks": (_service_target_port_wrong, "targets 9090"),
    "Service port number differs": (_service_port_number_differs, "is 80 but lands on container port 8080"),
    "container port differs from the service's": (_container_port_moved, "listens for http on 8080"),
    "ServiceMonitor scrapes the gRPC port": (_servicemonitor_wrong_port, "not the service's HTTP port"),
    "ServiceMonitor selects two Services": (_servicemonitor_selects_both_services, "exactly one Service"),
    "ServiceMonitor scrapes the wrong path": (_servicemonitor_wrong_path, "scrapes /metric,"),
    "token keys written in the manifest": (_token_keys_literal, "must come from a Secret"),
    "token keys from another Secret": (_token_keys_other_secret, "comes from Secret keys"),
    "grace period shorter than pause + drain": (_grace_too_short, "terminationGracePeriodSeconds 10"),
    "no preStop pause": (_no_prestop, "no preStop pause"),
    "writable root filesystem": (_writable_root, "readOnlyRootFilesystem"),
    "privilege escalation allowed": (_privilege_escalation, "allowPrivilegeEscalation"),
    "read-only root without /tmp": (_no_tmp_volume, "/tmp is not a mounted volume"),
    "HPA scales another Deployment": (_hpa_targets_other, "scales Deployment/tabletop"),
    "no headless Service": (_no_headless, "no headless Service"),
    "liveness not a gRPC probe": (_http_liveness, "livenessProbe must be a native gRPC probe"),
    "replicas fixed under the HPA": (_replicas_fixed, "sets replicas"),
    "no CPU request for the HPA": (_no_cpu_request, "resources.requests.cpu"),
}


@pytest.mark.parametrize("mutate, expected", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_manifest_fails_the_checks(docs, example, dockerfile, facts, mutate, expected):
    broken = copy.deepcopy(docs)
    mutate(broken)
    errors = ck.consistency_errors(broken, facts, secret_example=example, dockerfile=dockerfile)
    assert any(expected in e for e in errors), f"expected an error with {expected!r}, got {errors}"


def test_a_rendered_secret_fails_the_checks(docs, example, facts):
    errors = ck.consistency_errors(copy.deepcopy(docs) + [copy.deepcopy(example)], facts, secret_example=example)
    assert any("token keys must not be committed" in e for e in errors)


def test_a_schema_violation_fails_the_checks(docs):
    broken = copy.deepcopy(docs)
    server(broken)["readinesProbe"] = server(broken).pop("readinessProbe")  # a typo
    by_kind(broken, "ServiceMonitor")["spec"]["endpoints"][0]["intervall"] = "15s"
    errors = ck.schema_errors(broken)
    assert any("'readinesProbe' was unexpected" in e for e in errors), errors
    assert any("'intervall' was unexpected" in e for e in errors), errors


@pytest.mark.parametrize("edit, expected", [
    (lambda text: text.replace("EXPOSE 50051 8080", "EXPOSE 50051"), "lacks the container ports [8080]"),
    (lambda text: text.replace("USER 10001:10001", "USER app"), "numeric non-root"),
    (lambda text: text.replace("USER 10001:10001", "USER 10002"), "but the pod runs as 10001"),
], ids=["port not exposed", "named user", "other user"])
def test_a_broken_dockerfile_fails_the_checks(docs, dockerfile, edit, expected):
    broken = edit(dockerfile)
    assert broken != dockerfile
    errors = ck.consistency_errors(copy.deepcopy(docs), None, dockerfile=broken)
    assert any(expected in e for e in errors), errors


def test_dockerfile_text_names_the_build_script_and_a_runtime_stage_without_a_compiler():
    """Reads the Dockerfile's text; nothing is built here (tests/deploy/test_build_wheel.py runs the script)."""
    text = (ROOT / "Dockerfile").read_text()
    stages = re.split(r"(?m)^FROM\s", text)[1:]
    assert len(stages) >= 2, "multi-stage: a build stage and a runtime stage"
    build, runtime = stages[0], stages[-1]
    assert "scripts/build-wheel.sh" in build
    assert "gcc" not in runtime and "apt-get install" not in runtime, "the runtime stage must not carry a compiler"
    assert "--no-index" in runtime, "the runtime stage installs only the build stage's wheels"
    assert re.search(r'(?m)^ENTRYPOINT \["python", "-m", "service"\]', runtime)
    assert "TABLETOP_WORKERS" not in runtime, "production default: one worker per core (the service's default)"
    assert "TABLETOP_TOKEN_KEYS" not in text.replace("-e TABLETOP_TOKEN_KEYS", ""), "no key baked into the image"
