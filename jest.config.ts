import type { Config } from 'jest';

// One Jest project per app and lib; each folder owns its own jest.config.ts.
const config: Config = {
  // End-to-end specs start real servers and browsers; the per-test bound is generous on purpose.
  testTimeout: 60_000,
  projects: ['<rootDir>/libs/contracts', '<rootDir>/apps/api', '<rootDir>/apps/api/jest.postgres.config.ts', '<rootDir>/libs/client-sdk', '<rootDir>/apps/web', '<rootDir>/apps/web/jest.e2e.config.ts'],
};

export default config;
