import { DOCUMENT, InjectionToken, inject } from '@angular/core';

/** The browser window (with its constructors: URL, ResizeObserver); injected so specs can substitute it. */
export type BrowserWindow = Window & typeof globalThis;

export const WINDOW = new InjectionToken<BrowserWindow>('WINDOW', {
  providedIn: 'root',
  factory: () => {
    const view = inject(DOCUMENT).defaultView;
    if (!view) throw new Error('Logdesk runs in a browser window only');
    return view as BrowserWindow;
  },
});

/** localStorage, or null where the browser refuses it (private mode, disabled cookies). */
export const LOCAL_STORAGE = new InjectionToken<Storage | null>('LOCAL_STORAGE', {
  providedIn: 'root',
  factory: () => {
    try {
      return inject(WINDOW).localStorage;
    } catch {
      return null;
    }
  },
});

/** Where the dashboard is served from; the API and Socket.IO live on the same origin. */
export const LOCATION = new InjectionToken<Location>('LOCATION', {
  providedIn: 'root',
  factory: () => inject(WINDOW).location,
});
