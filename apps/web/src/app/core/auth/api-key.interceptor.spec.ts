import { HttpClient, provideHttpClient, withInterceptors } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { firstValueFrom } from 'rxjs';
import { LOCAL_STORAGE } from '../browser/browser-tokens';
import { apiKeyInterceptor } from './api-key.interceptor';
import { API_KEY_PROMPT } from './api-key.store';

/** Lets the prompt's promise and the retry it triggers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('apiKeyInterceptor', () => {
  let http: HttpClient;
  let server: HttpTestingController;
  let answers: (string | null)[];
  let prompts: boolean[];

  function setup(storedKey?: string): void {
    const storage = new Map<string, string>(storedKey ? [['logdesk.apiKey', JSON.stringify(storedKey)]] : []);
    answers = [];
    prompts = [];
    TestBed.configureTestingModule({
      providers: [
        provideHttpClient(withInterceptors([apiKeyInterceptor])),
        provideHttpClientTesting(),
        {
          provide: LOCAL_STORAGE,
          useValue: {
            getItem: (key: string) => storage.get(key) ?? null,
            setItem: (key: string, value: string) => storage.set(key, value),
            removeItem: (key: string) => storage.delete(key),
          },
        },
        {
          provide: API_KEY_PROMPT,
          useValue: (rejected: boolean) => {
            prompts.push(rejected);
            return Promise.resolve(answers.shift() ?? null);
          },
        },
      ],
    });
    http = TestBed.inject(HttpClient);
    server = TestBed.inject(HttpTestingController);
  }

  afterEach(() => server.verify());

  it('sends the stored key as a Bearer token on /api requests only', async () => {
    setup('k1');
    const api = firstValueFrom(http.get('/api/projects'));
    const other = firstValueFrom(http.get('/health'));
    const apiRequest = server.expectOne('/api/projects');
    expect(apiRequest.request.headers.get('Authorization')).toBe('Bearer k1');
    const otherRequest = server.expectOne('/health');
    expect(otherRequest.request.headers.has('Authorization')).toBe(false);
    apiRequest.flush([]);
    otherRequest.flush({});
    await Promise.all([api, other]);
  });

  it('asks once for a key when several requests get 401 and retries them all with it', async () => {
    setup();
    answers.push('secret');
    const first = firstValueFrom(http.get<string[]>('/api/workspaces'));
    const second = firstValueFrom(http.get<string[]>('/api/projects'));
    for (const request of server.match(() => true)) {
      expect(request.request.headers.has('Authorization')).toBe(false);
      request.flush({ statusCode: 401 }, { status: 401, statusText: 'Unauthorized' });
    }
    await settle();
    expect(prompts).toEqual([false]);

    const retries = server.match(() => true);
    expect(retries).toHaveLength(2);
    for (const retry of retries) {
      expect(retry.request.headers.get('Authorization')).toBe('Bearer secret');
      retry.flush(['ok']);
    }
    await expect(first).resolves.toEqual(['ok']);
    await expect(second).resolves.toEqual(['ok']);
    expect(localStorageValue()).toBe('"secret"');
  });

  it('asks again, saying so, when the entered key is refused too', async () => {
    setup();
    answers.push('wrong', 'right');
    const result = firstValueFrom(http.get('/api/projects'));
    server.expectOne('/api/projects').flush(null, { status: 401, statusText: 'Unauthorized' });
    await settle();
    server.expectOne('/api/projects').flush(null, { status: 401, statusText: 'Unauthorized' });
    await settle();
    const last = server.expectOne('/api/projects');
    expect(last.request.headers.get('Authorization')).toBe('Bearer right');
    last.flush([]);
    await expect(result).resolves.toEqual([]);
    expect(prompts).toEqual([false, true]);
  });

  it('fails with the 401 when the prompt is dismissed, and does not ask again', async () => {
    setup();
    const first = firstValueFrom(http.get('/api/projects'));
    server.expectOne('/api/projects').flush(null, { status: 401, statusText: 'Unauthorized' });
    await expect(first).rejects.toMatchObject({ status: 401 });

    const second = firstValueFrom(http.get('/api/projects'));
    server.expectOne('/api/projects').flush(null, { status: 401, statusText: 'Unauthorized' });
    await expect(second).rejects.toMatchObject({ status: 401 });
    expect(prompts).toEqual([false]);
  });

  function localStorageValue(): string | null {
    return TestBed.inject(LOCAL_STORAGE)!.getItem('logdesk.apiKey');
  }
});
