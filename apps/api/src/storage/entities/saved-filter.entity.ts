import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMs } from './columns';

@Entity('saved_filters')
@Index(['projectId', 'isDefault'])
export class SavedFilterEntity {
  @PrimaryColumn('varchar', { length: 160 })
  id!: string;

  @Column('varchar', { name: 'project_id', length: 128 })
  projectId!: string;

  @Column('varchar', { length: 256 })
  name!: string;

  /** JSON of the `GET /api/logs` parameters. */
  @Column('text')
  query!: string;

  @Column('boolean', { name: 'is_default' })
  isDefault!: boolean;

  @Column('bigint', { name: 'created_at', transformer: epochMs })
  createdAt!: number;
}
