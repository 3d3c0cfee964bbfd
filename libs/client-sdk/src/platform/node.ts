import type { ErrorReporter, LeaveHooks, Platform } from './platform';

/** Marks our own listeners, so "is anyone else listening?" can leave them out. */
type Listener = ((value: unknown) => void) & { logdesk?: true };

/** Bound on the flush after a fatal error before the process exits (CONTRACT section 7). */
const EXIT_FLUSH_MS = 2000;

const othersListening = (listeners: unknown[]): boolean =>
  listeners.some((listener) => !(listener as Listener).logdesk);

/** Node's --unhandled-rejections mode: `warn`, `warn-with-error-code` and `none` keep the process alive. */
const rejectionsAreFatal = (): boolean =>
  !/--unhandled-rejections[= ](warn|none)/.test(`${process.execArgv} ${process.env.NODE_OPTIONS}`);

/** Flushes of every client that saw the fatal error; set once the process is on its way out. */
let exitFlushes: Promise<void>[] | undefined;

/**
 * What Node would have done without our listener: print the error and exit with code 1, after giving the
 * queued logs (the fatal one included) at most 2 s to leave.
 */
function exitAfterFlush(error: unknown, flush: () => Promise<void>): void {
  if (exitFlushes) return void exitFlushes.push(flush());
  exitFlushes = [flush()];
  process.stderr.write(`${(error as Error | undefined)?.stack ?? String(error)}\n`);
  // Deliberately not unref'd: the flush may be waiting on unref'd retry timers, and without this timer
  // the process could run dry and exit with code 0.
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, EXIT_FLUSH_MS));
  // Other clients' listeners run right after this one in the same emit: their flushes join before the wait.
  setImmediate(() => void Promise.race([Promise.all(exitFlushes!), deadline]).then(() => process.exit(1)));
}

/** Node host: beforeExit flush and process error events. */
export function nodePlatform(): Platform {
  return {
    dev: process.env.NODE_ENV === 'development',

    onLeave({ flush }: LeaveHooks) {
      // The client's timers are unref'd, so a script that just ends would leave logs behind without this.
      const onBeforeExit = (): void => void flush();
      process.on('beforeExit', onBeforeExit);
      return () => void process.off('beforeExit', onBeforeExit);
    },

    captureErrors(report: ErrorReporter, flush: () => Promise<void>) {
      const onException: Listener = (error: unknown) => {
        report(error, { source: 'uncaughtException' });
        if (!othersListening(process.listeners('uncaughtException'))) exitAfterFlush(error, flush);
      };
      // Any unhandledRejection listener switches off Node's default crash; keep it when we are the only one.
      const onRejection: Listener = (reason: unknown) => {
        report(reason, { source: 'unhandledRejection' });
        if (!othersListening(process.listeners('unhandledRejection')) && rejectionsAreFatal())
          exitAfterFlush(reason, flush);
      };
      onException.logdesk = onRejection.logdesk = true;
      process.on('uncaughtException', onException);
      process.on('unhandledRejection', onRejection);
      return () => {
        process.off('uncaughtException', onException);
        process.off('unhandledRejection', onRejection);
      };
    },
  };
}
