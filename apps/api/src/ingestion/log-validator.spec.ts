import { ApiError } from '../common/api-error';
import { validateIngestBody } from './log-validator';

describe(validateIngestBody.name, () => {
  it('normalises levels, tag values and absent fields', () => {
    const { projectId, logs } = validateIngestBody(
      { projectId: 'p', logs: [{ bucket: 'b', level: 'FATAL', message: 'm', tags: { n: 1, ok: true } }] },
      123,
    );
    expect(projectId).toBe('p');
    expect(logs[0]).toMatchObject({ level: 'fatal', timestamp: 123, tags: { n: '1', ok: 'true' }, context: null, eventId: null });
  });

  it('collects every bad field with its path', () => {
    const error = (() => {
      try {
        validateIngestBody({ projectId: 'p', logs: [{ bucket: 'b', level: 'x', message: 'm' }, { level: 'info' }] });
      } catch (thrown) {
        return thrown as ApiError;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error!.statusCode).toBe(400);
    expect(error!.details!.map((d) => d.path)).toEqual(['logs[0].level', 'logs[1].bucket', 'logs[1].message']);
  });

  it('accepts a context nested exactly 32 levels and refuses 33', () => {
    const nest = (levels: number): Record<string, unknown> => (levels === 1 ? { leaf: 1 } : { child: nest(levels - 1) });
    expect(() => validateIngestBody({ projectId: 'p', logs: [{ bucket: 'b', level: 'info', message: 'm', context: nest(32) }] })).not.toThrow();
    expect(() => validateIngestBody({ projectId: 'p', logs: [{ bucket: 'b', level: 'info', message: 'm', context: nest(33) }] })).toThrow(ApiError);
  });
});
