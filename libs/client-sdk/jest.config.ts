import { readFileSync } from 'node:fs';
import { nodeProject } from '../../jest.preset';

const { version } = JSON.parse(readFileSync(`${__dirname}/package.json`, 'utf8')) as { version: string };

// Unit specs sit beside the code; test/ holds the specs over real HTTP, child processes and Chromium.
export default {
  ...nodeProject('client-sdk', __dirname),
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // Child-process and browser specs use the built bundles: rebuilt here when older than the sources.
  globalSetup: '<rootDir>/test/support/ensure-build.ts',
  // The build injects the package version; specs that run the sources see the same value.
  globals: { __LOGDESK_SDK_VERSION__: version },
  testTimeout: 60_000,
};
