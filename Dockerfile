# syntax=docker/dockerfile:1
#
# tabletop-engine. The build stage compiles the Cython extensions into a wheel
# with scripts/build-wheel.sh (the same script CI runs without Docker); the
# runtime stage installs that wheel and its dependencies' wheels, has no
# compiler, and runs as a non-root user on a read-only-friendly layout.
#
#   docker build -t tabletop-engine:0.1.0 .
#   docker run --rm -p 50051:50051 -p 8080:8080 \
#       -e TABLETOP_TOKEN_KEYS="k1:$(openssl rand -base64 32)" tabletop-engine:0.1.0
#
# Defaults: one worker process per usable core (TABLETOP_WORKERS overrides),
# gRPC on 50051, HTTP/REST + /healthz /readyz /metrics on 8080. `--help` lists
# every flag and its environment variable.

ARG PYTHON_IMAGE=python:3.11-slim-bookworm

# Build and runtime use the same base image: the wheel's tag (cp311, linux
# x86_64/aarch64, glibc) must match the interpreter that installs it.
FROM ${PYTHON_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.cache/pip \
    PYTHON=python scripts/build-wheel.sh /wheels --with-deps


FROM ${PYTHON_IMAGE} AS runtime
# A numeric user, so Kubernetes' runAsNonRoot can verify it (k8s/base/deployment.yaml: runAsUser 10001).
RUN groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin app
# Install from the build stage's wheels only (no network, no compiler), then
# refuse an image whose engines would run interpreted.
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    PIP_ROOT_USER_ACTION=ignore pip install --no-cache-dir --no-index --find-links=/wheels tabletop-engine \
 && python -c "import sys, engines; sys.exit(0 if engines.COMPILED else 'engines are not compiled')"
ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    TABLETOP_HOST=0.0.0.0 \
    TABLETOP_GRPC_PORT=50051 \
    TABLETOP_HTTP_PORT=8080
# The fork guard's default store: a SQLite file the workers share (the user has no home directory, where
# it would go otherwise), on a volume so a new container keeps the games. Kubernetes sets a Redis instead.
RUN install -d -o 10001 -g 10001 -m 0700 /var/lib/tabletop
ENV TABLETOP_GAME_STORE=sqlite:///var/lib/tabletop/games.db
VOLUME ["/var/lib/tabletop"]
# An empty working directory: `python -m service` must import the installed package.
WORKDIR /srv
USER 10001:10001
EXPOSE 50051 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/readyz' % os.environ.get('TABLETOP_HTTP_PORT', '8080'), timeout=2)"]
ENTRYPOINT ["python", "-m", "service"]
