// `node --import bench/lib/without-watermark.ts src/cli.ts api`: the API with the watermark's
// subquery replaced by a constant (bench/lib/watermark-constant.ts), so that read-api measures
// what the watermark costs, side by side with the API as it is. Nothing else differs.
import { register } from 'node:module';

register('./watermark-hooks.ts', import.meta.url);
