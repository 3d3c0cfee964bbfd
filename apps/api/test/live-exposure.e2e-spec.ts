import { request } from 'node:http';
import { Received, connect, entry, ingest, refusal, subscribe, useLiveServer, waitFor } from './support/live-support';

/** Raw HTTP GET with a chosen Host header (fetch does not let one set Host). */
function rawGet(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => done({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Contract section 4 for Socket.IO: the API key as `auth: { token }`, and the Host allow-list. */
describe('live stream exposure', () => {
  const server = useLiveServer({ env: { LOGDESK_API_KEYS: 'k1,k2' } });
  const auth = { authorization: 'Bearer k2' };

  it('refuses a connection without a valid key with connect_error', async () => {
    for (const options of [
      {},
      { auth: { token: 'wrong' } },
      { auth: { token: '' } },
      { transports: ['polling'], auth: { token: 'k3' } },
    ]) {
      const error = await refusal(server.url, options);
      expect(error.message).toContain('API key');
      expect(error.data).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: expect.stringContaining('auth: { token'),
      });
    }
  });

  it('accepts any configured key and streams to it', async () => {
    const socket = await connect(server.url, { auth: { token: 'k1' } });
    const received = new Received(socket);
    expect(await subscribe(socket, { projectId: 'keyed' })).toEqual({ ok: true });
    const polling = await connect(server.url, { transports: ['polling'], auth: { token: 'k2' } });
    const receivedPolling = new Received(polling);
    expect(await subscribe(polling, { projectId: 'keyed' })).toEqual({ ok: true });
    await ingest(server.url, 'keyed', [entry('secret')], auth);
    await waitFor(
      () => received.messages().includes('secret') && receivedPolling.messages().includes('secret'),
      'the keyed log',
    );
  });

  it('refuses a foreign Host on the polling handshake with 403', async () => {
    const refused = await rawGet(server.port, '/socket.io/?EIO=4&transport=polling', 'evil.example');
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('evil.example');
    const allowed = await rawGet(server.port, '/socket.io/?EIO=4&transport=polling', `localhost:${server.port}`);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain('"sid"');
  });

  it('refuses a foreign Host on the WebSocket upgrade, even with a valid key', async () => {
    const error = await refusal(server.url, { auth: { token: 'k1' }, extraHeaders: { Host: 'evil.example' } });
    expect(error.message).toBe('websocket error');
    // The same options with an allowed Host connect, so the Host alone made the difference.
    await connect(server.url, { auth: { token: 'k1' }, extraHeaders: { Host: `127.0.0.1:${server.port}` } });
  });

  it('answers CORS for any origin on the handshake', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
