import { CdkMenu, CdkMenuItem, CdkMenuTrigger } from '@angular/cdk/menu';
import { ChangeDetectionStrategy, Component, inject, input } from '@angular/core';
import type { ExportFormat } from '@logdesk/contracts';
import { LogdeskApi } from '../../../core/api/logdesk-api.service';
import { ApiKeyStore } from '../../../core/auth/api-key.store';
import { WINDOW } from '../../../core/browser/browser-tokens';
import { type ExplorerFilters, toLogQuery } from '../state/filter-state';

/**
 * Downloads every log of the current filters (`GET /api/logs/export`). A plain link lets the
 * browser stream it; with an API key the download goes through HttpClient to carry the header.
 */
@Component({
  selector: 'ld-export-menu',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [CdkMenuTrigger, CdkMenu, CdkMenuItem],
  template: `
    <button type="button" [cdkMenuTriggerFor]="menu" title="Export the current filter">Export ▾</button>
    <ng-template #menu>
      <div class="menu" cdkMenu>
        @for (format of formats; track format) {
          <a
            cdkMenuItem
            class="item"
            [href]="url(format)"
            [attr.download]="fileName(format)"
            (click)="download($event, format)"
          >
            {{ format === 'ndjson' ? 'NDJSON (one JSON log a line)' : 'CSV' }}
          </a>
        }
      </div>
    </ng-template>
  `,
  styles: `
    .item {
      padding: 6px 10px;
      border-radius: 6px;
      color: var(--text);
      text-decoration: none;
    }
    .item:hover,
    .item:focus-visible {
      background: var(--hover);
    }
  `,
})
export class ExportMenuComponent {
  private readonly api = inject(LogdeskApi);
  private readonly apiKeys = inject(ApiKeyStore);
  private readonly window = inject(WINDOW);

  readonly projectId = input.required<string>();
  readonly filters = input.required<ExplorerFilters>();
  protected readonly formats: ExportFormat[] = ['ndjson', 'csv'];

  /** Resolved at render time; a rolling range is re-resolved when the menu opens again. */
  protected url(format: ExportFormat): string {
    return this.api.exportUrl(toLogQuery(this.projectId(), this.filters(), Date.now()), format);
  }

  protected fileName(format: ExportFormat): string {
    return `${this.projectId()}-logs.${format}`;
  }

  protected download(event: MouseEvent, format: ExportFormat): void {
    if (!this.apiKeys.key()) return;
    event.preventDefault();
    this.api.exportBlob(this.url(format)).subscribe((blob) => {
      const href = this.window.URL.createObjectURL(blob);
      const link = this.window.document.createElement('a');
      link.href = href;
      link.download = this.fileName(format);
      link.click();
      setTimeout(() => this.window.URL.revokeObjectURL(href), 10_000);
    });
  }
}
