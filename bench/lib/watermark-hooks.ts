// Module hooks for bench/lib/without-watermark.ts: src/db/watermark.ts resolves to the constant one.
const CONSTANT = new URL('./watermark-constant.ts', import.meta.url).href;

type Resolved = { url: string };

export async function resolve(
  specifier: string,
  context: unknown,
  nextResolve: (specifier: string, context: unknown) => Promise<Resolved>,
): Promise<Resolved> {
  const resolved = await nextResolve(specifier, context);
  return resolved.url.endsWith('/src/db/watermark.ts') ? { ...resolved, url: CONSTANT } : resolved;
}
