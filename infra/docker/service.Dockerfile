# syntax=docker/dockerfile:1
#
# One image for any backend service of tilt.yaml, chosen by build arguments. Build context: the
# repository root. Each service runs from its compiled bundle (services/<name>/dist/server.mjs, made
# by infra/dev/build-services.ts): less memory than Node's run-time type stripping.
#
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=directory --build-arg PORT=8101 \
#     -t loadline/directory:latest .
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=gateway --build-arg PORT=8080 \
#     --target gateway -t loadline/gateway:latest .
#
# Targets:
#   service (the default, last stage)  a backend service: its production dependencies and sources
#   gateway                            the same plus the built shells and remotes (frontends/*/dist)
#   frontends-dist                     only the built frontends, to export them for a static host:
#                                      docker build -f infra/docker/service.Dockerfile --target frontends-dist \
#                                        --output type=local,dest=out .
#
# The image keeps the repository's layout under /app (/app/package.json, /app/tilt.yaml,
# /app/services/..., /app/contracts/..., /app/frontends/<name>/dist): the gateway finds tilt.yaml
# and the shells relative to its own code.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------------
# manifests: the lockfile and the package.json of every workspace, at their paths. Copying them
# alone lets the install layers below stay cached until a dependency changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /out \
 && for f in package.json package-lock.json contracts/package.json services/*/package.json frontends/*/package.json; do \
      [ -f "$f" ] || continue; \
      mkdir -p "/out/$(dirname "$f")" && cp "$f" "/out/$f"; \
    done

# ---------------------------------------------------------------------------------------------
# deps: the production dependencies of one service and of the workspaces it uses (platform,
# contracts), exactly as package-lock.json has them.
FROM ${NODE_IMAGE} AS deps
ARG SERVICE
RUN test -n "${SERVICE}" || { echo 'build with --build-arg SERVICE=<a name from tilt.yaml>' >&2; exit 1; }
WORKDIR /app
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace "services/${SERVICE}" --include-workspace-root=false --no-audit --no-fund

# ---------------------------------------------------------------------------------------------
# build: every service compiled to one bundle, and every shell and remote of tilt.yaml built,
# with Rspack (needs the dev dependencies).
FROM ${NODE_IMAGE} AS frontends
WORKDIR /app
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN node infra/dev/build-services.ts \
 && node infra/dev/build-frontends.ts --force \
 && mkdir /dist \
 && for d in frontends/*/dist; do \
      [ -d "$d" ] || continue; \
      mkdir -p "/dist/$(dirname "$d")" && cp -R "$d" "/dist/$d"; \
    done

FROM scratch AS frontends-dist
COPY --from=frontends /dist/ /

# ---------------------------------------------------------------------------------------------
# runtime: what every service image is.
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ARG PORT
RUN test -n "${SERVICE}" -a -n "${PORT}" \
 || { echo 'build with --build-arg SERVICE=<name> --build-arg PORT=<its port in tilt.yaml>' >&2; exit 1; }
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=${PORT} \
    LOADLINE_SERVICE=${SERVICE}
WORKDIR /app
COPY --from=deps /app/ ./
COPY tilt.yaml ./
COPY contracts/ ./contracts/
COPY services/platform/ ./services/platform/
COPY services/${SERVICE}/ ./services/${SERVICE}/
COPY --from=frontends /app/services/${SERVICE}/dist/ ./services/${SERVICE}/dist/
COPY --chmod=755 infra/docker/entrypoint.sh infra/docker/healthcheck.mjs /usr/local/lib/loadline/
# A folder the process may write, for a service that keeps files on local disk (attachments): a volume
# mounted here takes its owner.
RUN mkdir -p /var/lib/loadline && chown 1000:1000 /var/lib/loadline
# The code stays owned by root and read-only to the process; 1000 is the image's `node` user
# (numeric, so Kubernetes' runAsNonRoot can check it).
USER 1000:1000
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/usr/local/lib/loadline/healthcheck.mjs", "/healthz"]
# The entrypoint turns <VAR>_FILE (compose secrets) into <VAR>, then runs the command.
ENTRYPOINT ["/usr/local/lib/loadline/entrypoint.sh"]
# Same flags as the local launcher (infra/dev/system.ts serviceNodeFlags; the gateway stage below takes
# gatewayNodeFlags): a small young generation and few malloc arenas keep a busy service's memory bounded;
# the collection after start-up (decision 0007) keeps an idle one under 120 MB.
ENV MALLOC_ARENA_MAX=2 \
    LOADLINE_NODE_FLAGS="--max-semi-space-size=4"
CMD ["/bin/sh", "-c", "exec node $LOADLINE_NODE_FLAGS \"services/${LOADLINE_SERVICE}/dist/server.mjs\""]

# ---------------------------------------------------------------------------------------------
# gateway: the runtime plus the built shells and remotes, where tilt.yaml says they are.
FROM runtime AS gateway
COPY --from=frontends-dist / ./
# A proxy's old generation is allowed 64 MB before it is collected (decision 0109).
ENV LOADLINE_NODE_FLAGS="--max-semi-space-size=4 --initial-old-space-size=64"

# ---------------------------------------------------------------------------------------------
# service: the default target, a backend service without the frontends.
FROM runtime AS service
