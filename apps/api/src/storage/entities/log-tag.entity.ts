import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMs } from './columns';

/** The tag index: one row per (log, tag), keyed so a tag filter walks newest-first. */
@Entity('log_tags')
export class LogTagEntity {
  @PrimaryColumn('varchar', { name: 'project_id', length: 128 })
  projectId!: string;

  @PrimaryColumn('varchar', { length: 64 })
  key!: string;

  @PrimaryColumn('text')
  value!: string;

  @PrimaryColumn('bigint', { name: 'log_id', transformer: epochMs })
  logId!: number;
}

/** The tag catalogue: every key and value seen in a project, with how many logs carry it. */
@Entity('tag_values')
export class TagValueEntity {
  @PrimaryColumn('varchar', { name: 'project_id', length: 128 })
  projectId!: string;

  @PrimaryColumn('varchar', { length: 64 })
  key!: string;

  @PrimaryColumn('text')
  value!: string;

  @Column('bigint', { transformer: epochMs })
  count!: number;
}
