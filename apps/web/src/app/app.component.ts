import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { RouterLink, RouterLinkActive, RouterOutlet } from '@angular/router';
import { ApiKeyStore } from './core/auth/api-key.store';
import { LiveSocketService } from './core/live/live-socket.service';
import { ThemeService } from './core/theme/theme.service';

const CONNECTION_LABELS = {
  idle: '',
  connecting: 'Connecting…',
  connected: 'Live',
  disconnected: 'Offline',
} as const;

/** The shell: navigation, live connection state, API key and theme switches. */
@Component({
  selector: 'ld-root',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [RouterOutlet, RouterLink, RouterLinkActive],
  template: `
    <header class="app-header">
      <a class="brand" routerLink="/">
        <img src="favicon.svg" alt="" width="20" height="20" />
        Logdesk
      </a>
      <nav>
        <a routerLink="/" routerLinkActive="active" [routerLinkActiveOptions]="{ exact: true }">Projects</a>
        <a routerLink="/firehose" routerLinkActive="active">Firehose</a>
      </nav>
      <span class="spacer"></span>
      @if (connection() !== 'idle') {
        <span
          class="connection"
          [attr.data-state]="connection()"
          role="status"
          [attr.title]="'Socket.IO: ' + connection()"
        >
          <span class="dot"></span>{{ connectionLabel() }}
        </span>
      }
      @if (apiKeys.required()) {
        <button type="button" class="ghost" (click)="askKey()" title="Enter another API key">
          {{ apiKeys.key() ? 'API key ✓' : 'Enter API key' }}
        </button>
      }
      <button
        type="button"
        class="ghost theme-toggle"
        (click)="theme.toggle()"
        [attr.aria-label]="'Theme: ' + theme.choice() + '. Switch theme'"
        [title]="theme.choice() === 'system' ? 'Following the system theme' : 'Theme: ' + theme.choice()"
      >
        {{ theme.theme() === 'dark' ? '☾' : '☀' }}
        @if (theme.choice() === 'system') {
          <small>auto</small>
        }
      </button>
    </header>
    <main class="app-main">
      <router-outlet />
    </main>
  `,
  styles: `
    :host {
      display: flex;
      flex-direction: column;
      height: 100vh;
    }
    .app-header {
      display: flex;
      align-items: center;
      gap: 16px;
      padding: 0 16px;
      height: 44px;
      flex: none;
      border-bottom: 1px solid var(--border);
      background: var(--surface);
    }
    .brand {
      display: flex;
      align-items: center;
      gap: 8px;
      font-weight: 700;
      color: var(--text);
      text-decoration: none;
    }
    nav {
      display: flex;
      gap: 4px;
    }
    nav a {
      padding: 6px 10px;
      border-radius: 6px;
      color: var(--text-muted);
      text-decoration: none;
    }
    nav a.active,
    nav a:hover {
      color: var(--text);
      background: var(--hover);
    }
    .spacer {
      flex: 1;
    }
    .connection {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      font-size: 0.85rem;
      color: var(--text-muted);
    }
    .dot {
      width: 8px;
      height: 8px;
      border-radius: 50%;
      background: var(--text-muted);
    }
    [data-state='connected'] .dot {
      background: var(--ok);
      box-shadow: 0 0 0 3px color-mix(in srgb, var(--ok) 25%, transparent);
    }
    [data-state='connecting'] .dot {
      background: var(--level-warn);
    }
    [data-state='disconnected'] .dot {
      background: var(--level-error);
    }
    .theme-toggle small {
      font-size: 0.7rem;
      color: var(--text-muted);
      margin-left: 2px;
    }
    .app-main {
      flex: 1;
      min-height: 0;
      overflow: auto;
    }
  `,
})
export class AppComponent {
  protected readonly theme = inject(ThemeService);
  protected readonly apiKeys = inject(ApiKeyStore);
  private readonly live = inject(LiveSocketService);

  protected readonly connection = this.live.state;
  protected readonly connectionLabel = computed(() => CONNECTION_LABELS[this.connection()]);

  protected askKey(): void {
    void this.apiKeys.askAgain();
  }
}
