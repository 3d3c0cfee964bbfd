import { resolveConfig, SDK_VERSION, type ResolvedConfig } from './config';
import type { ServiceClientConfig } from './types';

const base: ServiceClientConfig = { projectId: 'shop', apiKey: 'secret', mode: 'local' };
const resolved = (config: Partial<ServiceClientConfig>): ResolvedConfig => {
  const result = resolveConfig({ ...base, ...config });
  if (typeof result === 'string') throw new Error(result);
  return result;
};

describe(resolveConfig.name, () => {
  it('maps the modes to their URLs, and endpoint always wins', () => {
    expect(resolved({ mode: 'local' }).url).toBe('http://localhost:17655/logs');
    expect(resolved({ mode: 'desktop' }).url).toBe('http://localhost:8787/logs');
    expect(resolved({ mode: 'cloud', endpoint: 'https://logs.example.com/' }).url).toBe(
      'https://logs.example.com/logs',
    );
    expect(resolved({ mode: 'local', endpoint: 'http://127.0.0.1:9999' }).url).toBe('http://127.0.0.1:9999/logs');
  });

  it('sends the SDK version always and the API key in cloud mode only', () => {
    expect(SDK_VERSION).toBe(require('../package.json').version);
    expect(resolved({ mode: 'local' }).headers).toEqual({
      'Content-Type': 'application/json',
      'X-Service-SDK-Version': SDK_VERSION,
    });
    expect(resolved({ mode: 'cloud', endpoint: 'https://x.example' }).headers.Authorization).toBe('Bearer secret');
  });

  it('applies the documented defaults and ignores unusable numbers', () => {
    expect(resolved({})).toMatchObject({ batchSize: 10, flushInterval: 5000, maxQueueSize: 10_000, gzip: true });
    expect(resolved({ batchSize: -1, flushInterval: NaN, maxQueueSize: 0 })).toMatchObject({
      batchSize: 10,
      flushInterval: 5000,
      maxQueueSize: 10_000,
    });
    expect(resolved({ isDebug: true }).gzip).toBe(false);
  });

  it('refuses what could never deliver a log', () => {
    expect(resolveConfig({ ...base, mode: 'cloud' })).toBe('cloud mode needs an endpoint');
    expect(resolveConfig({ ...base, projectId: '' })).toBe('bad projectId');
    expect(resolveConfig({ ...base, projectId: 'p'.repeat(129) })).toBe('bad projectId');
    expect(resolveConfig({ ...base, projectId: 'a\nb' })).toBe('bad projectId');
    expect(resolveConfig({ ...base, mode: 'toString' as never })).toBe('bad mode');
    expect(resolveConfig(undefined as never)).toBe('no config');
  });
});
