// The machine a benchmark ran on: numbers mean little without it.
import { arch, cpus, platform, totalmem } from 'node:os';

export interface Environment {
  node: string;
  cpuModel: string;
  cores: number;
  platform: string;
  memoryGiB: number;
}

export function describeEnvironment(): Environment {
  const list = cpus();
  return {
    node: process.version,
    cpuModel: list[0]?.model.trim() ?? 'unknown CPU',
    cores: list.length,
    platform: `${platform()} ${arch()}`,
    memoryGiB: totalmem() / 1024 ** 3,
  };
}
