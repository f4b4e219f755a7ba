// Serves the built shells at /back-office/ and /front-office/ (every client route falls
// back to index.html) and the remotes at /remotes/<name>/ with CORS, so a shell on another
// origin may load them. Also the shell's run-time configuration: where each remote is.
import { existsSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { LegacyShipmentPagePaths } from '@loadline/contracts/catalogue';
import type { App } from '@loadline/platform';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { shellHeaders } from './shell-headers.ts';

export interface ShellsOptions {
  /** mount path → built folder, e.g. { '/back-office/': '…/frontends/shell-backoffice/dist' } */
  shells: Record<string, string>;
  /** remote name → built folder */
  remotes: Record<string, string>;
  /** remote name → manifest URL configured for this environment (overrides the local copy) */
  remoteUrls: Record<string, string>;
  ssoHosts: string[];
  ssoLoginUrl: string | undefined;
  environment: string;
  /**
   * A map tile server (`MAP_TILE_URL`, e.g. `https://tiles.example.com/{z}/{x}/{y}.png`); without one the
   * maps draw only their bundled geometry, with no network (issue 4).
   */
  mapTileUrl?: string;
  /** served over HTTPS (production): the pages carry HSTS */
  hsts?: boolean;
}

/**
 * The browser asks every origin for /favicon.ico (each page of both shells, the API docs): Loadline's mark,
 * a white L on navy, 32 px, as an ICO holding a PNG. Kept here as bytes so the one bundled gateway file
 * needs no asset beside it.
 */
export const favicon = Buffer.from(
  'AAABAAEAICAAAAEAIACMAAAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAAFNJREFUeNrt17ERACAIQ1EGcC+3dFXtbOTUBlH8uaPOK4mIkpRLtTiZxap0C3O6fED8DfAq74hnAFoAAAAAAAAAd8AqAADEeslCfsYMk3vGqec8b0vbfRFPDdljAAAAAElFTkSuQmCC',
  'base64',
);

function sendFrom(reply: FastifyReply, root: string, relative: string, spaFallback: boolean) {
  const file = normalize(relative).replace(/^(\.\.[/\\])+/, '');
  const full = resolve(root, file);
  if (full.startsWith(resolve(root)) && existsSync(full) && statSync(full).isFile()) {
    const immutable = /\.[0-9a-f]{8,}\.(js|css)$/.test(full);
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.sendFile(file, root);
  }
  if (spaFallback && existsSync(join(root, 'index.html'))) {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root);
  }
  return reply
    .status(404)
    .send({ statusCode: 404, error: 'Not Found', message: `${relative} was not found.` });
}

export async function registerShells(app: App, options: ShellsOptions): Promise<void> {
  // Cache headers are ours to set (no-cache for pages, a year for hashed assets). A file's gzipped copy beside it
  // (`.gz`, written by the frontends' build) goes to a browser that accepts gzip.
  await app.register(fastifyStatic, {
    root: resolve('.'),
    serve: false,
    cacheControl: false,
    preCompressed: true,
  });
  const hidden = { schema: { hide: true } };

  const pageHeaders = shellHeaders({
    remoteUrls: options.remoteUrls,
    mapTileUrl: options.mapTileUrl,
    hsts: options.hsts === true,
  });
  const page = (reply: FastifyReply) => reply.headers(pageHeaders);

  for (const [mount, root] of Object.entries(options.shells)) {
    const base = mount.replace(/\/$/, '');
    // The router ignores a trailing slash, so `/back-office` and `/back-office/` both land on
    // this route: the raw URL tells them apart.
    app.get(base, hidden, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (!path.endsWith('/')) return reply.redirect(`${path}/`);
      return sendFrom(page(reply), root, 'index.html', true);
    });
    app.get(`${base}/*`, hidden, async (request, reply) => {
      const rest = (request.params as { '*': string })['*'] || 'index.html';
      return sendFrom(page(reply), root, rest, true);
    });
  }

  // 000 §2: the shipment pages whose page is in the hash (/Backoffice/ShipmentInternational#/Details/{id} and
  // the like) are the back-office shell's, which routes them; the router matches them in any case.
  const backOffice = options.shells['/back-office/'];
  if (backOffice) {
    for (const path of LegacyShipmentPagePaths) {
      app.get(path, hidden, async (_request, reply) => sendFrom(page(reply), backOffice, 'index.html', true));
    }
  }

  for (const [name, root] of Object.entries(options.remotes)) {
    app.get(`/remotes/${name}/*`, hidden, async (request, reply) => {
      reply.header('access-control-allow-origin', '*').header('x-content-type-options', 'nosniff');
      return sendFrom(reply, root, (request.params as { '*': string })['*'], false);
    });
  }

  app.get('/', hidden, async (_request, reply) => reply.redirect('/back-office/'));
  app.get('/favicon.ico', hidden, async (_request, reply) =>
    reply
      .header('content-type', 'image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(favicon),
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['shell'],
        summary:
          "The shells' run-time configuration: where each remote's manifest is, whether single sign-on is offered on this host",
        response: {
          200: Type.Object(
            {
              remotes: Type.Record(Type.String(), Type.String()),
              ssoEnabled: Type.Boolean(),
              ssoLoginUrl: Type.Union([Type.String(), Type.Null()]),
              environment: Type.String(),
              mapTileUrl: Type.Optional(
                Type.Union([Type.String(), Type.Null()], {
                  description:
                    'a map tile server URL template ({z}/{x}/{y}); null: maps draw bundled geometry only',
                }),
              ),
            },
            { $id: 'ShellConfig' },
          ),
        },
      },
    },
    async (request) => {
      // Relative, so it keeps the page's scheme and host (https behind a TLS-terminating proxy).
      const remotes: Record<string, string> = {};
      for (const name of Object.keys(options.remotes)) {
        remotes[name] = options.remoteUrls[name] ?? `/remotes/${name}/mf-manifest.json`;
      }
      for (const [name, url] of Object.entries(options.remoteUrls)) remotes[name] = url;
      const host = request.hostname.toLowerCase();
      const ssoEnabled = Boolean(options.ssoLoginUrl) && options.ssoHosts.includes(host);
      return {
        remotes,
        ssoEnabled,
        ssoLoginUrl: ssoEnabled ? (options.ssoLoginUrl ?? null) : null,
        environment: options.environment,
        mapTileUrl: options.mapTileUrl || null,
      };
    },
  );
}
