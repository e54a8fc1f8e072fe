/**
 * The ZIP table of near-me search: what loading it adds to svc-catalog's memory, how long it takes,
 * and how fast a typed place is found. `npx tsx bench/places.ts`
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadUsPlaces } from '../svc-catalog/src/data-access/us-places';
import { milesBetween } from '../svc-catalog/src/domain/catalogue/places';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const settle = () => {
  for (let i = 0; i < 3; i += 1) gc();
  return process.memoryUsage();
};

const before = settle();
const started = performance.now();
const places = loadUsPlaces();
const loadMs = performance.now() - started;
const after = settle();
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(`ZIP codes: ${places.zipCount}; loaded in ${loadMs.toFixed(0)} ms`);
console.log(`memory added, kept after GC: heap ${mb(after.heapUsed - before.heapUsed)} MB, array buffers ${mb(after.arrayBuffers - before.arrayBuffers)} MB, RSS ${mb(after.rss - before.rss)} MB`);

const typed = ['78701', '10001', '94103', 'Austin, TX', 'Salt Lake City Utah', 'Kansas City, MO', '00000', 'Atlantis, XX'];
const rounds = 200_000;
let found = 0;
const t0 = performance.now();
for (let i = 0; i < rounds; i += 1) if ('place' in places.find(typed[i % typed.length]!)) found += 1;
const perFind = ((performance.now() - t0) * 1000) / rounds;
const a = places.byZip('78701')!;
const t1 = performance.now();
let sum = 0;
for (let i = 0; i < 1_000_000; i += 1) sum += milesBetween(a, { latitude: 30 + (i % 100) / 100, longitude: -97 });
const perDistance = ((performance.now() - t1) * 1000) / 1_000_000;
console.log(`find: ${perFind.toFixed(2)} µs per typed place (${found} of ${rounds} found); distance: ${perDistance.toFixed(3)} µs each (${sum > 0 ? 'ok' : ''})`);
