import type { IngestResponse } from '@logdesk/contracts';
import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { IngestRequestDto } from './ingest-request.dto';
import { IntakeService } from './intake.service';
import { validateIngestBody } from './log-validator';

@ApiTags('ingestion')
@Controller()
export class IngestionController {
  constructor(private readonly intake: IntakeService) {}

  @Post('logs')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ingest logs',
    description:
      'JSON body, optionally gzip or deflate (Content-Encoding). Journaled before the 200, stored in the background. ' +
      'All or nothing: one bad entry rejects the request with 400 and the path of each bad field.',
  })
  @ApiBody({ type: IngestRequestDto })
  @ApiResponse({ status: 200, description: '{ "status": "ok", "processed": 0 }' })
  @ApiResponse({ status: 400, description: 'Invalid body; `details` lists each bad field' })
  @ApiResponse({ status: 413, description: 'Over 5 MiB on the wire, 50 MiB inflated, or 10,000 logs' })
  @ApiResponse({ status: 415, description: 'Not application/json, or an unknown Content-Encoding' })
  @ApiResponse({ status: 503, description: 'The queue is full; see Retry-After' })
  ingest(@Body() body: unknown, @Headers('content-type') contentType?: string): IngestResponse {
    if (!contentType || contentType.split(';')[0].trim().toLowerCase() !== 'application/json') {
      throw ApiError.unsupportedMediaType('Content-Type must be application/json');
    }
    const { projectId, logs } = validateIngestBody(body);
    this.intake.accept(projectId, logs);
    return { status: 'ok', processed: 0 };
  }
}
