import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMs } from './columns';

@Entity('projects')
export class ProjectEntity {
  @PrimaryColumn('varchar', { length: 128 })
  id!: string;

  @Column('varchar', { length: 256 })
  name!: string;

  @Index()
  @Column('varchar', { name: 'workspace_id', length: 128 })
  workspaceId!: string;

  @Column('bigint', { name: 'created_at', transformer: epochMs })
  createdAt!: number;
}
