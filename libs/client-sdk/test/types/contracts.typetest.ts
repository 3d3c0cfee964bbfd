// Compiled by test/node/package.spec.ts: the SDK's own LogLevel (its declarations may not import
// @logdesk/contracts) must stay the contract's LogLevel.
import type { LogLevel as ContractLevel } from '@logdesk/contracts';
import type { LogLevel } from '@logdesk/client-sdk';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const levelsMatch: Same<LogLevel, ContractLevel> = true;

export { levelsMatch };
