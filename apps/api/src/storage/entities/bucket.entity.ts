import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMs } from './columns';

@Entity('buckets')
export class BucketEntity {
  @PrimaryColumn('varchar', { name: 'project_id', length: 128 })
  projectId!: string;

  @PrimaryColumn('varchar', { length: 128 })
  name!: string;

  @Column('bigint', { name: 'created_at', transformer: epochMs })
  createdAt!: number;
}
