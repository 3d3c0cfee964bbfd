import { CdkMenu, CdkMenuItem, CdkMenuTrigger } from '@angular/cdk/menu';
import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  computed,
  inject,
  input,
  output,
  signal,
  viewChild,
} from '@angular/core';
import type { ExplorerFilters } from '../state/filter-state';
import { type SavedView, SavedViewsStore } from '../services/saved-views.store';

/** "All Logs", the server's views and the user's own (localStorage); saving the current filters. */
@Component({
  selector: 'ld-saved-views-menu',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [CdkMenuTrigger, CdkMenu, CdkMenuItem],
  template: `
    <button type="button" class="trigger" [cdkMenuTriggerFor]="menu" title="Saved views">
      {{ active()?.name ?? 'Unsaved view' }} ▾
    </button>
    <ng-template #menu>
      <div class="menu" cdkMenu>
        @for (view of store.views(); track view.id) {
          <div class="view-row">
            <button
              type="button"
              cdkMenuItem
              [class.current]="view.id === active()?.id"
              (cdkMenuItemTriggered)="apply.emit(view)"
            >
              {{ view.name }}
            </button>
            @if (view.local) {
              <button
                type="button"
                class="ghost remove"
                [attr.aria-label]="'Delete view ' + view.name"
                (click)="store.remove(view.id)"
              >
                ✕
              </button>
            }
          </div>
        }
        <hr />
        <button type="button" cdkMenuItem (cdkMenuItemTriggered)="startSaving()">Save current view…</button>
      </div>
    </ng-template>
    @if (saving()) {
      <form class="save" (submit)="save($event)">
        <input
          #nameInput
          type="text"
          placeholder="View name"
          aria-label="View name"
          [value]="name()"
          (input)="name.set($any($event.target).value)"
          (keydown.escape)="saving.set(false)"
        />
        <button type="submit" class="primary" [disabled]="!name().trim()">Save</button>
        <button type="button" class="ghost" (click)="saving.set(false)">Cancel</button>
      </form>
    }
  `,
  styles: `
    :host {
      display: inline-flex;
      gap: 6px;
      align-items: center;
    }
    .trigger {
      max-width: 220px;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .view-row {
      display: flex;
      align-items: center;
    }
    .view-row > button[cdkMenuItem] {
      flex: 1;
      text-align: left;
      border: none;
      background: transparent;
      padding: 6px 10px;
      border-radius: 6px;
    }
    .view-row > button[cdkMenuItem]:hover,
    .view-row > button[cdkMenuItem]:focus-visible {
      background: var(--hover);
    }
    .current {
      font-weight: 600;
    }
    .remove {
      font-size: 0.75rem;
      padding: 2px 6px;
    }
    hr {
      border: none;
      border-top: 1px solid var(--border);
      margin: 4px 0;
      width: 100%;
    }
    .save {
      display: inline-flex;
      gap: 4px;
    }
    .save input {
      width: 160px;
    }
  `,
})
export class SavedViewsMenuComponent {
  protected readonly store = inject(SavedViewsStore);
  readonly filters = input.required<ExplorerFilters>();
  readonly apply = output<SavedView>();

  protected readonly active = computed(() => this.store.matching(this.filters()));
  protected readonly saving = signal(false);
  protected readonly name = signal('');
  private readonly nameInput = viewChild<ElementRef<HTMLInputElement>>('nameInput');

  protected startSaving(): void {
    this.name.set('');
    this.saving.set(true);
    setTimeout(() => this.nameInput()?.nativeElement.focus());
  }

  protected save(event: Event): void {
    event.preventDefault();
    if (!this.name().trim()) return;
    this.store.save(this.name(), this.filters());
    this.saving.set(false);
  }
}
