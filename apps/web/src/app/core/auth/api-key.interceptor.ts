import {
  HttpErrorResponse,
  type HttpEvent,
  type HttpHandlerFn,
  type HttpInterceptorFn,
  type HttpRequest,
} from '@angular/common/http';
import { inject } from '@angular/core';
import { type Observable, catchError, from, switchMap, throwError } from 'rxjs';
import { ApiKeyStore } from './api-key.store';

/** Wrong keys typed in a row before the request gives up with its 401. */
const MAX_PROMPTS = 3;

const isApiRequest = (url: string): boolean => url.startsWith('/api/') || url.startsWith('/api?');

function withKey(request: HttpRequest<unknown>, key: string | null): HttpRequest<unknown> {
  return key ? request.clone({ setHeaders: { Authorization: `Bearer ${key}` } }) : request;
}

/**
 * Sends the stored key as `Authorization: Bearer <key>` on every `/api` request; on a 401 asks
 * the user for a key (once, shared by all failing requests) and retries with it.
 */
export const apiKeyInterceptor: HttpInterceptorFn = (request, next) => {
  if (!isApiRequest(request.url)) return next(request);
  return sendWithKey(request, next, inject(ApiKeyStore), 0);
};

function sendWithKey(
  request: HttpRequest<unknown>,
  next: HttpHandlerFn,
  keys: ApiKeyStore,
  attempt: number,
): Observable<HttpEvent<unknown>> {
  const sentKey = keys.key();
  return next(withKey(request, sentKey)).pipe(
    catchError((error: unknown) => {
      if (!(error instanceof HttpErrorResponse) || error.status !== 401 || attempt >= MAX_PROMPTS) {
        return throwError(() => error);
      }
      return from(keys.replaceRejected(sentKey)).pipe(
        switchMap((key) => (key ? sendWithKey(request, next, keys, attempt + 1) : throwError(() => error))),
      );
    }),
  );
}
