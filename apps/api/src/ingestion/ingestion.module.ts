import { Module } from '@nestjs/common';
import { IngestionController } from './ingestion.controller';
import { IntakeService } from './intake.service';

@Module({
  controllers: [IngestionController],
  providers: [IntakeService],
  exports: [IntakeService],
})
export class IngestionModule {}
