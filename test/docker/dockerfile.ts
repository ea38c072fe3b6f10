// What the Dockerfile says, read the way Docker reads it (for the few instructions it uses):
// the runtime stage's ENV, COPY, HEALTHCHECK and CMD, and the folders the build stage removes
// from node_modules. No Docker engine runs on the test machines, so the image-layout test
// rebuilds the image's files from this, and the compose test takes the image's environment.
import { readFileSync } from 'node:fs';
import { ROOT } from '../cli/run-cli.ts';

export interface Stage {
  name: string | undefined;
  instructions: { keyword: string; args: string }[];
}

export function dockerfileStages(): Stage[] {
  // Continuation lines (a trailing backslash) are joined; comments and blank lines dropped.
  const text = readFileSync(`${ROOT}Dockerfile`, 'utf8').replace(/\\\n/g, ' ');
  const stages: Stage[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(trimmed) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      stages.push({ name: /\sAS\s+(\S+)/i.exec(args)?.[1], instructions: [] });
      continue;
    }
    stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args: args.trim() });
  }
  return stages;
}

export function runtimeStage(): Stage {
  return dockerfileStages().at(-1)!;
}

/** ENV lines of a stage: `ENV A=1 B=2` (the only form the Dockerfile uses). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'ENV') continue;
    for (const pair of args.split(/\s+/)) {
      const [name, ...value] = pair.split('=');
      env[name!] = value.join('=');
    }
  }
  return env;
}

/** An exec-form instruction's argument list (`CMD ["node", ...]`). */
export function execForm(args: string): string[] {
  return JSON.parse(args.replace(/^CMD\s+/i, '')) as string[];
}
