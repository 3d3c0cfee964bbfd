import { appendFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IntakeJournal } from './intake-journal';
import { intakeLog } from './intake-log.fixture';

const request = (projectId: string) => ({
  projectId,
  receivedAt: 1,
  logs: [intakeLog({ bucket: 'b', message: projectId, timestamp: 1 })],
});

describe(IntakeJournal.name, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-'));
  });

  it('replays every request after the checkpoint, in order, and continues the sequence', () => {
    const journal = new IntakeJournal(dir);
    journal.recover(0);
    const seqs = ['a', 'b', 'c'].map((p) => journal.append(request(p)).seq);
    expect(seqs).toEqual([1, 2, 3]);
    // No close(): as after SIGKILL.
    const reopened = new IntakeJournal(dir);
    expect(reopened.recover(1).map((batch) => batch.projectId)).toEqual(['b', 'c']);
    expect(reopened.append(request('d')).seq).toBe(4);
  });

  it('skips a torn last line: the process died before that request was acknowledged', () => {
    const journal = new IntakeJournal(dir);
    journal.recover(0);
    journal.append(request('whole'));
    journal.close();
    const [segment] = readdirSync(dir);
    appendFileSync(join(dir, segment), '{"seq":2,"projectId":"to');
    expect(new IntakeJournal(dir).recover(0).map((batch) => batch.projectId)).toEqual(['whole']);
  });

  it('deletes segments whose requests are all committed', () => {
    const first = new IntakeJournal(dir);
    first.recover(0);
    first.append(request('a'));
    first.close();
    const second = new IntakeJournal(dir);
    expect(second.recover(1)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    second.append(request('b'));
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('keeps one id per folder across restarts, distinct between folders', () => {
    const id = new IntakeJournal(dir).id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new IntakeJournal(dir).id).toBe(id);
    expect(new IntakeJournal(mkdtempSync(join(tmpdir(), 'journal-'))).id).not.toBe(id);
  });
});
