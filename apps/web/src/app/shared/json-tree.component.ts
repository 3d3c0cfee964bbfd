import { NgTemplateOutlet } from '@angular/common';
import { ChangeDetectionStrategy, Component, input } from '@angular/core';

/** Children shown per object or array; a huge context must not stall the detail panel. */
const MAX_CHILDREN = 500;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A log's context as a collapsible tree (native <details>, so keyboard and screen readers work). */
@Component({
  selector: 'ld-json-tree',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [NgTemplateOutlet],
  template: `
    <ng-template #node let-value let-key="key" let-depth="depth">
      @if (isContainer(value)) {
        <details [open]="depth < openDepth()">
          <summary>
            @if (key !== null) {
              <span class="key">{{ key }}</span>:
            }
            <span class="summary">{{ summary(value) }}</span>
          </summary>
          <div class="children">
            @for (entry of entries(value); track entry[0]) {
              <ng-container
                *ngTemplateOutlet="node; context: { $implicit: entry[1], key: entry[0], depth: depth + 1 }"
              />
            }
            @if (hidden(value) > 0) {
              <div class="more">… {{ hidden(value) }} more</div>
            }
          </div>
        </details>
      } @else {
        <div class="leaf">
          @if (key !== null) {
            <span class="key">{{ key }}</span>:
          }
          <span [class]="'value ' + kind(value)">{{ display(value) }}</span>
        </div>
      }
    </ng-template>
    <ng-container *ngTemplateOutlet="node; context: { $implicit: value(), key: null, depth: 0 }" />
  `,
  styles: `
    :host {
      display: block;
      font-family: var(--mono);
      font-size: 0.8rem;
      line-height: 1.5;
    }
    summary {
      cursor: pointer;
    }
    .children {
      padding-left: 16px;
      border-left: 1px dashed var(--border);
      margin-left: 4px;
    }
    .leaf {
      padding-left: 14px;
      word-break: break-all;
    }
    .key {
      color: var(--json-key);
    }
    .summary,
    .more {
      color: var(--text-muted);
    }
    .string {
      color: var(--json-string);
      white-space: pre-wrap;
    }
    .number,
    .boolean {
      color: var(--json-number);
    }
    .null {
      color: var(--text-muted);
      font-style: italic;
    }
  `,
})
export class JsonTreeComponent {
  readonly value = input.required<unknown>();
  /** Levels expanded at first. */
  readonly openDepth = input(2);

  protected isContainer(value: unknown): value is Json[] | Record<string, Json> {
    return typeof value === 'object' && value !== null;
  }

  protected entries(value: Json[] | Record<string, Json>): [string, Json][] {
    const all: [string, Json][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
    return all.slice(0, MAX_CHILDREN);
  }

  protected hidden(value: Json[] | Record<string, Json>): number {
    return Math.max(0, (Array.isArray(value) ? value.length : Object.keys(value).length) - MAX_CHILDREN);
  }

  protected summary(value: Json[] | Record<string, Json>): string {
    return Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
  }

  protected kind(value: unknown): string {
    return value === null ? 'null' : typeof value;
  }

  protected display(value: unknown): string {
    return typeof value === 'string' ? JSON.stringify(value) : String(value);
  }
}
