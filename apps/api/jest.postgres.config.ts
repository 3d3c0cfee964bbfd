import { nodeProject } from '../../jest.preset';

// The API end-to-end specs again, each server on PostgreSQL in a fresh schema of the `test` database
// (LOGDESK_TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). PostgreSQL down fails them.
export default {
  ...nodeProject('api-postgres', __dirname),
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  // Locks the SQLite file to stall its writer thread: SQLite only.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/sqlite-writer-stall.e2e-spec.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/postgres-env.ts'],
};
