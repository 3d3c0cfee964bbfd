import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMs } from './columns';

/**
 * The last intake-journal sequence number whose logs are committed, per journal (one journal per
 * data directory / instance). Written in the same transaction as the logs, so a replay after a
 * crash stores every journaled request exactly once.
 */
@Entity('intake_checkpoints')
export class IntakeCheckpointEntity {
  @PrimaryColumn('varchar', { name: 'journal_id', length: 128 })
  journalId!: string;

  @Column('bigint', { name: 'seq', transformer: epochMs })
  seq!: number;
}
