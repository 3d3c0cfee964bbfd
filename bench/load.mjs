// The load generator, run in its own process so it does not share a core's event loop with the
// measurement. Without a rate: autocannon, as fast as the server answers (its API takes a binary
// gzip body, its CLI would read the file as text). With a rate: autocannon's own rate limit sends
// each second's requests in one burst at the start of the second, so `paced` spaces them evenly
// instead (a steady load); `burst` keeps autocannon's behaviour.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';

const [url, bodyFile, seconds, rate, shape = 'paced'] = process.argv.slice(2);
const body = readFileSync(bodyFile);

/**
 * `BENCH_EVENT_IDS=1`: every log carries a fresh eventId, as the SDK sends them (the server then
 * checks and indexes each one). Bodies are made up front, enough for the run, and cycled.
 */
function bodiesWithEventIds(count) {
  const template = JSON.parse(gunzipSync(body).toString());
  return Array.from({ length: count }, () =>
    gzipSync(JSON.stringify({ ...template, logs: template.logs.map((log) => ({ ...log, eventId: randomUUID() })) })),
  );
}
const fresh = process.env.BENCH_EVENT_IDS === '1' ? bodiesWithEventIds(Math.min(20_000, 500 * Number(seconds))) : null;
let nextBody = 0;
const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };

function paced(requestsPerSecond, durationS) {
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const counts = { '2xx': 0, non2xx: 0, errors: 0 };
  const latencies = [];
  const total = Math.round(requestsPerSecond * durationS);
  const started = performance.now();
  let sent = 0;
  let open = 0;
  return new Promise((done) => {
    const send = () => {
      open++;
      const sentAt = performance.now();
      const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } }, (res) => {
        res.resume();
        res.once('end', () => {
          counts[res.statusCode >= 200 && res.statusCode < 300 ? '2xx' : 'non2xx']++;
          latencies.push(performance.now() - sentAt);
          finish();
        });
      });
      req.once('error', () => {
        counts.errors++;
        finish();
      });
      req.end(body);
    };
    const finish = () => {
      open--;
      if (sent === total && open === 0) {
        agent.destroy();
        // The fields of autocannon's result that the benchmarks read.
        latencies.sort((a, b) => a - b);
        const p99 = latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]) : 0;
        done({ ...counts, duration: durationS, requests: { average: counts['2xx'] / durationS }, latency: { p99 } });
      }
    };
    // Each request leaves at its own time (start + i / rate), whatever the timer's jitter.
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * requestsPerSecond) + 1);
      while (sent < due) {
        sent++;
        send();
      }
      if (sent < total) setTimeout(tick, Math.max(1, (sent / requestsPerSecond) * 1000 - (performance.now() - started)));
    };
    tick();
  });
}

const result =
  rate && shape === 'paced'
    ? await paced(Number(rate), Number(seconds))
    : await autocannon({
        url,
        method: 'POST',
        connections: 10,
        duration: Number(seconds),
        ...(rate ? { overallRate: Number(rate) } : {}),
        headers,
        body,
        ...(fresh ? { requests: [{ setupRequest: (req) => ({ ...req, body: fresh[nextBody++ % fresh.length] }) }] } : {}),
      });
process.stdout.write(JSON.stringify(result));
