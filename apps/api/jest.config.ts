import { nodeProject } from '../../jest.preset';

// Unit specs sit beside the code; end-to-end specs run the real server over a real port.
export default {
  ...nodeProject('api', __dirname),
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
};
