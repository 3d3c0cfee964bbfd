import type { Config } from 'jest';

// One Jest project per app and lib; each folder owns its own jest.config.ts.
const config: Config = {
  projects: ['<rootDir>/libs/contracts', '<rootDir>/apps/api', '<rootDir>/libs/client-sdk', '<rootDir>/apps/web'],
};

export default config;
