import type { IngestRequest, LogEntryInput } from '@logdesk/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI description of `POST /logs`; validation itself is `validateIngestBody`. */
export class LogEntryDto implements LogEntryInput {
  @ApiProperty({ minLength: 1, maxLength: 128 }) bucket!: string;
  @ApiProperty({ enum: ['debug', 'info', 'warn', 'error', 'fatal'], description: 'Case-insensitive' }) level!: string;
  @ApiProperty({ description: 'At most 256 KiB' }) message!: string;
  @ApiPropertyOptional({ description: 'Unix ms; server time when absent' }) timestamp?: number;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'At most 64 keys' })
  tags?: Record<string, string>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) context?: Record<string, unknown> | null;
  @ApiPropertyOptional({ maxLength: 256 }) traceId?: string;
  @ApiPropertyOptional({ maxLength: 256 }) userId?: string;
  @ApiPropertyOptional({ maxLength: 256 }) sessionId?: string;
  @ApiPropertyOptional({ maxLength: 256 }) env?: string;
  @ApiPropertyOptional({ maxLength: 256 }) appName?: string;
  @ApiPropertyOptional({ maxLength: 256 }) appVersion?: string;
  @ApiPropertyOptional({ minLength: 1, maxLength: 64, description: 'Deduplication key within the project' }) eventId?: string;
}

export class IngestRequestDto implements IngestRequest {
  @ApiProperty({ minLength: 1, maxLength: 128 }) projectId!: string;
  @ApiProperty({ type: [LogEntryDto], maxItems: 10_000 }) logs!: LogEntryDto[];
}
