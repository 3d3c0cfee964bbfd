import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './config/app-config';

/** The product version, from the root package.json. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as { version: string }
).version;
