import { DOCUMENT, DestroyRef, Injectable, computed, effect, inject, signal } from '@angular/core';
import { LocalStore } from '../browser/local-store.service';
import { WINDOW } from '../browser/browser-tokens';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

/**
 * Light or dark: follows `prefers-color-scheme` until the user picks one, then remembers the
 * pick. The colours themselves live in styles.css (`light-dark()` keyed on `color-scheme`).
 */
@Injectable({ providedIn: 'root' })
export class ThemeService {
  private readonly document = inject(DOCUMENT);
  private readonly store = inject(LocalStore);
  private readonly media = inject(WINDOW).matchMedia?.('(prefers-color-scheme: dark)');

  private readonly choiceSignal = signal<ThemeChoice>(this.store.read<ThemeChoice>('theme', 'system'));
  private readonly systemDark = signal(this.media?.matches ?? false);

  readonly choice = this.choiceSignal.asReadonly();
  readonly theme = computed<Theme>(() => {
    const choice = this.choiceSignal();
    if (choice !== 'system') return choice;
    return this.systemDark() ? 'dark' : 'light';
  });

  constructor() {
    const onChange = (event: MediaQueryListEvent): void => this.systemDark.set(event.matches);
    this.media?.addEventListener?.('change', onChange);
    inject(DestroyRef).onDestroy(() => this.media?.removeEventListener?.('change', onChange));

    effect(() => {
      const root = this.document.documentElement;
      root.dataset['theme'] = this.theme();
      // `system` leaves color-scheme to the stylesheet, so the OS switch applies instantly.
      root.style.colorScheme = this.choiceSignal() === 'system' ? '' : this.choiceSignal();
    });
  }

  /** system → the opposite of what the system shows → back to following the system. */
  toggle(): void {
    const choice = this.choiceSignal();
    const system: Theme = this.systemDark() ? 'dark' : 'light';
    const next: ThemeChoice = choice === 'system' ? (system === 'dark' ? 'light' : 'dark') : 'system';
    this.choiceSignal.set(next);
    this.store.write('theme', next === 'system' ? null : next);
  }
}
