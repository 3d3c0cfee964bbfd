import { Dialog } from '@angular/cdk/dialog';
import { Injectable, InjectionToken, inject, signal } from '@angular/core';
import { firstValueFrom } from 'rxjs';
import { LocalStore } from '../browser/local-store.service';
import { ApiKeyDialogComponent, type ApiKeyDialogData } from './api-key-dialog.component';

/** Shows the key prompt; resolves with the entered key or null when dismissed. */
export type ApiKeyPromptFn = (rejected: boolean) => Promise<string | null>;

export const API_KEY_PROMPT = new InjectionToken<ApiKeyPromptFn>('API_KEY_PROMPT', {
  providedIn: 'root',
  factory: () => {
    const dialog = inject(Dialog);
    return (rejected) => {
      const ref = dialog.open<string | null, ApiKeyDialogData>(ApiKeyDialogComponent, {
        data: { rejected },
        ariaLabelledBy: 'api-key-title',
      });
      return firstValueFrom(ref.closed).then((key) => key ?? null);
    };
  },
});

/**
 * The API key of a server started with `LOGDESK_API_KEYS`. Many requests can fail with 401 at
 * once (the explorer loads five things in parallel); they all wait on the same single prompt.
 */
@Injectable({ providedIn: 'root' })
export class ApiKeyStore {
  private readonly store = inject(LocalStore);
  private readonly prompt = inject(API_KEY_PROMPT);

  private readonly keySignal = signal<string | null>(this.store.read<string | null>('apiKey', null));
  private readonly requiredSignal = signal(false);
  /** The stored key, sent as `Authorization: Bearer` and as the Socket.IO `auth.token`. */
  readonly key = this.keySignal.asReadonly();
  /** The server answered 401 at least once in this session. */
  readonly required = this.requiredSignal.asReadonly();

  private pendingPrompt: Promise<string | null> | null = null;
  private declined = false;

  set(key: string | null): void {
    this.keySignal.set(key);
    this.store.write('apiKey', key);
  }

  /**
   * A key to retry with after `rejectedKey` (null: none was sent) got a 401. Prompts at most once
   * at a time; after the user cancels, requests fail quietly until `askAgain()`.
   */
  replaceRejected(rejectedKey: string | null): Promise<string | null> {
    this.requiredSignal.set(true);
    const current = this.keySignal();
    if (current && current !== rejectedKey) return Promise.resolve(current);
    if (current && current === rejectedKey) this.set(null);
    if (this.declined) return Promise.resolve(null);
    this.pendingPrompt ??= this.ask(rejectedKey !== null);
    return this.pendingPrompt;
  }

  /** From the header's key button: the user wants the prompt back after cancelling it. */
  askAgain(): Promise<string | null> {
    this.declined = false;
    this.pendingPrompt ??= this.ask(false);
    return this.pendingPrompt;
  }

  private async ask(rejected: boolean): Promise<string | null> {
    try {
      const key = await this.prompt(rejected);
      if (key) this.set(key);
      else this.declined = true;
      return key;
    } finally {
      this.pendingPrompt = null;
    }
  }
}
