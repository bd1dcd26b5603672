import { type CleanImage, NotAnImage } from './clean-image.js';
import { cleanJpeg } from './jpeg.js';
import { cleanPng, PNG_SIGNATURE } from './png.js';

/**
 * The business licence image, decided by its content (never by its name or declared type) and
 * rewritten without its metadata before it is stored. No image library: both formats are parsed
 * here, structurally, and only the parts needed to show the picture are kept.
 *
 * JPEG: the segments, tables, frame and scans are checked (a baseline, extended or progressive
 * Huffman JPEG, as browsers show); kept are the JFIF header (without its thumbnail), the
 * quantisation and Huffman tables, the frame, restart interval, the scans and the Adobe colour
 * transform marker; dropped are every other APPn segment (EXIF, XMP, ICC, Photoshop…), comments
 * and anything after the end of the image. The EXIF orientation, the one EXIF field that changes
 * how the picture is shown, is written back alone in a minimal EXIF segment.
 *
 * PNG: every chunk's CRC, the header, palette and transparency rules, and the image data itself
 * (inflated as a stream: its size and every scanline's filter type) are checked; kept are the
 * critical chunks and the chunks that change how pixels render (tRNS, gAMA, cHRM, sRGB, iCCP,
 * sBIT, cICP); dropped are text, EXIF, time, physical size, animation and unknown chunks, and
 * anything after IEND.
 */

export { exifOrientation } from './jpeg.js';
export type { CleanImage };

const isPng = (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE);
const isJpeg = (b: Buffer) => b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** The image rewritten without metadata, or null when the bytes are not a well-formed JPG or PNG. */
export async function cleanLicenceImage(input: Buffer): Promise<CleanImage | null> {
  try {
    if (isPng(input)) return await cleanPng(input);
    if (isJpeg(input)) return cleanJpeg(input);
    return null;
  } catch (e) {
    if (e instanceof NotAnImage) return null;
    throw e;
  }
}
