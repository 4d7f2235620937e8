// Reading one payment provider's variables from the environment: each missing or unusable one
// adds a Chinese/English problem naming it, so that all of them are reported at once.
import { readFileSync } from 'node:fs';
import type { ProviderName } from './provider.ts';

export type Env = Readonly<Record<string, string | undefined>>;

const isLoopback = (host: string) =>
  host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Reads one provider's variables, collecting a problem for each missing or unusable one. */
export class EnvReader {
  private readonly env: Env;
  private readonly provider: ProviderName;
  private readonly label: string;
  private readonly problems: string[];

  /** `label`: the provider's Chinese name */
  constructor(env: Env, provider: ProviderName, label: string, problems: string[]) {
    this.env = env;
    this.provider = provider;
    this.label = label;
    this.problems = problems;
  }

  private missing(name: string, orFile = false) {
    const zh = orFile ? `${name}（或 ${name}_FILE）` : name;
    const en = orFile ? `${name} (or ${name}_FILE)` : name;
    this.problems.push(
      `${this.label}已开启，但未设置 ${zh}（${this.provider} is on but ${en} is not set）`,
    );
  }

  text(name: string): string | undefined {
    const v = this.env[name]?.trim();
    if (!v) this.missing(name);
    return v || undefined;
  }

  /** NAME, or the file NAME_FILE points to. */
  secretText(name: string): string | undefined {
    const direct = this.env[name]?.trim();
    const file = this.env[`${name}_FILE`]?.trim();
    if (direct && file) {
      this.problems.push(
        `${name} 与 ${name}_FILE 只能设置一个（set either ${name} or ${name}_FILE, not both）`,
      );
      return undefined;
    }
    if (direct) return direct;
    if (!file) {
      this.missing(name, true);
      return undefined;
    }
    try {
      return readFileSync(file, 'utf8');
    } catch {
      this.problems.push(
        `无法读取 ${name}_FILE 指向的文件 ${file}（cannot read the file ${name}_FILE names）`,
      );
      return undefined;
    }
  }

  key<T>(name: string, read: (text: string) => T, what: string, whatEn: string): T | undefined {
    const text = this.secretText(name);
    if (text === undefined) return undefined;
    try {
      return read(text);
    } catch {
      this.problems.push(`${name} 不是可用的${what}（${name} is not a usable ${whatEn}）`);
      return undefined;
    }
  }

  /** A provider URL: https, or http on loopback only (a local fake gateway in tests). */
  baseUrl(name: string, fallback: string): string | undefined {
    const text = this.env[name]?.trim() || fallback;
    try {
      const url = new URL(text);
      if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)))
        return text.replace(/\/+$/, '');
    } catch {}
    this.problems.push(
      `${name} 必须是 https 地址（本机测试可用 http://127.0.0.1）（${name} must be an https URL）`,
    );
    return undefined;
  }
}
