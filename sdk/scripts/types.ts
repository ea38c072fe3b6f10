// The SDK's types, generated from the service's OpenAPI document by openapi-typescript into
// sdk/src/openapi.ts. `npm run sdk:types` writes the file; the tests fail while the committed
// file differs from what this makes (test/sdk/types.test.ts), so the SDK cannot drift from the API.
import openapiTS, { astToString } from 'openapi-typescript';
import { serviceDocument } from './document.ts';

export const TYPES_FILE = new URL('../src/openapi.ts', import.meta.url);

const HEADER = `// Generated from the service's OpenAPI document by \`npm run sdk:types\` (sdk/scripts/types.ts).
// Do not edit: the tests fail when this file differs from what the document makes.
`;

/** The text of sdk/src/openapi.ts for the current document. */
export async function generateTypes(): Promise<string> {
  const ast = await openapiTS((await serviceDocument()) as never, { alphabetize: true });
  return HEADER + astToString(ast);
}
