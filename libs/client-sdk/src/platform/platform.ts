/** What the core asks of its host: browser and Node differ only here. */
export interface Platform {
  /** NODE_ENV is "development": internal problems are written with console.warn. */
  dev: boolean;
  /**
   * Requests go through a CORS preflight (a page posting to Logdesk's origin). A page that is closed
   * before its preflight is done can lose the request behind it, so the first log gets one done early.
   */
  preflight?: boolean;
  /**
   * Sends queued logs when the app goes away: a hidden page (synchronous, `keepalive`) or Node's
   * `beforeExit`. Returns the undo.
   */
  onLeave(hooks: LeaveHooks): () => void;
  /** Reports uncaught errors and unhandled rejections through `report`; returns the undo. */
  captureErrors(report: ErrorReporter, flush: () => Promise<void>): () => void;
}

export interface LeaveHooks {
  /** Hands everything queued to the network at once, without waiting. */
  sendNow(): void;
  /** Sends everything queued the ordinary way. */
  flush(): Promise<void>;
}

/** `extra` lands in the log's context beside the error's name and stack. */
export type ErrorReporter = (error: unknown, extra: Record<string, unknown>) => void;

/** Hosts with neither a page nor a process (workers, other runtimes): logging only. */
export const barePlatform: Platform = {
  dev: false,
  onLeave: () => () => undefined,
  captureErrors: () => () => undefined,
};
