import type { Config } from 'jest';
import { nodeProject } from '../../jest.preset';

/**
 * The dashboard's browser end-to-end specs: the real built server (dist/apps/api) serving the
 * real build (dist/apps/web), driven in Chromium by playwright-core. Node environment.
 */
const config: Config = {
  ...nodeProject('web-e2e', __dirname),
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 60_000,
};

export default config;
