import type { Routes } from '@angular/router';

/** The deep links the API answers with index.html (CONTRACT.md section 8). */
export const routes: Routes = [
  {
    path: '',
    pathMatch: 'full',
    title: 'Projects · Logdesk',
    loadComponent: () => import('./features/projects/pages/projects-home.page').then((m) => m.ProjectsHomePage),
  },
  {
    path: 'firehose',
    title: 'Firehose · Logdesk',
    loadComponent: () => import('./features/firehose/pages/firehose.page').then((m) => m.FirehosePage),
  },
  {
    path: 'projects/:projectId',
    loadComponent: () => import('./features/explorer/pages/explorer.page').then((m) => m.ExplorerPage),
    // Componentless children: opening a log changes the URL but keeps the explorer (and its
    // loaded rows, scroll position and live subscription) alive.
    children: [
      { path: '', pathMatch: 'full', children: [] },
      { path: 'logs/:logId', children: [] },
    ],
  },
  { path: '**', redirectTo: '' },
];
