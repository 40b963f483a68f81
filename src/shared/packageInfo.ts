// What the code reads of package.json: our version (the CLI's --version, the cache namespace) and the
// versions of the packages whose behaviour is part of a result (the cache namespace). The bundles
// carry only `version` and `dependencies` of it (scripts/build/build.mjs trims the import), so editing a
// script or a devDependency does not change dist/.
import pkg from '../../package.json' with { type: 'json' };

interface PackageFields {
  version: string;
  /** In the bundles: the analysers' versions (scripts/build/build.mjs). */
  dependencies?: Record<string, string>;
  /** From source: every package is a devDependency, the bundles being self-contained. */
  devDependencies?: Record<string, string>;
}

const fields = pkg as unknown as PackageFields;

export const packageVersion: string = fields.version;

/** The version range package.json gives for a dependency ('' when it is not one). */
export function dependencyVersion(name: string): string {
  return fields.dependencies?.[name] ?? fields.devDependencies?.[name] ?? '';
}
