import type { HealthResponse } from '@logdesk/contracts';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IntakeService } from '../ingestion/intake.service';
import { LOG_STORE, type LogStore } from '../storage/log-store';
import { APP_VERSION } from '../version';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly intake: IntakeService,
    @Inject(LOG_STORE) private readonly store: LogStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness, version, storage engine and queued logs; never needs a key' })
  health(): HealthResponse {
    return { status: 'ok', version: APP_VERSION, storage: this.store.kind, queue: { pending: this.intake.pending } };
  }
}
