import { QUERY_LIMITS, type Bucket, type Project, type SavedFilter, type TagFacet, type Workspace } from '@logdesk/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { BucketEntity, ProjectEntity, SavedFilterEntity, WorkspaceEntity } from '../storage/entities';
import { LOG_STORE, type LogStore } from '../storage/log-store';
import { toBucket, toProject, toSavedFilter, toWorkspace } from './catalogue.mapper';

/** Workspaces, projects and what hangs off a project. Created by the writer, read here. */
@Injectable()
export class ProjectsService {
  constructor(
    @InjectRepository(WorkspaceEntity) private readonly workspaces: Repository<WorkspaceEntity>,
    @InjectRepository(ProjectEntity) private readonly projects: Repository<ProjectEntity>,
    @InjectRepository(BucketEntity) private readonly buckets: Repository<BucketEntity>,
    @InjectRepository(SavedFilterEntity) private readonly filters: Repository<SavedFilterEntity>,
    @Inject(LOG_STORE) private readonly store: LogStore,
  ) {}

  async listWorkspaces(): Promise<Workspace[]> {
    return (await this.workspaces.find({ order: { createdAt: 'ASC', id: 'ASC' } })).map(toWorkspace);
  }

  async listProjects(): Promise<Project[]> {
    return (await this.projects.find({ order: { createdAt: 'ASC', id: 'ASC' } })).map(toProject);
  }

  async getProject(projectId: string): Promise<Project> {
    const project = await this.projects.findOneBy({ id: projectId });
    if (!project) throw ApiError.notFound(`Project "${projectId}" not found`);
    return toProject(project);
  }

  async listBuckets(projectId: string): Promise<Bucket[]> {
    await this.getProject(projectId);
    return (await this.buckets.find({ where: { projectId }, order: { name: 'ASC' } })).map(toBucket);
  }

  async listTags(projectId: string): Promise<TagFacet[]> {
    await this.getProject(projectId);
    return this.store.tagCatalogue(projectId, QUERY_LIMITS.tagValuesPerKey);
  }

  async listFilters(projectId: string): Promise<SavedFilter[]> {
    await this.getProject(projectId);
    const filters = await this.filters.find({ where: { projectId }, order: { isDefault: 'DESC', createdAt: 'ASC' } });
    return filters.map(toSavedFilter);
  }
}
