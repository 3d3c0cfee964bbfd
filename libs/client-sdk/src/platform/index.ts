import { browserPlatform } from './browser';
import { nodePlatform } from './node';
import { barePlatform, type Platform } from './platform';

export type { Platform, LeaveHooks, ErrorReporter } from './platform';

/** Defined (as true) only for the browser-only bundles (scripts/build.mjs), which so leave the Node adapter out. */
declare const __LOGDESK_BROWSER_BUILD__: boolean | undefined;

/** Picks the host adapter at run time, so one bundle serves pages, Node and everything else. */
export function detectPlatform(): Platform {
  if (typeof window !== 'undefined' && typeof document !== 'undefined') return browserPlatform();
  if (typeof __LOGDESK_BROWSER_BUILD__ === 'undefined' && typeof process !== 'undefined' && process.versions?.node) {
    return nodePlatform();
  }
  return barePlatform;
}
