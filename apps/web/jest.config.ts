import type { Config } from 'jest';
import { createCjsPreset } from 'jest-preset-angular/presets';

/** Unit and component specs of the dashboard: jsdom, zoneless Angular test bed. */
const config: Config = {
  ...createCjsPreset({ tsconfig: '<rootDir>/tsconfig.spec.json' }),
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  moduleNameMapper: {
    '^@logdesk/contracts$': '<rootDir>/../../libs/contracts/src/index.ts',
  },
};

export default config;
