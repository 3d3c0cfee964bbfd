import type { ContextResponse, ExportFormat, LogRecord, LogsPage, StatsResponse, TailResponse } from '@logdesk/contracts';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../common/api-error';
import { EXPORT_CONTENT_TYPES, exportStream } from './export-format';
import { LogsService, type LogsQuery } from './logs.service';

const FILTER_QUERIES = [
  { name: 'projectId', required: true },
  { name: 'level', required: false, description: 'Comma list: debug,info,warn,error,fatal' },
  { name: 'bucket', required: false, description: 'Comma list of bucket names' },
  { name: 'search', required: false, description: 'Case-insensitive substring of the message' },
  { name: 'tags', required: false, description: 'JSON {"env":"prod","region":["eu","us"]} or pairs env:prod,region:eu' },
  { name: 'traceId', required: false },
  { name: 'userId', required: false },
  { name: 'sessionId', required: false },
  { name: 'since', required: false, description: 'Unix ms, timestamp >= since' },
  { name: 'until', required: false, description: 'Unix ms, timestamp < until' },
];

const FilterQueries = (): MethodDecorator => (target, key, descriptor) => {
  for (const query of FILTER_QUERIES) ApiQuery({ ...query, type: String })(target, key, descriptor);
};

@ApiTags('logs')
@Controller('api/logs')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Get()
  @ApiOperation({ summary: 'A page of logs, newest first (by id); next page: beforeId = smallest id' })
  @FilterQueries()
  @ApiQuery({ name: 'beforeId', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'Default 100, clamped to 1000' })
  list(@Query() query: LogsQuery): Promise<LogsPage> {
    return this.logs.list(query);
  }

  @Get('tail')
  @ApiOperation({ summary: 'Newest logs across all projects (firehose)' })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'Default 20, clamped to 100' })
  @ApiQuery({ name: 'level', required: false, type: String })
  tail(@Query() query: { limit?: string; level?: string }): Promise<TailResponse> {
    return this.logs.tail(query);
  }

  @Get('stats')
  @ApiOperation({ summary: 'Counts by level, bucket and tag (facets) and a histogram by level' })
  @FilterQueries()
  @ApiQuery({ name: 'buckets', required: false, type: Number, description: 'Histogram bins, default 60' })
  stats(@Query() query: LogsQuery): Promise<StatsResponse> {
    return this.logs.stats(query);
  }

  @Get('export')
  @ApiOperation({ summary: 'Every matching log, newest first, streamed as NDJSON or CSV' })
  @FilterQueries()
  @ApiQuery({ name: 'format', required: false, enum: ['ndjson', 'csv'] })
  export(@Query() query: LogsQuery & { format?: string }, @Res() reply: FastifyReply): void {
    const format = (query.format ?? 'ndjson') as ExportFormat;
    if (!(format in EXPORT_CONTENT_TYPES)) {
      throw ApiError.badRequest('format must be ndjson or csv', [{ path: 'format', message: 'must be ndjson or csv' }]);
    }
    const filter = this.logs.exportFilter(query);
    const name = `logdesk-${filter.projectId}-${new Date().toISOString().replace(/[:.]/g, '-')}.${format}`;
    void reply
      .header('Content-Type', EXPORT_CONTENT_TYPES[format])
      .header('Content-Disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
      .send(exportStream(this.logs.exportLogs(filter), format));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One log by id' })
  findOne(@Param('id') id: string): Promise<LogRecord> {
    return this.logs.findOne(id);
  }

  @Get(':id/context')
  @ApiOperation({ summary: 'Neighbours of a log in its project, optionally sharing bucket, trace, session or user' })
  @ApiQuery({ name: 'by', required: false, enum: ['bucket', 'trace', 'session', 'user'] })
  @ApiQuery({ name: 'before', required: false, type: Number })
  @ApiQuery({ name: 'after', required: false, type: Number })
  context(@Param('id') id: string, @Query() query: { by?: string; before?: string; after?: string }): Promise<ContextResponse> {
    return this.logs.context(id, query);
  }
}
