// Reading the RSA keys an operator pastes into the environment: a PEM (PKCS#1 or PKCS#8, public
// keys also as an X.509 certificate) or the bare base64 body that Alipay's key tool prints. A
// key pasted into a .env line often has literal "\n" for its line breaks.
import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';

const clean = (text: string) => text.replaceAll('\\n', '\n').trim();

function rsaOnly(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== 'rsa') throw new TypeError('not an RSA key');
  return key;
}

function fromDer<T>(text: string, types: readonly T[], make: (der: Buffer, type: T) => KeyObject) {
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  for (const type of types) {
    try {
      return rsaOnly(make(der, type));
    } catch {}
  }
  throw new TypeError('not an RSA key');
}

export function readPrivateKey(text: string): KeyObject {
  const t = clean(text);
  if (t.startsWith('-----')) return rsaOnly(createPrivateKey(t));
  return fromDer(t, ['pkcs8', 'pkcs1'] as const, (key, type) =>
    createPrivateKey({ key, format: 'der', type }),
  );
}

/** A public key; a certificate also gives its serial number (upper-case hex, as WeChat writes it). */
export function readPublicKey(text: string): { key: KeyObject; certSerial?: string } {
  const t = clean(text);
  if (t.includes('BEGIN CERTIFICATE')) {
    const cert = new X509Certificate(t);
    return { key: rsaOnly(cert.publicKey), certSerial: cert.serialNumber.toUpperCase() };
  }
  if (t.startsWith('-----')) return { key: rsaOnly(createPublicKey(t)) };
  return {
    key: fromDer(t, ['spki', 'pkcs1'] as const, (key, type) =>
      createPublicKey({ key, format: 'der', type }),
    ),
  };
}
