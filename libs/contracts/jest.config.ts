import { nodeProject } from '../../jest.preset';

export default { ...nodeProject('contracts', __dirname), testMatch: ['<rootDir>/src/**/*.spec.ts'] };
