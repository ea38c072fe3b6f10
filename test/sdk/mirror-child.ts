// A mirror in a process of its own, on a file store, for test/sdk/mirror.test.ts to kill and
// start again: `node test/sdk/mirror-child.ts BASE_URL KEY FILE`. It prints one JSON line when
// the copy is ready and one per second with where it stands. It never lists again: every
// resource follows the signals, and the test shows the copy exact without the safety net.
import { ClubData } from '@clubdata/sdk';
import { SqliteStore } from '@clubdata/sdk/sqlite';

const [baseUrl, apiKey, file] = process.argv.slice(2) as [string, string, string];
const store = new SqliteStore(file);
const mirror = new ClubData({ apiKey, baseUrl }).mirror({ store, relistInterval: 0 });
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
await mirror.ready;
say({ ready: true, ...mirror.stats });
setInterval(() => say(mirror.stats), 1000);
await mirror.done;
