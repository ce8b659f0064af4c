"""Offline checks of k8s/: the Kubernetes schemas, and the manifests against each other and the service.

    python scripts/check_k8s.py [K8S_DIR] [--with-service]

prints one line per problem and exits 1 if there is any. `--with-service` also
starts `python -m service` with the Deployment's environment and asks it what
the probes and the ServiceMonitor rely on (ports, health service names, HTTP
paths, shutdown grace). tests/deploy/test_k8s_manifests.py runs all of it, and
runs the consistency checks on deliberately broken copies to see them fail.

The kustomizations are rendered here by a small loader (`resources` and
`images` only, the features k8s/ uses), so no kubectl is needed; the tests
compare it with `kubectl kustomize` where kubectl exists.
"""
from __future__ import annotations

import copy
import os
import re
import shlex
import socket
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
K8S_DIR = ROOT / "k8s"
SECRET_EXAMPLE = "secret-token-keys.example.yaml"
TOKEN_ENV = "TABLETOP_TOKEN_KEYS"
OLDEST_K8S = "1.28.0"  # gRPC probes are GA from 1.27; validate against this and the newest schemas


# --- rendering -------------------------------------------------------------------------------------------

def load_kustomization(directory: Path) -> list[dict]:
    """The documents `kubectl kustomize directory` would output (for the features k8s/ uses)."""
    kfile = directory / "kustomization.yaml"
    spec = yaml.safe_load(kfile.read_text())
    unknown = set(spec) - {"apiVersion", "kind", "resources", "images"}
    if unknown:
        raise ValueError(f"{kfile}: this loader renders `resources` and `images` only, not {sorted(unknown)}")
    docs: list[dict] = []
    for entry in spec.get("resources", []):
        path = directory / entry
        if path.is_dir():
            docs += load_kustomization(path)
        else:
            docs += [d for d in yaml.safe_load_all(path.read_text()) if d]
    for image in spec.get("images", []):
        for doc in docs:
            for container in _containers(doc):
                name = re.split(r"[@:](?=[^/]*$)", container["image"], maxsplit=1)[0]
                if name != image["name"]:
                    continue
                new = image.get("newName", name)
                if "digest" in image:
                    new += "@" + image["digest"]
                elif "newTag" in image:
                    new += ":" + str(image["newTag"])
                container["image"] = new
    return docs


def _containers(doc: dict) -> list[dict]:
    pod = doc.get("spec", {}).get("template", {}).get("spec", {})
    return pod.get("containers", []) + pod.get("initContainers", [])


def ref(doc: dict) -> str:
    return f"{doc.get('kind')}/{doc.get('metadata', {}).get('name')}"


# --- schemas ---------------------------------------------------------------------------------------------

# kubernetes-validate ships no CRD schemas: the ServiceMonitor fields k8s/ may use, after the
# prometheus-operator CRD (monitoring.coreos.com/v1). Unknown fields are refused, so a typo fails.
_DURATION = {"type": "string", "pattern": r"^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?"
                                          r"(([0-9]+)s)?(([0-9]+)ms)?)$"}
