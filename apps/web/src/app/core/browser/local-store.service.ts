import { Injectable, inject } from '@angular/core';
import { LOCAL_STORAGE } from './browser-tokens';

/** JSON values in localStorage under one `logdesk.` prefix; never throws (quota, private mode). */
@Injectable({ providedIn: 'root' })
export class LocalStore {
  private readonly storage = inject(LOCAL_STORAGE);

  read<T>(key: string, fallback: T): T {
    try {
      const raw = this.storage?.getItem(`logdesk.${key}`);
      return raw == null ? fallback : (JSON.parse(raw) as T);
    } catch {
      return fallback;
    }
  }

  write(key: string, value: unknown): void {
    try {
      if (value === undefined || value === null) this.storage?.removeItem(`logdesk.${key}`);
      else this.storage?.setItem(`logdesk.${key}`, JSON.stringify(value));
    } catch {
      // A full or disabled storage only costs persistence, never the dashboard.
    }
  }
}
