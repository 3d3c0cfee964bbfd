/** A bounded FIFO of queued logs. */
export interface LogQueue<T> {
  readonly size: number;
  /** Entries dropped because the queue was full. */
  readonly dropped: number;
  /** Appends one entry; true when the oldest had to go to make room. */
  push(item: T): boolean;
  /**
   * Removes the oldest entries: at most `maxCount`, and no more than `maxSize` as measured by `measure`
   * (always at least one, so an oversize entry still leaves and meets the server's 413).
   */
  take(maxCount: number, maxSize: number, measure: (item: T) => number): T[];
}

/**
 * Past `max` the oldest entry is dropped and counted: when a server is away for long, the newest logs
 * are the ones that explain what is going on. A moving head instead of `shift()` keeps both ends O(1).
 */
export function createQueue<T>(max: number): LogQueue<T> {
  let items: T[] = [];
  let head = 0;
  let dropped = 0;

  const compact = (): void => {
    if (head === items.length) {
      items = [];
      head = 0;
    } else if (head > 1024 && head * 2 > items.length) {
      items = items.slice(head);
      head = 0;
    }
  };

  return {
    get size() {
      return items.length - head;
    },
    get dropped() {
      return dropped;
    },
    push(item) {
      const full = items.length - head >= max;
      if (full) {
        head++;
        dropped++;
        compact();
      }
      items.push(item);
      return full;
    },
    take(maxCount, maxSize, measure) {
      let end = head;
      let size = 0;
      while (end < items.length && end - head < maxCount) {
        size += measure(items[end]);
        if (size > maxSize && end > head) break;
        end++;
      }
      const taken = items.slice(head, end);
      head = end;
      compact();
      return taken;
    },
  };
}
