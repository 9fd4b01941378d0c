// The images the site publishes (the originals digitized tables were read from): raster types only,
// recognised by their first bytes, never by their name. SVG is refused: it can carry script, and an
// image on the site's origin must not. Used by the data stage (refuse a wrong one at its metadata
// line), the views (publish under a name whose extension comes from the content) and
// validate-site (nothing else under /reports/).

/** Type -> the extensions a contributor may write for it; the first is the one the site publishes. */
export const IMAGE_TYPES = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  gif: ['gif'],
  webp: ['webp'],
};
export const IMAGE_WORDS = 'a PNG, JPEG, GIF or WebP image';

/** The image type an extension (with or without the dot, any case) names, or undefined. */
export function typeOfExtension(ext) {
  const e = ext.replace(/^\./, '').toLowerCase();
  return Object.keys(IMAGE_TYPES).find((t) => IMAGE_TYPES[t].includes(e));
}

/** The extension the site publishes an image of this type under (".png"). */
export const extensionOf = (type) => `.${IMAGE_TYPES[type][0]}`;

/**
 * The type of an image from its first bytes (magic numbers), or undefined.
 * @param {Buffer | Uint8Array} bytes
 */
export function imageType(bytes) {
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes ?? []);
  const at = (offset, hex) =>
    b.length >= offset + hex.length / 2 && b.toString('hex', offset, offset + hex.length / 2) === hex;
  if (at(0, '89504e470d0a1a0a') && at(12, '49484452')) return 'png'; // \x89PNG\r\n\x1a\n, then IHDR
  if (at(0, 'ffd8ff')) return 'jpeg';
  if (at(0, '474946383761') || at(0, '474946383961')) return 'gif'; // GIF87a, GIF89a
  if (at(0, '52494646') && at(8, '57454250')) return 'webp'; // RIFF....WEBP
  return undefined;
}

/** Width and height of an image of a known type, from its header (undefined when it does not say). */
export function imageSize(bytes, type) {
  const b = Buffer.from(bytes);
  if (type === 'png') return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (type === 'gif') return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (type === 'webp') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
    if (chunk === 'VP8L') {
      const v = b.readUInt32LE(21);
      return { width: 1 + (v & 0x3fff), height: 1 + ((v >> 14) & 0x3fff) };
    }
    if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    return undefined;
  }
  if (type === 'jpeg') {
    // Walk the segments to the first start-of-frame marker (SOF0..SOF15 but DHT, JPG, DAC).
    let i = 2;
    while (i + 9 < b.length && b[i] === 0xff) {
      const marker = b[i + 1];
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
      i += 2 + b.readUInt16BE(i + 2);
    }
  }
  return undefined;
}
