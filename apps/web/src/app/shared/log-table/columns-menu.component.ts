import { CdkMenu, CdkMenuItemCheckbox, CdkMenuTrigger } from '@angular/cdk/menu';
import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { ColumnsStore } from './columns.store';
import { COLUMN_LABELS, OPTIONAL_COLUMNS } from './log-columns';

/** Show or hide the optional table columns (CDK menu: arrow keys, Esc, focus return). */
@Component({
  selector: 'ld-columns-menu',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [CdkMenuTrigger, CdkMenu, CdkMenuItemCheckbox],
  template: `
    <button type="button" [cdkMenuTriggerFor]="menu" title="Columns">Columns ▾</button>
    <ng-template #menu>
      <div class="menu" cdkMenu>
        @for (column of columns; track column) {
          <button
            type="button"
            cdkMenuItemCheckbox
            [cdkMenuItemChecked]="store.visibleSet().has(column)"
            (cdkMenuItemTriggered)="store.toggle(column)"
          >
            <span class="check">{{ store.visibleSet().has(column) ? '✓' : '' }}</span>{{ labels[column] }}
          </button>
        }
      </div>
    </ng-template>
  `,
  styles: `
    .check {
      display: inline-block;
      width: 1em;
    }
  `,
})
export class ColumnsMenuComponent {
  protected readonly store = inject(ColumnsStore);
  protected readonly columns = OPTIONAL_COLUMNS;
  protected readonly labels = COLUMN_LABELS;
}
