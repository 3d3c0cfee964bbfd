// Compiled (never run) by test/node/package.spec.ts against the built dist/index.d.ts, and by the root
// typecheck against the sources. Each @ts-expect-error must meet an error, or the compile fails.
import {
  createServiceClient,
  type ClientMode,
  type LogLevel,
  type LogOptions,
  type ServiceClient,
  type ServiceClientConfig,
  type UserInfo,
} from '@logdesk/client-sdk';

// A type alias (an interface would need an index signature to meet Tags' Record<string, string> bound).
type ShopTags = {
  region: 'eu' | 'us';
  plan: string;
};

const typed: ServiceClient<ShopTags> = createServiceClient<ShopTags>({
  projectId: 'shop',
  apiKey: 'local',
  mode: 'local',
  defaultTags: { region: 'eu' },
});
typed.info({ bucket: 'checkout', message: 'ok', tags: { plan: 'pro' } });
typed.fatal({ bucket: 'checkout', message: 'ok', tags: { region: 'us', plan: 'free' }, traceId: 't' });
// @ts-expect-error a key outside Tags
typed.info({ bucket: 'checkout', message: 'no', tags: { colour: 'red' } });
// @ts-expect-error a value that is not a string
typed.warn({ bucket: 'checkout', message: 'no', tags: { plan: 3 } });
// @ts-expect-error a value outside the declared union
typed.error({ bucket: 'checkout', message: 'no', tags: { region: 'asia' } });
createServiceClient<ShopTags>({
  projectId: 'shop',
  apiKey: 'local',
  mode: 'local',
  // @ts-expect-error defaultTags are held to Tags too
  defaultTags: { colour: 'red' },
});

const loose = createServiceClient({
  projectId: 'shop',
  apiKey: 'key',
  mode: 'cloud',
  endpoint: 'https://logs.example',
});
loose.log({ bucket: 'b', message: 'any key', tags: { anything: 'goes' }, context: { nested: { n: 1 } } });
// @ts-expect-error tags hold strings only
loose.info({ bucket: 'b', message: 'm', tags: { count: 1 } });
// @ts-expect-error bucket is required
loose.debug({ message: 'm' });
// @ts-expect-error not a mode
createServiceClient({ projectId: 'p', apiKey: 'k', mode: 'remote' });

const level: LogLevel = 'fatal';
// @ts-expect-error not a level
const notALevel: LogLevel = 'trace';
const mode: ClientMode = 'desktop';
const user: UserInfo = { id: 'u1', email: 'ada@example.com', name: 'Ada', traits: { plan: 'pro' } };
loose.setUser(user);
loose.setSessionId(null);
const options: LogOptions = { bucket: 'b', message: 'm' };
const flushed: Promise<void> = loose.flush();
const destroyed: Promise<void> = loose.destroy();
// The platform's own fetch fits the fetch option.
const config: ServiceClientConfig = { projectId: 'p', apiKey: 'k', mode, fetch: globalThis.fetch };

export { level, notALevel, options, flushed, destroyed, config };
