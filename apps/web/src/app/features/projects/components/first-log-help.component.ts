import { Clipboard } from '@angular/cdk/clipboard';
import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { DEFAULT_PORT } from '@logdesk/contracts';
import { ApiKeyStore } from '../../../core/auth/api-key.store';
import { LOCATION } from '../../../core/browser/browser-tokens';

type Snippet = 'curl' | 'sdk' | 'script';

/** The empty state: how to send a first log to this very server (its host and port). */
@Component({
  selector: 'ld-first-log-help',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <section class="help">
      <h2>No logs yet</h2>
      <p>Send a first log and its project appears here on its own, live.</p>

      <h3>With curl</h3>
      <div class="snippet">
        <pre><code>{{ curl() }}</code></pre>
        <button type="button" (click)="copy('curl', curl())">{{ copied() === 'curl' ? 'Copied' : 'Copy' }}</button>
      </div>

      <h3>With the SDK (<code>&#64;logdesk/client-sdk</code>, Node or bundled web apps)</h3>
      <div class="snippet">
        <pre><code>{{ sdk() }}</code></pre>
        <button type="button" (click)="copy('sdk', sdk())">{{ copied() === 'sdk' ? 'Copied' : 'Copy' }}</button>
      </div>

      <h3>In a plain web page</h3>
      <div class="snippet">
        <pre><code>{{ script() }}</code></pre>
        <button type="button" (click)="copy('script', script())">
          {{ copied() === 'script' ? 'Copied' : 'Copy' }}
        </button>
      </div>
    </section>
  `,
  styles: `
    .help {
      max-width: 860px;
      margin: 24px auto;
      padding: 24px;
      background: var(--surface);
      border: 1px solid var(--border);
      border-radius: 10px;
    }
    h2 {
      margin-top: 0;
    }
    h3 {
      font-size: 0.95rem;
      margin: 20px 0 6px;
    }
    .snippet {
      position: relative;
    }
    pre {
      margin: 0;
      padding: 12px 14px;
      background: var(--surface-2);
      border: 1px solid var(--border);
      border-radius: 8px;
      overflow-x: auto;
      white-space: pre-wrap;
      word-break: break-all;
    }
    .snippet button {
      position: absolute;
      top: 6px;
      right: 6px;
      font-size: 0.8rem;
    }
  `,
})
export class FirstLogHelpComponent {
  private readonly location = inject(LOCATION);
  private readonly clipboard = inject(Clipboard);
  private readonly apiKeys = inject(ApiKeyStore);
  protected readonly copied = signal<Snippet | null>(null);

  /** The origin the browser reached Logdesk on is the one logs must be sent to. */
  private readonly origin = `${this.location.protocol}//${this.location.host}`;
  /** The SDK's `local` mode already means http://localhost:17655; elsewhere say where. */
  private readonly isDefaultOrigin = this.origin === `http://localhost:${DEFAULT_PORT}`;

  protected readonly curl = computed(() => {
    const auth = this.apiKeys.required() ? ` \\\n  -H 'Authorization: Bearer <your-api-key>'` : '';
    const body = JSON.stringify({
      projectId: 'my-app',
      logs: [{ bucket: 'app', level: 'info', message: 'Hello, Logdesk!', tags: { env: 'dev' } }],
    });
    return `curl -X POST ${this.origin}/logs \\\n  -H 'Content-Type: application/json'${auth} \\\n  -d '${body}'`;
  });

  protected readonly sdk = computed(() => {
    const endpoint = this.isDefaultOrigin ? '' : `\n  endpoint: '${this.origin}',`;
    const apiKey = this.apiKeys.required() ? '<your-api-key>' : 'local';
    return [
      `import { createServiceClient } from '@logdesk/client-sdk';`,
      ``,
      `const logdesk = createServiceClient({`,
      `  projectId: 'my-app',`,
      `  apiKey: '${apiKey}',`,
      `  mode: 'local',${endpoint}`,
      `});`,
      ``,
      `logdesk.info({ bucket: 'app', message: 'Hello, Logdesk!', tags: { env: 'dev' } });`,
      `await logdesk.flush();`,
    ].join('\n');
  });

  /** The server also serves the SDK's browser bundle (global `Logdesk`). */
  protected readonly script = computed(() => {
    const apiKey = this.apiKeys.required() ? '<your-api-key>' : 'local';
    return [
      `<script src="${this.origin}/sdk/logdesk.js"></script>`,
      `<script>`,
      `  const logdesk = Logdesk.createServiceClient({`,
      `    projectId: 'my-site', apiKey: '${apiKey}', mode: 'local',${this.isDefaultOrigin ? '' : ` endpoint: '${this.origin}',`}`,
      `  });`,
      `  logdesk.attachGlobalErrorHandlers();`,
      `  logdesk.info({ bucket: 'page', message: 'Page loaded' });`,
      `</script>`,
    ].join('\n');
  });

  protected copy(which: Snippet, text: string): void {
    if (this.clipboard.copy(text)) this.copied.set(which);
  }
}
