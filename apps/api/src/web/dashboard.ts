import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { AppConfig } from '../config/app-config';

/** The dashboard's deep links (contract section 8): each answers index.html; Angular routes from there. */
const DEEP_LINKS = ['/', '/firehose', '/projects/:projectId', '/projects/:projectId/logs/:logId'];

const NOT_BUILT = `<!doctype html><title>Logdesk</title>
<p>The dashboard is not built. Run <code>npm run build</code> (or <code>npm start</code>), then reload.</p>
<p>The API is up: <a href="/api/projects">/api/projects</a>, <a href="/api/docs">/api/docs</a>.</p>`;

/**
 * Serves the built Angular app and the SDK's browser bundle on the API's port. Assets are cached
 * by their hashed names; index.html never is, so a rebuild shows at once.
 */
export async function registerDashboard(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const built = existsSync(`${config.webRoot}/index.html`);
  if (built) {
    await fastify.register(fastifyStatic, { root: config.webRoot, prefix: '/', index: false, wildcard: true, maxAge: '1h' });
  }
  const sendIndex = (reply: FastifyReply): FastifyReply =>
    built
      ? reply.header('Cache-Control', 'no-cache').sendFile('index.html', config.webRoot, { maxAge: 0 })
      : reply.type('text/html; charset=utf-8').send(NOT_BUILT);
  for (const path of DEEP_LINKS) fastify.get(path, (_request, reply) => sendIndex(reply));

  fastify.get('/sdk/logdesk.js', (_request, reply) => {
    if (!existsSync(config.sdkBundle)) {
      return reply.status(404).type('application/javascript').send('/* SDK bundle not built: npm run build:sdk */');
    }
    return reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .sendFile(basename(config.sdkBundle), dirname(config.sdkBundle), { maxAge: 0 });
  });
}
