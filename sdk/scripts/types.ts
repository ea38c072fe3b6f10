// The SDK's types, generated from the service's OpenAPI document by openapi-typescript into
// sdk/src/openapi.ts. `npm run sdk:types` writes the file; the tests fail while the committed
// file differs from what this makes (test/sdk/package.test.ts), so the SDK cannot drift from the API.
import openapiTS, { astToString } from 'openapi-typescript';
import { serviceDocument } from './document.ts';

export const TYPES_FILE = new URL('../src/openapi.ts', import.meta.url);

const HEADER = `// Generated from the service's OpenAPI document by \`npm run sdk:types\` (sdk/scripts/types.ts).
// Do not edit: the tests fail when this file differs from what the document makes.
`;

interface Operation {
  operationId?: string;
  parameters?: { in?: string; name?: string; schema?: { 'x-opt-ins'?: string[] } }[];
}

/** The text of sdk/src/openapi.ts for the current document. */
export async function generateTypes(): Promise<string> {
  const document = await serviceDocument();
  const ast = await openapiTS(document as never, { alphabetize: true });
  return HEADER + astToString(ast) + includeOptIns(document);
}

/**
 * The opt-ins each operation's `include` takes, from the document's `x-opt-ins`, as a value: the
 * client types `include` from it and refuses a value it does not list, which the API would ignore.
 */
function includeOptIns(document: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const item of Object.values(document.paths as Record<string, Record<string, Operation>>)) {
    for (const operation of Object.values(item)) {
      const include = operation.parameters?.find((parameter) => parameter.in === 'query' && parameter.name === 'include');
      if (!include) continue;
      const optIns = include.schema?.['x-opt-ins'];
      if (!optIns?.length) throw new Error(`${operation.operationId}: its include parameter names no x-opt-ins (src/schemas/common.ts, Include)`);
      lines.push(`    ${operation.operationId}: ${JSON.stringify(optIns)},`);
    }
  }
  lines.sort();
  return `/** The opt-ins each operation's \`include\` takes (the document's \`x-opt-ins\`). */
export const includeOptIns = {
${lines.join('\n')}
} as const;
`;
}
