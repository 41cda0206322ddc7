import { readFileSync } from 'node:fs';

export interface Instruction {
  keyword: string;
  /** Flags such as `--from=prune` or `--mount=…`, by name. */
  flags: Record<string, string>;
  args: string;
}

export interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  stages: Stage[];
  stage(name: string): Stage;
}

/** Reads a Dockerfile into its stages: enough of the format to replay one's steps outside a container. */
export function readDockerfile(file: string): Dockerfile {
  const lines = readFileSync(file, 'utf8')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line)!;
    const flags: Record<string, string> = {};
    let args = rest;
    for (let flag = /^--([a-z-]+)=(\S+)\s+/.exec(args); flag; flag = /^--([a-z-]+)=(\S+)\s+/.exec(args)) {
      flags[flag[1]] = flag[2];
      args = args.slice(flag[0].length);
    }
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args)!;
      stages.push({ name: name ?? String(stages.length), image, instructions: [] });
    } else if (stages.length) stages[stages.length - 1].instructions.push({ keyword: upper, flags, args });
  }
  return {
    stages,
    stage(name) {
      const found = stages.find((s) => s.name === name);
      if (!found) throw new Error(`${file} has no stage ${name}`);
      return found;
    },
  };
}

/** The JSON (exec) form of CMD or of a HEALTHCHECK's command. */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  return JSON.parse(json) as string[];
}

/** `ENV A=1 B=2` as a record. */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.instructions.filter((i) => i.keyword === 'ENV'))
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  return env;
}
