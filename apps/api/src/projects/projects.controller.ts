import type { Bucket, Project, SavedFilter, TagFacet, Workspace } from '@logdesk/contracts';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ProjectsService } from './projects.service';

@ApiTags('projects')
@Controller('api')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get('workspaces')
  @ApiOperation({ summary: 'Every workspace; auto-created projects go to "unsorted"' })
  workspaces(): Promise<Workspace[]> {
    return this.projects.listWorkspaces();
  }

  @Get('projects')
  @ApiOperation({ summary: 'Every project, oldest first' })
  list(): Promise<Project[]> {
    return this.projects.listProjects();
  }

  @Get('projects/:projectId')
  @ApiOperation({ summary: 'One project, or 404' })
  get(@Param('projectId') projectId: string): Promise<Project> {
    return this.projects.getProject(projectId);
  }

  @Get('projects/:projectId/buckets')
  @ApiOperation({ summary: "A project's buckets by name" })
  buckets(@Param('projectId') projectId: string): Promise<Bucket[]> {
    return this.projects.listBuckets(projectId);
  }

  @Get('projects/:projectId/tags')
  @ApiOperation({ summary: 'Every tag key seen, with its most frequent values (at most 100 a key)' })
  tags(@Param('projectId') projectId: string): Promise<TagFacet[]> {
    return this.projects.listTags(projectId);
  }

  @Get('projects/:projectId/filters')
  @ApiOperation({ summary: 'Saved views, "All Logs" first' })
  filters(@Param('projectId') projectId: string): Promise<SavedFilter[]> {
    return this.projects.listFilters(projectId);
  }
}
