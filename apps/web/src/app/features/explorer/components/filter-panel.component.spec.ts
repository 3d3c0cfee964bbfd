import { TestBed } from '@angular/core/testing';
import { tagFacets, levelFacets, bucketFacets } from '../state/facets';
import { FilterPanelComponent } from './filter-panel.component';

describe(FilterPanelComponent.name, () => {
  function render(selectedTags: Record<string, string[]> = {}) {
    const fixture = TestBed.createComponent(FilterPanelComponent);
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'];
    fixture.componentRef.setInput(
      'levels',
      levelFacets({ debug: 1, info: 1200, warn: 3, error: 4, fatal: 0 }, ['error']),
    );
    fixture.componentRef.setInput('buckets', bucketFacets({ api: 7 }, ['api', 'jobs'], []));
    fixture.componentRef.setInput(
      'tags',
      tagFacets(
        keys.map((key, i) => ({ key, values: [{ value: 'v', count: 100 - i }] })),
        [],
        selectedTags,
      ),
    );
    fixture.detectChanges();
    return { fixture, element: fixture.nativeElement as HTMLElement };
  }

  const texts = (element: HTMLElement, selector: string) =>
    [...element.querySelectorAll(selector)].map((node) => node.textContent!.replace(/\s+/g, ' ').trim());

  it('shows every level with its count and pressed state', () => {
    const { element } = render();
    const names = texts(element, '.level-toggle .name');
    const counts = texts(element, '.level-toggle .count');
    expect(names.map((name, i) => `${name} ${counts[i]}`)).toEqual([
      'debug 1',
      'info 1.2k',
      'warn 3',
      'error 4',
      'fatal 0',
    ]);
    const pressed = [...element.querySelectorAll('.level-toggle')].map((b) => b.getAttribute('aria-pressed'));
    expect(pressed).toEqual(['false', 'false', 'false', 'true', 'false']);
  });

  it('emits the level, bucket and tag the user toggles', () => {
    const { fixture, element } = render();
    const levels: string[] = [];
    const buckets: string[] = [];
    const tags: string[] = [];
    fixture.componentInstance.levelToggle.subscribe((level) => levels.push(level));
    fixture.componentInstance.bucketToggle.subscribe((bucket) => buckets.push(bucket));
    fixture.componentInstance.tagToggle.subscribe(({ key, value }) => tags.push(`${key}=${value}`));

    (element.querySelectorAll('.level-toggle')[2] as HTMLButtonElement).click();
    (element.querySelector('.facet-option input') as HTMLInputElement).click();
    (element.querySelector('ld-tag-facet input') as HTMLInputElement).click();
    expect(levels).toEqual(['warn']);
    expect(buckets).toEqual(['api']);
    expect(tags).toEqual(['k1=v']);
  });

  it('shows the five most used tag keys inline and the rest behind "More keys"', () => {
    const { fixture, element } = render();
    expect(texts(element, 'ld-tag-facet .name')).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
    const more = [...element.querySelectorAll('button')].find((b) => b.textContent!.includes('More keys'))!;
    expect(more.textContent!.trim()).toBe('More keys (2)');
    more.click();
    fixture.detectChanges();
    expect(texts(element, 'ld-tag-facet .name')).toEqual(['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7']);
  });

  it('keeps a key with a selected value inline even when rarely used', () => {
    const { element } = render({ k7: ['v'] });
    expect(texts(element, 'ld-tag-facet .name')).toContain('k7');
  });
});
