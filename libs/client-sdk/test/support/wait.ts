import { setTimeout as realDelay } from 'node:timers/promises';

/** Polls `check` in real time until it returns a truthy value (the API specs' helper). */
export { waitFor } from '../../../../apps/api/test/support/http';

/** Real-time pause, unaffected by Jest's fake timers. */
export const pause = (ms: number): Promise<unknown> => realDelay(ms);

/**
 * Moves Jest's fake clock forward in small steps, giving real sockets time to work between steps,
 * until `done()` holds or `budgetMs` of fake time has passed. On a busy machine a response can take
 * more than one step to come back, so waits measured on the fake clock may come out a few steps long.
 */
export async function advanceUntil(done: () => boolean, budgetMs: number, stepMs = 50): Promise<void> {
  for (let elapsed = 0; !done() && elapsed <= budgetMs; elapsed += stepMs) {
    await jest.advanceTimersByTimeAsync(stepMs);
    await realDelay(10);
  }
}
