import { stopAllLogdesk } from './logdesk-process';
import { dropTestSchemas } from './postgres';

// setupFilesAfterEnv of apps/api/jest.postgres.config.ts: every server a spec starts runs on PostgreSQL.
process.env.LOGDESK_TEST_POSTGRES = '1';

afterAll(async () => {
  // Runs before a spec's own top-level afterAll: servers still running are stopped here, then their schemas go.
  await stopAllLogdesk();
  await dropTestSchemas();
});
