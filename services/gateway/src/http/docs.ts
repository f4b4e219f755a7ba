// One Swagger UI for every service at /api/docs: the gateway's own document and each
// service's, fetched from the service when asked.
import swaggerUi from '@fastify/swagger-ui';
import type { App } from '@loadline/platform';
import { firstReplicaOf } from '../app/forwarding.ts';
import type { GatewayDeps } from '../service.ts';

export async function registerDocs(app: App, deps: GatewayDeps): Promise<void> {
  const services = deps.settings.services;
  const names = Object.keys(services);
  app.get('/api/docs/openapi/gateway.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs/openapi/:service.json', { schema: { hide: true } }, async (request, reply) => {
    const { service } = request.params as { service: string };
    const base = firstReplicaOf(deps.settings, service);
    if (!base)
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: `No service named ${service}.` });
    const answer = await fetch(`${base}/openapi.json`).catch(() => null);
    if (!answer?.ok)
      return reply
        .status(502)
        .send({ statusCode: 502, error: 'Bad Gateway', message: `The ${service} service did not answer.` });
    return answer.json();
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: {
      urls: [
        { url: '/api/docs/openapi/gateway.json', name: 'gateway' },
        ...names.map((name) => ({ url: `/api/docs/openapi/${name}.json`, name })),
      ],
    } as never,
  });
}
