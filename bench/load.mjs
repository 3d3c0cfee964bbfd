// The load generator, run in its own process so it does not share a core's event loop with the
// measurement: autocannon's API takes a binary (gzip) body, its CLI would read the file as text.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

const [url, bodyFile, seconds, rate] = process.argv.slice(2);
const result = await autocannon({
  url,
  method: 'POST',
  connections: 10,
  duration: Number(seconds),
  ...(rate ? { overallRate: Number(rate) } : {}),
  headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  body: readFileSync(bodyFile),
});
process.stdout.write(JSON.stringify(result));
