import { Clipboard } from '@angular/cdk/clipboard';
import { ChangeDetectionStrategy, Component, computed, inject, input, output, signal } from '@angular/core';
import { rxResource } from '@angular/core/rxjs-interop';
import type { ContextScope, LogRecord } from '@logdesk/contracts';
import { LogdeskApi } from '../../../core/api/logdesk-api.service';
import { errorMessage } from '../../../core/api/error-message';
import { RowTimePipe, TimestampPipe } from '../../../shared/format.pipes';
import { HighlightComponent } from '../../../shared/highlight.component';
import { JsonTreeComponent } from '../../../shared/json-tree.component';
import { LevelBadgeComponent } from '../../../shared/level-badge.component';

/** What a one-click "filter by" from the detail panel narrows to. */
export type DetailFilter =
  | { field: 'traceId' | 'userId' | 'sessionId' | 'bucket'; value: string }
  | { field: 'tag'; key: string; value: string };

type NeighbourScope = ContextScope | 'project';

interface ScopeOption {
  scope: NeighbourScope;
  label: string;
  available: boolean;
}

/** Every field of one log, its context as a tree, copy actions and its neighbours. */
@Component({
  selector: 'ld-log-detail-panel',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [JsonTreeComponent, LevelBadgeComponent, HighlightComponent, TimestampPipe, RowTimePipe],
  templateUrl: './log-detail-panel.component.html',
  styleUrl: './log-detail-panel.component.css',
})
export class LogDetailPanelComponent {
  private readonly api = inject(LogdeskApi);
  private readonly clipboard = inject(Clipboard);

  readonly log = input<LogRecord | null>(null);
  readonly loading = input(false);
  readonly error = input<string | null>(null);
  readonly search = input('');
  /** Absolute link to this log with the current filters. */
  readonly link = input('');

  readonly closed = output<void>();
  readonly openLog = output<number>();
  readonly filterBy = output<DetailFilter>();

  protected readonly copied = signal<'json' | 'link' | null>(null);
  protected readonly scope = signal<NeighbourScope>('bucket');

  protected readonly scopes = computed<ScopeOption[]>(() => {
    const log = this.log();
    return [
      { scope: 'project', label: 'Project', available: true },
      { scope: 'bucket', label: 'Bucket', available: true },
      { scope: 'trace', label: 'Trace', available: !!log?.traceId },
      { scope: 'session', label: 'Session', available: !!log?.sessionId },
      { scope: 'user', label: 'User', available: !!log?.userId },
    ];
  });

  protected readonly tags = computed(() => Object.entries(this.log()?.tags ?? {}));

  protected readonly neighbours = rxResource({
    params: () => {
      const log = this.log();
      if (!log) return undefined;
      const scope = this.scope();
      const usable = this.scopes().find((option) => option.scope === scope)?.available;
      return { id: log.id, by: usable && scope !== 'project' ? scope : null };
    },
    stream: ({ params }) => this.api.context(params.id, params.by, 10),
  });
  protected readonly neighboursError = computed(() => {
    const error = this.neighbours.error();
    return error ? errorMessage(error) : null;
  });

  protected copyJson(): void {
    const log = this.log();
    if (log && this.clipboard.copy(JSON.stringify(log, null, 2))) this.flashCopied('json');
  }

  protected copyLink(): void {
    if (this.link() && this.clipboard.copy(this.link())) this.flashCopied('link');
  }

  private flashCopied(what: 'json' | 'link'): void {
    this.copied.set(what);
    setTimeout(() => this.copied.set(null), 1500);
  }
}
