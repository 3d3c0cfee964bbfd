import { lineOf, serializeContext, uuid, type QueuedLog } from './serialize';

const parse = (context: unknown): Record<string, unknown> => JSON.parse(serializeContext(context));
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe(serializeContext.name, () => {
  it('marks cycles but keeps shared, acyclic references whole', () => {
    const shared = { id: 1 };
    const context: Record<string, unknown> = { a: shared, b: shared, list: [shared] };
    context.self = context;
    (shared as Record<string, unknown>).parent = context;
    expect(parse(context)).toEqual({
      a: { id: 1, parent: '[Circular]' },
      b: { id: 1, parent: '[Circular]' },
      list: [{ id: 1, parent: '[Circular]' }],
      self: '[Circular]',
    });
  });

  it('turns BigInt and functions into strings', () => {
    function handler(): void {}
    expect(parse({ big: 2n ** 70n, fn: handler, arrow: () => 1 })).toEqual({
      big: '1180591620717411303424',
      fn: '[Function handler]',
      arrow: '[Function arrow]',
    });
  });

  it('turns Errors into { name, message, stack } with their own fields and cause', () => {
    const error = Object.assign(new TypeError('bad input', { cause: new Error('root') }), { code: 'E_BAD' });
    const out = parse({ error }).error as Record<string, unknown>;
    expect(out).toMatchObject({ name: 'TypeError', message: 'bad input', code: 'E_BAD' });
    expect(out.stack).toContain('TypeError: bad input');
    expect(out.cause).toMatchObject({ name: 'Error', message: 'root' });
  });

  it('cuts nesting past 32 levels, the context being level 1', () => {
    const context: Record<string, unknown> = {};
    let node = context;
    for (let level = 2; level <= 40; level++) node = node.next = { level };
    let depth = 1;
    let out = parse(context);
    while (typeof out.next === 'object') {
      out = out.next as Record<string, unknown>;
      depth++;
    }
    expect(depth).toBe(32);
    expect(out.next).toBe('[Truncated]');
  });

  it('keeps toJSON results (dates) and replaces a context that throws while serialising', () => {
    expect(parse({ at: new Date(0) })).toEqual({ at: '1970-01-01T00:00:00.000Z' });
    const hostile = {
      get boom(): never {
        throw new Error('getter exploded');
      },
    };
    expect(parse(hostile)).toEqual({ serializationError: 'Error: getter exploded' });
  });
});

describe(lineOf.name, () => {
  it('adds the snapshotted context to the flat fields, once', () => {
    const log: QueuedLog = {
      event: { eventId: 'e1', timestamp: 1, level: 'info', bucket: 'b', message: 'm' },
      context: '{"a":1}',
    };
    expect(JSON.parse(lineOf(log))).toEqual({ ...log.event, context: { a: 1 } });
    expect(lineOf(log)).toBe(log.line);
  });
});

describe(uuid.name, () => {
  it('gives distinct v4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 1000 }, uuid));
    expect(ids.size).toBe(1000);
    ids.forEach((id) => expect(id).toMatch(V4));
  });

  it('still gives v4 UUIDs where randomUUID is missing (pages over plain http)', () => {
    const real = globalThis.crypto;
    const getRandomValues = real.getRandomValues.bind(real);
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues }, configurable: true });
    try {
      expect(uuid()).toMatch(V4);
      expect(uuid()).not.toBe(uuid());
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: real, configurable: true });
    }
  });
});
