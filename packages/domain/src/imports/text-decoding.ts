/**
 * Windows-1252 characters of the bytes 0x80-0x9F. Browsers decode "iso-8859-1" as
 * windows-1252 (WHATWG Encoding), and German Excel writes CSV in it, so "€" (0x80) and
 * the typographic quotes „“ (0x84, 0x93) come out right. The five bytes windows-1252 leaves
 * undefined stay their C1 control character, as in browsers.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

interface TextDecoderLike {
  decode(bytes: Uint8Array): string;
}
type TextDecoderConstructor = new (label: string, options?: { fatal?: boolean }) => TextDecoderLike;

/**
 * Decodes CSV bytes as ISO-8859-1 (SPEC section 5: the user CSV is read as iso-8859-1), so
 * 0xE4 0xF6 0xFC 0xDF become ä ö ü ß. Exception: a file that starts with the UTF-8 byte order
 * mark ("CSV UTF-8" of newer Excel) is UTF-8; reading it as Latin-1 would turn "ä" into "Ã¤".
 */
export function decodeLatin1Csv(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const Decoder = (globalThis as { TextDecoder?: TextDecoderConstructor }).TextDecoder;
    if (Decoder) return new Decoder('utf-8').decode(bytes.subarray(3));
  }
  let text = '';
  // Chunks keep String.fromCharCode below the engines' argument limit.
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] as number) : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}
