// The types of snippets.js for the TypeScript that imports it (test/portal/portal-pages.test.ts).
export declare const VERIFY_WITH_LIBRARY: string;
export declare const VERIFY_V1: string;
export declare const VERIFY_V1A: string;
