import { DEFAULT_PORT, DESKTOP_PORT, INGEST_LIMITS, SDK_HEADER } from '@logdesk/contracts';
import { clip, mergeTags } from './log-event';
import type { FetchFunction, LogEvent, ServiceClientConfig, TagMap } from './types';

/** Replaced at build time with libs/client-sdk/package.json "version" (see scripts/build.mjs). */
declare const __LOGDESK_SDK_VERSION__: string;

/** The version sent in `X-Service-SDK-Version`. */
export const SDK_VERSION: string = typeof __LOGDESK_SDK_VERSION__ === 'string' ? __LOGDESK_SDK_VERSION__ : '0.0.0';

const modeUrl = (mode: unknown): string | undefined =>
  mode === 'local'
    ? `http://localhost:${DEFAULT_PORT}`
    : mode === 'desktop'
      ? `http://localhost:${DESKTOP_PORT}`
      : undefined;

/** Everything the client needs, checked once at creation. */
export interface ResolvedConfig {
  url: string;
  projectId: string;
  headers: Record<string, string>;
  gzip: boolean;
  batchSize: number;
  flushInterval: number;
  maxQueueSize: number;
  fetch?: FetchFunction;
  beforeSend?: (log: LogEvent) => LogEvent | null;
  /** env, appName, appVersion: copied into every log. */
  base: Pick<LogEvent, 'env' | 'appName' | 'appVersion'>;
  defaultTags?: TagMap;
}

const positive = (value: number | undefined, fallback: number): number =>
  (value as number) > 0 && isFinite(value as number) ? Math.floor(value as number) : fallback;

/** Checks the options once; a string is the reason the client has to stay inert. */
export function resolveConfig(config: ServiceClientConfig<TagMap>): ResolvedConfig | string {
  if (!config || typeof config !== 'object') return 'no config';
  const { projectId, mode, apiKey } = config;
  // The server rejects a whole request for a bad projectId, so such a client could never deliver anything.
  if (
    typeof projectId !== 'string' ||
    !projectId ||
    projectId.length > INGEST_LIMITS.maxProjectIdLength ||
    /[\x00-\x1f\x7f]/.test(projectId)
  ) {
    return 'bad projectId';
  }
  const base = config.endpoint || modeUrl(mode);
  if (!base) {
    return mode === 'cloud' ? 'cloud mode needs an endpoint' : 'bad mode';
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json', [SDK_HEADER]: SDK_VERSION };
  if (mode === 'cloud' && apiKey) headers.Authorization = `Bearer ${apiKey}`;
  return {
    url: `${String(base).replace(/\/+$/, '')}/logs`,
    projectId,
    headers,
    gzip: !config.isDebug,
    batchSize: positive(config.batchSize, 10),
    flushInterval: positive(config.flushInterval, 5000),
    maxQueueSize: positive(config.maxQueueSize, 10_000),
    fetch: config.fetch,
    beforeSend: config.beforeSend,
    base: { env: clip(config.env), appName: clip(config.appName), appVersion: clip(config.appVersion) },
    defaultTags: mergeTags(undefined, config.defaultTags),
  };
}
