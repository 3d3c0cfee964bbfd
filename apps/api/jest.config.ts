import { nodeProject } from '../../jest.preset';

// Unit specs sit beside the code; end-to-end specs run the real server over a real port.
export default {
  ...nodeProject('api', __dirname),
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // Several instances sharing one database: PostgreSQL only (jest.postgres.config.ts).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/multi-instance.e2e-spec.ts', '<rootDir>/test/redis-cluster.e2e-spec.ts'],
};
