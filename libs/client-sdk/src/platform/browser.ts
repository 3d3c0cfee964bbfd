import type { ErrorReporter, LeaveHooks, Platform } from './platform';

function isDevelopment(): boolean {
  try {
    // Bundlers replace this expression; on a page without one `process` is undefined and we stay silent.
    return process.env.NODE_ENV === 'development';
  } catch {
    return false;
  }
}

/** Adds a listener and returns its removal. */
function listen<E extends Event>(target: EventTarget, type: string, listener: (event: E) => void): () => void {
  target.addEventListener(type, listener as EventListener);
  return () => target.removeEventListener(type, listener as EventListener);
}

const all =
  (...undo: (() => void)[]) =>
  (): void =>
    undo.forEach((fn) => fn());

/** Browser host: page lifecycle and window error events. */
export function browserPlatform(): Platform {
  return {
    dev: isDevelopment(),
    preflight: true,

    onLeave({ sendNow }: LeaveHooks) {
      // `pagehide` is the last event a page reliably gets (unload is not fired on mobile or from bfcache);
      // a hidden page may be killed without any further event.
      return all(
        listen(window, 'pagehide', () => sendNow()),
        listen(document, 'visibilitychange', () => document.visibilityState === 'hidden' && sendNow()),
      );
    },

    captureErrors(report: ErrorReporter) {
      return all(
        // `error` is null for "Script error." from cross-origin scripts; the message is all there is.
        // The file and line are in the stack of a real Error.
        listen<ErrorEvent>(window, 'error', (event) => report(event.error ?? event.message, { source: 'error' })),
        listen<PromiseRejectionEvent>(window, 'unhandledrejection', (event) =>
          report(event.reason, { source: 'unhandledrejection' }),
        ),
      );
    },
  };
}
