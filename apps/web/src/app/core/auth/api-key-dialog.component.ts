import { DIALOG_DATA, DialogRef } from '@angular/cdk/dialog';
import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';

export interface ApiKeyDialogData {
  /** True when the key the dashboard sent was refused, not merely missing. */
  rejected: boolean;
}

/** Asks for the Bearer key once the server answered 401 (`LOGDESK_API_KEYS` is set). */
@Component({
  selector: 'ld-api-key-dialog',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <form class="dialog" (submit)="submit($event)">
      <h2 id="api-key-title">API key required</h2>
      <p>
        @if (data.rejected) {
          The server refused the key you entered. Try another one.
        } @else {
          This Logdesk server only answers requests with an API key (<code>LOGDESK_API_KEYS</code>).
        }
      </p>
      <label>
        Key
        <input
          name="key"
          type="password"
          autocomplete="off"
          cdkFocusInitial
          [value]="key()"
          (input)="key.set($any($event.target).value)"
        />
      </label>
      <p class="hint">Kept in this browser's localStorage and sent as <code>Authorization: Bearer</code>.</p>
      <div class="actions">
        <button type="button" class="ghost" (click)="dialogRef.close(null)">Cancel</button>
        <button type="submit" class="primary" [disabled]="!key().trim()">Use key</button>
      </div>
    </form>
  `,
  styles: `
    .dialog {
      background: var(--surface);
      color: var(--text);
      padding: 20px 24px;
      border-radius: 10px;
      border: 1px solid var(--border);
      box-shadow: var(--shadow);
      width: min(420px, 90vw);
    }
    h2 {
      margin: 0 0 8px;
      font-size: 1.1rem;
    }
    label {
      display: grid;
      gap: 4px;
      margin: 12px 0 4px;
      font-weight: 600;
    }
    input {
      font: inherit;
      padding: 6px 8px;
    }
    .hint {
      color: var(--text-muted);
      font-size: 0.85rem;
    }
    .actions {
      display: flex;
      justify-content: flex-end;
      gap: 8px;
      margin-top: 12px;
    }
  `,
})
export class ApiKeyDialogComponent {
  protected readonly dialogRef = inject<DialogRef<string | null>>(DialogRef);
  protected readonly data = inject<ApiKeyDialogData>(DIALOG_DATA);
  protected readonly key = signal('');

  protected submit(event: Event): void {
    event.preventDefault();
    const key = this.key().trim();
    if (key) this.dialogRef.close(key);
  }
}
