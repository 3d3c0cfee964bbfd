import { BucketEntity } from './bucket.entity';
import { IntakeCheckpointEntity } from './intake-checkpoint.entity';
import { LogTagEntity, TagValueEntity } from './log-tag.entity';
import { LogEntity } from './log.entity';
import { ProjectEntity } from './project.entity';
import { SavedFilterEntity } from './saved-filter.entity';
import { WorkspaceEntity } from './workspace.entity';

export {
  BucketEntity,
  IntakeCheckpointEntity,
  LogEntity,
  LogTagEntity,
  ProjectEntity,
  SavedFilterEntity,
  TagValueEntity,
  WorkspaceEntity,
};

export const ENTITIES = [
  WorkspaceEntity,
  ProjectEntity,
  BucketEntity,
  SavedFilterEntity,
  LogEntity,
  LogTagEntity,
  TagValueEntity,
  IntakeCheckpointEntity,
];
