#!/bin/sh
# Entrypoint of every Loadline service image. Secrets mounted as files (docker compose
# `secrets`, Docker Swarm, some Kubernetes setups) are read into the environment variables
# the services expect: IDENTITY_PUBLIC_KEY_FILE=/run/secrets/x sets IDENTITY_PUBLIC_KEY to
# the file's content. Then the command runs as PID 1 (exec), so it receives SIGTERM itself.
set -eu

for name in IDENTITY_PUBLIC_KEY IDENTITY_PRIVATE_KEY DATABASE_URL NATS_URL REDIS_URL \
  MAILBOX_SECRET_KEY DRIVER_LINK_SECRET PAYMENT_TEST_GATEWAY_SECRET \
  SMTP_URL TEXT_PROVIDER_TOKEN FAX_PROVIDER_TOKEN ACCOUNTING_LEDGER_TOKEN S3_SECRET_ACCESS_KEY \
  GOOGLE_OAUTH_CLIENT_SECRET MICROSOFT_OAUTH_CLIENT_SECRET FRONT_OAUTH_CLIENT_SECRET; do
  eval "file=\${${name}_FILE:-}"
  [ -n "$file" ] || continue
  eval "current=\${${name}:-}"
  if [ -n "$current" ]; then
    echo "entrypoint: both ${name} and ${name}_FILE are set; set only one" >&2
    exit 1
  fi
  if [ ! -r "$file" ]; then
    echo "entrypoint: ${name}_FILE=${file} cannot be read (uid $(id -u)); see infra/docker/README.md" >&2
    exit 1
  fi
  value=$(cat "$file")
  export "${name}=${value}"
  unset "${name}_FILE"
done

exec "$@"
