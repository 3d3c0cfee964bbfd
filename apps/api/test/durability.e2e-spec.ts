import { startLogdesk, tempDataDir } from './support/logdesk-process';
import { getJson, postLogs, waitFor } from './support/http';

const TOTAL = 2_000;
const PER_REQUEST = 20;

/** Sends 2,000 logs (100 requests, 4 at a time), each with a unique message; resolves after the last 200. */
async function sendAll(url: string, projectId: string): Promise<void> {
  const requests = Array.from({ length: TOTAL / PER_REQUEST }, (_, r) => r);
  const worker = async (): Promise<void> => {
    for (let r = requests.shift(); r !== undefined; r = requests.shift()) {
      const logs = Array.from({ length: PER_REQUEST }, (_, i) => ({
        bucket: 'crash',
        level: 'info',
        message: `log-${r * PER_REQUEST + i}`,
        tags: { request: String(r) },
      }));
      const sent = await postLogs(url, { projectId, logs });
      if (sent.status !== 200) throw new Error(`request ${r} answered ${sent.status}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Reads every stored message of a project through the API, page by page. */
async function storedMessages(url: string, projectId: string): Promise<string[]> {
  const messages: string[] = [];
  let beforeId = '';
  for (;;) {
    const page = await getJson(`${url}/api/logs?projectId=${projectId}&limit=1000${beforeId}`);
    messages.push(...page.body.logs.map((l: any) => l.message));
    if (!page.body.hasMore) return messages;
    beforeId = `&beforeId=${page.body.logs[page.body.logs.length - 1].id}`;
  }
}

describe('durability of acknowledged logs', () => {
  it.each(['SIGKILL', 'SIGTERM'] as const)('keeps all 2,000 logs exactly once across %s and a restart', async (signal) => {
    const dataDir = tempDataDir();
    const first = await startLogdesk({ dataDir });
    await sendAll(first.url, 'durable');
    // Killed right after the last 200: the writer may have stored none, some or all of them.
    await first.stop(signal);

    const second = await startLogdesk({ dataDir });
    try {
      const messages = await waitFor(async () => {
        const stored = await storedMessages(second.url, 'durable');
        return stored.length >= TOTAL ? stored : null;
      }, 'all 2,000 logs after the restart', 20_000);
      expect(messages).toHaveLength(TOTAL);
      expect(new Set(messages).size).toBe(TOTAL);
      // Nothing else is left to replay, and a restart stores nothing twice.
      expect((await getJson(`${second.url}/health`)).body.queue.pending).toBe(0);
    } finally {
      await second.stop();
    }
    const third = await startLogdesk({ dataDir });
    try {
      expect(await storedMessages(third.url, 'durable')).toHaveLength(TOTAL);
    } finally {
      await third.stop();
    }
  });

  it('drains the queue on SIGTERM before exiting', async () => {
    const server = await startLogdesk();
    await sendAll(server.url, 'drained');
    const code = await server.stop('SIGTERM');
    expect(server.output()).not.toMatch(/ERROR/);
    const reopened = await startLogdesk({ dataDir: server.dataDir });
    try {
      // Stored by the drain, not by a replay: the journal holds nothing past the checkpoint.
      expect(reopened.output()).not.toMatch(/Replaying/);
      expect(await storedMessages(reopened.url, 'drained')).toHaveLength(TOTAL);
    } finally {
      await reopened.stop();
    }
    expect(code === 0 || code === null).toBe(true);
  });
});
