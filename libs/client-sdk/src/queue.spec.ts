import { createQueue } from './queue';

const length = (item: string): number => item.length;

describe('createQueue', () => {
  it('drops the oldest entries past its bound and counts them', () => {
    const queue = createQueue<string>(3);
    const dropped = ['a', 'b', 'c', 'd', 'e'].map((item) => queue.push(item));
    expect(dropped).toEqual([false, false, false, true, true]);
    expect(queue.dropped).toBe(2);
    expect(queue.take(10, Infinity, length)).toEqual(['c', 'd', 'e']);
    expect(queue.size).toBe(0);
  });

  it('takes at most maxCount entries and maxSize, but always at least one', () => {
    const queue = createQueue<string>(10);
    ['aaaa', 'bb', 'cc', 'dddddddd', 'e'].forEach((item) => queue.push(item));
    expect(queue.take(2, Infinity, length)).toEqual(['aaaa', 'bb']);
    expect(queue.take(10, 5, length)).toEqual(['cc']);
    expect(queue.take(10, 5, length)).toEqual(['dddddddd']);
    expect(queue.take(10, 5, length)).toEqual(['e']);
    expect(queue.take(10, 5, length)).toEqual([]);
  });

  it('keeps order across many pushes, drops and takes', () => {
    const queue = createQueue<string>(2000);
    const seen: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      queue.push(String(i));
      if (i % 7 === 0) seen.push(...queue.take(3, Infinity, length));
    }
    seen.push(...queue.take(Infinity, Infinity, length));
    expect(seen.length + queue.dropped).toBe(10_000);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => a - b));
  });
});