_LABEL_SELECTOR = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "matchLabels": {"type": "object", "additionalProperties": {"type": "string"}},
        "matchExpressions": {"type": "array", "items": {
            "type": "object", "required": ["key", "operator"], "additionalProperties": False,
            "properties": {"key": {"type": "string"}, "operator": {"enum": ["In", "NotIn", "Exists", "DoesNotExist"]},
                           "values": {"type": "array", "items": {"type": "string"}}}}},
    },
}
SERVICEMONITOR_SCHEMA = {
    "type": "object", "required": ["apiVersion", "kind", "metadata", "spec"], "additionalProperties": False,
    "properties": {
        "apiVersion": {"const": "monitoring.coreos.com/v1"},
        "kind": {"const": "ServiceMonitor"},
        "metadata": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string", "pattern": r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"},
            "namespace": {"type": "string"},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "annotations": {"type": "object", "additionalProperties": {"type": "string"}}}},
        "spec": {"type": "object", "required": ["selector", "endpoints"], "additionalProperties": False, "properties": {
            "selector": _LABEL_SELECTOR,
            "namespaceSelector": {"type": "object", "additionalProperties": False, "properties": {
                "any": {"type": "boolean"}, "matchNames": {"type": "array", "items": {"type": "string"}}}},
            "jobLabel": {"type": "string"},
            "targetLabels": {"type": "array", "items": {"type": "string"}},
            "podTargetLabels": {"type": "array", "items": {"type": "string"}},
            "sampleLimit": {"type": "integer", "minimum": 0},
            "endpoints": {"type": "array", "minItems": 1, "items": {
                "type": "object", "additionalProperties": False, "properties": {
                    "port": {"type": "string"},
                    "targetPort": {"type": ["string", "integer"]},
                    "path": {"type": "string", "pattern": "^/"},
                    "scheme": {"enum": ["http", "https", "HTTP", "HTTPS"]},
                    "interval": _DURATION,
                    "scrapeTimeout": _DURATION,
                    "honorLabels": {"type": "boolean"},
                    "honorTimestamps": {"type": "boolean"},
                    "params": {"type": "object"},
                    "relabelings": {"type": "array", "items": {"type": "object"}},
                    "metricRelabelings": {"type": "array", "items": {"type": "object"}},
                }}},
        }},
    },
}


def schema_errors(docs: list[dict], versions: tuple[str, ...] | None = None) -> list[str]:
    """Each document against the Kubernetes JSON schemas (strict: unknown fields are errors), offline."""
    import jsonschema
    import kubernetes_validate
    from kubernetes_validate.utils import latest_version

    versions = versions or (OLDEST_K8S, latest_version())
    errors = []
    for doc in docs:
        if doc.get("kind") == "ServiceMonitor":
            for e in jsonschema.Draft202012Validator(SERVICEMONITOR_SCHEMA).iter_errors(doc):
                errors.append(f"{ref(doc)}: {'.'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}")
            continue
        for version in versions:
            try:
                kubernetes_validate.validate(doc, version, strict=True)
            except kubernetes_validate.ValidationError as e:
                path = ".".join(map(str, e.absolute_path)) or "(root)"
                errors.append(f"{ref(doc)}: Kubernetes {version} schema: {path}: {e.message}")
            except kubernetes_validate.SchemaNotFoundError as e:
                errors.append(f"{ref(doc)}: {e.message}")
    return errors


# --- what the running service says -----------------------------------------------------------------------

@dataclass(frozen=True)
class ServiceFacts:
    """What the service does when started with the Deployment's environment."""

    grpc_port: int
    http_port: int
    grace: float
    health: dict[str, str]   # gRPC health service name -> status it answers at start (e.g. SERVING, NOT_FOUND)
    http: dict[str, int]     # HTTP GET path -> status code at start


def container_env(container: dict) -> dict[str, str]:
    """The container's literal environment (values from Secrets or resource fields are left out)."""
    return {e["name"]: str(e["value"]) for e in container.get("env", []) if "value" in e}


def probe_service(docs: list[dict], python: str = sys.executable, timeout: float = 20.0) -> ServiceFacts:
    """Start `python -m service` with the Deployment's literal environment on free ports and ask it."""
    import grpc
    import httpx
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    container = _server_container(docs)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_", "PROMETHEUS_"))}
    env |= container_env(container)
    # What the service parses from this environment, as it would in the pod.
    code = ("import json, sys; from service.process.config import parse; c = parse(sys.argv[1:]); "
            "print(json.dumps([c.grpc_port, c.http_port, c.grace]))")
    args = [str(a) for a in container.get("args", [])]
    out = subprocess.run([python, "-c", code, *args], env=env, capture_output=True, text=True, check=True)
    grpc_port, http_port, grace = yaml.safe_load(out.stdout)
    # Serve on free ports instead (the manifest's may be taken here); one worker is enough to ask.
    env |= {"TABLETOP_GRPC_PORT": str(_free_port()), "TABLETOP_HTTP_PORT": str(_free_port()),
            "TABLETOP_WORKERS": "1", "TABLETOP_HOST": "127.0.0.1", TOKEN_ENV: _dev_key()}
    paths = {"/metrics"} | {p["httpGet"]["path"] for p in _probes(container).values() if "httpGet" in p}
    names = {""} | {p["grpc"].get("service", "") for p in _probes(container).values() if "grpc" in p}
    proc = subprocess.Popen([python, "-m", "service", *args], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{env['TABLETOP_HTTP_PORT']}"
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"python -m service exited ({proc.returncode}): {proc.stderr.read()[-2000:]}")
            try:
                if httpx.get(base + "/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"python -m service not ready after {timeout}s")
            time.sleep(0.1)
        http = {p: httpx.get(base + p, timeout=5).status_code for p in sorted(paths)}
        health = {}
        with grpc.insecure_channel(f"127.0.0.1:{env['TABLETOP_GRPC_PORT']}") as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            for name in sorted(names):
                try:
                    status = stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5).status
                    health[name] = health_pb2.HealthCheckResponse.ServingStatus.Name(status)
                except grpc.RpcError as e:
                    health[name] = e.code().name
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=grace + 10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return ServiceFacts(grpc_port, http_port, grace, health, http)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _dev_key() -> str:
    import base64
    return "check:" + base64.b64encode(os.urandom(32)).decode()


