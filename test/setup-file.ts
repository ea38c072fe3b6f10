// Runs before each test file (vitest's setupFiles, also with isolate: false): what the file's
// helpers asked to clean up outside a test (test/helper.ts, cleanUp) is cleaned up when it ends.
import { afterAll } from 'vitest';
import { runFileCleanUps } from './helper.ts';

afterAll(runFileCleanUps);
