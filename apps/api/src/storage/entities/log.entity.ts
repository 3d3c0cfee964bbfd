import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMs } from './columns';

/**
 * One stored log. Indexes, the full-text index and the tag tables are created by the migrations
 * (they are engine-specific); the writer and the query builder use the driver directly.
 */
@Entity('logs')
export class LogEntity {
  @PrimaryColumn('bigint', { transformer: epochMs })
  id!: number;

  @Column('varchar', { name: 'project_id', length: 128 })
  projectId!: string;

  @Column('varchar', { length: 128 })
  bucket!: string;

  @Column('varchar', { length: 8 })
  level!: string;

  @Column('text')
  message!: string;

  @Column('bigint', { transformer: epochMs })
  timestamp!: number;

  /** JSON object of the tags, or null for none. */
  @Column('text', { nullable: true })
  tags!: string | null;

  /** JSON of the context, or null. */
  @Column('text', { nullable: true })
  context!: string | null;

  @Column('varchar', { name: 'trace_id', length: 256, nullable: true })
  traceId!: string | null;

  @Column('varchar', { name: 'user_id', length: 256, nullable: true })
  userId!: string | null;

  @Column('varchar', { name: 'session_id', length: 256, nullable: true })
  sessionId!: string | null;

  @Column('varchar', { length: 256, nullable: true })
  env!: string | null;

  @Column('varchar', { name: 'app_name', length: 256, nullable: true })
  appName!: string | null;

  @Column('varchar', { name: 'app_version', length: 256, nullable: true })
  appVersion!: string | null;

  @Column('varchar', { name: 'event_id', length: 64, nullable: true })
  eventId!: string | null;

  @Column('bigint', { name: 'created_at', transformer: epochMs })
  createdAt!: number;
}
