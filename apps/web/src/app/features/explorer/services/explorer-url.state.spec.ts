import { Location } from '@angular/common';
import { Component, inject } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';
import { ExplorerUrlState } from './explorer-url.state';

/** Stands in for the explorer page: the state is scoped to it, as in the app. */
@Component({ selector: 'ld-url-state-host', template: '', providers: [ExplorerUrlState] })
class UrlStateHost {
  readonly state = inject(ExplorerUrlState);
}

describe(ExplorerUrlState.name, () => {
  let harness: RouterTestingHarness;
  let state: ExplorerUrlState;

  async function open(url: string): Promise<void> {
    state = (await harness.navigateByUrl(url, UrlStateHost)).state;
  }

  /** Router navigations are async; the URL and signals settle after them. */
  const settle = async () => {
    // popstate from back()/forward() arrives as a task, then the navigation runs.
    await new Promise((resolve) => setTimeout(resolve));
    await harness.fixture.whenStable();
  };
  const currentUrl = () => decodeURIComponent(TestBed.inject(Router).url);

  beforeEach(async () => {
    TestBed.configureTestingModule({
      providers: [
        provideRouter([
          {
            path: 'projects/:projectId',
            component: UrlStateHost,
            children: [
              { path: '', pathMatch: 'full', children: [] },
              { path: 'logs/:logId', children: [] },
            ],
          },
        ]),
      ],
    });
    harness = await RouterTestingHarness.create();
    // What bootstrapping does in the app: listen to popstate (back/forward).
    TestBed.inject(Router).initialNavigation();
  });

  it('restores project, filters, range and the open log from a pasted link', async () => {
    await open('/projects/shop/logs/7?level=error,fatal&tags=env:prod&range=15m&search=boom&live=off');
    expect(state.projectId()).toBe('shop');
    expect(state.selectedLogId()).toBe(7);
    expect(state.filters()).toMatchObject({
      levels: ['error', 'fatal'],
      tags: { env: ['prod'] },
      range: { kind: 'preset', preset: '15m' },
      search: 'boom',
      live: false,
    });
  });

  it('writes filter changes to the query string and keeps the open log open', async () => {
    await open('/projects/shop/logs/7?level=error&range=1h');
    state.update({ levels: ['warn'], tags: { region: ['eu', 'us'] }, userId: 'u1' });
    await settle();
    expect(currentUrl()).toBe('/projects/shop/logs/7?level=warn&range=1h&tags=region:eu,region:us&userId=u1');
    expect(state.filters().levels).toEqual(['warn']);
  });

  it('removes parameters that return to their default', async () => {
    await open('/projects/shop?level=error&search=x&since=5&until=9');
    state.update({ levels: [], search: '', range: { kind: 'preset', preset: 'all' } });
    await settle();
    expect(currentUrl()).toBe('/projects/shop');
  });

  it('opens and closes logs with the filters preserved', async () => {
    await open('/projects/shop?bucket=api');
    state.openLog(12);
    await settle();
    expect(currentUrl()).toBe('/projects/shop/logs/12?bucket=api');
    expect(state.selectedLogId()).toBe(12);
    state.closeLog();
    await settle();
    expect(currentUrl()).toBe('/projects/shop?bucket=api');
    expect(state.selectedLogId()).toBeNull();
  });

  it('follows back and forward', async () => {
    await open('/projects/shop?level=error');
    state.update({ levels: ['info'] });
    await settle();
    TestBed.inject(Location).back();
    await settle();
    expect(state.filters().levels).toEqual(['error']);
    TestBed.inject(Location).forward();
    await settle();
    expect(state.filters().levels).toEqual(['info']);
  });

  it('keeps the filters object when only the open log changes, so nothing reloads', async () => {
    await open('/projects/shop?level=error');
    const before = state.filters();
    state.openLog(3);
    await settle();
    expect(state.filters()).toBe(before);
  });

  it('builds an absolute link to a log with the current filters', async () => {
    await open('/projects/my%20app?level=warn');
    expect(state.logUrl(5, 'http://localhost:17655')).toBe(
      'http://localhost:17655/projects/my%20app/logs/5?level=warn',
    );
  });
});
