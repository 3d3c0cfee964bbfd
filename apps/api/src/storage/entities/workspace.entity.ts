import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMs } from './columns';

@Entity('workspaces')
export class WorkspaceEntity {
  @PrimaryColumn('varchar', { length: 128 })
  id!: string;

  @Column('varchar', { length: 256 })
  name!: string;

  @Column('bigint', { name: 'created_at', transformer: epochMs })
  createdAt!: number;
}
