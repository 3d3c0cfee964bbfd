import type { Config } from 'jest';

/** Shared settings for the Node-side Jest projects (ts-jest, path alias of libs/contracts). */
export const nodeProject = (displayName: string, rootDir: string): Config => ({
  displayName,
  rootDir,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: `${__dirname}/tsconfig.spec.json` }],
  },
  moduleNameMapper: {
    '^@logdesk/contracts$': `${__dirname}/libs/contracts/src/index.ts`,
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
});
