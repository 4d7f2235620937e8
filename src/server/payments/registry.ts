// The configured providers of this process: built on first use from the environment, each only
// when its settings are complete (a provider with a problem is not on: see paymentConfigProblems).
import { config } from '#/server/config.ts';
import { createAlipayProvider } from './alipay.ts';
import { type PaymentSettings, readPaymentSettings } from './config.ts';
import type { Env } from './envReader.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';
import { sandboxSecret } from './sandboxSecret.ts';
import { createWechatProvider } from './wechat.ts';

export { paymentConfigProblems } from './config.ts';

export interface PaymentRegistry {
  /** the providers that are on and fully configured, in a stable order */
  readonly enabled: readonly ProviderName[];
  providerByName(name: 'sandbox'): SandboxProvider | null;
  providerByName(name: string): PaymentProvider | null;
}

function build(settings: PaymentSettings, name: ProviderName, dataDir: string) {
  switch (name) {
    case 'sandbox': {
      const s = settings.sandbox;
      return s
        ? createSandboxProvider({
            secret: sandboxSecret(s.secret, dataDir),
            notifyUrl: s.notifyUrl,
            refundFaults: s.refundFaults,
          })
        : null;
    }
    case 'alipay':
      return settings.alipay ? createAlipayProvider(settings.alipay) : null;
    case 'wechat':
      return settings.wechat ? createWechatProvider(settings.wechat) : null;
  }
}

export function createPaymentRegistry(env: Env, dataDir: string): PaymentRegistry {
  const { settings } = readPaymentSettings(env);
  const enabled = settings.enabled.filter((name) => settings[name] !== undefined);
  const built = new Map<string, PaymentProvider | null>();
  function providerByName(name: 'sandbox'): SandboxProvider | null;
  function providerByName(name: string): PaymentProvider | null;
  function providerByName(name: string): PaymentProvider | null {
    const known = enabled.find((n) => n === name);
    if (!known) return null;
    if (!built.has(known)) built.set(known, build(settings, known, dataDir));
    return built.get(known) ?? null;
  }
  return { enabled, providerByName };
}

let current: PaymentRegistry | null = null;
const registry = () => {
  current ??= createPaymentRegistry(process.env, config.dataDir);
  return current;
};

/** The providers buyers may choose, e.g. to show their buttons. */
export const enabledPaymentProviders = (): readonly ProviderName[] => registry().enabled;

export function providerByName(name: 'sandbox'): SandboxProvider | null;
export function providerByName(name: string): PaymentProvider | null;
export function providerByName(name: string): PaymentProvider | null {
  return registry().providerByName(name);
}