# --- consistency -----------------------------------------------------------------------------------------

def _server_container(docs: list[dict]) -> dict:
    deployments = [d for d in docs if d.get("kind") == "Deployment"]
    if len(deployments) != 1:
        raise ValueError(f"expected one Deployment, found {[ref(d) for d in deployments]}")
    return deployments[0]["spec"]["template"]["spec"]["containers"][0]


def _probes(container: dict) -> dict[str, dict]:
    return {k: container[k] for k in ("startupProbe", "livenessProbe", "readinessProbe") if k in container}


def _selects(selector: dict | None, labels: dict) -> bool:
    """A Service-style (`{k: v}`) or LabelSelector (`matchLabels`) selector matches these labels."""
    if not selector:
        return False
    match = selector.get("matchLabels", {}) if "matchLabels" in selector or "matchExpressions" in selector \
        else selector
    if selector.get("matchExpressions"):
        return False  # not used in k8s/; refuse rather than half-evaluate
    return bool(match) and all(labels.get(k) == v for k, v in match.items())


def _container_port(container: dict, port) -> dict | None:
    """The container port a probe's or Service's port (name or number) lands on."""
    for p in container.get("ports", []):
        if port == p.get("name") or port == p["containerPort"]:
            return p
    return None


def consistency_errors(docs: list[dict], facts: ServiceFacts | None = None, *,
                       secret_example: dict | None = None, dockerfile: str | None = None) -> list[str]:
    """Everything that must agree between the manifests (and the service, Secret example and Dockerfile)."""
    kinds = defaultdict(list)
    for doc in docs:
        kinds[doc.get("kind")].append(doc)
    for kind in ("Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "ServiceMonitor"):
        if len(kinds[kind]) != 1:
            return [f"expected one {kind}, found {[ref(d) for d in kinds[kind]]}"]
    if kinds["Secret"]:
        return [f"{ref(d)}: a Secret is rendered by the kustomization; token keys must not be committed"
                for d in kinds["Secret"]]
    dep = kinds["Deployment"][0]
    errors = _deployment_errors(dep, facts)
    errors += _service_errors(dep, kinds["Service"])
    errors += _scaling_errors(dep, kinds["HorizontalPodAutoscaler"][0], kinds["PodDisruptionBudget"][0])
    errors += _servicemonitor_errors(dep, kinds["Service"], kinds["ServiceMonitor"][0], facts)
    errors += _secret_errors(dep, secret_example)
    if dockerfile is not None:
        errors += _dockerfile_errors(dep, dockerfile)
    return errors


def _deployment_errors(dep: dict, facts: ServiceFacts | None) -> list[str]:
    errors = []
    pod = dep["spec"]["template"]
    labels = pod["metadata"].get("labels", {})
    if not _selects(dep["spec"].get("selector"), labels):
        errors.append(f"{ref(dep)}: spec.selector {dep['spec'].get('selector')} does not match the pod labels {labels}")
    spec = pod["spec"]
    container = spec["containers"][0]
    name = f"{ref(dep)} container {container.get('name')}"
    ports = {p.get("name"): p["containerPort"] for p in container.get("ports", [])}
    for needed in ("grpc", "http"):
        if needed not in ports:
            errors.append(f"{name}: no container port named {needed!r} (ports: {ports})")
    if facts:
        for port_name, served in (("grpc", facts.grpc_port), ("http", facts.http_port)):
            if port_name in ports and ports[port_name] != served:
                errors.append(f"{name}: container port {port_name}={ports[port_name]} but the service, with this "
                              f"environment, listens for {port_name} on {served}")
    # Probes: each on a container port of the right transport, naming what the service answers.
    for kind, probe in _probes(container).items():
        if "grpc" in probe:
            port, want = probe["grpc"]["port"], "grpc"
            service = probe["grpc"].get("service", "")
            if facts and facts.health.get(service) != "SERVING":
                errors.append(f"{name}: {kind} asks gRPC health for service {service!r}, which the server answers "
                              f"with {facts.health.get(service, 'nothing')} (it must register the name as SERVING)")
        elif "httpGet" in probe:
            port, want = probe["httpGet"]["port"], "http"
            path = probe["httpGet"].get("path", "/")
            if facts and facts.http.get(path) != 200:
                errors.append(f"{name}: {kind} GETs {path}, which the service answers with {facts.http.get(path)}")
        else:
            errors.append(f"{name}: {kind} is neither a gRPC nor an HTTP probe")
            continue
        target = _container_port(container, port)
        if target is None or target.get("name") != want:
            errors.append(f"{name}: {kind} probes port {port!r}, which is not the {want!r} container port "
                          f"({ports.get(want)})")
    for kind in ("livenessProbe", "readinessProbe"):
        if "grpc" not in container.get(kind, {}):
            errors.append(f"{name}: {kind} must be a native gRPC probe (grpc.health.v1)")
    # Security: non-root, read-only root filesystem, no privilege escalation.
    psc, csc = spec.get("securityContext", {}), container.get("securityContext", {})
    if not (psc.get("runAsNonRoot") or csc.get("runAsNonRoot")):
        errors.append(f"{name}: runAsNonRoot is not set")
    if (csc.get("runAsUser") or psc.get("runAsUser") or 0) == 0:
        errors.append(f"{name}: runAsUser is missing or root")
    if csc.get("readOnlyRootFilesystem") is not True:
        errors.append(f"{name}: readOnlyRootFilesystem is not true")
    if csc.get("allowPrivilegeEscalation") is not False:
        errors.append(f"{name}: allowPrivilegeEscalation is not false")
    if "ALL" not in csc.get("capabilities", {}).get("drop", []):
        errors.append(f"{name}: capabilities do not drop ALL")
    mounts = {m["mountPath"] for m in container.get("volumeMounts", [])}
    if "/tmp" not in mounts:
        errors.append(f"{name}: /tmp is not a mounted volume, but the root filesystem is read-only and the "
                      f"workers keep their Prometheus multiprocess files under /tmp")
    res = container.get("resources", {})
    for section in ("requests", "limits"):
        for resource in ("cpu", "memory"):
            if resource not in res.get(section, {}):
                errors.append(f"{name}: resources.{section}.{resource} is not set")
    # Shutdown: the pod must be given the preStop pause plus the service's drain.
    pause = _prestop_seconds(container)
    if pause is None:
        errors.append(f"{name}: no preStop pause (endpoints need a moment to drop the pod before SIGTERM)")
        pause = 0
    grace = facts.grace if facts else float(container_env(container).get("TABLETOP_SHUTDOWN_GRACE", "nan"))
    period = spec.get("terminationGracePeriodSeconds", 30)
    if not period >= pause + grace:
        errors.append(f"{name}: terminationGracePeriodSeconds {period} < preStop pause {pause} s + the service's "
                      f"shutdown grace {grace} s: calls would be cut by SIGKILL")
    return errors


def _prestop_seconds(container: dict) -> float | None:
    pre = container.get("lifecycle", {}).get("preStop", {})
    if "sleep" in pre:
        return float(pre["sleep"]["seconds"])
    command = pre.get("exec", {}).get("command", [])
    if len(command) == 2 and Path(command[0]).name == "sleep":
        return float(command[1])
    if command[:2] in (["sh", "-c"], ["/bin/sh", "-c"]):
        words = shlex.split(command[2]) if len(command) > 2 else []
        if len(words) == 2 and words[0] == "sleep":
            return float(words[1])
    return None


def _service_errors(dep: dict, services: list[dict]) -> list[str]:
    errors = []
    labels = dep["spec"]["template"]["metadata"].get("labels", {})
    container = dep["spec"]["template"]["spec"]["containers"][0]
    headless_grpc = False
    for svc in services:
        selector = svc["spec"].get("selector")
        if not _selects(selector, labels):
            errors.append(f"{ref(svc)}: selector {selector} does not match the pod labels {labels}")
        for port in svc["spec"].get("ports", []):
            target = _container_port(container, port.get("targetPort", port["port"]))
            if target is None:
                errors.append(f"{ref(svc)}: port {port.get('name')} targets {port.get('targetPort')!r}, "
                              f"which is no container port of {ref(dep)}")
                continue
            if port["port"] != target["containerPort"]:
                errors.append(f"{ref(svc)}: port {port.get('name')} is {port['port']} but lands on container port "
                              f"{target['containerPort']}: clients and probes would disagree on the number")
            if port.get("name") != target.get("name"):
                errors.append(f"{ref(svc)}: port named {port.get('name')!r} lands on container port "
                              f"{target.get('name')!r}")
            if svc["spec"].get("clusterIP") == "None" and target.get("name") == "grpc":
                headless_grpc = True
    if not any(s["spec"].get("clusterIP") != "None" for s in services):
        errors.append("no ClusterIP Service in front of the pods")
    if not headless_grpc:
        errors.append("no headless Service (clusterIP: None) with the gRPC port, for client-side round robin")
    return errors


def _scaling_errors(dep: dict, hpa: dict, pdb: dict) -> list[str]:
    errors = []
    target = hpa["spec"]["scaleTargetRef"]
    if (target.get("kind"), target.get("name")) != ("Deployment", dep["metadata"]["name"]):
        errors.append(f"{ref(hpa)}: scales {target.get('kind')}/{target.get('name')}, not {ref(dep)}")
    if not any(m.get("type") == "Resource" and m["resource"]["name"] == "cpu" for m in hpa["spec"].get("metrics", [])):
        errors.append(f"{ref(hpa)}: no CPU metric")
    if "replicas" in dep["spec"]:
        errors.append(f"{ref(dep)}: sets replicas, which every apply would reset under the HPA")
    labels = dep["spec"]["template"]["metadata"].get("labels", {})
    if not _selects(pdb["spec"].get("selector"), labels):
        errors.append(f"{ref(pdb)}: selector {pdb['spec'].get('selector')} does not match the pod labels {labels}")
    low = hpa["spec"].get("minReplicas", 1)
    if "minAvailable" in pdb["spec"] and isinstance(pdb["spec"]["minAvailable"], int) \
            and pdb["spec"]["minAvailable"] >= low:
        errors.append(f"{ref(pdb)}: minAvailable {pdb['spec']['minAvailable']} >= the HPA's minReplicas {low}: "
                      f"no node could ever be drained")
    if low < 2:
        errors.append(f"{ref(hpa)}: minReplicas {low}: a single pod means downtime on every drain")
    return errors


def _servicemonitor_errors(dep: dict, services: list[dict], monitor: dict, facts: ServiceFacts | None) -> list[str]:
    selected = [s for s in services if _selects(monitor["spec"]["selector"], s["metadata"].get("labels", {}))]
    if len(selected) != 1:
        return [f"{ref(monitor)}: selects {[ref(s) for s in selected]}; it must select exactly one Service "
                f"(two would scrape every pod twice)"]
    svc = selected[0]
    container = dep["spec"]["template"]["spec"]["containers"][0]
    errors = []
    for endpoint in monitor["spec"]["endpoints"]:
        path = endpoint.get("path", "/metrics")
        port = next((p for p in svc["spec"]["ports"] if p.get("name") == endpoint.get("port")), None)
        if port is None:
            errors.append(f"{ref(monitor)}: scrapes port {endpoint.get('port')!r}, which {ref(svc)} does not name")
            continue
        target = _container_port(container, port.get("targetPort", port["port"]))
        if target is None or target.get("name") != "http":
            errors.append(f"{ref(monitor)}: scrapes {ref(svc)} port {port.get('name')!r}, which is not the "
                          f"service's HTTP port where /metrics is served")
        if path != "/metrics" or (facts and facts.http.get(path) != 200):
            errors.append(f"{ref(monitor)}: scrapes {path}, which does not serve the metrics")
    return errors


def _secret_errors(dep: dict, secret_example: dict | None) -> list[str]:
    errors = []
    container = dep["spec"]["template"]["spec"]["containers"][0]
    entries = [e for e in container.get("env", []) if e["name"] == TOKEN_ENV]
    from_secret = [e["valueFrom"]["secretKeyRef"] for e in entries if "secretKeyRef" in e.get("valueFrom", {})]
    if len(entries) != 1 or len(from_secret) != 1:
        return [f"{ref(dep)}: {TOKEN_ENV} must come from a Secret (env valueFrom.secretKeyRef), "
                f"or each pod would seal with its own random key"]
    key_ref = from_secret[0]
    if key_ref.get("optional"):
        errors.append(f"{ref(dep)}: the {TOKEN_ENV} Secret is optional: a pod without it would start with a "
                      f"random key and refuse the other pods' tokens")
    for other in container.get("envFrom", []):
        if "configMapRef" in other:
            errors.append(f"{ref(dep)}: envFrom a ConfigMap could carry {TOKEN_ENV} in the clear")
    if secret_example is not None:
        data = {**secret_example.get("data", {}), **secret_example.get("stringData", {})}
        if secret_example["metadata"]["name"] != key_ref["name"] or key_ref["key"] not in data:
            errors.append(f"{ref(dep)}: {TOKEN_ENV} comes from Secret {key_ref['name']} key {key_ref['key']}, "
                          f"but the example Secret is {secret_example['metadata']['name']} with keys {sorted(data)}")
    return errors


def _dockerfile_errors(dep: dict, dockerfile: str) -> list[str]:
    """The image's last stage: exposes the container ports, runs as the pod's numeric user."""
    final = re.split(r"(?im)^FROM\s", dockerfile)[-1]
    exposed = {int(p.split("/")[0]) for line in re.findall(r"(?im)^EXPOSE\s+(.+)$", final) for p in line.split()}
    users = re.findall(r"(?im)^USER\s+(\S+)", final)
    container = dep["spec"]["template"]["spec"]["containers"][0]
    errors = []
    ports = {p["containerPort"] for p in container.get("ports", [])}
    if ports - exposed:
        errors.append(f"Dockerfile: EXPOSE {sorted(exposed)} lacks the container ports {sorted(ports - exposed)}")
    uid = container.get("securityContext", {}).get("runAsUser") or \
        dep["spec"]["template"]["spec"].get("securityContext", {}).get("runAsUser")
    if not users or not users[-1].split(":")[0].isdigit() or int(users[-1].split(":")[0]) == 0:
        errors.append(f"Dockerfile: the final stage's USER must be a numeric non-root id (runAsNonRoot cannot "
                      f"verify a name), found {users[-1] if users else 'none'}")
    elif int(users[-1].split(":")[0]) != uid:
        errors.append(f"Dockerfile: USER {users[-1]} but the pod runs as {uid}")
    return errors


# --- command line ----------------------------------------------------------------------------------------

def check(k8s_dir: Path = K8S_DIR, with_service: bool = False) -> list[str]:
    docs = load_kustomization(k8s_dir)
    example = yaml.safe_load((k8s_dir / SECRET_EXAMPLE).read_text())
    dockerfile = (k8s_dir.parent / "Dockerfile").read_text()
    facts = probe_service(docs) if with_service else None
    return schema_errors(docs + [example]) + consistency_errors(
        copy.deepcopy(docs), facts, secret_example=example, dockerfile=dockerfile)


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    errors = check(Path(args[0]) if args else K8S_DIR, with_service="--with-service" in argv)
    for e in errors:
        print(e)
    print(f"{len(errors)} problem(s)" if errors else "k8s: all checks passed")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
