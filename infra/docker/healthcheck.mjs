// Container health check of a Loadline service: GET <path> (default /healthz) on the port the
// service listens on (<NAME>_PORT, else PORT, as services/platform/src/config.ts reads them).
// Exits 0 on a 2xx answer, 1 otherwise. Used by the image's HEALTHCHECK (/healthz) and by
// docker-compose.yml (/readyz).
const path = process.argv[2] ?? '/healthz';
const name = (process.env.LOADLINE_SERVICE ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '_');
const port = (name && process.env[`${name}_PORT`]) || process.env.PORT;
if (!port) {
  console.error('healthcheck: neither PORT nor <NAME>_PORT is set');
  process.exit(1);
}
try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) });
  if (!response.ok)
    console.error(`healthcheck: ${path} answered ${response.status} ${await response.text()}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`healthcheck: ${path} on port ${port}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
