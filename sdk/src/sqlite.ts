// @clubdata/sdk/sqlite: a mirror store in one SQLite file, through node:sqlite (Node 22.13 or
// later, built into Node 24). A subpath of its own, so that the main entry never loads node:sqlite.
export { SqliteStore } from './mirror/sqlite-store.ts';
