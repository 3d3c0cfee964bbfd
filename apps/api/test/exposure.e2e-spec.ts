import { request } from 'node:http';
import { startLogdesk, type LogdeskProcess } from './support/logdesk-process';
import { getJson, log, postLogs, waitFor } from './support/http';

/** fetch() will not send a custom Host header, so a raw request does. */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text.startsWith('{') ? JSON.parse(text) : text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('exposure: CORS, Host allow-list, OpenAPI, dashboard', () => {
  let server: LogdeskProcess;
  beforeAll(async () => {
    server = await startLogdesk();
  });
  afterAll(() => server.stop());

  it('allows every origin, with a preflight for the SDK headers', async () => {
    const preflight = await fetch(`${server.url}/logs`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,content-encoding,authorization,x-service-sdk-version',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['content-encoding', 'authorization', 'x-service-sdk-version']) expect(allowed).toContain(header);
    const get = await fetch(`${server.url}/api/projects`, { headers: { Origin: 'https://app.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 403 with the error body for a Host outside the allow-list, the dashboard included', async () => {
    for (const path of ['/api/projects', '/', '/health']) {
      const foreign = await rawGet(server.port, path, { Host: 'evil.example:17655' });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`, `[::1]:${server.port}`]) {
      expect((await rawGet(server.port, '/health', { Host: host })).status).toBe(200);
    }
  });

  it('listens on the IPv4 and the IPv6 loopback by default', async () => {
    for (const host of ['127.0.0.1', '[::1]']) {
      const health = await getJson(`http://${host}:${server.port}/health`);
      expect(health.status).toBe(200);
    }
  });

  it('accepts a configured allow-list instead of the default', async () => {
    const custom = await startLogdesk({ env: { LOGDESK_ALLOWED_HOSTS: 'logs.internal' } });
    try {
      expect((await rawGet(custom.port, '/health', { Host: 'logs.internal' })).status).toBe(200);
      expect((await rawGet(custom.port, '/health', { Host: 'localhost' })).status).toBe(403);
    } finally {
      await custom.stop();
    }
  });

  it('describes the API at /api/openapi.json with Swagger UI at /api/docs', async () => {
    const spec = await getJson(`${server.url}/api/openapi.json`);
    expect(spec.status).toBe(200);
    for (const path of ['/logs', '/api/logs', '/api/logs/tail', '/api/logs/stats', '/api/logs/export', '/api/logs/{id}',
      '/api/logs/{id}/context', '/api/projects', '/api/projects/{projectId}/buckets', '/api/projects/{projectId}/tags',
      '/api/projects/{projectId}/filters', '/api/workspaces', '/health']) {
      expect(Object.keys(spec.body.paths)).toContain(path);
    }
    const docs = await fetch(`${server.url}/api/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('answers index.html for the dashboard deep links and 404 with the error body elsewhere', async () => {
    for (const path of ['/', '/firehose', '/projects/shop', '/projects/shop/logs/12']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
    }
    const missing = await getJson(`${server.url}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('API keys', () => {
  let server: LogdeskProcess;
  beforeAll(async () => {
    server = await startLogdesk({ env: { LOGDESK_API_KEYS: 'key-one, key-two' } });
  });
  afterAll(() => server.stop());

  it('answers 401 with WWW-Authenticate without a valid Bearer key, on every endpoint', async () => {
    for (const path of ['/api/projects', '/api/logs?projectId=x', '/api/logs/tail', '/api/workspaces', '/api/openapi.json']) {
      for (const headers of [{}, { Authorization: 'Bearer wrong' }, { Authorization: 'key-one' }] as Record<string, string>[]) {
        const response = await getJson(`${server.url}${path}`, headers);
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
        expect(response.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
    }
    const post = await postLogs(server.url, { projectId: 'k', logs: [log()] });
    expect(post.status).toBe(401);
  });

  it('accepts any configured key', async () => {
    expect((await postLogs(server.url, { projectId: 'k', logs: [log()] }, { headers: { Authorization: 'Bearer key-two' } })).status).toBe(200);
    const auth = { Authorization: 'Bearer key-one' };
    const page = await waitFor(async () => {
      const response = await getJson(`${server.url}/api/logs?projectId=k`, auth);
      return response.body.count === 1 ? response : null;
    }, 'the log sent with key-two, read with key-one');
    expect(page.status).toBe(200);
  });

  it('never needs a key for /health, the dashboard or a CORS preflight', async () => {
    expect((await getJson(`${server.url}/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const preflight = await fetch(`${server.url}/api/projects`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://a.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBeLessThan(300);
  });
});
