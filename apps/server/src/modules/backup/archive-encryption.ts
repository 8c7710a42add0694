import { Duplex, PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { Decrypter, Encrypter } from 'age-encryption';
import { BackupError } from './backup-archive';

/**
 * An encrypted archive is the plain tar inside an age file (age-encryption.org): to age public
 * keys (BACKUP_AGE_RECIPIENTS, for every archive) or to a passphrase (scrypt, the command line
 * only). age encrypts in 64 KiB chunks with a stream cipher, so an archive of any size is
 * encrypted and decrypted as it streams; nothing holds it whole.
 */
export type ArchiveEncryption = { recipients: readonly string[] } | { passphrase: string };

/** What opens an encrypted archive: age identities (`AGE-SECRET-KEY-1…`) and/or a passphrase. */
export interface ArchiveKeys {
  identities: readonly string[];
  passphrase?: string;
}

const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');
/** An age header is a few lines per recipient; an archive's header longer than this is not one. */
const MAX_HEADER_BYTES = 64 * 1024;
const NOTHING_RESTORED = 'Nothing was restored.';

/** The encryption of new archives: none, or to the configured age public keys. */
export function recipientsEncryption(recipients: readonly string[]): ArchiveEncryption | null {
  return recipients.length > 0 ? { recipients } : null;
}

/** A stream that takes the plain archive and gives the age file. */
export async function encryptingStream(encryption: ArchiveEncryption): Promise<Duplex> {
  const encrypter = new Encrypter();
  if ('passphrase' in encryption) encrypter.setPassphrase(encryption.passphrase);
  else for (const recipient of encryption.recipients) encrypter.addRecipient(recipient);
  const plain = new TransformStream<Uint8Array, Uint8Array>();
  const encrypted = await encrypter.encrypt(plain.readable);
  return Duplex.fromWeb({
    readable: encrypted as unknown as WebReadableStream,
    writable: plain.writable as unknown as WritableStream,
  });
}

/** Reads identities from an age identity file: one key per line, `#` comments. */
export function parseIdentityFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * The way to read an archive that may be encrypted: `open` itself for a plain one, a decrypting
 * `open` for an age file whose key is among `keys`. The file key is found once (a passphrase
 * costs a second of scrypt) and used for every read. An encrypted archive without a fitting key
 * is refused with what to give.
 */
export async function plainArchive(
  open: () => Readable,
  keys: ArchiveKeys | undefined,
): Promise<() => Readable> {
  const header = await ageHeader(open());
  if (!header) return open;
  if (!keys || (keys.identities.length === 0 && keys.passphrase === undefined)) {
    throw new BackupError(
      'The archive is encrypted (age). Give its key with --identity <age identity file> or ' +
        `its passphrase with --passphrase-file <file>. ${NOTHING_RESTORED}`,
    );
  }
  const decrypter = new Decrypter();
  try {
    for (const identity of keys.identities) decrypter.addIdentity(identity);
  } catch {
    throw new BackupError(
      `The identity file holds no age secret key (AGE-SECRET-KEY-1…). ${NOTHING_RESTORED}`,
    );
  }
  if (keys.passphrase !== undefined) decrypter.addPassphrase(keys.passphrase);
  let fileKey: Uint8Array;
  try {
    fileKey = await decrypter.decryptHeader(header);
  } catch {
    throw new BackupError(
      'None of the given keys opens this archive: it was encrypted to other age keys or ' +
        `another passphrase. ${NOTHING_RESTORED}`,
    );
  }
  return () => {
    const out = new PassThrough();
    const known = new Decrypter();
    known.addIdentity({ unwrapFileKey: () => fileKey });
    const input = Readable.toWeb(open()) as unknown as ReadableStream<Uint8Array>;
    known
      .decrypt(input)
      .then((plain) =>
        pipeline(Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>), out),
      )
      .catch((error: unknown) =>
        out.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    return out;
  };
}

/**
 * The age header of an archive (up to and including its `---` MAC line), or null when the
 * archive does not begin like an age file. Reads only the beginning.
 */
async function ageHeader(input: Readable): Promise<Uint8Array | null> {
  let read = Buffer.alloc(0);
  try {
    for await (const chunk of input) {
      read = Buffer.concat([read, chunk as Buffer]);
      if (read.length >= AGE_MAGIC.length && !read.subarray(0, AGE_MAGIC.length).equals(AGE_MAGIC))
        return null;
      const macLine = read.indexOf('\n--- ');
      const end = macLine >= 0 ? read.indexOf('\n', macLine + 1) : -1;
      if (end >= 0) return read.subarray(0, end + 1);
      if (read.length > MAX_HEADER_BYTES) break;
    }
  } finally {
    input.destroy();
  }
  if (read.length >= AGE_MAGIC.length && read.subarray(0, AGE_MAGIC.length).equals(AGE_MAGIC)) {
    throw new BackupError(`The archive's encryption header is damaged. ${NOTHING_RESTORED}`);
  }
  return null;
}
