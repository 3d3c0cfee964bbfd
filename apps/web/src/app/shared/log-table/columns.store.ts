import { Injectable, computed, inject, signal } from '@angular/core';
import { LocalStore } from '../../core/browser/local-store.service';
import { type OptionalColumn, OPTIONAL_COLUMNS } from './log-columns';

/** Which optional table columns are shown; remembered across visits and projects. */
@Injectable({ providedIn: 'root' })
export class ColumnsStore {
  private readonly store = inject(LocalStore);
  private readonly visibleSignal = signal<OptionalColumn[]>(
    this.store.read<OptionalColumn[]>('columns', ['tags']).filter((column) => OPTIONAL_COLUMNS.includes(column)),
  );

  readonly visible = this.visibleSignal.asReadonly();
  readonly visibleSet = computed(() => new Set(this.visibleSignal()));

  toggle(column: OptionalColumn): void {
    const next = this.visibleSet().has(column)
      ? this.visibleSignal().filter((existing) => existing !== column)
      : OPTIONAL_COLUMNS.filter((candidate) => candidate === column || this.visibleSet().has(candidate));
    this.visibleSignal.set(next);
    this.store.write('columns', next);
  }
}
