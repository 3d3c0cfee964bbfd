import { TestBed } from '@angular/core/testing';
import { LOCATION } from '../../../core/browser/browser-tokens';
import { FirstLogHelpComponent } from './first-log-help.component';

describe(FirstLogHelpComponent.name, () => {
  function render(host: string): string {
    TestBed.configureTestingModule({
      providers: [{ provide: LOCATION, useValue: { protocol: 'http:', host } }],
    });
    const fixture = TestBed.createComponent(FirstLogHelpComponent);
    fixture.detectChanges();
    return (fixture.nativeElement as HTMLElement).textContent!;
  }

  it('points curl at the host and port the dashboard was reached on', () => {
    const text = render('logs.local:9000');
    expect(text).toContain('curl -X POST http://logs.local:9000/logs');
    expect(text).toContain('"projectId":"my-app"');
    expect(text).toContain(`endpoint: 'http://logs.local:9000'`);
  });

  it('relies on the local mode default on the default port', () => {
    const text = render('localhost:17655');
    expect(text).toContain('curl -X POST http://localhost:17655/logs');
    expect(text).toContain(`mode: 'local'`);
    expect(text).not.toContain('endpoint:');
  });
});
