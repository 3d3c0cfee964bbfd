import type { ValueTransformer } from 'typeorm';

/**
 * Times are stored as Unix ms in a BIGINT: compact, indexable and portable between SQLite and
 * PostgreSQL (which hands BIGINT back as a string, hence the transformer).
 */
export const epochMs: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

export const toIso = (ms: number): string => new Date(ms).toISOString();
