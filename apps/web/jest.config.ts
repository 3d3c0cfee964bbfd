import { nodeProject } from '../../jest.preset';

export default { ...nodeProject('placeholder', __dirname), testMatch: ['<rootDir>/src/**/*.spec.ts'] };
