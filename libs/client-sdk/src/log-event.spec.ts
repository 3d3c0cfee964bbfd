import type { LogEvent } from './types';
import { clip, mergeTags, normalizeEvent } from './log-event';

const event = (fields: Partial<LogEvent> = {}): LogEvent => ({
  eventId: 'e1',
  timestamp: 1,
  level: 'info',
  bucket: 'app',
  message: 'hello',
  ...fields,
});

describe(mergeTags.name, () => {
  it('lets per-log tags win over the defaults and keeps the defaults object untouched', () => {
    const defaults = { env: 'prod', region: 'eu' };
    expect(mergeTags(defaults, { region: 'us', plan: 'pro' })).toEqual({ env: 'prod', region: 'us', plan: 'pro' });
    expect(defaults).toEqual({ env: 'prod', region: 'eu' });
    expect(mergeTags(defaults, undefined)).toBe(defaults);
  });

  it('turns values into strings and leaves out what the server would reject', () => {
    const tags = { count: 3, ok: true, none: null, '': 'empty key', ['k'.repeat(65)]: 'long key' };
    expect(mergeTags(undefined, tags)).toEqual({ count: '3', ok: 'true' });
  });

  it('keeps at most 64 keys, defaults first', () => {
    const defaults = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`d${i}`, 'x']));
    const extra = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`e${i}`, 'y']));
    const merged = mergeTags(defaults, { d0: 'override', ...extra })!;
    expect(Object.keys(merged)).toHaveLength(64);
    expect(merged.d0).toBe('override');
    expect(merged.e3).toBe('y');
    expect(merged.e4).toBeUndefined();
    // The client passes the room its defaults leave, counted once: same outcome.
    expect(mergeTags(defaults, { d0: 'override', ...extra }, 4)).toEqual(merged);
  });
});

describe(normalizeEvent.name, () => {
  it('leaves a log that is within bounds as it is', () => {
    const log = event({ tags: { a: 'b' }, context: { x: 1 }, traceId: 't' });
    expect(normalizeEvent({ ...log }, 'info', log.tags)).toEqual(log);
  });

  it('brings every field within the server bounds', () => {
    const log = normalizeEvent(
      event({
        level: 'verbose' as never,
        bucket: '',
        message: 'm'.repeat(100_000),
        eventId: 'x'.repeat(65),
        timestamp: NaN,
        tags: { n: 1 } as never,
        context: [1, 2] as never,
        traceId: 't'.repeat(300),
        userId: 42 as never,
      }),
      'warn',
    );
    expect(log.level).toBe('warn');
    expect(log.bucket).toBe('default');
    expect(log.message.length).toBe(Math.floor((256 * 1024) / 3));
    expect(log.eventId).toBe('x'.repeat(64));
    expect(log.timestamp).toBeGreaterThan(0);
    expect(log.tags).toEqual({ n: '1' });
    expect(log.context).toEqual({ value: [1, 2] });
    expect(log.traceId).toHaveLength(256);
    expect(log.userId).toBe('42');
  });

  it('cuts a bucket to 128 characters and gives a log without an eventId a new one', () => {
    const log = normalizeEvent(event({ bucket: 'b'.repeat(200), eventId: '' }), 'info');
    expect(log.bucket).toHaveLength(128);
    expect(log.eventId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('clip', () => {
  it('keeps null and undefined as undefined and strings within the bound', () => {
    expect(clip(null)).toBeUndefined();
    expect(clip(undefined)).toBeUndefined();
    expect(clip('abc', 2)).toBe('ab');
    expect(clip(7)).toBe('7');
  });
});
