import { HttpErrorResponse } from '@angular/common/http';
import type { ErrorBody } from '@logdesk/contracts';

/** One line for the user from whatever an API call failed with. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpErrorResponse) {
    if (error.status === 0) return 'Logdesk is not reachable. Is the server running?';
    const body = error.error as Partial<ErrorBody> | null;
    if (body && typeof body === 'object' && typeof body.message === 'string') return body.message;
    return `${error.status} ${error.statusText}`.trim();
  }
  return error instanceof Error ? error.message : String(error);
}
