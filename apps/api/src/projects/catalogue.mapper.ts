import type { Bucket, Project, SavedFilter, Workspace } from '@logdesk/contracts';
import { toIso } from '../storage/entities/columns';
import type { BucketEntity, ProjectEntity, SavedFilterEntity, WorkspaceEntity } from '../storage/entities';

export const toWorkspace = (e: WorkspaceEntity): Workspace => ({ id: e.id, name: e.name, createdAt: toIso(e.createdAt) });

export const toProject = (e: ProjectEntity): Project => ({
  id: e.id,
  name: e.name,
  workspaceId: e.workspaceId,
  createdAt: toIso(e.createdAt),
});

export const toBucket = (e: BucketEntity): Bucket => ({
  id: `${e.projectId}:${e.name}`,
  name: e.name,
  projectId: e.projectId,
  createdAt: toIso(e.createdAt),
});

export const toSavedFilter = (e: SavedFilterEntity): SavedFilter => ({
  id: e.id,
  projectId: e.projectId,
  name: e.name,
  query: JSON.parse(e.query) as SavedFilter['query'],
  isDefault: Boolean(e.isDefault),
  createdAt: toIso(e.createdAt),
});
