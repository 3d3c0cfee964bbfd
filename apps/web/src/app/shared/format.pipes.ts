import { Pipe, type PipeTransform } from '@angular/core';
import { formatCount, formatRelative, formatRowTime, formatTimestamp } from './format-time';

@Pipe({ name: 'ldTimestamp' })
export class TimestampPipe implements PipeTransform {
  transform(ms: number | null | undefined): string {
    return ms == null ? '' : formatTimestamp(ms);
  }
}

@Pipe({ name: 'ldRowTime' })
export class RowTimePipe implements PipeTransform {
  transform(ms: number): string {
    return formatRowTime(ms);
  }
}

/** Pure: callers pass a ticking `now`, so the text refreshes without an impure pipe. */
@Pipe({ name: 'ldRelative' })
export class RelativeTimePipe implements PipeTransform {
  transform(ms: number | null | undefined, now: number): string {
    return ms == null ? 'never' : formatRelative(ms, now);
  }
}

@Pipe({ name: 'ldCount' })
export class CountPipe implements PipeTransform {
  transform(count: number | null | undefined): string {
    return formatCount(count ?? 0);
  }
}
